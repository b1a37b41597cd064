// Code listing (the emitter is in code_emitter.cpp).
#include <ostream>
#include <sstream>
#include <unordered_map>

#include "ember/core/function.h"
#include "ember/ir/ir.h"
#include "ember/runtime/graph_function.h"
#include "runtime/code.h"

namespace ember::jit {

const char* toString(OpCode op) {
  switch (op) {
    case OpCode::kOp: return "OP";
    case OpCode::kOpNode: return "OPN";
    case OpCode::kLoad: return "LOAD";
    case OpCode::kStore: return "STORE";
    case OpCode::kMoves: return "MOVES";
    case OpCode::kDrop: return "DROP";
    case OpCode::kJump: return "JMP";
    case OpCode::kJumpFalse: return "JF";
    case OpCode::kLoop: return "LOOP";
    case OpCode::kCall: return "CALL";
    case OpCode::kCallMethod: return "CALLM";
    case OpCode::kFork: return "FORK";
    case OpCode::kWait: return "WAIT";
    case OpCode::kRet: return "RET";
    case OpCode::kEnter: return "ENTER";
    case OpCode::kExit: return "EXIT";
    case OpCode::kIntOp: return "INTOP";
    case OpCode::kFloatOp: return "FLOATOP";
    case OpCode::kIntDivConst: return "INTDIVC";
    case OpCode::kCmpJumpFalse: return "CMPJF";
    case OpCode::kIntOpCmpJumpFalse: return "INTOPCMPJF";
  }
  return "?";
}

namespace {

// Constant registers print as the constant they hold.
void printSource(std::ostream& out, uint32_t op, const std::vector<IValue>& constants,
                 const std::unordered_map<uint32_t, uint32_t>& constantOfRegister) {
  uint32_t idx = op & operand::kIndexMask;
  auto constantRegister = constantOfRegister.find(idx);
  if (!(op & operand::kConstant) && constantRegister != constantOfRegister.end()) {
    op = operand::kConstant | constantRegister->second;
    idx = constantRegister->second;
  }
  if (op & operand::kConstant) {
    out << "const(";
    const IValue& c = constants.at(idx);
    if (c.isNone() || c.isScalar() || c.isString() || c.isDevice()) {
      out << c;
    } else {
      out << c.tagKind();
    }
    out << ")";
  } else if (op & operand::kMove) {
    out << "move(" << idx << ")";
  } else {
    out << idx;
  }
}

void printDest(std::ostream& out, uint32_t op) {
  if (op & operand::kDiscard) {
    out << "_";
  } else {
    out << (op & operand::kIndexMask);
  }
}

template <typename F>
void printList(std::ostream& out, const uint32_t* ops, size_t n, F&& each) {
  for (size_t i = 0; i < n; ++i) {
    if (i) out << ", ";
    each(ops[i]);
  }
}

}  // namespace

void Code::print(std::ostream& out) const {
  size_t opIndex = 0;
  std::vector<size_t> opNameOfInstruction(instructions_.size(), 0);
  for (size_t pc = 0; pc < instructions_.size(); ++pc) {
    const Instruction& inst = instructions_[pc];
    switch (inst.op) {
      case OpCode::kOp:
      case OpCode::kOpNode:
      case OpCode::kEnter:
      case OpCode::kExit:
      case OpCode::kIntOp:
      case OpCode::kFloatOp:
      case OpCode::kIntDivConst:
      case OpCode::kCmpJumpFalse: opNameOfInstruction[pc] = opIndex++; break;
      case OpCode::kIntOpCmpJumpFalse:  // the arithmetic's name, then the comparison's
        opNameOfInstruction[pc] = opIndex;
        opIndex += 2;
        break;
      default: break;
    }
  }
  std::unordered_map<uint32_t, uint32_t> constantOfRegister;
  for (const ConstantRegister& r : constantRegisters_) constantOfRegister.emplace(r.reg, r.constant);
  auto src = [&](uint32_t op) { printSource(out, op, constants_, constantOfRegister); };
  auto dst = [&](uint32_t op) { printDest(out, op); };
  for (size_t pc = 0; pc < instructions_.size(); ++pc) {
    const Instruction& inst = instructions_[pc];
    const uint32_t* ops = operands_.data() + inst.operands;
    out << pc << ": ";
    switch (inst.op) {
      case OpCode::kCmpJumpFalse:
        out << "JumpIfFalse " << operationNames_.at(opNameOfInstruction[pc]) << " ";
        printList(out, ops, 2, src);
        out << " " << inst.x;
        break;
      case OpCode::kIntOpCmpJumpFalse:  // JumpIfFalse eq remainder(3, const(15)), const(0) 7
        out << "JumpIfFalse " << operationNames_.at(opNameOfInstruction[pc] + 1) << " "
            << operationNames_.at(opNameOfInstruction[pc]) << "(";
        printList(out, ops, 2, src);
        out << "), ";
        src(ops[2]);
        out << " " << inst.x;
        break;
      case OpCode::kOp:
      case OpCode::kOpNode:
      case OpCode::kEnter:
      case OpCode::kExit:
      case OpCode::kIntOp:
      case OpCode::kFloatOp:
      case OpCode::kIntDivConst:
        printList(out, ops + inst.nIn, inst.nOut, dst);
        out << " = " << operationNames_.at(opNameOfInstruction[pc]) << (inst.nIn ? " " : "");
        printList(out, ops, inst.nIn, src);
        break;
      case OpCode::kStore:
        printList(out, ops, inst.nOut, dst);
        out << " = " << (pc == 0 ? "Load" : "Store");
        break;
      case OpCode::kLoad:
        out << "Push ";
        printList(out, ops, inst.nIn, src);
        break;
      case OpCode::kMoves:
        printList(out, ops + inst.nIn, inst.nIn, dst);
        out << " = ";
        printList(out, ops, inst.nIn, src);
        break;
      case OpCode::kDrop:
        out << "Drop ";
        printList(out, ops, inst.nIn, [&](uint32_t op) { out << op; });
        break;
      case OpCode::kJump: out << "Jump " << inst.x; break;
      case OpCode::kJumpFalse:
        out << "JumpIfFalse ";
        src(ops[0]);
        out << " " << inst.x;
        break;
      case OpCode::kLoop: {
        out << "Loop";
        size_t i = 0;
        if (inst.flags & kLoopHasTripCount) {
          out << " trip=";
          src(ops[i++]);
          out << " counter=" << ops[i++];
        }
        if (inst.flags & kLoopHasCondition) out << " cond=" << ops[i++];
        if (inst.flags & kLoopHasIterValue) out << " iter=" << ops[i++];
        out << " body=" << ops[i] << " exit=" << inst.x;
        break;
      }
      case OpCode::kCall: out << "Call " << callees_.at(inst.x)->qualname() << " nargs=" << inst.nIn; break;
      case OpCode::kCallMethod: out << "CallMethod " << names_.at(inst.x) << " nargs=" << inst.nIn; break;
      case OpCode::kFork: out << "Fork " << inst.x << " nargs=" << inst.nIn; break;
      case OpCode::kWait: out << "Wait"; break;
      case OpCode::kRet:
        out << " = Ret ";
        printList(out, ops, inst.nIn, src);
        break;
    }
    out << "\n";
  }
}

std::string Code::toString() const {
  std::ostringstream os;
  print(os);
  return os.str();
}

std::ostream& operator<<(std::ostream& out, const Code& code) {
  code.print(out);
  return out;
}

}  // namespace ember::jit
