// The helpers of symbolic backward graphs (runtime/autodiff/differentiate.h), where None stands
// for a zero gradient:
//  - prim::AutogradAdd(a, b): the sum of two gradients, either of which may be None;
//  - ember::autodiff_grad_to(g, size, dtype): what the eager engine does to each gradient a
//    formula returns: summed down to the input's sizes when it was broadcast, cast to its dtype;
//  - ember::autodiff_fill(g, size, dtype): g, or zeros of that geometry when it is None (a
//    formula's `grad` is always a tensor).
// Their tensor work goes through the recorded operator calls, so that a backward graph run under
// create_graph records them (double backward). Their schemas say Any, not Tensor: an Any result
// is not something autograd records a node for.
#include "ember/runtime/autograd.h"
#include "ember/runtime/register_operators.h"
#include "ember/tensor.h"

namespace ember::jit {
namespace {

bool isDefinedTensor(const IValue& v) { return v.isTensor() && v.unsafeToTensorImpl() != nullptr; }

// An operator looked up once, called through autograd's recording (backward graphs run under
// create_graph must be recorded).
struct RecordedOp {
  const FunctionSchema* schema;
  NodeOperation op;
  size_t numArgs;
  explicit RecordedOp(const char* name) {
    OperatorPtr o = OperatorRegistry::global().findOperator(std::string_view(name));
    EMBER_ASSERT(o && o->hasOperation(), "operator ", name, " is not registered");
    schema = &o->schema();
    op = NodeOperation(o->operation());
    numArgs = schema->arguments().size();
  }
  void operator()(Stack& s) const { autograd::recordedCall(schema, op, s, numArgs); }
};

void autogradAdd(Stack& s) {
  IValue b = std::move(s.back());
  s.pop_back();
  IValue a = std::move(s.back());
  s.pop_back();
  if (!isDefinedTensor(a)) {
    s.push_back(isDefinedTensor(b) ? std::move(b) : IValue());
    return;
  }
  if (!isDefinedTensor(b)) {
    s.push_back(std::move(a));
    return;
  }
  s.push_back(std::move(a));
  s.push_back(std::move(b));
  s.emplace_back(int64_t{1});
  static const RecordedOp add("aten::add.Tensor");
  add(s);
}

void gradTo(Stack& s) {
  const auto dtype = static_cast<ScalarType>(s.back().toInt());
  s.pop_back();
  std::vector<int64_t> size = s.back().toIntVector();
  s.pop_back();
  if (!isDefinedTensor(s.back())) return;  // None stays None
  if (s.back().toTensor().sizes() != IntArrayRef(size)) {
    s.push_back(makeIntList(size));
    static const RecordedOp sumToSize("aten::sum_to_size");
    sumToSize(s);
  }
  if (s.back().toTensor().dtype() != dtype) {
    s.emplace_back(static_cast<int64_t>(dtype));
    s.emplace_back(false);
    s.emplace_back(false);
    s.emplace_back();
    static const RecordedOp to("aten::to.dtype");
    to(s);
  }
}

void fill(Stack& s) {
  const auto dtype = static_cast<ScalarType>(s.back().toInt());
  s.pop_back();
  std::vector<int64_t> size = s.back().toIntVector();
  s.pop_back();
  if (isDefinedTensor(s.back())) return;
  s.back() = IValue(ember::zeros(size, TensorOptions(dtype)));
}

RegisterOperators reg({
    Operator("prim::AutogradAdd(Any a, Any b) -> Any", autogradAdd, AliasAnalysisKind::PURE_FUNCTION),
    Operator("ember::autodiff_grad_to(Any grad, int[] size, int dtype) -> Any", gradTo,
             AliasAnalysisKind::PURE_FUNCTION),
    Operator("ember::autodiff_fill(Any grad, int[] size, int dtype) -> Any", fill, AliasAnalysisKind::PURE_FUNCTION),
});

}  // namespace
}  // namespace ember::jit
