// Code: a graph linearised into instructions over a register file (the spec's "Interpreter").
//
// Every value of the graph gets a register of the frame. Most nodes become one fused kOp
// instruction: gather the inputs onto the stack (MOVE on a last use, LOAD otherwise, LOADC for
// constants), call the operator's function pointer resolved once here, store the outputs. Control
// flow becomes jumps; calls, fork and wait are their own instructions. A value whose last use
// depends on the path taken is released by an explicit DROP, so tensors die as soon as they are
// dead. Code is immutable once emitted and shared by every run of the graph (and every thread).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "ember/core/ivalue.h"
#include "ember/core/operator.h"

namespace ember::jit {

class Function;
class Graph;
class GraphFunction;
class Node;

enum class OpCode : uint8_t {
  kOp,          // operands: nIn inputs, nOut outputs; x: index into operations()
  kOpNode,      // the same with a NodeOperation (operators built from their node); x: nodeOperations()
  kLoad,        // pushes nIn operands onto the stack
  kStore,       // pops nOut values from the stack into registers (the first operand is the deepest)
  kMoves,       // parallel copy: nIn sources, then nIn destinations
  kDrop,        // clears nIn registers
  kJump,        // x: target
  kJumpFalse,   // operand 0: condition; jumps to x when false
  kLoop,        // a prim::Loop's test, see LoopFlags: jumps to the body (the operand after the
                //   nIn others) or to x, the exit. The back edge runs a copy of it.
  kCall,        // calls callees()[x] with the top nIn stack values; its outputs are left on the stack
  kCallMethod,  // calls the method names()[x] of the object nIn values deep; outputs on the stack
  kFork,        // starts forks()[x] on the inter-op pool with the top nIn values; pushes its Future
  kWait,        // replaces the Future on top of the stack with its value (suspends if not ready)
  kRet,         // pushes nIn operands and returns from the frame
  kEnter,       // kOp of prim::Enter (calls __enter__); remembers the object for error unwinding
  kExit,        // kOp of prim::Exit (calls __exit__); forgets the object entered last
  // Typed scalar instructions (scalar_instructions.h): flags is the ScalarOp; operands: a, b, out;
  // x: the operator in operations(), run instead when an operand is not of the expected kind.
  kIntOp,
  kFloatOp,
  // kIntOp of `%` or `//` by a constant int divisor in [1, 2^32): operands a, b, out and a
  // constant holding the divisor's reciprocal (scalar_instructions.h), which replaces the
  // hardware division when a is in [0, 2^32).
  kIntDivConst,
  // A scalar comparison feeding an `if` directly: flags is the ScalarOp, plus kCmpFloat for
  // floats; operands: a, b, the fallback operator's index; jumps to x when the comparison is false.
  kCmpJumpFalse,
  // kIntOp whose only use is the int comparison of a kCmpJumpFalse right after it (`if i % 3 ==
  // 0`): flags is the comparison's ScalarOp, plus the arithmetic's shifted by 4; operands: a, b
  // (the arithmetic), c (compared with), the two fallback operators' indices, and the register of
  // a constant divisor's reciprocal (kNoRegister when there is none, see kIntDivConst).
  kIntOpCmpJumpFalse,
};

constexpr uint32_t kNoRegister = ~uint32_t{0};

constexpr uint8_t kCmpFloat = 0x80;
const char* toString(OpCode op);

// kLoop's `flags`.
enum LoopFlags : uint8_t {
  kLoopHasTripCount = 1,  // a for-style loop: operands maxTrip, counter register
  kLoopHasCondition = 2,  // a while-style condition register is checked
  kLoopHasIterValue = 4,  // the body reads the iteration number: one more operand, its register
};

// kOp's and kOpNode's `flags`.
enum OpFlags : uint8_t {
  // The operator writes one of its inputs (an alias annotation with `!`): while autograd may be
  // active it goes through autograd even in no-grad mode, which bumps the written tensors'
  // versions. Other operators under no_grad are called directly.
  kOpWritesInput = 1,
};

struct Instruction {
  OpCode op;
  uint8_t flags = 0;
  uint16_t nIn = 0;
  uint16_t nOut = 0;
  uint32_t operands = 0;  // offset of the first operand in Code::operands()
  uint32_t x = 0;
};
static_assert(sizeof(Instruction) == 16, "instructions stay small");

// Operand encoding: a register or constant index with flags in the top bits.
namespace operand {
constexpr uint32_t kConstant = 1u << 31;  // index into constants()
constexpr uint32_t kMove = 1u << 30;      // last use of a register: move instead of copy
constexpr uint32_t kDiscard = 1u << 29;   // an output nobody uses: dropped instead of stored
constexpr uint32_t kIndexMask = kDiscard - 1;
}  // namespace operand

class Code {
 public:
  // Emits code for `graph` (kept alive by the Code: instructions refer to its nodes for error
  // reports). `functionName` names the frame in tracebacks. Throws ember::Error for nodes that
  // have no operator.
  Code(std::shared_ptr<Graph> graph, std::string functionName);
  ~Code();
  Code(const Code&) = delete;
  Code& operator=(const Code&) = delete;

  const std::vector<Instruction>& instructions() const { return instructions_; }
  const std::vector<uint32_t>& operands() const { return operands_; }
  const std::vector<IValue>& constants() const { return constants_; }
  const std::vector<Operation>& operations() const { return operations_; }
  const std::vector<NodeOperation>& nodeOperations() const { return nodeOperations_; }
  const std::vector<Function*>& callees() const { return callees_; }
  const std::vector<std::string>& names() const { return names_; }
  const std::vector<std::unique_ptr<GraphFunction>>& forks() const { return forks_; }
  // The node an instruction came from (nullptr for bookkeeping instructions).
  const Node* nodeFor(size_t pc) const { return nodes_.at(pc); }

  // Registers that hold a constant for the whole run: the operands of the typed scalar
  // instructions read registers only (no constant-or-register test per operand), so the scalar
  // constants they use are copied into registers of their own when a frame starts.
  struct ConstantRegister {
    uint32_t reg;
    uint32_t constant;  // index into constants()
  };
  const std::vector<ConstantRegister>& constantRegisters() const { return constantRegisters_; }

  size_t numRegisters() const { return numRegisters_; }
  size_t numInputs() const { return numInputs_; }
  size_t numOutputs() const { return numOutputs_; }
  // The largest number of values the code's own instructions hold on the stack at once.
  size_t maxStack() const { return maxStack_; }
  const std::string& functionName() const { return functionName_; }
  const std::shared_ptr<Graph>& graph() const { return graph_; }

  // A listing in the style of the spec's LSTM example: `9 = mm move(0), move(8)`.
  void print(std::ostream& out) const;
  std::string toString() const;

 private:
  friend class CodeEmitter;

  std::shared_ptr<Graph> graph_;
  std::string functionName_;
  std::vector<Instruction> instructions_;
  std::vector<uint32_t> operands_;
  std::vector<const Node*> nodes_;
  std::vector<IValue> constants_;
  std::vector<ConstantRegister> constantRegisters_;
  std::vector<Operation> operations_;
  std::vector<NodeOperation> nodeOperations_;
  std::vector<std::string> operationNames_;  // for the listing
  std::vector<Function*> callees_;
  std::vector<std::string> names_;
  std::vector<std::unique_ptr<GraphFunction>> forks_;
  size_t numRegisters_ = 0;
  size_t numInputs_ = 0;
  size_t numOutputs_ = 0;
  size_t maxStack_ = 0;
};

std::ostream& operator<<(std::ostream& out, const Code& code);

}  // namespace ember::jit
