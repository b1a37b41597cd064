// RemoveMutation. One AliasDb serves the whole pass: after each rewrite it is updated in place
// (the functional result takes over the mutated value's element, the mutated value gets a fresh
// one, the removed node's writes are forgotten) instead of being rebuilt.
#include "passes/remove_mutation.h"

#include <algorithm>
#include <memory>

#include "ember/core/operator.h"
#include "ember/core/symbols.h"
#include "ember/ir/alias_analysis.h"
#include "ember/ir/ir.h"

namespace ember::jit {

namespace {

const char* const kFill = "aten::fill_.Scalar(Tensor(a!) self, Scalar value) -> Tensor(a!)";
const char* const kZero = "aten::zero_(Tensor(a!) self) -> Tensor(a!)";
const char* const kNormal =
    "aten::normal_(Tensor(a!) self, float mean=0., float std=1., *, Generator? generator=None) -> Tensor(a!)";
const char* const kBernoulliFloat =
    "aten::bernoulli_.float(Tensor(a!) self, float p=0.5, *, Generator? generator=None) -> Tensor(a!)";
const char* const kBernoulliTensor =
    "aten::bernoulli_.Tensor(Tensor(a!) self, Tensor p, *, Generator? generator=None) -> Tensor(a!)";

bool isSpecialMappedOp(const Node* n) {
  return n->matches(kFill) || n->matches(kZero) || n->matches(kBernoulliFloat) || n->matches(kBernoulliTensor) ||
         (n->matches(kNormal) && !OperatorRegistry::global().getAllOperatorsFor(Symbol::aten("is_pinned")).empty());
}

std::optional<int64_t> constantInt(const Value* v) {
  std::optional<IValue> c = toIValue(v);
  if (!c || !c->isInt()) return std::nullopt;
  return c->toInt();
}

bool removableSetItem(const Node* n) {
  if (n->kind() != aten::_set_item || n->inputs().size() != 3) return false;
  const Node* list = n->input(0)->node();
  if (list->kind() != prim::ListConstruct) return false;
  std::optional<int64_t> index = constantInt(n->input(1));
  if (!index) return false;
  int64_t size = static_cast<int64_t>(list->inputs().size());
  int64_t i = *index < 0 ? *index + size : *index;
  return i >= 0 && i < size;
}

bool listMutationFollowingListConstruct(const Node* n) {
  if (n->inputs().empty() || n->input(0)->node()->kind() != prim::ListConstruct) return false;
  if (n->input(0)->type()->kind() != TypeKind::ListType) return false;
  if (n->kind() == aten::append) return n->inputs().size() == 2;
  if (n->kind() == Symbol::aten("insert")) return n->inputs().size() == 3 && constantInt(n->input(1)).has_value();
  return removableSetItem(n);
}

class MutationRemover {
 public:
  MutationRemover(std::shared_ptr<Graph> graph, std::function<bool(Node*)> filter = nullptr)
      : graph_(std::move(graph)), filter_(std::move(filter)) {}

  bool removeListMutation() { return removeListMutation(graph_->block()); }
  bool removeTensorMutation() { return removeTensorMutation(graph_->block()); }

 private:
  AliasDb& aliasDb() {
    if (!aliasDb_) aliasDb_ = std::make_unique<AliasDb>(graph_);
    return *aliasDb_;
  }

  // Whether `v` may be observed through something other than itself: it comes from a graph
  // input, a node with blocks or subgraphs or side effects, or may alias that node's inputs.
  bool hasSideEffectOrAlias(Value* v) {
    Node* n = v->node();
    if (n->kind() == prim::Param || !n->blocks().empty() || n->hasAttribute(attr::Subgraph) || hasSideEffectsDeep(n))
      return true;
    return n->kind() != prim::ListConstruct && aliasDb().mayContainAlias(n->inputs(), v);
  }

  bool tryMakeCreationAndMutationAtomic(Value* mutated, Node* mutating) {
    if (hasSideEffectOrAlias(mutated)) return false;
    return aliasDb().moveBeforeTopologicallyValid(mutated->node(), mutating);
  }

  // `%x = prim::If(...)` whose branches each make a fresh value used only as the branch result.
  bool tryMakeUnaliasedIfOutputAndMutationAtomic(Value* mutated, Node* mutating) {
    Node* ifNode = mutated->node();
    if (ifNode->kind() != prim::If) return false;
    for (Block* b : ifNode->blocks()) {
      Value* branchValue = b->outputs()[mutated->offset()];
      if (branchValue->uses().size() > 1 || hasSideEffectOrAlias(branchValue)) return false;
    }
    return aliasDb().moveBeforeTopologicallyValid(ifNode, mutating);
  }

  bool removeListMutation(Block* block) {
    bool changed = false;
    for (auto it = block->nodes().begin(); it != block->nodes().end();) {
      Node* n = *it;
      ++it;
      for (Block* b : n->blocks()) changed |= removeListMutation(b);
      if (!listMutationFollowingListConstruct(n)) continue;
      Value* list = n->input(0);
      if (!tryMakeCreationAndMutationAtomic(list, n)) continue;
      Node* construct = list->node();
      int64_t size = static_cast<int64_t>(construct->inputs().size());
      if (n->kind() == aten::append) {
        construct->addInput(n->input(1));
      } else if (n->kind() == aten::_set_item) {
        int64_t pos = *constantInt(n->input(1));
        if (pos < 0) pos += size;
        construct->replaceInput(static_cast<size_t>(pos), n->input(2));
      } else {  // insert: negative positions count from the end, past the end appends
        int64_t pos = *constantInt(n->input(1));
        if (pos < 0) pos = std::max<int64_t>(pos + size, 0);
        pos = std::min(pos, size);
        construct->insertInput(static_cast<size_t>(pos), n->input(2));
      }
      if (!n->outputs().empty()) n->output()->replaceAllUsesWith(list);
      aliasDb().removeWritesOf(n);
      n->destroy();
      changed = true;
    }
    return changed;
  }

