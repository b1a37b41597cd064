// aten:: operators that read values out of tensors or reason about dtypes: item, result_type,
// can_cast, promote_types, broadcast_tensors/broadcast_to, with PyTorch 1.13's schemas.
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/access.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// item(Tensor self) -> Scalar: an int for integral dtypes, a float for floating ones, a bool
// for bool tensors (as Tensor.item() in Python).
void itemOp(Stack& s) {
  IValue* a = args(s, 1);
  Tensor self = tensorArg(a[0]);
  EMBER_CHECK(self.numel() == 1, "a Tensor with ", self.numel(), " elements cannot be converted to Scalar");
  Scalar v = self.item();
  ret(s, 1, IValue(v));
}

// ---- prim::tolist(Tensor self, int dim, int elem_type): the annotated type of `x.tolist()` ----
// elem_type is the annotation's element kind (0 int, 1 float, 2 bool) and dim its list depth;
// both must match the tensor, as TorchScript checks at run time.
IValue nestedToIValue(const NestedScalars& v, int64_t elemKind, int64_t depth) {
  if (v.isScalar()) {
    const Scalar& x = v.scalar();
    if (elemKind == 0) return x.toLong();
    if (elemKind == 1) return x.toDouble();
    return x.toBool();
  }
  TypePtr elemType = elemKind == 0   ? TypePtr(IntType::get())
                     : elemKind == 1 ? TypePtr(FloatType::get())
                                     : TypePtr(BoolType::get());
  for (int64_t d = 1; d < depth; ++d) elemType = ListType::create(elemType);
  std::vector<IValue> elems;
  elems.reserve(v.list().size());
  for (const NestedScalars& e : v.list()) elems.push_back(nestedToIValue(e, elemKind, depth - 1));
  return makeList(elemType, std::move(elems));
}
void tolistOp(Stack& s) {
  IValue* a = args(s, 3);
  Tensor self = tensorArg(a[0]);
  int64_t dim = intArg(a[1]), elemKind = intArg(a[2]);
  EMBER_CHECK(elemKind >= 0 && elemKind <= 2, "invalid element type code ", elemKind, " for tolist()");
  bool matches = elemKind == 0   ? isIntegralType(self.dtype(), false)
                 : elemKind == 1 ? isFloatingType(self.dtype())
                                 : self.dtype() == ScalarType::Bool;
  EMBER_CHECK(matches, "Output annotation element type and runtime tensor element type must match for tolist()");
  EMBER_CHECK(dim == self.dim(),
              "Output annotation list dimension and runtime tensor dimension must match for tolist()");
  IValue r = nestedToIValue(tolist(self), elemKind, dim);
  ret(s, 3, std::move(r));
}

// ---- dtype reasoning; ScalarType results are ints at run time ----
void resultTypeTensor(Stack& s) {
  IValue* a = args(s, 2);
  ScalarType t = result_type(tensorArg(a[0]), tensorArg(a[1]));
  ret(s, 2, IValue(t));
}
void resultTypeScalar(Stack& s) {
  IValue* a = args(s, 2);
  ScalarType t = result_type(tensorArg(a[0]), scalarArg(a[1]));
  ret(s, 2, IValue(t));
}
void resultTypeScalarTensor(Stack& s) {
  IValue* a = args(s, 2);
  ScalarType t = result_type(scalarArg(a[0]), tensorArg(a[1]));
  ret(s, 2, IValue(t));
}
void resultTypeScalarScalar(Stack& s) {
  IValue* a = args(s, 2);
  ScalarType t = result_type(scalarArg(a[0]), scalarArg(a[1]));
  ret(s, 2, IValue(t));
}
void canCastOp(Stack& s) {
  IValue* a = args(s, 2);
  bool r = can_cast(scalarTypeArg(a[0]), scalarTypeArg(a[1]));
  ret(s, 2, r);
}
void promoteTypesOp(Stack& s) {
  IValue* a = args(s, 2);
  ScalarType t = promote_types(scalarTypeArg(a[0]), scalarTypeArg(a[1]));
  ret(s, 2, IValue(t));
}

// ---- broadcasting ----
void broadcastTensors(Stack& s) {
  IValue* a = args(s, 1);
  std::vector<Tensor> tensors = tensorListArg(a[0]);
  DimVector shape;
  for (const Tensor& t : tensors) shape = broadcast_shapes(shape, t.sizes());
  for (Tensor& t : tensors) t = expand(t, shape);
  retTensorList(s, 1, tensors);
}
void broadcastTo(Stack& s) {
  IValue* a = args(s, 2);
  DimVector sizes = intListArg(a[1]);
  Tensor r = expand(tensorArg(a[0]), sizes);
  ret(s, 2, std::move(r));
}

RegisterOperators reg({
    {"aten::item(Tensor self) -> Scalar", itemOp},
    {"prim::tolist(...) -> ...", tolistOp, AliasAnalysisKind::CONSERVATIVE},
    {"aten::result_type.Tensor(Tensor tensor, Tensor other) -> ScalarType", resultTypeTensor},
    {"aten::result_type.Scalar(Tensor tensor, Scalar other) -> ScalarType", resultTypeScalar},
    {"aten::result_type.Scalar_Tensor(Scalar scalar, Tensor tensor) -> ScalarType", resultTypeScalarTensor},
    {"aten::result_type.Scalar_Scalar(Scalar scalar1, Scalar scalar2) -> ScalarType", resultTypeScalarScalar},
    {"aten::can_cast(ScalarType from, ScalarType to) -> bool", canCastOp},
    {"aten::promote_types(ScalarType type1, ScalarType type2) -> ScalarType", promoteTypesOp},
    {"aten::broadcast_tensors(Tensor[] tensors) -> Tensor[]", broadcastTensors},
    {"aten::broadcast_to(Tensor(a) self, int[] size) -> Tensor(a)", broadcastTo},
});

}  // namespace
}  // namespace ember::jit::aten
