// Shape propagation's driver: walks the blocks in order, handles control flow and tuples itself,
// runs operators on representative tensors when everything about their inputs is known, and
// otherwise asks the per-op rules of shape_rules.cpp.
#include "passes/shape_analysis.h"

#include <unordered_map>
#include <unordered_set>

#include "ember/core/operator.h"
#include "ember/core/stack.h"
#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/tensor.h"
#include "passes/jit_log.h"
#include "passes/shape_rules.h"

namespace ember::jit {

namespace {

// Loops whose carried types still change after this many passes over the body get the
// unrefined type (merging only forgets, so real graphs settle in a few).
constexpr int kMaxLoopIterations = 16;

bool isTensorValue(const Value* v) { return v->type()->kind() == TypeKind::TensorType; }

// Ops whose output shapes depend on the input data, so zero-filled inputs would lie.
bool dataDependentShape(const Node* n) {
  static const std::unordered_set<std::string> kNames = {"nonzero",
                                                         "nonzero_numpy",
                                                         "unique",
                                                         "_unique",
                                                         "_unique2",
                                                         "unique_dim",
                                                         "unique_consecutive",
                                                         "masked_select",
                                                         "repeat_interleave",
                                                         "bincount",
                                                         "argwhere",
                                                         "histc",
                                                         "tensor_split",
                                                         "item",
                                                         "tolist",
                                                         "_local_scalar_dense",
                                                         "multinomial",
                                                         "randperm"};
  if (n->kind() == prim::NumToTensor) return false;
  if (!n->kind().is_aten()) return true;  // only aten ops and NumToTensor are known to be shape-pure
  if (kNames.count(std::string(n->kind().toUnqualString()))) return true;
  if (n->kind() == aten::index) return true;  // boolean masks select a data-dependent count
  return false;
}

TypePtr mergeTypes(const TypePtr& a, const TypePtr& b) {
  auto ta = std::dynamic_pointer_cast<TensorType>(a);
  auto tb = std::dynamic_pointer_cast<TensorType>(b);
  if (ta && tb) return ta->merge(*tb);
  return a;
}

void setUnshaped(Node* n) {
  for (Value* out : n->outputs())
    if (isTensorValue(out)) out->setType(TensorType::get());
}

class ShapePropagator {
 public:
  void runBlock(Block* block) {
    for (Node* n : block->nodes()) visit(n);
  }

 private:
  void visit(Node* n) {
    if (n->kind() == prim::If) return visitIf(n);
    if (n->kind() == prim::Loop) return visitLoop(n);
    if (n->kind() == prim::Constant) return;
    if (n->kind() == prim::TupleConstruct) {
      std::vector<TypePtr> elems;
      for (Value* in : n->inputs()) elems.push_back(in->type());
      if (n->output()->type()->kind() == TypeKind::TupleType)
        n->output()->setType(n->output()->type()->createWithContained(elems));
      return;
    }
    if (n->kind() == prim::TupleUnpack || n->kind() == prim::TupleIndex) return visitTupleRead(n);
    if (n->kind() == prim::ListConstruct) return noteListElements(n);
    if (n->kind() == prim::ListUnpack) return visitListUnpack(n);
    if (n->kind() == aten::__getitem__ && isTensorValue(n->output()) && visitListIndex(n)) return;
    if (!n->blocks().empty()) {
      for (Block* b : n->blocks()) runBlock(b);
      return setUnshaped(n);
    }
    bool anyTensor = false;
    for (Value* out : n->outputs()) anyTensor |= isTensorValue(out) || isTensorList(out);
    if (!anyTensor) return;
    if (runOnRepresentatives(n)) return;
    listElements_.erase(n->outputs().empty() ? nullptr : n->outputs()[0]);
    auto types = applyShapeRule(n);
    if (!types) return setUnshaped(n);
    for (size_t i = 0; i < n->outputs().size(); ++i) {
      Value* out = n->outputs()[i];
      if (!isTensorValue(out)) continue;
      out->setType((*types)[i] ? TypePtr((*types)[i]) : TypePtr(TensorType::get()));
    }
  }

  void visitTupleRead(Node* n) {
    auto tuple = std::dynamic_pointer_cast<TupleType>(n->input(0)->type());
    if (!tuple) return setUnshaped(n);
    const auto& elems = tuple->elements();
    if (n->kind() == prim::TupleUnpack) {
      if (elems.size() != n->outputs().size()) return setUnshaped(n);
      for (size_t i = 0; i < elems.size(); ++i) n->outputs()[i]->setType(elems[i]);
      return;
    }
    auto index = knownValue(n->input(1));
    if (!index || !index->isInt()) return setUnshaped(n);
    int64_t i = index->toInt() < 0 ? index->toInt() + int64_t(elems.size()) : index->toInt();
    if (i < 0 || i >= int64_t(elems.size())) return setUnshaped(n);
    n->output()->setType(elems[i]);
  }

