// Emission of interpreter Code from a graph: a liveness pass that decides, for every use, whether
// it is the value's last one (so the instruction moves it out of its register) and which values
// must be dropped explicitly because their last use depends on control flow; then a forward
// walk that writes the instructions.
#include <algorithm>
#include <limits>
#include <unordered_map>
#include <unordered_set>

#include "ember/core/function.h"
#include "ember/core/symbols.h"
#include "ember/error.h"
#include "ember/ir/ir.h"
#include "ember/runtime/graph_function.h"
#include "runtime/code.h"
#include "runtime/scalar_instructions.h"

namespace ember::jit {
namespace {

bool isConstantNode(const Node* n) { return n->kind() == prim::Constant; }
bool isRegisterValue(const Value* v) { return !isConstantNode(v->node()); }

bool isConstantInt(const Value* v, int64_t expected) {
  auto c = toIValue(v);
  return c && c->isInt() && c->toInt() == expected;
}
bool isConstantTrue(const Value* v) {
  auto c = toIValue(v);
  return c && c->isBool() && c->toBool();
}

// Values are ordered by their unique number so that emitted drops are deterministic.
std::vector<Value*> sortedValues(const std::unordered_set<Value*>& set) {
  std::vector<Value*> out(set.begin(), set.end());
  std::sort(out.begin(), out.end(), [](Value* a, Value* b) { return a->unique() < b->unique(); });
  return out;
}

// Values used inside `b` (and blocks nested in it) that are defined outside of it.
void collectFreeValues(const Block* b, std::unordered_set<const Block*>& inside, std::unordered_set<Value*>& out) {
  inside.insert(b);
  auto visit = [&](Value* v) {
    if (isRegisterValue(v) && !inside.count(v->node()->owningBlock())) out.insert(v);
  };
  for (Node* n : b->nodes()) {
    for (Block* sub : n->blocks()) collectFreeValues(sub, inside, out);
    for (Value* v : n->inputs()) visit(v);
  }
  for (Value* v : b->outputs()) visit(v);
}

}  // namespace

class CodeEmitter {
 public:
  explicit CodeEmitter(Code& code) : code_(code) {}

  void emit() {
    const Graph& g = *code_.graph_;
    analyzeBlock(g.block(), liveAtGraphEnd_);
    coalesceBranchOutputs(g.block());
    coalesceLoopCarried(g.block());
    code_.numInputs_ = g.inputs().size();
    code_.numOutputs_ = g.outputs().size();
    size_t store = beginInstruction(OpCode::kStore, nullptr);
    for (Value* in : g.inputs()) addOutputOperand(in);
    finishInstruction(store, 0, g.inputs().size());
    emitNodes(g.block());
    size_t ret = beginInstruction(OpCode::kRet, g.returnNode());
    for (size_t i = 0; i < g.outputs().size(); ++i) addInputOperand(g.returnNode(), i);
    finishInstruction(ret, g.outputs().size(), 0);
    code_.numRegisters_ = numRegisters_;
    threadJumps();
  }

  // A jump to an unconditional jump goes to its target directly (the end of an if branch
  // jumping to a loop's back edge), and a jump to a loop test becomes a copy of the test: the
  // test names both of its targets, so it runs the same anywhere and the back edge of every
  // branch costs no extra dispatch.
  void threadJumps() {
    auto& insts = code_.instructions_;
    auto finalTarget = [&](uint32_t t) {
      for (size_t hops = 0; hops < insts.size() && t < insts.size() && insts[t].op == OpCode::kJump; ++hops)
        t = insts[t].x;
      return t;
    };
    for (Instruction& inst : insts) {
      if (inst.op == OpCode::kJump || inst.op == OpCode::kJumpFalse || inst.op == OpCode::kCmpJumpFalse ||
          inst.op == OpCode::kIntOpCmpJumpFalse)
        inst.x = finalTarget(inst.x);
      if (inst.op == OpCode::kJump && inst.x < insts.size() && insts[inst.x].op == OpCode::kLoop) inst = insts[inst.x];
    }
  }

 private:
  // ---------------------------------------------------------------------------------------------
  // Liveness. `live` holds the register values live after the current point; walking a block
  // backwards, a use of a value that is not live afterwards is its last use.

