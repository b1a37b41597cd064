#include "runtime/profiling_record.h"

#include "ember/core/symbols.h"
#include "ember/error.h"
#include "ember/ir/ir.h"
#include "runtime/training_flags.h"

namespace ember::jit {

namespace {

const Symbol kSlotAttr = Symbol::attr("profile_slot");

bool isTensorValue(const Value* v) { return v->type()->kind() == TypeKind::TensorType; }

// Inserts a profile node before `user` for its input `i`.
void profileInput(Node* user, size_t i) {
  Graph* g = user->owningGraph();
  Value* v = user->input(i);
  Node* p = g->create(prim::profile, {v});
  p->output()->setType(v->type());
  p->ival_(kSlotAttr, IValue(makeIntrusive<ProfileSlot>()));
  p->insertBefore(user);
  user->replaceInput(i, p->output());
}

// A prim::profile_ivalue after a module's `training` read (runtime/training_flags.h).
void profileTrainingFlag(Node* read) {
  Graph* g = read->owningGraph();
  Node* p = g->create(prim::profile_ivalue, {read->output()});
  p->output()->setType(read->output()->type());
  p->ival_(kSlotAttr, IValue(makeIntrusive<ProfileIValueSlot>()));
  p->insertAfter(read);
  read->output()->replaceAllUsesAfterNodeWith(p, p->output());
}

void instrumentBlock(Block* block) {
  for (Node* n : block->nodes()) {
    if (n->kind() == prim::profile || n->kind() == prim::profile_ivalue || n->kind() == prim::Constant) continue;
    for (size_t i = 0; i < n->inputs().size(); ++i)
      if (isTensorValue(n->input(i))) profileInput(n, i);
    for (Block* b : n->blocks()) instrumentBlock(b);
    if (n->kind() == prim::GetAttr && isTrainingFlagRead(n->output())) profileTrainingFlag(n);
  }
  Node* ret = block->returnNode();
  for (size_t i = 0; i < ret->inputs().size(); ++i)
    if (isTensorValue(ret->input(i))) profileInput(ret, i);
}

// A graph input worth specialising on: an int, bool or int[] that a tensor operator reads.
bool isProfiledIValueInput(const Value* v) {
  const Type& t = *v->type();
  const bool kind = t.kind() == TypeKind::IntType || t.kind() == TypeKind::BoolType ||
                    (t.kind() == TypeKind::ListType && t.containedTypes()[0]->kind() == TypeKind::IntType);
  if (!kind) return false;
  for (const Use& u : v->uses()) {
    if (!u.user->kind().is_aten()) continue;
    for (const Value* in : u.user->inputs())
      if (isTensorValue(in)) return true;
  }
  return false;
}

void instrumentIValueInputs(Graph& graph) {
  for (Value* in : graph.inputs()) {
    if (!isProfiledIValueInput(in)) continue;
    Node* p = graph.create(prim::profile_ivalue, {in});
    p->output()->setType(in->type());
    p->ival_(kSlotAttr, IValue(makeIntrusive<ProfileIValueSlot>()));
    graph.prependNode(p);
    in->replaceAllUsesWith(p->output());
    p->replaceInput(0, in);
  }
}

}  // namespace

bool sameProfiledValue(const IValue& a, const IValue& b) {
  if (a.isInt() && b.isInt()) return a.toInt() == b.toInt();
  if (a.isBool() && b.isBool()) return a.toBool() == b.toBool();
  if (a.isList() && b.isList()) return a.toIntVector() == b.toIntVector();
  return false;
}

void ProfileIValueSlot::record(const IValue& v) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (varied_) return;
  if (!v.isInt() && !v.isBool() && !v.isList()) {
    varied_ = true;
    value_.reset();
    return;
  }
  if (!value_) {
    // A list is copied: the program may change it after the call.
    value_ = v.isList() ? makeIntList(v.toIntVector()) : v;
  } else if (!sameProfiledValue(*value_, v)) {
    varied_ = true;
    value_.reset();
  }
}

std::optional<IValue> ProfileIValueSlot::constant() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return value_;
}

bool ProfileIValueSlot::varied() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return varied_;
}

void ProfileSlot::record(const IValue& v) {
  std::lock_guard<std::mutex> lock(mutex_);
  ++count_;
  if (v.isNone()) {
    sawNone_ = true;
    return;
  }
  if (!v.isTensor()) return;
  const Tensor& t = v.toTensor();
  if (!t.defined()) {
    sawNone_ = true;
    return;
  }
  allContiguous_ = allContiguous_ && t.is_contiguous();
  TensorTypePtr type = TensorType::fromTensor(t);
  seen_ = seen_ ? seen_->merge(*type) : type;
}

TensorTypePtr ProfileSlot::seen() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return seen_;
}

bool ProfileSlot::sawNone() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return sawNone_;
}

bool ProfileSlot::sawOnlyContiguous() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return allContiguous_;
}

int64_t ProfileSlot::count() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return count_;
}

ProfilingRecord ProfilingRecord::instrument(const Graph& graph) {
  ProfilingRecord r{graph.copy(), makeIntrusive<ProfiledRunCounter>()};
  instrumentBlock(r.graph->block());
  instrumentIValueInputs(*r.graph);
  Node* end = r.graph->create(profileRunEndSymbol(), {}, 0);
  end->ival_(Symbol::attr("runs"), IValue(r.runs));
  r.graph->appendNode(end);
  return r;
}

Symbol profileRunEndSymbol() {
  static const Symbol kRunEnd = Symbol::fromNamespaceAndName("ember", "profile_run_end");
  return kRunEnd;
}

ProfileSlot& profileSlot(const Node* profileNode) {
  EMBER_ASSERT(profileNode->kind() == prim::profile && profileNode->hasAttribute(kSlotAttr),
               "not a profile node of a ProfilingRecord");
  return static_cast<ProfileSlot&>(*profileNode->ival(kSlotAttr).toCapsule());
}

ProfileIValueSlot& profileIValueSlot(const Node* profileNode) {
  EMBER_ASSERT(profileNode->kind() == prim::profile_ivalue && profileNode->hasAttribute(kSlotAttr),
               "not a profile_ivalue node of a ProfilingRecord");
  return static_cast<ProfileIValueSlot&>(*profileNode->ival(kSlotAttr).toCapsule());
}

}  // namespace ember::jit