  // Element types of tensor lists (a list type cannot carry them), for prim::ListUnpack.
  void noteListElements(Node* n) {
    if (!isTensorList(n->output())) return;
    std::vector<TypePtr> elems;
    for (Value* in : n->inputs()) elems.push_back(in->type());
    listElements_[n->output()] = std::move(elems);
  }

  static bool isTensorList(const Value* v) {
    auto list = std::dynamic_pointer_cast<ListType>(v->type());
    return list && list->getElementType()->kind() == TypeKind::TensorType;
  }

  // Only a list nothing else can change: its one use is this unpack.
  void visitListUnpack(Node* n) {
    auto it = listElements_.find(n->input(0));
    bool onlyUse = n->input(0)->uses().size() == 1;
    if (it == listElements_.end() || !onlyUse || it->second.size() != n->outputs().size()) return setUnshaped(n);
    for (size_t i = 0; i < n->outputs().size(); ++i)
      if (isTensorValue(n->outputs()[i])) n->outputs()[i]->setType(it->second[i]);
  }

  // list[i] of a tensor list that is only read (indexed, unpacked, measured).
  bool visitListIndex(Node* n) {
    auto it = listElements_.find(n->input(0));
    if (it == listElements_.end()) return false;
    for (const Use& u : n->input(0)->uses()) {
      Symbol k = u.user->kind();
      if (k != aten::__getitem__ && k != prim::ListUnpack && k != aten::len) return false;
    }
    auto index = knownValue(n->input(1));
    if (!index || !index->isInt()) return false;
    int64_t i = index->toInt() < 0 ? index->toInt() + int64_t(it->second.size()) : index->toInt();
    if (i < 0 || i >= int64_t(it->second.size())) return false;
    n->output()->setType(it->second[i]);
    return true;
  }

  void visitIf(Node* n) {
    auto cond = knownValue(n->input(0));
    if (cond && cond->isBool()) {
      // Only the taken branch runs: its types are the If's.
      Block* taken = n->blocks()[cond->toBool() ? 0 : 1];
      runBlock(taken);
      for (size_t i = 0; i < n->outputs().size(); ++i) {
        Value* out = n->outputs()[i];
        if (isTensorValue(out) || out->type()->kind() == TypeKind::TupleType) out->setType(taken->outputs()[i]->type());
      }
      return;
    }
    for (Block* b : n->blocks()) runBlock(b);
    for (size_t i = 0; i < n->outputs().size(); ++i) {
      Value* out = n->outputs()[i];
      if (!isTensorValue(out) && out->type()->kind() != TypeKind::TupleType) continue;
      TypePtr merged = mergeTypes(n->blocks()[0]->outputs()[i]->type(), n->blocks()[1]->outputs()[i]->type());
      if (merged->kind() == out->type()->kind()) out->setType(merged);
    }
  }

  // Carried values start with the loop's inputs' types and are merged with the body's outputs
  // until the body's input types stop changing.
  void visitLoop(Node* n) {
    Block* body = n->blocks()[0];
    size_t carried = n->outputs().size();
    for (size_t i = 0; i < carried; ++i)
      if (isTensorValue(body->inputs()[i + 1])) body->inputs()[i + 1]->setType(n->input(i + 2)->type());
    bool settled = false;
    for (int iteration = 0; iteration < kMaxLoopIterations && !settled; ++iteration) {
      runBlock(body);
      settled = true;
      for (size_t i = 0; i < carried; ++i) {
        Value* in = body->inputs()[i + 1];
        if (!isTensorValue(in)) continue;
        TypePtr merged = mergeTypes(in->type(), body->outputs()[i + 1]->type());
        if (!merged->equals(*in->type())) {
          in->setType(merged);
          settled = false;
        }
      }
    }
    if (!settled) {
      for (size_t i = 0; i < carried; ++i)
        if (isTensorValue(body->inputs()[i + 1])) body->inputs()[i + 1]->setType(TensorType::get());
      runBlock(body);
    }
    for (size_t i = 0; i < carried; ++i)
      if (isTensorValue(n->outputs()[i])) n->outputs()[i]->setType(body->inputs()[i + 1]->type());
  }

  // A zero-filled tensor of a complete type, or nothing.
  static std::optional<Tensor> representative(const TensorType& t, int64_t& budget) {
    if (!t.isComplete() || (t.undefined() && *t.undefined())) return std::nullopt;
    auto sizes = *t.concreteSizes();
    std::vector<int64_t> strides;
    int64_t numel = 1;
    for (size_t i = 0; i < sizes.size(); ++i) {
      int64_t stride = *(*t.strides())[i];
      // odd types (negative sizes or strides) and sizes past the budget are not made
      if (sizes[i] < 0 || stride < 0 || (sizes[i] > 0 && numel > budget / sizes[i])) return std::nullopt;
      strides.push_back(stride);
      numel *= sizes[i];
    }
    budget -= numel;
    if (budget < 0) return std::nullopt;
    try {
      Tensor r = empty_strided(sizes, strides, TensorOptions(*t.scalarType()).device(*t.device()));
      zero_(r);
      return r;
    } catch (const std::exception&) {
      return std::nullopt;  // e.g. a device ember cannot allocate on
    }
  }