  void markUses(const Node* n, ArrayRef<Value*> inputs, std::unordered_set<Value*>& live) {
    std::vector<bool>& moves = moves_[n];
    moves.assign(inputs.size(), false);
    for (size_t i = inputs.size(); i-- > 0;) {
      Value* v = inputs[i];
      if (!isRegisterValue(v)) continue;
      if (live.insert(v).second) moves[i] = true;
    }
  }

  void analyzeBlock(const Block* b, std::unordered_set<Value*>& live) {
    markUses(b->returnNode(), b->outputs(), live);
    for (Node* n : b->nodes().reverse()) {
      for (Value* out : n->outputs()) live.erase(out);
      switch (n->kind().id()) {
        case prim::If.id(): analyzeIf(n, live); break;
        case prim::Loop.id(): analyzeLoop(n, live); break;
        case prim::Constant.id(): break;
        default: markUses(n, n->inputs(), live);
      }
    }
    for (Value* in : b->inputs()) live.erase(in);
  }

  void analyzeIf(const Node* n, std::unordered_set<Value*>& live) {
    std::vector<std::unordered_set<Value*>> branchLive;
    std::unordered_set<Value*> all;
    for (const Block* b : n->blocks()) {
      std::unordered_set<Value*> l = live;
      analyzeBlock(b, l);
      all.insert(l.begin(), l.end());
      branchLive.push_back(std::move(l));
    }
    for (size_t i = 0; i < n->blocks().size(); ++i) {
      std::unordered_set<Value*> dead;
      for (Value* v : all)
        if (!branchLive[i].count(v)) dead.insert(v);
      if (!dead.empty()) blockStartDrops_[n->blocks()[i]] = sortedValues(dead);
    }
    live = std::move(all);
    markUses(n, n->inputs(), live);
  }

  void analyzeLoop(const Node* n, std::unordered_set<Value*>& live) {
    const Block* body = n->blocks().at(0);
    std::unordered_set<const Block*> inside;
    std::unordered_set<Value*> free;
    collectFreeValues(body, inside, free);
    if (isRegisterValue(n->input(0))) free.insert(n->input(0));  // the trip count is read every iteration
    // Values used in the body and defined outside stay live for the whole loop; those not needed
    // afterwards are dropped when it exits.
    std::unordered_set<Value*> afterDrops;
    for (Value* v : free)
      if (!live.count(v)) afterDrops.insert(v);
    if (!afterDrops.empty()) afterDrops_[n] = sortedValues(afterDrops);

    std::unordered_set<Value*> bodyLive = free;
    analyzeBlock(body, bodyLive);
    std::unordered_set<Value*> deadOnEntry;
    for (size_t i = 1; i < body->inputs().size(); ++i)
      if (!body->inputs()[i]->hasUses()) deadOnEntry.insert(body->inputs()[i]);
    if (!deadOnEntry.empty()) blockStartDrops_[body] = sortedValues(deadOnEntry);

    live.insert(free.begin(), free.end());
    // The initial condition and carried values are consumed by the moves on loop entry.
    markUses(n, n->inputs(), live);
  }

  // ---------------------------------------------------------------------------------------------
  // Instructions.

  // ---------------------------------------------------------------------------------------------
  // Register coalescing. A value computed in a branch of an `if` only to be its result shares the
  // register of the If's output, so no move is needed at the end of the branch. That register
  // holds nothing live while the branch runs: the output is defined after the If, and the other
  // values sharing it are in other branches or nested Ifs that end before it is written.

  void coalesceBranchOutputs(const Block* b) {
    for (Node* n : b->nodes()) {
      for (Block* sub : n->blocks()) coalesceBranchOutputs(sub);
      if (n->kind() != prim::If) continue;
      for (size_t i = 0; i < n->outputs().size(); ++i) {
        Value* out = n->outputs()[i];
        if (!out->hasUses()) continue;
        for (const Block* branch : n->blocks()) {
          Value* v = branch->outputs()[i];
          Node* def = v->node();
          if (def->owningBlock() != branch || def->kind() == prim::Constant || def->kind() == prim::Param) continue;
          if (v->uses().size() != 1 || coalescedInto_.count(v)) continue;
          coalescedInto_[v] = out;
          coalescedFrom_[out].push_back(v);
        }
      }
    }
  }

