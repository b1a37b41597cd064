// aten::gradient, all seven overloads of PyTorch 1.13 (spacing: none, a Scalar, a Scalar list or
// a Tensor list of coordinates; dim: none, an int or an int list), returning Tensor[].
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/shape_extra.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

std::vector<Scalar> scalarListArg(const IValue& v) {
  if (!v.isList()) throwArgType(v, "List[Scalar]");
  std::vector<Scalar> out;
  for (const auto& e : v.toListRef().elements) out.push_back(scalarArg(e));
  return out;
}
std::optional<DimVector> oneDim(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return DimVector{intArg(v)};
}

// gradient.scalarint(self, *, Scalar? spacing, int? dim, int edge_order)
void scalarInt(Stack& s) {
  IValue* a = args(s, 4);
  std::vector<Scalar> spacing;
  if (!a[1].isNone()) spacing.push_back(scalarArg(a[1]));
  retTensorList(s, 4, gradient(tensorArg(a[0]), spacing, oneDim(a[2]), intArg(a[3])));
}
// gradient.scalararray(self, *, Scalar spacing, int[] dim, int edge_order): the step of every dim.
void scalarArray(Stack& s) {
  IValue* a = args(s, 4);
  DimVector dims = intListArg(a[2]);
  std::vector<Scalar> spacing(dims.size(), scalarArg(a[1]));
  retTensorList(s, 4, gradient(tensorArg(a[0]), spacing, dims, intArg(a[3])));
}
// gradient.array(self, *, int[] dim, int edge_order)
void array(Stack& s) {
  IValue* a = args(s, 3);
  retTensorList(s, 3, gradient(tensorArg(a[0]), ArrayRef<Scalar>(), intListArg(a[1]), intArg(a[2])));
}
// gradient.scalarrayint(self, *, Scalar[] spacing, int? dim, int edge_order)
void scalarListInt(Stack& s) {
  IValue* a = args(s, 4);
  retTensorList(s, 4, gradient(tensorArg(a[0]), scalarListArg(a[1]), oneDim(a[2]), intArg(a[3])));
}
// gradient.scalarrayarray(self, *, Scalar[] spacing, int[] dim, int edge_order)
void scalarListArray(Stack& s) {
  IValue* a = args(s, 4);
  retTensorList(s, 4, gradient(tensorArg(a[0]), scalarListArg(a[1]), intListArg(a[2]), intArg(a[3])));
}
// gradient.tensorarrayint(self, *, Tensor[] spacing, int? dim, int edge_order)
void tensorListInt(Stack& s) {
  IValue* a = args(s, 4);
  std::vector<Tensor> coords = tensorListArg(a[1]);
  retTensorList(s, 4, gradient(tensorArg(a[0]), ArrayRef<Tensor>(coords), oneDim(a[2]), intArg(a[3])));
}
// gradient.tensorarray(self, *, Tensor[] spacing, int[] dim, int edge_order)
void tensorListArray(Stack& s) {
  IValue* a = args(s, 4);
  std::vector<Tensor> coords = tensorListArg(a[1]);
  retTensorList(s, 4, gradient(tensorArg(a[0]), ArrayRef<Tensor>(coords), intListArg(a[2]), intArg(a[3])));
}

RegisterOperators reg({
    {"aten::gradient.scalarint(Tensor self, *, Scalar? spacing=None, int? dim=None, int edge_order=1) -> Tensor[]",
     scalarInt},
    {"aten::gradient.scalararray(Tensor self, *, Scalar spacing, int[] dim, int edge_order=1) -> Tensor[]",
     scalarArray},
    {"aten::gradient.array(Tensor self, *, int[] dim, int edge_order=1) -> Tensor[]", array},
    {"aten::gradient.scalarrayint(Tensor self, *, Scalar[] spacing, int? dim=None, int edge_order=1) -> Tensor[]",
     scalarListInt},
    {"aten::gradient.scalarrayarray(Tensor self, *, Scalar[] spacing, int[] dim, int edge_order=1) -> Tensor[]",
     scalarListArray},
    {"aten::gradient.tensorarrayint(Tensor self, *, Tensor[] spacing, int? dim=None, int edge_order=1) -> Tensor[]",
     tensorListInt},
    {"aten::gradient.tensorarray(Tensor self, *, Tensor[] spacing, int[] dim, int edge_order=1) -> Tensor[]",
     tensorListArray},
});

}  // namespace
}  // namespace ember::jit::aten
