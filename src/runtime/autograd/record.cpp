// The one place where autograd meets operator calls (see ember/runtime/autograd.h): versions of
// written tensors, refusal of in-place writes autograd cannot record, and the backward node of
// an op whose inputs require grad, with what its derivative formula needs saved.
#include <algorithm>

#include "ember/core/operator.h"
#include "ember/runtime/grad_mode.h"
#include "runtime/autograd/autograd_meta.h"
#include "runtime/autograd/composite_ops.h"
#include "runtime/autograd/copy_slices.h"
#include "runtime/autograd/decompositions.h"
#include "runtime/autograd/formula_node.h"
#include "runtime/autograd/not_implemented.h"
#include "runtime/autograd/output_differentiability.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::autograd {

namespace {

using jit::Argument;
using jit::FunctionSchema;
using jit::IValue;
using jit::Stack;
using jit::TypeKind;

enum class TensorArgKind : uint8_t { None, Tensor, List };

// Tensor, Tensor? -> Tensor; Tensor[], Tensor?[] -> List.
TensorArgKind tensorArgKind(const jit::TypePtr& type) {
  const jit::Type* t = type.get();
  if (t->kind() == TypeKind::OptionalType) t = t->castRaw<jit::OptionalType>()->getElementType().get();
  if (t->kind() == TypeKind::TensorType) return TensorArgKind::Tensor;
  if (t->kind() == TypeKind::ListType) {
    const jit::Type* e = t->castRaw<jit::ListType>()->getElementType().get();
    if (e->kind() == TypeKind::OptionalType) e = e->castRaw<jit::OptionalType>()->getElementType().get();
    if (e->kind() == TypeKind::TensorType) return TensorArgKind::List;
  }
  return TensorArgKind::None;
}

bool isNumberType(const jit::TypePtr& type) {
  const jit::Type* t = type.get();
  if (t->kind() == TypeKind::OptionalType) t = t->castRaw<jit::OptionalType>()->getElementType().get();
  return t->kind() == TypeKind::NumberType;
}

// A defined tensor (an IValue may hold an undefined one for a None tensor argument).
bool isDefinedTensor(const IValue& v) { return v.isTensor() && v.unsafeToTensorImpl() != nullptr; }

bool anyRequiresGrad(const IValue& v) {
  if (isDefinedTensor(v)) return v.toTensor().requires_grad();
  if (v.isList())
    for (const IValue& e : v.toListRef().elements)
      if (isDefinedTensor(e) && e.toTensor().requires_grad()) return true;
  return false;
}

// Appends the tensors of one op result (a tensor or a list of them) as output slots.
void appendTensors(const IValue& v, std::vector<Tensor>& out) {
  if (isDefinedTensor(v)) out.push_back(v.toTensor());
  else if (v.isList())
    for (const IValue& e : v.toListRef().elements)
      if (isDefinedTensor(e)) out.push_back(e.toTensor());
}

// PyTorch's errors for in-place writes autograd cannot allow. Returns whether `t` is a view (of a
// tensor with history, or a slice of a larger buffer): the write is then rebased onto the view's
// base (CopySlices, copy_slices.h) when the base is known and dense, else recorded with a node
// that fails in backward.
bool checkInplaceWrite(const FunctionSchema& schema, const Argument& arg, const Tensor& t) {
  EMBER_CHECK(!arg.isOut(), schema.name().substr(6), "(): functions with out=... arguments don't support automatic "
              "differentiation, but one of the arguments requires grad.");
  if (isLeafRequiringGrad(t)) EMBER_ERROR("a leaf Variable that requires grad is being used in an in-place operation.");
  AutogradMeta* meta = autogradMeta(t.impl());
  if (meta && meta->isView && meta->viewBase.defined()) {
    EMBER_CHECK(!isLeafRequiringGrad(meta->viewBase),
                "a view of a leaf Variable that requires grad is being used in an in-place operation.");
    return true;
  }
  return t.storage_offset() != 0 || t.nbytes() != t.storage().nbytes();
}

// The node of an in-place write into a view, and the same for the view's base: backward through
// either raises instead of giving a gradient that misses the write.
void poisonViewWrite(const FunctionSchema& schema, const Tensor& view) {
  auto node = std::make_shared<NotImplementedNode>(
      "ember: backward through an in-place operation on a view (" + schema.name() +
      ") is not supported yet; apply the operation to the base tensor or use its out-of-place form.");
  AutogradMeta& meta = ensureAutogradMeta(view.impl());
  meta.gradFn = node;
  meta.outputNr = 0;
  Tensor(view).set_requires_grad(true);
  if (meta.viewBase.defined()) {
    Tensor base = meta.viewBase;
    AutogradMeta& baseMeta = ensureAutogradMeta(base.impl());
    baseMeta.gradFn = node;
    baseMeta.outputNr = 0;
    base.set_requires_grad(true);
  }
}

// An op returning one view of its first argument (aten::select, slice, view, ...).
bool returnsView(const FunctionSchema& schema) {
  const auto& rets = schema.returns();
  return rets.size() == 1 && rets[0].aliasInfo() && !rets[0].isWrite() &&
         tensorArgKind(rets[0].type()) == TensorArgKind::Tensor && !schema.arguments().empty();
}

// The value a formula parameter named after schema argument `i` receives. A complex Scalar
// arrives conjugated: formulas use Scalars as multipliers of the incoming gradient (mul.Scalar,
// div.Scalar, alpha, value, weight), whose backward multiplies by the conjugate (1j * z sends
// -1j * grad to z, as PyTorch's mul_tensor_backward does). pow, which does more with its
// Scalar, is differentiated as pow.Tensor_Tensor then (formulaSchemaFor).
IValue formulaValue(const Argument& arg, const IValue& v) {
  if (isNumberType(arg.type()) && (v.isInt() || v.isBool())) return IValue(v.toScalar().toDouble());
  if (isNumberType(arg.type()) && v.isComplexDouble()) return IValue(std::conj(v.toComplexDouble()));
  if (tensorArgKind(arg.type()) == TensorArgKind::Tensor && v.isComplexDouble()) {
    // Not a wrapped number: arithmetic on it inside a formula (1 - weight) stays complex128,
    // where a wrapped complex number would round to the default complex64.
    return IValue(scalar_tensor(v.toScalar(), TensorOptions(ScalarType::ComplexDouble)));
  }
  if (tensorArgKind(arg.type()) == TensorArgKind::Tensor && v.isScalar())
    return IValue(jit::aten::wrappedScalarTensor(v.toScalar()));
  return v;
}

struct Recording {
  std::shared_ptr<Node> node;
  FormulaNode* formulaNode = nullptr;
  // Formula parameters filled after the call: (param index, output slot).
  std::vector<std::pair<size_t, size_t>> results;
  bool recompute = false;  // rec.node is a decomposition's RecomputeNode
};

// Binds the formula's parameters that come from the inputs, before the op runs (in-place ops
// overwrite them: what a formula reads of a written input is a copy with the input's history).
void bindInputs(const FunctionSchema& schema, const Formula& formula, const IValue* args, FormulaNode& node,
                Recording& rec) {
  const auto& sargs = schema.arguments();
  for (const std::string& name : formula.params) {
    FormulaNode::Param p;
    if (name == "grad" || (name.rfind("grad", 0) == 0 && name.size() > 4 && std::isdigit(name[4]))) {
      p.kind = FormulaNode::Param::Kind::Grad;
      p.index = name == "grad" ? 0 : std::stoul(name.substr(4));
    } else if (name == "grads") {
      p.kind = FormulaNode::Param::Kind::GradList;
    } else if (name.rfind("result", 0) == 0) {
      p.kind = FormulaNode::Param::Kind::Result;
      p.index = name == "result" ? 0 : std::stoul(name.substr(6));
      rec.results.emplace_back(node.params().size(), p.index);
    } else {
      // An argument's own name (kernel_size), else `<arg>_size` for a tensor argument's sizes.
      auto find = [&](const std::string& n) {
        size_t i = 0;
        while (i < sargs.size() && sargs[i].name() != n) ++i;
        return i;
      };
      size_t i = find(name);
      const bool wantsSize = i == sargs.size() && name.size() > 5 && name.compare(name.size() - 5, 5, "_size") == 0;
      if (wantsSize) i = find(name.substr(0, name.size() - 5));
      EMBER_ASSERT(i < sargs.size(), "derivative formula ", formula.defName, " reads unknown argument ", name);
      IValue v = formulaValue(sargs[i], args[i]);
      if (v.isTensor() && !isDefinedTensor(v)) v = IValue();
      if (wantsSize) {
        p.kind = FormulaNode::Param::Kind::Value;
        p.value = jit::makeIntList(v.toTensor().sizes());
      } else if (v.isTensor()) {
        p.kind = FormulaNode::Param::Kind::SavedTensor;
        Tensor t = v.toTensor();
        if (sargs[i].isWrite()) {
          // The value before the write, carrying the input's history as it was.
          Tensor before = ember::clone(t);
          if (AutogradMeta* m = autogradMeta(t.impl()); m && m->gradFn) {
            std::shared_ptr<Node> fn = m->gradFn;
            const uint32_t nr = m->outputNr;
            AutogradMeta& bm = ensureAutogradMeta(before.impl());
            bm.gradFn = std::move(fn);
            bm.outputNr = nr;
            before.set_requires_grad(true);
          } else if (t.requires_grad()) {
            before.set_requires_grad(true);
          }
          t = before;
        }
        p.saved = SavedTensor(t, false);
      } else {
        p.kind = FormulaNode::Param::Kind::Value;
        p.value = std::move(v);
      }
    }
    node.params().push_back(std::move(p));
  }
}

// The edges to the inputs' gradients (one per tensor, lists flattened) and their geometry.
// The schema whose formula differentiates a call of `schema`: itself, except for pow and lerp
// with a complex Scalar (x ** 1j, 2j ** x, lerp(a, b, 0.5j)), whose formulas compute with the
// Scalar as a real number: their Tensor overload's formula takes it as a wrapped 0-dim tensor
// (formulaValue), and its gradient for that tensor has no edge to go to.
const FunctionSchema& formulaSchemaFor(const FunctionSchema& schema, const IValue* args) {
  struct Twin {
    const char* name;
    const char* overload;
    size_t scalarArg;
    const char* tensorOverload;
  };
  static const Twin kTwins[] = {{"aten::pow", "Tensor_Scalar", 1, "aten::pow.Tensor_Tensor"},
                                {"aten::pow", "Scalar", 0, "aten::pow.Tensor_Tensor"},
                                {"aten::lerp", "Scalar", 2, "aten::lerp.Tensor"}};
  for (const Twin& t : kTwins) {
    if (schema.name() != t.name || schema.overloadName() != t.overload || !args[t.scalarArg].isComplexDouble())
      continue;
    jit::OperatorPtr twin = jit::OperatorRegistry::global().findOperator(std::string_view(t.tensorOverload));
    EMBER_ASSERT(twin, t.tensorOverload, " is not registered");
    return twin->schema();
  }
  return schema;
}

void bindEdges(const FunctionSchema& schema, const IValue* args, Node& node, FormulaNode* formulaNode) {
  const auto& sargs = schema.arguments();
  auto addEdge = [&](const IValue& v) {
    const bool isTensor = isDefinedTensor(v);
    node.mutableNextEdges().push_back(isTensor ? gradientEdge(v.toTensor()) : Edge{});
    if (formulaNode) {
      TensorGeometry g;
      if (isTensor) {
        g.sizes = DimVector(v.toTensor().sizes());
        g.dtype = v.toTensor().dtype();
      }
      formulaNode->inputs().push_back(std::move(g));
    }
  };
  for (size_t i = 0; i < sargs.size(); ++i) {
    TensorArgKind kind = tensorArgKind(sargs[i].type());
    if (kind == TensorArgKind::None) continue;
    if (kind == TensorArgKind::Tensor) {
      addEdge(args[i]);
      if (formulaNode) formulaNode->tensorArgs().emplace_back(1, false);
      continue;
    }
    size_t n = 0;
    if (args[i].isList())
      for (const IValue& e : args[i].toListRef().elements) {
        addEdge(e);
        ++n;
      }
    if (formulaNode) formulaNode->tensorArgs().emplace_back(n, true);
  }
}

// After the call: the outputs get the node as their grad_fn; results the formula reads are saved.
void attachOutputs(const FunctionSchema& schema, const IValue* args, size_t nIn, const IValue* outs, size_t nOut,
                   Recording& rec) {
  std::vector<Tensor> inputs;  // a handful: a linear search beats a hash set
  for (size_t i = 0; i < nIn; ++i) appendTensors(args[i], inputs);
  std::vector<Tensor> slots;
  for (size_t i = 0; i < nOut; ++i) appendTensors(outs[i], slots);
  if (rec.recompute) setRecomputeOutputs(*rec.node, slots.size());
  bool isView = false;
  for (const Argument& r : schema.returns())
    if (r.aliasInfo() && !r.isWrite()) isView = true;
  if (rec.formulaNode) {
    for (const Tensor& t : slots) rec.formulaNode->outputs().push_back({DimVector(t.sizes()), t.dtype()});
    for (auto [param, slot] : rec.results) {
      const Tensor& t = slots.at(slot);
      rec.formulaNode->params()[param].saved = SavedTensor(t, isFloatingType(t.dtype()) || isComplexType(t.dtype()), static_cast<uint32_t>(slot));
    }
  }
  for (size_t s = 0; s < slots.size(); ++s) {
    const Tensor& t = slots[s];
    if (!isFloatingType(t.dtype()) && !isComplexType(t.dtype())) continue;
    if (!isDifferentiableOutput(schema, s)) continue;
    const bool written =
        std::any_of(inputs.begin(), inputs.end(), [&](const Tensor& in) { return in.impl() == t.impl(); });
    // An op passing an input through (list ops, contiguous of a contiguous tensor) changes
    // nothing; an input it writes is rebased onto the node.
    if (written && !schema.isMutable()) continue;
    AutogradMeta& meta = ensureAutogradMeta(t.impl());
    Tensor(t).set_requires_grad(true);
    meta.gradFn = rec.node;
    meta.outputNr = static_cast<uint32_t>(s);
    if (isView && !written) {
      meta.isView = true;
      meta.viewVersion = versionOf(t.storage().impl());
      // The base: the first tensor argument (views take it as `self`).
      for (size_t i = 0; i < nIn && !meta.viewBase.defined(); ++i)
        if (isDefinedTensor(args[i])) meta.viewBase = args[i].toTensor();
    }
  }
}

}  // namespace