  // The value a loop body computes for the next iteration shares the register of the carried
  // value it replaces when every write to that register (the value's definition, and those of
  // the branch results coalesced into it) comes after the last read of the carried value on its
  // path: then the back edge needs no move, as in `x = x * 0.5 + 1.0`.
  void coalesceLoopCarried(const Block* b) {
    for (Node* n : b->nodes()) {
      for (Block* sub : n->blocks()) coalesceLoopCarried(sub);
      if (n->kind() != prim::Loop) continue;
      Block* body = n->blocks()[0];
      for (size_t i = 1; i < body->inputs().size(); ++i) {
        Value* carried = body->inputs()[i];
        Value* next = body->outputs()[i];
        Node* def = next->node();
        if (def->owningBlock() != body || def->kind() == prim::Constant || def->kind() == prim::Param) continue;
        if (next->uses().size() != 1 || coalescedInto_.count(next)) continue;
        if (!writesFollowLastRead(next, carried, body)) continue;
        coalescedInto_[next] = carried;
      }
    }
  }

  bool writesFollowLastRead(Value* v, Value* carried, const Block* body) {
    if (usedFrom(v->node()->next(), carried, body)) return false;
    auto from = coalescedFrom_.find(v);
    if (from == coalescedFrom_.end()) return true;
    for (Value* w : from->second)
      if (!writesFollowLastRead(w, carried, body)) return false;
    return true;
  }

  // Whether `v` is read by `n` or a later node of its block (their nested blocks included), the
  // block's return, or, when the block is nested inside `top`, after the node owning it.
  static bool usedFrom(const Node* n, const Value* v, const Block* top) {
    while (n) {
      if (usesValue(n, v)) return true;
      if (n->kind() != prim::Return) {
        n = n->next();
        continue;
      }
      const Block* block = n->owningBlock();
      if (block == top || !block->owningNode()) return false;
      n = block->owningNode()->next();
    }
    return false;
  }
  static bool usesValue(const Node* n, const Value* v) {
    for (const Value* in : n->inputs())
      if (in == v) return true;
    for (const Block* sub : n->blocks()) {
      for (const Node* inner : sub->nodes())
        if (usesValue(inner, v)) return true;
      if (usesValue(sub->returnNode(), v)) return true;
    }
    return false;
  }

  uint32_t reg(Value* v) {
    if (auto c = coalescedInto_.find(v); c != coalescedInto_.end()) return reg(c->second);
    auto it = registers_.find(v);
    if (it != registers_.end()) return it->second;
    uint32_t r = static_cast<uint32_t>(numRegisters_++);
    registers_.emplace(v, r);
    return r;
  }
  uint32_t newRegister() { return static_cast<uint32_t>(numRegisters_++); }

  uint32_t constantIndex(Value* v) {
    auto it = constants_.find(v);
    if (it != constants_.end()) return it->second;
    std::optional<IValue> c = toIValue(v);
    if (!c) {
      // Function constants (prim::Constant[name=...]) are resolved by the call that uses them.
      EMBER_CHECK(v->type()->kind() == TypeKind::FunctionType, "cannot interpret constant ", *v->node());
      c = IValue();
    }
    uint32_t idx = addConstant(std::move(*c));
    constants_.emplace(v, idx);
    return idx;
  }
  uint32_t addConstant(IValue v) {
    code_.constants_.push_back(std::move(v));
    return static_cast<uint32_t>(code_.constants_.size() - 1);
  }

  size_t beginInstruction(OpCode op, const Node* n, uint32_t x = 0, uint8_t flags = 0) {
    Instruction inst;
    inst.op = op;
    inst.flags = flags;
    inst.x = x;
    inst.operands = static_cast<uint32_t>(code_.operands_.size());
    code_.instructions_.push_back(inst);
    code_.nodes_.push_back(n);
    return code_.instructions_.size() - 1;
  }
  void finishInstruction(size_t pc, size_t nIn, size_t nOut) {
    EMBER_CHECK(nIn <= 0xffff && nOut <= 0xffff, "too many operands in one instruction");
    Instruction& inst = code_.instructions_[pc];
    inst.nIn = static_cast<uint16_t>(nIn);
    inst.nOut = static_cast<uint16_t>(nOut);
    code_.maxStack_ = std::max({code_.maxStack_, nIn, nOut});
  }
  size_t here() const { return code_.instructions_.size(); }
  void patchTarget(size_t pc, size_t target) { code_.instructions_[pc].x = static_cast<uint32_t>(target); }