  // The input values for running `n`, when all of them are known.
  static std::optional<Stack> representativeInputs(const Node* n) {
    int64_t budget = kMaxRepresentativeElements;
    Stack stack;
    for (const Value* in : n->inputs()) {
      if (auto t = tensorTypeOf(in)) {
        auto r = representative(*t, budget);
        if (!r) return std::nullopt;
        stack.push_back(*r);
        continue;
      }
      auto list = std::dynamic_pointer_cast<ListType>(in->type());
      if (list && list->getElementType()->kind() == TypeKind::TensorType) {
        if (in->node()->kind() != prim::ListConstruct) return std::nullopt;
        std::vector<Tensor> elems;
        for (const Value* e : in->node()->inputs()) {
          auto t = tensorTypeOf(e);
          auto r = t ? representative(*t, budget) : std::nullopt;
          if (!r) return std::nullopt;
          elems.push_back(*r);
        }
        stack.push_back(makeTensorList(elems));
        continue;
      }
      auto known = knownValue(in);
      if (!known || known->isTensor()) return std::nullopt;
      stack.push_back(*known);
    }
    return stack;
  }

  static TypePtr typeOf(const Tensor& t) { return TensorType::fromTensor(t)->withRequiresGrad(std::nullopt); }

  bool runOnRepresentatives(Node* n) {
    if (n->hasSideEffects() || dataDependentShape(n)) return false;
    const Operator* op = n->maybeOperator();
    if (!op) return false;
    auto stack = representativeInputs(n);
    if (!stack) return false;
    try {
      op->getOperation(n)(*stack);
    } catch (const std::exception& e) {
      GRAPH_DEBUG("Could not run ", n->kind().toQualString(), " on representative inputs: ", e.what());
      return false;
    }
    if (stack->size() != n->outputs().size()) return false;
    for (size_t i = 0; i < stack->size(); ++i) {
      if (isTensorValue(n->outputs()[i]) && !(*stack)[i].isTensor()) return false;
    }
    for (size_t i = 0; i < stack->size(); ++i) {
      Value* out = n->outputs()[i];
      if (isTensorValue(out)) out->setType(typeOf((*stack)[i].toTensor()));
      if (isTensorList(out) && (*stack)[i].isTensorList()) {
        std::vector<TypePtr> elems;
        for (const Tensor& t : (*stack)[i].toTensorVector()) elems.push_back(typeOf(t));
        listElements_[out] = std::move(elems);
      }
    }
    return true;
  }

  std::unordered_map<const Value*, std::vector<TypePtr>> listElements_;  // tensor list -> element types
};

TypePtr eraseTensorRefinements(const TypePtr& t) {
  if (t->kind() == TypeKind::TensorType) return TensorType::get();
  if (auto tuple = std::dynamic_pointer_cast<TupleType>(t)) {
    std::vector<TypePtr> elems;
    for (const TypePtr& e : tuple->elements()) elems.push_back(eraseTensorRefinements(e));
    return tuple->createWithContained(elems);
  }
  if (auto list = std::dynamic_pointer_cast<ListType>(t))
    return ListType::create(eraseTensorRefinements(list->getElementType()));
  if (auto opt = std::dynamic_pointer_cast<OptionalType>(t))
    return OptionalType::create(eraseTensorRefinements(opt->getElementType()));
  return t;
}

bool eraseBlock(Block* b) {
  bool changed = false;
  auto erase = [&](Value* v) {
    TypePtr erased = eraseTensorRefinements(v->type());
    if (!erased->equals(*v->type())) {
      v->setType(erased);
      changed = true;
    }
  };
  for (Value* in : b->inputs()) erase(in);
  for (Node* n : b->nodes()) {
    for (Value* out : n->outputs()) erase(out);
    for (Block* sub : n->blocks()) changed |= eraseBlock(sub);
  }
  return changed;
}

std::string typesOf(const Graph& g) { return g.toString(false); }

}  // namespace

bool propagateShapesOnGraph(const std::shared_ptr<Graph>& graph) {
  std::string before = typesOf(*graph);
  ShapePropagator().runBlock(graph->block());
  GRAPH_DUMP("After shape propagation: ", graph);
  return typesOf(*graph) != before;
}

void propagateShapes(std::shared_ptr<Graph>& graph) { propagateShapesOnGraph(graph); }

bool eraseShapeInformation(const std::shared_ptr<Graph>& graph) { return eraseBlock(graph->block()); }

}  // namespace ember::jit