  // An aten op `foo_` writing only its first input, returning it, with a functional `foo`.
  bool inplaceOpVariant(Node* n) {
    if (!n->kind().is_aten()) return false;
    if (isSpecialMappedOp(n)) return true;
    const Operator* op = n->maybeOperator();
    if (!op || op->aliasAnalysisKind() != AliasAnalysisKind::FROM_SCHEMA) return false;
    const std::string& name = op->schema().name();
    if (name.empty() || name.back() != '_') return false;
    if (n->outputs().size() != 1 || n->inputs().empty()) return false;
    ValueSet first{n->input(0)};
    ValueSet rest(n->inputs().begin() + 1, n->inputs().end());
    if (!aliasDb().writesToAlias(n, first) || aliasDb().writesToAlias(n, rest)) return false;
    return !OperatorRegistry::global()
                .getAllOperatorsFor(Symbol::fromQualString(name.substr(0, name.size() - 1)))
                .empty();
  }

  Node* createSpecialMappedOp(Node* n) {
    WithInsertPoint guard(n);
    Graph& g = *graph_;
    ArrayRef<Value*> in = n->inputs();
    Value* out;
    if (n->matches(kFill)) {
      Value* dtype = g.insert(prim::dtype, {in[0]});
      out = g.insert(Symbol::aten("full_like"), {in[0], in[1]}, {NamedValue("dtype", dtype)});
    } else if (n->matches(kZero)) {
      out = g.insert(Symbol::aten("zeros_like"), {in[0]});
    } else if (n->matches(kNormal)) {
      Value* size = g.insert(aten::size, {in[0]});
      Value* dtype = g.insert(prim::dtype, {in[0]});
      Value* layout = g.insert(prim::layout, {in[0]});
      Value* device = g.insert(prim::device, {in[0]});
      Value* pin = g.insert(Symbol::aten("is_pinned"), {in[0]});
      Value* generator = g.insertConstant(IValue());
      Node* normal = g.create(Symbol::aten("normal"), {in[1], in[2], size, generator, dtype, layout, device, pin});
      out = g.insertNode(normal)->output();
    } else {  // bernoulli_.float and bernoulli_.Tensor: bernoulli.p and bernoulli.Tensor, as PyTorch 1.13
      // The generator is keyword-only in the functional schemas.
      out = g.insert(Symbol::aten("bernoulli"), {in[0], in[1]}, {NamedValue("generator", in[2])});
    }
    Node* created = out->node();
    if (n->sourceRange()) created->setSourceRange(*n->sourceRange());
    out->setType(n->output()->type());
    return created;
  }

  // Like `foo_` but functional; nullptr if `foo` has no schema matching these inputs.
  Node* createFunctionalOp(Node* n) {
    const std::string& name = n->schema().name();
    Node* f = graph_->create(Symbol::fromQualString(name.substr(0, name.size() - 1)), n->inputs(), 1);
    f->insertBefore(n);
    if (n->sourceRange()) f->setSourceRange(*n->sourceRange());
    f->output()->setType(n->output()->type());
    if (!f->maybeOperator()) {
      f->destroy();
      return nullptr;
    }
    return f;
  }

  bool removeTensorMutation(Block* block) {
    bool changed = false;
    for (auto it = block->nodes().begin(); it != block->nodes().end();) {
      Node* n = *it;
      ++it;
      for (Block* b : n->blocks()) changed |= removeTensorMutation(b);
      if (filter_ && !filter_(n)) continue;
      if (!inplaceOpVariant(n)) continue;
      Value* mutated = n->input(0);
      if (!tryMakeCreationAndMutationAtomic(mutated, n) && !tryMakeUnaliasedIfOutputAndMutationAtomic(mutated, n))
        continue;
      Node* functional = isSpecialMappedOp(n) ? createSpecialMappedOp(n) : createFunctionalOp(n);
      if (!functional) continue;
      Value* result = functional->output();
      // Later readers of the mutated value see the new result; the mutated value keeps the
      // readers before the mutation and becomes memory of its own.
      mutated->replaceAllUsesAfterNodeWith(n, result);
      n->output()->replaceAllUsesWith(result);
      aliasDb().replaceWithNewValue(mutated, result);
      aliasDb().createValue(mutated);
      aliasDb().removeWritesOf(n);
      n->destroy();
      changed = true;
    }
    return changed;
  }

  std::shared_ptr<Graph> graph_;
  std::function<bool(Node*)> filter_;
  std::unique_ptr<AliasDb> aliasDb_;
};

}  // namespace

bool removeListMutation(const std::shared_ptr<Graph>& graph) { return MutationRemover(graph).removeListMutation(); }

bool removeTensorMutation(const std::shared_ptr<Graph>& graph, const std::function<bool(Node*)>& filter) {
  return MutationRemover(graph, filter).removeTensorMutation();
}

bool removeMutation(const std::shared_ptr<Graph>& graph) {
  bool lists = removeListMutation(graph);
  bool tensors = removeTensorMutation(graph);
  return lists || tensors;
}

}  // namespace ember::jit