  // Operand for input `i` of `user` (a node or a block's return node).
  uint32_t inputOperand(const Node* user, size_t i, Value* v) {
    if (!isRegisterValue(v)) return operand::kConstant | constantIndex(v);
    if (replacedByConstant_.count(v)) return operand::kConstant | constants_.at(v);
    const auto& moves = moves_.at(user);
    return reg(v) | (moves[i] ? operand::kMove : 0);
  }
  void addInputOperand(const Node* user, size_t i) {
    code_.operands_.push_back(inputOperand(user, i, user->input(i)));
  }
  void addOutputOperand(Value* v) { code_.operands_.push_back(reg(v) | (v->hasUses() ? 0 : operand::kDiscard)); }
  void addRaw(uint32_t op) { code_.operands_.push_back(op); }

  // Values that own nothing (ints, floats, bools, None) need no drop: leaving them costs nothing.
  static bool ownsNothing(const Value* v) {
    TypeKind k = v->type()->kind();
    return k == TypeKind::IntType || k == TypeKind::FloatType || k == TypeKind::BoolType || k == TypeKind::NoneType;
  }

  void emitDrops(const std::vector<Value*>& values, const Node* n) {
    std::vector<Value*> owning;
    for (Value* v : values)
      if (!ownsNothing(v)) owning.push_back(v);
    if (owning.empty()) return;
    size_t pc = beginInstruction(OpCode::kDrop, n);
    for (Value* v : owning) addRaw(reg(v));
    finishInstruction(pc, owning.size(), 0);
  }

  void emitNodes(const Block* b) {
    auto drops = blockStartDrops_.find(b);
    if (drops != blockStartDrops_.end()) emitDrops(drops->second, b->owningNode());
    for (Node* n : b->nodes()) emitNode(n);
  }

  void emitNode(Node* n) {
    switch (n->kind().id()) {
      case prim::Constant.id(): return;
      case prim::If.id(): return emitIf(n);
      case prim::Loop.id(): return emitLoop(n);
      case prim::CallFunction.id(): return emitCallFunction(n);
      case prim::CallMethod.id(): return emitCallMethod(n);
      case prim::fork.id(): return emitFork(n);
      case aten::wait.id(): return emitWait(n);
      default:
        if (fusedIntoIf(n) || fusedIntoComparison(n)) return;  // emitted by the If (kCmpJumpFalse)
        return emitOperator(n);
    }
  }

  // A typed scalar comparison whose only use is the condition of the If right after it.
  std::optional<ScalarInstruction> fusableComparison(const Node* n) const {
    const Operator* op = n->maybeOperator();
    if (!op || !op->hasOperation() || n->inputs().size() != 2 || n->outputs().size() != 1) return std::nullopt;
    auto si = scalarInstructionFor(op->schema().operatorName());
    if (!si || !isComparison(si->op)) return std::nullopt;
    return si;
  }
  bool fusedIntoIf(const Node* n) const {
    const Node* next = n->next();
    if (n->outputs().size() != 1 || !next || next->kind() != prim::If || next->input(0) != n->output(0)) return false;
    return n->output(0)->uses().size() == 1 && fusableComparison(n).has_value();
  }

  // Typed int arithmetic whose only use is the first operand of an int comparison fused into the
  // If right after it (kIntOpCmpJumpFalse).
  std::optional<ScalarInstruction> fusableArithmetic(const Node* n) const {
    const Operator* op = n->maybeOperator();
    if (!op || !op->hasOperation() || n->inputs().size() != 2 || n->outputs().size() != 1) return std::nullopt;
    auto si = scalarInstructionFor(op->schema().operatorName());
    if (!si || si->isFloat || isComparison(si->op)) return std::nullopt;
    return si;
  }
  bool fusedIntoComparison(const Node* n) const {
    const Node* cmp = n->next();
    if (n->outputs().size() != 1 || !cmp || !fusedIntoIf(cmp) || fusableComparison(cmp)->isFloat) return false;
    if (cmp->input(0) != n->output(0) || n->output(0)->uses().size() != 1) return false;
    return fusableArithmetic(n).has_value();
  }