void recordedCall(const jit::FunctionSchema* schema, const jit::NodeOperation& op, Stack& stack, size_t nIn) {
  if (!schema || schema->isVararg() || schema->isVarret() || schema->arguments().size() != nIn ||
      stack.size() < nIn) {
    op(stack);
    return;
  }
  const size_t base = stack.size() - nIn;
  const auto& sargs = schema->arguments();
  const bool gradMode = jit::isGradEnabled();
  bool needsGrad = false, writes = false;
  for (size_t i = 0; i < nIn; ++i) {
    if (sargs[i].isWrite() && isDefinedTensor(stack[base + i])) writes = true;
    if (gradMode && !needsGrad) needsGrad = anyRequiresGrad(stack[base + i]);
  }
  const bool nonDifferentiable = isNonDifferentiable(*schema);
  if ((!writes && !needsGrad) || nonDifferentiable) {
    // A view of a tensor outside autograd: remembered, so that a recorded write into it later
    // (`out = torch.zeros(..); out[0] = x * 2`) can rebase the base's history (copy_slices.h).
    Tensor viewInput;
    if (gradMode && !writes && !nonDifferentiable && returnsView(*schema) && isDefinedTensor(stack[base]))
      viewInput = stack[base].toTensor();
    op(stack);
    if (viewInput.defined() && !stack.empty() && isDefinedTensor(stack.back())) trackView(stack.back().toTensor(), viewInput);
    return;
  }
  if (needsGrad) checkForwardAllowed(*schema);
  // (In-place ops only those whose decomposition writes self through recorded ops, such as dropout_.)
  if (needsGrad && runDecompositionForward(*schema, stack, nIn)) return;
  // Composite operators (composite_ops.h): the calls inside them are recorded.
  if (!writes && isComposite(*schema)) {
    op(stack);
    return;
  }
  std::vector<Tensor> written, writtenViews;
  for (size_t i = 0; i < nIn; ++i)
    if (sargs[i].isWrite() && isDefinedTensor(stack[base + i])) {
      written.push_back(stack[base + i].toTensor());
      if (needsGrad && checkInplaceWrite(*schema, sargs[i], written.back())) writtenViews.push_back(written.back());
    }
  // A written view whose storage changed since its history was recorded reads the base's
  // current history first (the copy saved of it below carries that history).
  if (needsGrad)
    for (const Tensor& t : written) refreshStaleView(t);
  // A write into a view is recorded on the view and rebased onto its base (copy_slices.h) when
  // the base is known; otherwise the view and base get a node that fails in backward.
  Tensor rebaseBase;
  if (writtenViews.size() == 1) {
    rebaseBase = rebaseableBase(writtenViews[0]);
    EMBER_CHECK(!rebaseBase.defined() || !isLeafRequiringGrad(rebaseBase),
                "a view of a leaf Variable that requires grad is being used in an in-place operation.");
  }
  if (!writtenViews.empty() && !rebaseBase.defined()) {
    op(stack);
    for (const Tensor& t : written) bumpVersion(t.storage().impl());
    for (const Tensor& v : writtenViews) poisonViewWrite(*schema, v);
    return;
  }

  // Ops returning no tensor (sizes, list construction, ...) create nothing to differentiate.
  bool tensorResult = false;
  for (const Argument& r : schema->returns()) tensorResult = tensorResult || tensorArgKind(r.type()) != TensorArgKind::None;
  if (!tensorResult && written.empty()) {
    op(stack);
    return;
  }
  Recording rec;
  std::vector<IValue> inputs;
  if (needsGrad) {
    inputs.assign(stack.begin() + static_cast<std::ptrdiff_t>(base), stack.end());
    const FunctionSchema& formulaSchema = formulaSchemaFor(*schema, inputs.data());
    if (const Formula* formula = findFormula(formulaSchema)) {
      auto node = std::make_shared<FormulaNode>(backwardNodeName(*schema), *formula);
      rec.formulaNode = node.get();
      rec.node = node;
      bindInputs(formulaSchema, *formula, inputs.data(), *node, rec);
    } else if (std::shared_ptr<Node> recompute = makeRecomputeNode(*schema, inputs.data(), nIn)) {
      rec.node = std::move(recompute);
      rec.recompute = true;
    } else {
      rec.node = std::make_shared<NotImplementedNode>(notImplementedMessage(*schema));
    }
    bindEdges(formulaSchema, inputs.data(), *rec.node, rec.formulaNode);
  }
  op(stack);
  for (const Tensor& t : written) bumpVersion(t.storage().impl());
  if (!needsGrad) return;
  const size_t nOut = schema->returns().size();
  EMBER_ASSERT(stack.size() >= nOut, "operator ", schema->name(), " left too few results");
  attachOutputs(*schema, inputs.data(), nIn, stack.data() + (stack.size() - nOut), nOut, rec);
  if (rebaseBase.defined() && hasHistory(writtenViews[0])) rebaseViewWrite(writtenViews[0], rebaseBase);
}

void callOperator(const char* name, Stack& stack) {
  jit::OperatorPtr op = jit::OperatorRegistry::global().findOperator(std::string_view(name));
  EMBER_ASSERT(op && op->hasOperation(), "operator ", name, " is not registered");
  recordedCall(&op->schema(), jit::NodeOperation(op->operation()), stack, op->schema().arguments().size());
}

}  // namespace ember::autograd
