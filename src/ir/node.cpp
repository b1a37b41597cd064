// Node: inputs, outputs, blocks, list position and attributes.
#include <algorithm>
#include <iostream>
#include <limits>

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"

namespace ember::jit {

namespace {
// Note [Topological invariant]: positions of a block's Param and Return nodes bound the range;
// appended nodes are spaced kAppendInterval apart, inserted nodes take the midpoint.
constexpr int64_t kLowerBound = std::numeric_limits<int64_t>::min();
constexpr int64_t kUpperBound = std::numeric_limits<int64_t>::max();
constexpr int64_t kMidPoint = 0;
constexpr int64_t kAppendInterval = int64_t{1} << 40;
}  // namespace

Node::Node(Graph* graph, Symbol kind) : kind_(kind), graph_(graph) { graph_->allNodes_.insert(this); }

Node::~Node() = default;

bool Node::inBlockList() const { return next_ != nullptr; }

Value* Node::input() const {
  EMBER_CHECK(inputs_.size() == 1, kind_.toQualString(), " has ", inputs_.size(), " inputs, expected exactly one");
  return inputs_[0];
}

Value* Node::output() const {
  EMBER_CHECK(outputs_.size() == 1, kind_.toQualString(), " has ", outputs_.size(),
              " outputs, expected exactly one");
  return outputs_[0];
}

bool Node::hasUses() const {
  return std::any_of(outputs_.begin(), outputs_.end(), [](const Value* v) { return v->hasUses(); });
}

// ---- inputs ----

Value* Node::addInput(Value* value) {
  EMBER_ASSERT(value->owningGraph() == graph_, "input %", value->debugName(), " belongs to another graph");
  value->uses_.push_back(Use{this, inputs_.size()});
  inputs_.push_back(value);
  return value;
}

Value* Node::insertInput(size_t offset, Value* value) {
  EMBER_ASSERT(value->owningGraph() == graph_, "input %", value->debugName(), " belongs to another graph");
  EMBER_CHECK(offset <= inputs_.size(), "insertInput: offset ", offset, " out of range");
  // Later inputs move one position up: fix their use records first.
  for (size_t i = offset; i < inputs_.size(); ++i) {
    for (Use& u : inputs_[i]->uses_)
      if (u.user == this && u.offset == i) {
        u.offset = i + 1;
        break;
      }
  }
  inputs_.insert(inputs_.begin() + static_cast<std::ptrdiff_t>(offset), value);
  value->uses_.push_back(Use{this, offset});
  return value;
}

void Node::dropInput(size_t offset) {
  auto& uses = inputs_[offset]->uses_;
  auto it = std::find(uses.begin(), uses.end(), Use{this, offset});
  EMBER_ASSERT(it != uses.end(), "use list of %", inputs_[offset]->debugName(), " lacks its use by ",
               kind_.toQualString());
  uses.erase(it);
}

Value* Node::replaceInput(size_t offset, Value* newValue) {
  EMBER_CHECK(offset < inputs_.size(), "replaceInput: offset ", offset, " out of range");
  EMBER_ASSERT(newValue->owningGraph() == graph_, "input belongs to another graph");
  Value* old = inputs_[offset];
  dropInput(offset);
  inputs_[offset] = newValue;
  newValue->uses_.push_back(Use{this, offset});
  return old;
}

void Node::replaceInputWith(Value* from, Value* to) {
  for (size_t i = 0; i < inputs_.size(); ++i)
    if (inputs_[i] == from) replaceInput(i, to);
}

void Node::removeInput(size_t offset) {
  EMBER_CHECK(offset < inputs_.size(), "removeInput: offset ", offset, " out of range");
  dropInput(offset);
  for (size_t i = offset + 1; i < inputs_.size(); ++i) {
    for (Use& u : inputs_[i]->uses_)
      if (u.user == this && u.offset == i) {
        u.offset = i - 1;
        break;
      }
  }
  inputs_.erase(inputs_.begin() + static_cast<std::ptrdiff_t>(offset));
}

void Node::removeAllInputs() {
  for (size_t i = 0; i < inputs_.size(); ++i) dropInput(i);
  inputs_.clear();
}

namespace {
// Checks that `order` is a permutation of 0..n-1.
void checkPermutation(const std::vector<size_t>& order, size_t n, const char* what) {
  EMBER_CHECK(order.size() == n, what, ": wrong permutation size");
  std::vector<bool> seen(n, false);
  for (size_t i : order) {
    EMBER_CHECK(i < n && !seen[i], what, ": not a permutation");
    seen[i] = true;
  }
}
}  // namespace

void Node::permuteInputs(const std::vector<size_t>& newOrder) {
  checkPermutation(newOrder, inputs_.size(), "permuteInputs");
  // Use records are renumbered in place, so every value keeps the order of its uses.
  std::vector<Use*> records(inputs_.size());
  for (size_t i = 0; i < inputs_.size(); ++i) {
    for (Use& u : inputs_[i]->uses_)
      if (u.user == this && u.offset == i) records[i] = &u;
  }
  std::vector<Value*> permuted(inputs_.size());
  for (size_t i = 0; i < newOrder.size(); ++i) {
    permuted[i] = inputs_[newOrder[i]];
    records[newOrder[i]]->offset = i;
  }
  inputs_ = std::move(permuted);
}

void Node::permuteOutputs(const std::vector<size_t>& newOrder) {
  checkPermutation(newOrder, outputs_.size(), "permuteOutputs");
  std::vector<Value*> permuted(outputs_.size());
  for (size_t i = 0; i < newOrder.size(); ++i) {
    permuted[i] = outputs_[newOrder[i]];
    permuted[i]->offset_ = i;
  }
  outputs_ = std::move(permuted);
}

// ---- outputs ----

Value* Node::addOutput() {
  outputs_.push_back(graph_->newValue(this, outputs_.size()));
  return outputs_.back();
}

Value* Node::insertOutput(size_t offset) {
  EMBER_CHECK(offset <= outputs_.size(), "insertOutput: offset ", offset, " out of range");
  outputs_.insert(outputs_.begin() + static_cast<std::ptrdiff_t>(offset), graph_->newValue(this, offset));
  for (size_t i = offset + 1; i < outputs_.size(); ++i) outputs_[i]->offset_ = i;
  return outputs_[offset];
}

void Node::eraseOutput(size_t offset) {
  EMBER_CHECK(offset < outputs_.size(), "eraseOutput: offset ", offset, " out of range");
  Value* v = outputs_[offset];
  EMBER_CHECK(!v->hasUses(), "cannot erase output %", v->debugName(), " of ", kind_.toQualString(),
              ": it still has ", v->uses().size(), " use(s)");
  outputs_.erase(outputs_.begin() + static_cast<std::ptrdiff_t>(offset));
  for (size_t i = offset; i < outputs_.size(); ++i) outputs_[i]->offset_ = i;
  graph_->freeValue(v);
}

// ---- blocks ----

Block* Node::addBlock() {
  blocks_.push_back(graph_->newBlock(this));
  return blocks_.back();
}

void Node::eraseBlock(size_t offset) {
  EMBER_CHECK(offset < blocks_.size(), "eraseBlock: offset ", offset, " out of range");
  Block* b = blocks_[offset];
  blocks_.erase(blocks_.begin() + static_cast<std::ptrdiff_t>(offset));
  b->destroy();
}

bool Node::anyNested(const std::function<bool(const Node*)>& pred) const {
  if (pred(this)) return true;
  for (const Block* b : blocks_)
    for (const Node* n : b->nodes())
      if (n->anyNested(pred)) return true;
  return false;
}

// ---- list position ----

namespace {
// Chain of nodes from `n` up to the top-level block: n, the node owning n's block, ...
std::vector<const Node*> ancestry(const Node* n) {
  std::vector<const Node*> chain;
  while (n) {
    chain.push_back(n);
    const Block* b = n->owningBlock();
    n = b ? b->owningNode() : nullptr;
  }
  return chain;
}
}  // namespace

bool Node::isBefore(const Node* n) const {
  if (this == n) return false;
  if (owningBlock_ == n->owningBlock_) return topoPosition_ < n->topoPosition_;
  // Different blocks: compare the ancestors that share a block. A node that contains the
  // other (through its blocks) counts as before it.
  auto mine = ancestry(this), theirs = ancestry(n);
  for (const Node* a : mine) {
    for (const Node* b : theirs) {
      if (a->owningBlock_ != b->owningBlock_) continue;
      if (a == b) return a == this;
      return a->topoPosition_ < b->topoPosition_;
    }
  }
  EMBER_ASSERT(false, "isBefore: nodes ", kind_.toQualString(), " and ", n->kind_.toQualString(),
               " are not in one graph's block tree");
  return false;
}

bool Node::isAfter(const Node* n) const { return this != n && n->isBefore(this); }

void Node::assignTopoPosition() {
  Node* prev = prev_;
  Node* next = next_;
  Node* ret = owningBlock_->returnNode();
  bool first = prev == ret, last = next == ret;
  if (first && last) {
    topoPosition_ = kMidPoint;
  } else if (last) {
    if (prev->topoPosition_ >= kUpperBound - 2 * kAppendInterval) {
      owningBlock_->reindexTopology();
      return;
    }
    topoPosition_ = prev->topoPosition_ + kAppendInterval;
  } else if (first) {
    if (next->topoPosition_ <= kLowerBound + 2 * kAppendInterval) {
      owningBlock_->reindexTopology();
      return;
    }
    topoPosition_ = next->topoPosition_ - kAppendInterval;
  } else {
    int64_t lo = prev->topoPosition_, hi = next->topoPosition_;
    if (hi - lo < 2) {  // no gap left between neighbours
      owningBlock_->reindexTopology();
      return;
    }
    topoPosition_ = lo + (hi - lo) / 2;
  }
}

Node* Node::insertAfter(Node* n) {
  EMBER_ASSERT(!inBlockList() && n->inBlockList(), "insertAfter: ", kind_.toQualString(),
               " must be unattached and the anchor attached");
  EMBER_ASSERT(n->owningGraph() == graph_, "insertAfter: nodes of different graphs");
  EMBER_ASSERT(kind_ != prim::Param && kind_ != prim::Return, "cannot insert a Param or Return node");
  owningBlock_ = n->owningBlock_;
  Node* next = n->next_;
  n->next_ = this;
  prev_ = n;
  next_ = next;
  next->prev_ = this;
  assignTopoPosition();
  return this;
}

Node* Node::insertBefore(Node* n) {
  EMBER_ASSERT(n->inBlockList(), "insertBefore: the anchor is not in a block");
  return insertAfter(n->prev_);
}

void Node::moveAfter(Node* n) {
  removeFromList();
  insertAfter(n);
}

void Node::moveBefore(Node* n) {
  removeFromList();
  insertBefore(n);
}

void Node::removeFromList() {
  EMBER_ASSERT(inBlockList(), "removeFromList: ", kind_.toQualString(), " is not in a block");
  owningBlock_ = nullptr;
  prev_->next_ = next_;
  next_->prev_ = prev_;
  next_ = prev_ = nullptr;
}

void Node::destroy() {
  while (!outputs_.empty()) eraseOutput(outputs_.size() - 1);
  while (!blocks_.empty()) eraseBlock(blocks_.size() - 1);
  removeAllInputs();
  if (inBlockList()) removeFromList();
  graph_->freeNode(this);
}

// ---- attributes ----

std::vector<std::unique_ptr<AttributeValue>>::const_iterator Node::findAttr(Symbol name) const {
  return std::find_if(attributes_.begin(), attributes_.end(), [&](const auto& a) { return a->name() == name; });
}

bool Node::hasAttribute(Symbol name) const { return findAttr(name) != attributes_.end(); }

AttributeKind Node::kindOf(Symbol name) const { return attribute(name).kind(); }

const AttributeValue& Node::attribute(Symbol name) const {
  auto it = findAttr(name);
  EMBER_CHECK(it != attributes_.end(), "required keyword attribute '", name.toUnqualString(), "' is undefined");
  return **it;
}

std::vector<Symbol> Node::attributeNames() const {
  std::vector<Symbol> names;
  for (const auto& a : attributes_) names.push_back(a->name());
  return names;
}

Node* Node::removeAttribute(Symbol name) {
  auto it = findAttr(name);
  EMBER_CHECK(it != attributes_.end(), "removeAttribute: no attribute '", name.toUnqualString(), "'");
  attributes_.erase(attributes_.begin() + (it - attributes_.begin()));
  return this;
}

Node* Node::copyAttributes(const Node& from) {
  for (const auto& a : from.attributes_) {
    auto it = findAttr(a->name());
    if (it != attributes_.end()) attributes_.erase(attributes_.begin() + (it - attributes_.begin()));
    attributes_.push_back(a->clone());
  }
  return this;
}

template <typename A>
Node* Node::setAttr(Symbol name, typename A::ValueType v) {
  auto fresh = std::make_unique<A>(name, std::move(v));
  auto it = findAttr(name);
  if (it != attributes_.end()) {
    attributes_[static_cast<size_t>(it - attributes_.begin())] = std::move(fresh);
  } else {
    attributes_.push_back(std::move(fresh));
  }
  return this;
}

template <typename A>
const typename A::ValueType& Node::getAttr(Symbol name) const {
  const AttributeValue& a = attribute(name);
  const auto* typed = dynamic_cast<const A*>(&a);
  EMBER_CHECK(typed != nullptr, "attribute '", name.toUnqualString(), "' of ", kind_.toQualString(), " is of kind ",
              attributeKindName(a.kind()), ", not ", attributeKindName(A(name, typename A::ValueType()).kind()));
  return typed->value();
}

#define EMBER_INSTANTIATE_ATTR(Attr)                                                        \
  template Node* Node::setAttr<Attr>(Symbol, Attr::ValueType);                              \
  template const Attr::ValueType& Node::getAttr<Attr>(Symbol) const;
EMBER_INSTANTIATE_ATTR(FloatAttr)
EMBER_INSTANTIATE_ATTR(FloatsAttr)
EMBER_INSTANTIATE_ATTR(IntAttr)
EMBER_INSTANTIATE_ATTR(IntsAttr)
EMBER_INSTANTIATE_ATTR(StringAttr)
EMBER_INSTANTIATE_ATTR(StringsAttr)
EMBER_INSTANTIATE_ATTR(TensorAttr)
EMBER_INSTANTIATE_ATTR(TensorsAttr)
EMBER_INSTANTIATE_ATTR(GraphAttr)
EMBER_INSTANTIATE_ATTR(GraphsAttr)
EMBER_INSTANTIATE_ATTR(TypeAttr)
EMBER_INSTANTIATE_ATTR(TypesAttr)
EMBER_INSTANTIATE_ATTR(IValueAttr)
#undef EMBER_INSTANTIATE_ATTR

const char* attributeKindName(AttributeKind kind) {
  switch (kind) {
    case AttributeKind::f: return "f";
    case AttributeKind::fs: return "fs";
    case AttributeKind::i: return "i";
    case AttributeKind::is: return "is";
    case AttributeKind::s: return "s";
    case AttributeKind::ss: return "ss";
    case AttributeKind::t: return "t";
    case AttributeKind::ts: return "ts";
    case AttributeKind::g: return "g";
    case AttributeKind::gs: return "gs";
    case AttributeKind::ty: return "ty";
    case AttributeKind::tys: return "tys";
    case AttributeKind::ival: return "ival";
  }
  return "?";
}

template <>
std::unique_ptr<AttributeValue> GraphAttr::clone() const {
  return std::make_unique<GraphAttr>(name(), value_ ? value_->copy() : nullptr);
}

template <>
std::unique_ptr<AttributeValue> GraphsAttr::clone() const {
  std::vector<std::shared_ptr<Graph>> copies;
  for (const auto& g : value_) copies.push_back(g ? g->copy() : nullptr);
  return std::make_unique<GraphsAttr>(name(), std::move(copies));
}

// ---- side effects ----

bool Node::hasSideEffects() const {
  static const Symbol kSideEffecting[] = {
      prim::Print,  prim::RaiseException, prim::SetAttr, prim::AddStatValue, prim::TimePoint,
      prim::CallFunction, prim::CallMethod, prim::BailoutTemplate, prim::BailOut, prim::rpc_async,
      prim::rpc_sync, prim::rpc_remote, prim::Enter, prim::Exit, Symbol::aten("warn"), Symbol::aten("save"),
      Symbol::aten("manual_seed"), Symbol::aten("wait"), Symbol::cuda("set_stream"), Symbol::cuda("_set_device"),
      Symbol::cuda("_current_device"), Symbol::cuda("synchronize"),
  };
  return std::find(std::begin(kSideEffecting), std::end(kSideEffecting), kind_) != std::end(kSideEffecting);
}

bool Node::isNondeterministic() const {
  static const Symbol kRandom[] = {
      Symbol::aten("rand"),      Symbol::aten("randn"),      Symbol::aten("randint"),
      Symbol::aten("randperm"),  Symbol::aten("rand_like"),  Symbol::aten("randn_like"),
      Symbol::aten("randint_like"), Symbol::aten("bernoulli"), Symbol::aten("bernoulli_"),
      Symbol::aten("multinomial"), Symbol::aten("normal"),   Symbol::aten("poisson"),
      Symbol::aten("rrelu"),     Symbol::aten("rrelu_with_noise"), Symbol::aten("uniform_"),
      Symbol::aten("normal_"),   Symbol::aten("random_"),    Symbol::aten("exponential_"),
  };
  if (std::find(std::begin(kRandom), std::end(kRandom), kind_) != std::end(kRandom)) return true;
  // Dropout is random only in training mode: its `train` flag is the last input.
  static const Symbol kDropouts[] = {Symbol::aten("dropout"), Symbol::aten("feature_dropout"),
                                     Symbol::aten("alpha_dropout"), Symbol::aten("feature_alpha_dropout")};
  if (std::find(std::begin(kDropouts), std::end(kDropouts), kind_) != std::end(kDropouts)) {
    if (inputs_.empty()) return true;
    auto train = toIValue(inputs_.back());
    return !train || !train->isBool() || train->toBool();
  }
  return false;
}

void Node::dump() const { print(std::cout); }

// ---- iterators ----

template <bool Reverse>
NodeIterator<Reverse>& NodeIterator<Reverse>::operator++() {
  cur_ = Reverse ? cur_->prev() : cur_->next();
  return *this;
}

template <bool Reverse>
NodeIterator<Reverse>& NodeIterator<Reverse>::operator--() {
  cur_ = Reverse ? cur_->next() : cur_->prev();
  return *this;
}

template <bool Reverse>
void NodeIterator<Reverse>::destroyCurrent() {
  Node* n = cur_;
  --*this;
  n->destroy();
}

template <bool Reverse>
NodeIterator<Reverse> NodeRange<Reverse>::begin() const {
  return NodeIterator<Reverse>(Reverse ? head_->prev() : head_->next());
}

template class NodeIterator<false>;
template class NodeIterator<true>;
template class NodeRange<false>;
template class NodeRange<true>;

}  // namespace ember::jit