  // Whether the operator writes an argument that may be a tensor: autograd bumps the versions
  // of written tensors, so such calls go through it once some tensor has required grad. A
  // written list or dict (list.append, dict.__setitem__) is never a tensor itself: those calls
  // stay direct (the zoo's transformer appends ~40 times per call).
  static bool writesInput(const FunctionSchema& schema) {
    for (const Argument& a : schema.arguments()) {
      if (!a.isWrite()) continue;
      const TypeKind k = a.type()->kind();
      if (k != TypeKind::ListType && k != TypeKind::DictType && k != TypeKind::TupleType) return true;
    }
    return false;
  }

  void emitOperator(Node* n) {
    const Operator* op = n->maybeOperator();
    if (!op && n->kind() == prim::Uninitialized && n->outputs().size() == 1) {
      // A placeholder value that is never read: a constant.
      constants_.emplace(n->output(), addConstant(IValue::uninitialized()));
      replacedByConstant_.insert(n->output());
      return;
    }
    EMBER_CHECK(op, "Couldn't find an operator for ", *n);
    if (op->hasOperation() && n->inputs().size() == 2 && n->outputs().size() == 1) {
      if (auto si = scalarInstructionFor(op->schema().operatorName())) return emitScalarInstruction(n, *op, *si);
    }
    uint32_t x;
    OpCode code;
    if (op->hasOperation()) {
      code = n->kind() == prim::Enter ? OpCode::kEnter : n->kind() == prim::Exit ? OpCode::kExit : OpCode::kOp;
      x = static_cast<uint32_t>(code_.operations_.size());
      code_.operations_.push_back(op->operation());
    } else {
      code = OpCode::kOpNode;
      x = static_cast<uint32_t>(code_.nodeOperations_.size());
      code_.nodeOperations_.push_back(op->getOperation(n));
    }
    code_.operationNames_.push_back(std::string(n->kind().toUnqualString()));
    size_t pc = beginInstruction(code, n, x, writesInput(op->schema()) ? kOpWritesInput : 0);
    emitInputs(n, 0);
    for (Value* out : n->outputs()) addOutputOperand(out);
    finishInstruction(pc, n->inputs().size(), n->outputs().size());
  }

  uint32_t addOperation(const Node* n, const Operator& op) {
    code_.operations_.push_back(op.operation());
    code_.operationNames_.push_back(std::string(n->kind().toUnqualString()));
    return static_cast<uint32_t>(code_.operations_.size() - 1);
  }

  void emitScalarInstruction(Node* n, const Operator& op, ScalarInstruction si) {
    uint32_t fallback = addOperation(n, op);
    std::optional<uint64_t> divisor = si.isFloat ? std::nullopt : fastDivisor(si.op, n->input(1));
    OpCode code = si.isFloat ? OpCode::kFloatOp : divisor ? OpCode::kIntDivConst : OpCode::kIntOp;
    size_t pc = beginInstruction(code, n, fallback, static_cast<uint8_t>(si.op));
    addScalarInputs(n);
    addOutputOperand(n->output());
    if (divisor) addRaw(magicRegister(*divisor));
    finishInstruction(pc, 2, 1);
  }

  // The inputs of a typed scalar instruction: registers only, constants in constant registers.
  void addScalarInputs(const Node* n) {
    for (size_t i = 0; i < n->inputs().size(); ++i) addRaw(scalarOperand(n, i));
  }
  uint32_t scalarOperand(const Node* user, size_t i) {
    Value* v = user->input(i);
    if (isRegisterValue(v) && !replacedByConstant_.count(v)) return inputOperand(user, i, v);
    auto it = constantRegisters_.find(v);
    if (it != constantRegisters_.end()) return it->second;
    uint32_t r = constantRegister(constantIndex(v));
    constantRegisters_.emplace(v, r);
    return r;
  }
  uint32_t constantRegister(uint32_t constant) {
    uint32_t r = newRegister();
    code_.constantRegisters_.push_back(Code::ConstantRegister{r, constant});
    return r;
  }
  // The register holding the reciprocal of a constant divisor (one per divisor).
  uint32_t magicRegister(uint64_t divisor) {
    auto it = magicRegisters_.find(divisor);
    if (it != magicRegisters_.end()) return it->second;
    uint32_t r = constantRegister(addConstant(IValue(static_cast<int64_t>(fastDivisorMagic(divisor)))));
    magicRegisters_.emplace(divisor, r);
    return r;
  }

