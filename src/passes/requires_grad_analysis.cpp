// Requires-grad analysis: one forward walk; loops iterate their body until the carried values'
// flags stop changing (they only ever turn on, so at most one more pass per carried value).
#include "passes/requires_grad_analysis.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "ember/core/function_schema.h"
#include "ember/core/symbols.h"
#include "ember/core/type.h"
#include "ember/ir/ir.h"
#include "ember/tensor/scalar_type.h"
#include "passes/jit_log.h"

namespace ember::jit {

namespace {

// PyTorch's Type::requires_grad: a tensor unless known not to; containers by their contents.
bool typeRequiresGrad(const TypePtr& t) {
  if (auto tensor = std::dynamic_pointer_cast<TensorType>(t)) return tensor->requiresGrad().value_or(true);
  for (const TypePtr& contained : t->containedTypes())
    if (typeRequiresGrad(contained)) return true;
  return false;
}

bool requiresGrad(const Value* v) { return typeRequiresGrad(v->type()); }

bool differentiable(const TensorType& t) {
  return !t.scalarType() || isFloatingType(*t.scalarType()) || isComplexType(*t.scalarType());
}

class RequiresGradPropagator {
 public:
  bool changed() const { return changed_; }

  void runBlock(Block* block) {
    for (Node* n : block->nodes()) visit(n);
  }

 private:
  void set(Value* v, bool r) {
    auto t = std::dynamic_pointer_cast<TensorType>(v->type());
    if (!t || t->requiresGrad() == std::optional<bool>(r)) return;
    v->setType(t->withRequiresGrad(r));
    changed_ = true;
  }

  static bool isComparison(const Node* n) {
    return n->kind() == aten::eq || n->kind() == aten::ne || n->kind() == aten::lt || n->kind() == aten::le ||
           n->kind() == aten::gt || n->kind() == aten::ge;
  }

  static bool isIndexValued(const Node* n) {
    static const std::unordered_set<std::string> kNames = {"argmax",   "argmin",    "argsort",      "nonzero",
                                                           "argwhere", "bucketize", "searchsorted", "bincount"};
    return n->kind().is_aten() && kNames.count(std::string(n->kind().toUnqualString()));
  }

  void visit(Node* n) {
    if (n->kind() == prim::If) return visitIf(n);
    if (n->kind() == prim::Loop) return visitLoop(n);
    for (Block* b : n->blocks()) runBlock(b);
    if (isComparison(n) || n->kind() == aten::detach || isIndexValued(n)) {
      for (Value* out : n->outputs()) set(out, false);
      return;
    }
    if (n->kind() == aten::type_as && !n->inputs().empty()) {
      auto t = std::dynamic_pointer_cast<TensorType>(n->output()->type());
      set(n->output(), requiresGrad(n->input(0)) && t && differentiable(*t));
      return;
    }
    if (n->kind() == prim::TupleConstruct) {
      std::vector<TypePtr> elems;
      for (Value* in : n->inputs()) elems.push_back(in->type());
      TypePtr rebuilt = n->output()->type()->createWithContained(elems);
      if (!rebuilt->equals(*n->output()->type())) {
        n->output()->setType(rebuilt);
        changed_ = true;
      }
      return;
    }
    if (n->kind() == prim::TupleUnpack || n->kind() == prim::TupleIndex) return visitTupleRead(n);
    bool any = false;
    if (n->kind() == aten::tensor) {
      const FunctionSchema* s = n->maybeSchema();
      for (size_t i = 0; s && i < s->arguments().size() && i < n->inputs().size(); ++i) {
        if (s->arguments()[i].name() != "requires_grad") continue;
        auto r = toIValue(n->inputs()[i]);
        any = r && r->isBool() && r->toBool();
      }
    } else {
      for (const Value* in : n->inputs()) any |= operandRequiresGrad(in);
    }
    for (Value* out : n->outputs()) {
      if (isList(out)) listFlags_[out] = any;
      auto t = std::dynamic_pointer_cast<TensorType>(out->type());
      if (!t) continue;
      set(out, any && differentiable(*t));
    }
  }

  // Elements of a tuple keep their own flags.
  void visitTupleRead(Node* n) {
    auto tuple = std::dynamic_pointer_cast<TupleType>(n->input(0)->type());
    const auto* elems = tuple ? &tuple->elements() : nullptr;
    for (size_t i = 0; i < n->outputs().size(); ++i) {
      size_t index = i;
      if (n->kind() == prim::TupleIndex) {
        auto c = toIValue(n->input(1));
        if (!c || !c->isInt() || c->toInt() < 0)
          index = SIZE_MAX;
        else
          index = static_cast<size_t>(c->toInt());
      }
      bool r = elems && index < elems->size() ? typeRequiresGrad((*elems)[index]) : requiresGrad(n->input(0));
      set(n->outputs()[i], r);
    }
  }

  void visitIf(Node* n) {
    for (Block* b : n->blocks()) runBlock(b);
    for (size_t i = 0; i < n->outputs().size(); ++i)
      set(n->outputs()[i], requiresGrad(n->blocks()[0]->outputs()[i]) || requiresGrad(n->blocks()[1]->outputs()[i]));
  }

  void visitLoop(Node* n) {
    Block* body = n->blocks()[0];
    size_t carried = n->outputs().size();
    for (size_t i = 0; i < carried; ++i) set(body->inputs()[i + 1], requiresGrad(n->input(i + 2)));
    for (bool again = true; again;) {
      runBlock(body);
      again = false;
      for (size_t i = 0; i < carried; ++i) {
        Value* in = body->inputs()[i + 1];
        bool tensor = in->type()->kind() == TypeKind::TensorType;
        if (tensor && !requiresGrad(in) && requiresGrad(body->outputs()[i + 1])) {
          set(in, true);
          again = true;
        }
      }
    }
    for (size_t i = 0; i < carried; ++i) set(n->outputs()[i], requiresGrad(body->inputs()[i + 1]));
  }

  static bool isList(const Value* v) { return v->type()->kind() == TypeKind::ListType; }

  // As an operand, a list (of tensors, optional tensors, ...) made by a node this pass saw requires grad as that node's
  // inputs did (a list type cannot say so itself), as long as nothing can change the list:
  // its uses only read it.
  bool operandRequiresGrad(const Value* v) const {
    auto it = listFlags_.find(v);
    if (it == listFlags_.end()) return requiresGrad(v);
    for (const Use& u : v->uses()) {
      Symbol k = u.user->kind();
      bool reads = k == aten::__getitem__ || k == prim::ListUnpack || k == aten::len;
      if (!reads && v->uses().size() != 1) return requiresGrad(v);
    }
    return it->second;
  }

  bool changed_ = false;
  std::unordered_map<const Value*, bool> listFlags_;  // list -> whether its tensors may require grad
};

}  // namespace

bool propagateRequiresGrad(const std::shared_ptr<Graph>& graph) {
  RequiresGradPropagator p;
  p.runBlock(graph->block());
  if (p.changed()) GRAPH_DUMP("After propagate_requires_grad: ", graph);
  return p.changed();
}

}  // namespace ember::jit
