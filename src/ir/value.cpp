// Value: uses, types and debug names.
#include <algorithm>
#include <cctype>

#include "ember/ir/ir.h"

namespace ember::jit {

Value::Value(Node* node, size_t offset)
    : node_(node), offset_(offset), unique_(node->owningGraph()->nextUnique_++), type_(TensorType::get()) {}

Graph* Value::owningGraph() { return node_->owningGraph(); }
const Graph* Value::owningGraph() const { return node_->owningGraph(); }

Value* Value::setType(TypePtr type) {
  EMBER_ASSERT(type != nullptr, "setType(nullptr) on %", debugName());
  type_ = std::move(type);
  return this;
}

void Value::inferTypeFrom(const Tensor& t) { setType(TensorType::fromTensor(t)); }

bool Value::isCompleteTensor() const {
  auto t = type_->cast<TensorType>();
  return t && t->isComplete();
}

bool Value::requiresGrad() const {
  auto t = type_->cast<TensorType>();
  return t && t->requiresGrad().value_or(false);
}

namespace {
bool isNumber(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}
}  // namespace

bool Value::isValidName(const std::string& name) { return name.empty() || !isNumber(name); }

// Note [Debug names]
// Names are unique within a graph. Giving a value a name that another value holds renames the
// other one to `base.N`, where base is the name without a numeric `.N` suffix and N is one
// at least two more than the last suffix handed out for that base (PyTorch's rule, which
// skips a number: renaming `x` twice gives `x.1` then `x.3`). The most recent definition keeps
// the plain name, which keeps graphs readable; matching PyTorch's numbering lets ember's
// graphs print exactly as PyTorch's.
Value* Value::setDebugName(const std::string& name) {
  EMBER_CHECK(isValidName(name), "Invalid name: '", name, "'");
  Graph* g = owningGraph();
  auto& names = g->uniqueNames();
  if (hasDebugName()) {
    names.erase(uniqueName_);
    uniqueName_.clear();
  }
  if (name.empty()) return this;
  auto holder = names.find(name);
  if (holder != names.end()) {
    std::string base = name;
    size_t suffix = 1;
    size_t dot = name.find_last_of('.');
    if (dot != std::string::npos && dot + 1 < name.size() && isNumber(name.substr(dot + 1))) {
      suffix = std::stoull(name.substr(dot + 1));
      base = name.substr(0, dot);
    }
    auto& suffixes = g->nameBaseSuffix();
    if (auto it = suffixes.find(base); it != suffixes.end()) suffix = std::max(suffix, it->second + 1);
    std::string replacement;
    do {
      replacement = base + "." + std::to_string(suffix++);
    } while (names.count(replacement));
    suffixes[base] = suffix;  // one past the suffix used, so the next rename skips a number (as PyTorch)
    holder->second->setDebugName(replacement);
  }
  names[name] = this;
  uniqueName_ = name;
  return this;
}

std::string Value::debugName() const { return hasDebugName() ? uniqueName_ : std::to_string(unique_); }

std::string Value::debugNameBase() const {
  std::string name = debugName();
  size_t dot = name.find_last_of('.');
  if (dot != std::string::npos && dot + 1 < name.size() && isNumber(name.substr(dot + 1))) return name.substr(0, dot);
  return name;
}

void Value::replaceFirstUseWith(Value* newValue) {
  EMBER_ASSERT(owningGraph() == newValue->owningGraph(), "values from different graphs");
  EMBER_CHECK(!uses_.empty(), "replaceFirstUseWith: %", debugName(), " has no uses");
  Use u = uses_.front();
  u.user->inputs_[u.offset] = newValue;
  newValue->uses_.push_back(u);
  uses_.erase(uses_.begin());
}

void Value::replaceAllUsesWith(Value* newValue) {
  EMBER_ASSERT(owningGraph() == newValue->owningGraph(), "values from different graphs");
  if (newValue == this) return;
  for (const Use& u : uses_) {
    u.user->inputs_[u.offset] = newValue;
    newValue->uses_.push_back(u);
  }
  uses_.clear();
}

namespace {
// The ancestor of `n` (n itself or a node owning one of its enclosing blocks) that lies in `b`.
const Node* ancestorIn(const Node* n, const Block* b) {
  while (n && n->owningBlock() != b) {
    const Block* ob = n->owningBlock();
    n = ob ? ob->owningNode() : nullptr;
  }
  return n;
}
}  // namespace

void Value::replaceAllUsesAfterNodeWith(const Node* node, Value* newValue) {
  UseList keep;
  for (const Use& u : uses_) {
    if (u.user->isAfter(node)) {
      u.user->inputs_[u.offset] = newValue;
      newValue->uses_.push_back(u);
    } else {
      keep.push_back(u);
    }
  }
  uses_ = std::move(keep);
}

void Value::replaceAllUsesDominatedByNodeWith(const Node* node, Value* newValue) {
  UseList keep;
  for (const Use& u : uses_) {
    const Node* anc = ancestorIn(u.user, node->owningBlock());
    if (anc && node->isBefore(anc)) {
      u.user->inputs_[u.offset] = newValue;
      newValue->uses_.push_back(u);
    } else {
      keep.push_back(u);
    }
  }
  uses_ = std::move(keep);
}

Value* Value::copyMetadata(Value* from) {
  setType(from->type());
  if (from->hasDebugName()) setDebugName(from->debugName());
  return this;
}

}  // namespace ember::jit