  // A constant divisor of `%` or `//` that scalar_instructions.h's reciprocal handles.
  static std::optional<uint64_t> fastDivisor(ScalarOp op, const Value* b) {
    if (op != ScalarOp::Rem && op != ScalarOp::FloorDiv) return std::nullopt;
    std::optional<IValue> c = isConstantNode(b->node()) ? toIValue(b) : std::nullopt;
    if (!c || !c->isInt()) return std::nullopt;
    int64_t d = c->toInt();
    int64_t lowest = op == ScalarOp::Rem ? 1 : 2;
    if (d < lowest || static_cast<uint64_t>(d) >= kMaxFastDivisor) return std::nullopt;
    return static_cast<uint64_t>(d);
  }

  void emitInputs(const Node* n, size_t first) {
    for (size_t i = first; i < n->inputs().size(); ++i) addInputOperand(n, i);
  }

  void emitLoad(const Node* n, size_t first) {
    size_t pc = beginInstruction(OpCode::kLoad, n);
    emitInputs(n, first);
    finishInstruction(pc, n->inputs().size() - first, 0);
  }
  void emitStore(const Node* n) {
    size_t pc = beginInstruction(OpCode::kStore, n);
    for (Value* out : n->outputs()) addOutputOperand(out);
    finishInstruction(pc, 0, n->outputs().size());
  }

  // Sources are operands of `user`'s inputs [first, first + count) (or given raw), destinations
  // are registers; copied in parallel so that swaps (a, b = b, a) work.
  void emitMoves(const Node* n, const std::vector<uint32_t>& allSources, const std::vector<uint32_t>& allDests) {
    // A value already in its destination (coalesced) needs no move.
    std::vector<uint32_t> sources, dests;
    for (size_t i = 0; i < allSources.size(); ++i) {
      uint32_t s = allSources[i], d = allDests[i];
      bool inPlace = !(s & operand::kConstant) && !(d & operand::kDiscard) &&
                     (s & operand::kIndexMask) == (d & operand::kIndexMask);
      if (inPlace) continue;
      sources.push_back(s);
      dests.push_back(d);
    }
    if (sources.empty()) return;
    size_t pc = beginInstruction(OpCode::kMoves, n);
    for (uint32_t s : sources) addRaw(s);
    for (uint32_t d : dests) addRaw(d);
    finishInstruction(pc, sources.size(), 0);
  }

  std::vector<uint32_t> blockOutputSources(const Block* b) {
    std::vector<uint32_t> out;
    const Node* ret = b->returnNode();
    for (size_t i = 0; i < b->outputs().size(); ++i) {
      Value* v = b->outputs()[i];
      out.push_back(inputOperand(ret, i, v));
    }
    return out;
  }
  std::vector<uint32_t> outputDests(const Node* n) {
    std::vector<uint32_t> out;
    for (Value* v : n->outputs()) out.push_back(reg(v) | (v->hasUses() ? 0 : operand::kDiscard));
    return out;
  }

  void emitIf(Node* n) {
    size_t jumpFalse;
    Node* cond = n->input(0)->node();
    Node* arith = cond->prev();
    if (cond->next() == n && fusedIntoIf(cond) && arith && fusedIntoComparison(arith)) {
      jumpFalse = emitArithmeticCompareJump(arith, cond);
    } else if (cond->next() == n && fusedIntoIf(cond)) {
      ScalarInstruction si = *fusableComparison(cond);
      uint32_t fallback = addOperation(cond, *cond->maybeOperator());
      jumpFalse = beginInstruction(OpCode::kCmpJumpFalse, cond, 0,
                                   static_cast<uint8_t>(static_cast<uint8_t>(si.op) | (si.isFloat ? kCmpFloat : 0)));
      addScalarInputs(cond);
      addRaw(fallback);
      finishInstruction(jumpFalse, 2, 0);
    } else {
      jumpFalse = beginInstruction(OpCode::kJumpFalse, n);
      emitInputs(n, 0);
      finishInstruction(jumpFalse, 1, 0);
    }
    std::vector<uint32_t> dests = outputDests(n);
    emitNodes(n->blocks()[0]);
    emitMoves(n, blockOutputSources(n->blocks()[0]), dests);
    size_t jumpEnd = beginInstruction(OpCode::kJump, n);
    finishInstruction(jumpEnd, 0, 0);
    patchTarget(jumpFalse, here());
    emitNodes(n->blocks()[1]);
    emitMoves(n, blockOutputSources(n->blocks()[1]), dests);
    patchTarget(jumpEnd, here());
  }

