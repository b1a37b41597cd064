// Three walks, as PyTorch makes them: the local rewrites (nested blocks first, node by node),
// then list idioms, then the tensor-property constants. Constants replace a node right where it
// was, so the printed order matches PyTorch's.
#include "passes/peephole.h"

#include "ember/core/ivalue.h"
#include "ember/core/symbols.h"
#include "ember/core/type.h"
#include "ember/ir/ir.h"
#include "passes/dead_code_elimination.h"
#include "passes/jit_log.h"
#include "passes/jit_opt_limit.h"

namespace ember::jit {
namespace {

bool isImmutableScalar(const TypePtr& t) {
  TypeKind k = t->kind();
  return k == TypeKind::IntType || k == TypeKind::FloatType || k == TypeKind::BoolType || k == TypeKind::NumberType;
}

// The types whose self-comparison PyTorch folds: those whose `==` cannot throw.
bool foldsSelfComparison(const TypePtr& t) {
  if (isImmutableScalar(t)) return true;
  if (auto list = t->castRaw<ListType>()) return isImmutableScalar(list->getElementType());
  if (auto dict = t->castRaw<DictType>())
    return isImmutableScalar(dict->getKeyType()) && isImmutableScalar(dict->getValueType());
  return false;
}

bool isInt(const Value* v) { return v->type()->kind() == TypeKind::IntType; }

std::optional<int64_t> constantInt(const Value* v) {
  auto c = toIValue(v);
  if (c && c->isInt()) return c->toInt();
  return std::nullopt;
}

const TensorType* tensorType(const Value* v) { return v->type()->castRaw<TensorType>(); }

bool mustBeNone(const Value* v) {
  return v->type()->kind() == TypeKind::NoneType ||
         (v->node()->kind() == prim::Constant && toIValue(v) && toIValue(v)->isNone());
}

// Conservative where PyTorch is not: Any may hold None too.
bool mustNotBeNone(const Value* v) {
  const TypePtr& t = v->type();
  if (t->kind() == TypeKind::NoneType || t->kind() == TypeKind::AnyType || t->castRaw<OptionalType>()) return false;
  if (auto u = t->castRaw<UnionType>()) return !u->canHoldType(*NoneType::get());
  return true;
}

Value* insertConstantAt(Node* n, const IValue& value) {
  WithInsertPoint guard(n);
  return n->owningGraph()->insertConstant(value);
}

// The value `n`'s single output can be replaced with, or nullptr.
Value* simplifyIntArithmetic(Node* n) {
  if (n->inputs().size() != 2 || !isInt(n->input(0)) || !isInt(n->input(1)) || !isInt(n->output())) return nullptr;
  auto lhs = constantInt(n->input(0)), rhs = constantInt(n->input(1));
  Symbol k = n->kind();
  if (k == aten::add && rhs == 0) return n->input(0);
  if (k == aten::add && lhs == 0) return n->input(1);
  if (k == aten::sub && rhs == 0) return n->input(0);
  if (k == aten::mul && rhs == 1) return n->input(0);
  if (k == aten::mul && lhs == 1) return n->input(1);
  if (k == aten::floordiv && rhs == 1) return n->input(0);
  return nullptr;
}

bool isIntAddOrSub(const Node* n) {
  return (n->kind() == aten::add || n->kind() == aten::sub) && n->inputs().size() == 2 && n->outputs().size() == 1 &&
         isInt(n->input(0)) && isInt(n->input(1)) && isInt(n->output());
}

// `v` as x + offset when it is an int add or sub with one constant operand (either side of an
// add, the right of a sub).
std::optional<std::pair<Value*, int64_t>> offsetForm(Value* v) {
  Node* n = v->node();
  if (!isIntAddOrSub(n)) return std::nullopt;
  auto lhs = constantInt(n->input(0)), rhs = constantInt(n->input(1));
  if (n->kind() == aten::add && rhs && !lhs) return std::pair{n->input(0), *rhs};
  if (n->kind() == aten::add && lhs && !rhs) return std::pair{n->input(1), *lhs};
  if (n->kind() == aten::sub && rhs && !lhs) return std::pair{n->input(0), int64_t(0ULL - uint64_t(*rhs))};
  return std::nullopt;
}

int64_t wrappingAdd(int64_t a, int64_t b) { return int64_t(uint64_t(a) + uint64_t(b)); }

// (x + A) + B -> x + (A + B), (x + A) - B -> x - (B - A), and the like, rewriting `n` in place
// (it keeps its kind) with the combined constant inserted before it. Returns the combined
// offset, or nullopt when `n` is not such a chain.
std::optional<int64_t> combineIntOffsets(Node* n) {
  if (!isIntAddOrSub(n)) return std::nullopt;
  auto lhs = constantInt(n->input(0)), rhs = constantInt(n->input(1));
  Value* inner = nullptr;
  int64_t b = 0;
  if (rhs && !lhs) {
    inner = n->input(0);
    b = *rhs;
  } else if (lhs && !rhs && n->kind() == aten::add) {
    inner = n->input(1);
    b = *lhs;
  } else {
    return std::nullopt;
  }
  auto form = offsetForm(inner);
  if (!form || !JIT_OPT_ALLOWED) return std::nullopt;
  bool isAdd = n->kind() == aten::add;
  int64_t total = wrappingAdd(form->second, isAdd ? b : int64_t(0ULL - uint64_t(b)));
  int64_t constant = isAdd ? total : int64_t(0ULL - uint64_t(total));
  GRAPH_UPDATE("Combining int offsets into %", n->output()->debugName());
  Value* c = insertConstantAt(n, IValue(constant));
  n->replaceInput(0, form->first);
  n->replaceInput(1, c);
  return total;
}

Value* simplifyTensorOp(Node* n) {
  Symbol k = n->kind();
  if (k == aten::t && n->inputs().size() == 1 && n->input(0)->node()->kind() == aten::t &&
      n->input(0)->node()->inputs().size() == 1)
    return n->input(0)->node()->input(0);
  if (k == aten::expand && n->inputs().size() == 3) {
    const TensorType* t = tensorType(n->input(0));
    auto sizes = toIValue(n->input(1));
    auto concrete = t ? t->concreteSizes() : std::nullopt;
    if (concrete && sizes && sizes->isList() && sizes->toIntVector() == *concrete) return n->input(0);
  }
  if (k == aten::type_as && n->inputs().size() == 2) {
    const TensorType *a = tensorType(n->input(0)), *b = tensorType(n->input(1));
    if (a && b && a->scalarType() && a->scalarType() == b->scalarType() && a->device() && a->device() == b->device())
      return n->input(0);
  }
  if (k == aten::_grad_sum_to_size && n->inputs().size() == 2 && mustBeNone(n->input(1))) return n->input(0);
  return nullptr;
}

Value* simplifyConversion(Node* n) {
  Symbol k = n->kind();
  if (n->inputs().size() != 1) return nullptr;
  Value* in = n->input(0);
  bool numberFromTensor = k == aten::Int || k == aten::Float || k == aten::IntImplicit || k == aten::FloatImplicit ||
                          k == aten::ScalarImplicit;
  if (numberFromTensor && in->node()->kind() == prim::NumToTensor &&
      *n->output()->type() == *in->node()->input(0)->type())
    return in->node()->input(0);
  static const Symbol kCeil = Symbol::aten("ceil"), kUnwrapOptional = Symbol::aten("_unwrap_optional");
  if ((k == aten::Int || k == kCeil) && isInt(in)) return in;
  if ((k == prim::unchecked_unwrap_optional || k == kUnwrapOptional) && mustNotBeNone(in)) return in;
  if (k == prim::unchecked_cast && unshapedType(in->type())->isSubtypeOf(unshapedType(n->output()->type()))) return in;
  return nullptr;
}

// A constant for the whole node, or nothing.
std::optional<IValue> foldToConstant(Node* n) {
  Symbol k = n->kind();
  if ((k == aten::eq || k == aten::ne) && n->inputs().size() == 2 && n->input(0) == n->input(1) &&
      foldsSelfComparison(n->input(0)->type()) && n->output()->type()->kind() == TypeKind::BoolType)
    return IValue(k == aten::eq);
  if ((k == aten::__is__ || k == aten::__isnot__) && n->inputs().size() == 2) {
    for (size_t i : {0, 1})
      if (mustBeNone(n->input(i)) && mustNotBeNone(n->input(1 - i))) return IValue(k == aten::__isnot__);
  }
  if (k == aten::size && n->inputs().size() == 1) {
    const TensorType* t = tensorType(n->input(0));
    if (auto sizes = t ? t->concreteSizes() : std::nullopt) return makeIntList(*sizes);
  }
  return std::nullopt;
}

bool replaceOutput(Node* n, Value* with) {
  if (!JIT_OPT_ALLOWED) return false;
  GRAPH_UPDATE("Replacing ", n->kind().toQualString(), " output %", n->output()->debugName(), " with %",
               with->debugName());
  n->output()->replaceAllUsesWith(with);
  return true;
}

bool optimizeIf(Node* n) {
  bool changed = false;
  Block* thenBlock = n->blocks()[0];
  Block* elseBlock = n->blocks()[1];
  for (size_t i = 0; i < n->outputs().size(); ++i) {
    Value* out = n->output(i);
    Value* t = thenBlock->outputs()[i];
    Value* e = elseBlock->outputs()[i];
    if (out->type()->kind() == TypeKind::BoolType) {
      auto tc = toIValue(t), ec = toIValue(e);
      if (tc && tc->isBool() && tc->toBool() && ec && ec->isBool() && !ec->toBool() && JIT_OPT_ALLOWED) {
        GRAPH_UPDATE("If output %", out->debugName(), " is its condition");
        out->replaceAllUsesWith(n->input(0));
        changed = true;
      }
    }
    bool branchesDefinite = !t->type()->castRaw<OptionalType>() && !e->type()->castRaw<OptionalType>();
    if (branchesDefinite && out->type()->castRaw<OptionalType>()) {
      if (auto joined = unifyTypes(t->type(), e->type()); joined && JIT_OPT_ALLOWED) {
        out->setType(*joined);
        changed = true;
      }
    }
  }
  return changed;
}

bool optimizeBlock(Block* block) {
  bool changed = false;
  for (auto it = block->nodes().begin(); it != block->nodes().end(); ++it) {
    Node* n = *it;
    for (Block* sub : n->blocks()) changed |= optimizeBlock(sub);
    if (n->kind() == prim::If) {
      changed |= optimizeIf(n);
      continue;
    }
    if (n->outputs().size() != 1 || !n->blocks().empty()) continue;
    // As in PyTorch an unused result counts as a change too, so the DCE afterwards runs.
    if (Value* v = simplifyIntArithmetic(n)) {
      changed |= replaceOutput(n, v);
    } else if (auto offset = combineIntOffsets(n)) {
      changed = true;
      if (*offset == 0) replaceOutput(n, n->input(0));  // x + 0 after combining
    } else if (Value* w = simplifyTensorOp(n)) {
      changed |= replaceOutput(n, w);
    } else if (Value* x = simplifyConversion(n)) {
      changed |= replaceOutput(n, x);
    } else if (auto c = foldToConstant(n); c && JIT_OPT_ALLOWED) {
      n->output()->replaceAllUsesWith(insertConstantAt(n, *c));
      changed = true;
    }
  }
  return changed;
}

// Uses that only read a list (so its ListConstruct's elements stay its elements).
bool readsList(const Use& u) {
  static const Symbol kReaders[] = {aten::len,    aten::__getitem__, aten::__contains__, prim::ListUnpack,
                                    aten::format, prim::Print,       aten::eq,           aten::ne};
  for (Symbol k : kReaders)
    if (u.user->kind() == k) return true;
  return false;
}

bool onlyRead(const Value* list) {
  for (const Use& u : list->uses())
    if (!readsList(u)) return false;
  return true;
}

bool optimizeListIdioms(Block* block) {
  bool changed = false;
  for (Node* n : block->nodes()) {
    for (Block* sub : n->blocks()) changed |= optimizeListIdioms(sub);
    bool isLen = n->kind() == aten::len && n->inputs().size() == 1;
    bool isGet = n->kind() == aten::__getitem__ && n->inputs().size() == 2;
    if (!isLen && !isGet) continue;
    Node* list = n->input(0)->node();
    if (list->kind() != prim::ListConstruct || !onlyRead(list->output())) continue;
    auto size = static_cast<int64_t>(list->inputs().size());
    if (isLen) {
      if (!JIT_OPT_ALLOWED) continue;
      n->output()->replaceAllUsesWith(insertConstantAt(n, IValue(size)));
      changed = true;
      continue;
    }
    auto index = constantInt(n->input(1));
    if (!index) continue;
    int64_t i = *index < 0 ? *index + size : *index;
    if (i < 0 || i >= size) continue;  // raises at run time
    changed |= replaceOutput(n, list->input(static_cast<size_t>(i)));
  }
  return changed;
}

// x.dim(), x.dtype, x.device, x.is_cuda from what x's type knows.
std::optional<IValue> tensorProperty(const Node* n) {
  Symbol k = n->kind();
  if (n->inputs().size() != 1 || n->outputs().size() != 1) return std::nullopt;
  const TensorType* t = tensorType(n->input(0));
  if (!t) return std::nullopt;
  if (k == aten::dim && t->dim()) return IValue(static_cast<int64_t>(*t->dim()));
  if (k == prim::dtype && t->scalarType()) return IValue(*t->scalarType());
  if (k == prim::device && t->device()) return IValue(*t->device());
  if (k == prim::is_cuda && t->device()) return IValue(t->device()->isCuda());
  return std::nullopt;
}

bool optimizeTensorProperties(Block* block) {
  bool changed = false;
  for (Node* n : block->nodes()) {
    for (Block* sub : n->blocks()) changed |= optimizeTensorProperties(sub);
    auto value = tensorProperty(n);
    if (!value || !JIT_OPT_ALLOWED) continue;
    GRAPH_UPDATE("Replacing ", n->kind().toQualString(), " with a constant");
    n->output()->replaceAllUsesWith(insertConstantAt(n, *value));
    changed = true;
  }
  return changed;
}

}  // namespace

bool peepholeOptimize(const std::shared_ptr<Graph>& graph) {
  bool changed = optimizeBlock(graph->block());
  changed |= optimizeListIdioms(graph->block());
  changed |= optimizeTensorProperties(graph->block());
  GRAPH_DUMP("After PeepholeOptimize: ", graph);
  if (changed) eliminateDeadCode(graph);
  return changed;
}

}  // namespace ember::jit