  // kIntOpCmpJumpFalse for `arith` feeding `cmp` feeding an If; its target is patched later.
  size_t emitArithmeticCompareJump(Node* arith, Node* cmp) {
    ScalarInstruction a = *fusableArithmetic(arith), c = *fusableComparison(cmp);
    uint32_t arithFallback = addOperation(arith, *arith->maybeOperator());
    uint32_t cmpFallback = addOperation(cmp, *cmp->maybeOperator());
    std::optional<uint64_t> divisor = fastDivisor(a.op, arith->input(1));
    uint8_t flags = static_cast<uint8_t>(static_cast<uint8_t>(c.op) | (static_cast<uint8_t>(a.op) << 4));
    size_t pc = beginInstruction(OpCode::kIntOpCmpJumpFalse, arith, 0, flags);
    addScalarInputs(arith);
    addRaw(scalarOperand(cmp, 1));
    addRaw(arithFallback);
    addRaw(cmpFallback);
    addRaw(divisor ? magicRegister(*divisor) : kNoRegister);
    finishInstruction(pc, 3, 0);
    return pc;
  }

  void emitLoop(Node* n) {
    const Block* body = n->blocks()[0];
    Value* maxTrip = n->input(0);
    Value* iter = body->inputs()[0];
    bool hasIter = iter->hasUses();
    bool hasTrip = hasIter || !isConstantInt(maxTrip, std::numeric_limits<int64_t>::max());
    bool hasCond = !isConstantTrue(n->input(1)) || !isConstantTrue(body->outputs()[0]);
    size_t numCarried = n->outputs().size();

    uint32_t counter = hasTrip ? newRegister() : 0;
    uint32_t cond = hasCond ? newRegister() : 0;
    std::vector<uint32_t> carriedRegs;
    for (size_t i = 0; i < numCarried; ++i) carriedRegs.push_back(reg(body->inputs()[i + 1]));

    // Entry: the condition and carried values into the body's registers, counter = 0. Sources
    // are in input order: of two uses of one value in one instruction, only the later moves.
    std::vector<uint32_t> sources, dests;
    if (hasCond) {
      sources.push_back(inputOperand(n, 1, n->input(1)));
      dests.push_back(cond);
    }
    for (size_t i = 0; i < numCarried; ++i) {
      sources.push_back(inputOperand(n, i + 2, n->input(i + 2)));
      dests.push_back(carriedRegs[i]);
    }
    if (hasTrip) {
      sources.push_back(operand::kConstant | addConstant(IValue(int64_t{0})));
      dests.push_back(counter);
    }
    emitMoves(n, sources, dests);

    size_t head = beginInstruction(OpCode::kLoop, n, 0,
                                   static_cast<uint8_t>((hasTrip ? kLoopHasTripCount : 0) |
                                                        (hasCond ? kLoopHasCondition : 0) |
                                                        (hasIter ? kLoopHasIterValue : 0)));
    size_t nOps = 0;
    if (hasTrip) {
      addRaw(scalarOperand(n, 0) & ~operand::kMove);  // a register: read by the scalar run loop
      addRaw(counter);
      nOps += 2;
    }
    if (hasCond) {
      addRaw(cond);
      ++nOps;
    }
    if (hasIter) {
      addRaw(reg(iter));
      ++nOps;
    }
    addRaw(static_cast<uint32_t>(head + 1));  // the body; not counted in nIn
    finishInstruction(head, nOps, 0);

    emitNodes(body);
    std::vector<uint32_t> backSources = blockOutputSources(body);
    std::vector<uint32_t> backDests;
    if (hasCond) {
      backDests.push_back(cond);
    } else {
      backSources.erase(backSources.begin());  // a constant true
    }
    backDests.insert(backDests.end(), carriedRegs.begin(), carriedRegs.end());
    emitMoves(n, backSources, backDests);
    size_t back = beginInstruction(OpCode::kJump, n, static_cast<uint32_t>(head));
    finishInstruction(back, 0, 0);  // threadJumps turns it into a copy of the test
    patchTarget(head, here());

    std::vector<uint32_t> exitSources;
    for (uint32_t r : carriedRegs) exitSources.push_back(r | operand::kMove);
    emitMoves(n, exitSources, outputDests(n));
    auto drops = afterDrops_.find(n);
    if (drops != afterDrops_.end()) emitDrops(drops->second, n);
  }

  Function* constantFunction(const Value* v) {
    if (auto ft = v->type()->cast<FunctionType>()) return ft->function();
    return nullptr;
  }

  uint32_t addCallee(Function* fn) {
    code_.callees_.push_back(fn);
    return static_cast<uint32_t>(code_.callees_.size() - 1);
  }

  void emitCallFunction(Node* n) {
    Function* fn = constantFunction(n->input(0));
    EMBER_CHECK(fn, "prim::CallFunction needs a constant function as its first input: ", *n);
    emitLoad(n, 1);
    size_t pc = beginInstruction(OpCode::kCall, n, addCallee(fn));
    finishInstruction(pc, n->inputs().size() - 1, 0);
    emitStore(n);
  }

  void emitCallMethod(Node* n) {
    const std::string& name = n->s(attr::name);
    Function* fn = nullptr;
    if (auto cls = n->input(0)->type()->cast<ClassType>()) fn = cls->findMethod(name);
    emitLoad(n, 0);
    size_t pc;
    if (fn) {
      pc = beginInstruction(OpCode::kCall, n, addCallee(fn));
    } else {
      // Interfaces (and classes whose methods are added later) resolve on the object's class.
      code_.names_.push_back(name);
      pc = beginInstruction(OpCode::kCallMethod, n, static_cast<uint32_t>(code_.names_.size() - 1));
    }
    finishInstruction(pc, n->inputs().size(), 0);
    emitStore(n);
  }

  void emitFork(Node* n) {
    EMBER_CHECK(n->hasAttribute(attr::Subgraph), "prim::fork without a Subgraph attribute: ", *n);
    code_.forks_.push_back(std::make_unique<GraphFunction>("<forked function>", n->g(attr::Subgraph)));
    emitLoad(n, 0);
    size_t pc = beginInstruction(OpCode::kFork, n, static_cast<uint32_t>(code_.forks_.size() - 1));
    finishInstruction(pc, n->inputs().size(), 1);
    emitStore(n);
  }

  void emitWait(Node* n) {
    emitLoad(n, 0);
    size_t pc = beginInstruction(OpCode::kWait, n);
    finishInstruction(pc, 1, 1);
    emitStore(n);
  }

  Code& code_;
  size_t numRegisters_ = 0;
  std::unordered_map<const Value*, uint32_t> registers_;
  std::unordered_map<const Value*, Value*> coalescedInto_;
  std::unordered_map<const Value*, std::vector<Value*>> coalescedFrom_;
  std::unordered_map<const Value*, uint32_t> constants_;
  std::unordered_set<const Value*> replacedByConstant_;
  std::unordered_map<const Value*, uint32_t> constantRegisters_;
  std::unordered_map<uint64_t, uint32_t> magicRegisters_;
  std::unordered_map<const Node*, std::vector<bool>> moves_;
  std::unordered_map<const Block*, std::vector<Value*>> blockStartDrops_;
  std::unordered_map<const Node*, std::vector<Value*>> afterDrops_;
  std::unordered_set<Value*> liveAtGraphEnd_;
};

Code::Code(std::shared_ptr<Graph> graph, std::string functionName)
    : graph_(std::move(graph)), functionName_(std::move(functionName)) {
  EMBER_CHECK(graph_, "cannot emit code for a null graph");
  CodeEmitter(*this).emit();
}

Code::~Code() = default;

}  // namespace ember::jit
