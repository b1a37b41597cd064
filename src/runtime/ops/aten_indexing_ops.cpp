// aten:: operators of the indexing family: advanced indexing (index.Tensor, which TorchScript's
// `t[idx]` with tensor indices compiles to, and index_put_ for `t[idx] = v`), dim-wise gathers,
// scatters, index_add/index_fill, masks and nonzero, with PyTorch 1.13's schemas.
#include "ember/runtime/register_operators.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// The functional result of an op from its n leading arguments; the templates below give the
// functional form (n arguments) and the out= form (n arguments then out).
using Compute = Tensor (*)(IValue* a);
template <Compute F, size_t N>
void functional(Stack& s) {
  IValue* a = args(s, N);
  Tensor r = F(a);
  ret(s, N, std::move(r));
}
template <Compute F, size_t N>
void outForm(Stack& s) {
  IValue* a = args(s, N + 1);
  Tensor out = tensorArg(a[N]);
  writeOut(out, F(a));
  ret(s, N + 1, std::move(out));
}
// In-place forms: `F(self, a)` writes into self (a[0]).
using InplaceCompute = void (*)(const Tensor& self, IValue* a);
template <InplaceCompute F, size_t N>
void inplace(Stack& s) {
  IValue* a = args(s, N);
  Tensor self = tensorArg(a[0]);
  F(self, a);
  ret(s, N, std::move(self));
}

// ---- index / index_put: (self, Tensor?[] indices, ...) ----
Tensor indexCompute(IValue* a) {
  Tensor self = tensorArg(a[0]);
  std::vector<std::optional<Tensor>> indices = optTensorListArg(a[1]);
  return index(self, ArrayRef<std::optional<Tensor>>(indices.data(), indices.size()));
}
// index_put(self, indices, Tensor values, bool accumulate)
void indexPutInto(const Tensor& self, IValue* a) {
  std::vector<std::optional<Tensor>> indices = optTensorListArg(a[1]);
  index_put_(self, ArrayRef<std::optional<Tensor>>(indices.data(), indices.size()), tensorArg(a[2]), boolArg(a[3]));
}
Tensor indexPutCompute(IValue* a) {
  Tensor r = clone(tensorArg(a[0]));
  indexPutInto(r, a);
  return r;
}

// ---- gathers ----
Tensor indexSelectCompute(IValue* a) { return index_select(tensorArg(a[0]), intArg(a[1]), tensorArg(a[2])); }
void indexSelectOut(Stack& s) {
  IValue* a = args(s, 4);
  Tensor out = tensorArg(a[3]);
  index_select_out(out, tensorArg(a[0]), intArg(a[1]), tensorArg(a[2]));
  ret(s, 4, std::move(out));
}
// gather(self, int dim, Tensor index, *, bool sparse_grad)
Tensor gatherCompute(IValue* a) { return gather(tensorArg(a[0]), intArg(a[1]), tensorArg(a[2]), boolArg(a[3])); }
Tensor takeCompute(IValue* a) { return take(tensorArg(a[0]), tensorArg(a[1])); }

// ---- scatters: (self, int dim, Tensor index, Tensor src | Scalar value[, *, str reduce]) ----
void scatterInto(const Tensor& self, IValue* a) {
  int64_t dim = intArg(a[1]);
  Tensor index = tensorArg(a[2]);
  if (a[3].isTensor()) {
    scatter_(self, dim, index, tensorArg(a[3]));
  } else {
    scatter_(self, dim, index, scalarArg(a[3]));
  }
}
void scatterReduceInto(const Tensor& self, IValue* a) {
  int64_t dim = intArg(a[1]);
  Tensor index = tensorArg(a[2]);
  std::string_view reduce = stringArg(a[4]);
  if (a[3].isTensor()) {
    scatter_(self, dim, index, tensorArg(a[3]), reduce);
  } else {
    scatter_(self, dim, index, scalarArg(a[3]), reduce);
  }
}
Tensor scatterCompute(IValue* a) {
  Tensor r = clone(tensorArg(a[0]));
  scatterInto(r, a);
  return r;
}
Tensor scatterReduceCompute(IValue* a) {
  Tensor r = clone(tensorArg(a[0]));
  scatterReduceInto(r, a);
  return r;
}
void scatterAddInto(const Tensor& self, IValue* a) {
  scatter_add_(self, intArg(a[1]), tensorArg(a[2]), tensorArg(a[3]));
}
Tensor scatterAddCompute(IValue* a) {
  return scatter_add(tensorArg(a[0]), intArg(a[1]), tensorArg(a[2]), tensorArg(a[3]));
}

// index_add(self, int dim, Tensor index, Tensor source, *, Scalar alpha)
void indexAddInto(const Tensor& self, IValue* a) {
  index_add_(self, intArg(a[1]), tensorArg(a[2]), tensorArg(a[3]), scalarArg(a[4]));
}
Tensor indexAddCompute(IValue* a) {
  return index_add(tensorArg(a[0]), intArg(a[1]), tensorArg(a[2]), tensorArg(a[3]), scalarArg(a[4]));
}
// index_fill(self, int dim, Tensor index, Scalar | Tensor value)
void indexFillInto(const Tensor& self, IValue* a) {
  int64_t dim = intArg(a[1]);
  Tensor index = tensorArg(a[2]);
  if (a[3].isTensor()) {
    index_fill_(self, dim, index, tensorArg(a[3]));
  } else {
    index_fill_(self, dim, index, scalarArg(a[3]));
  }
}
Tensor indexFillCompute(IValue* a) {
  Tensor r = clone(tensorArg(a[0]));
  indexFillInto(r, a);
  return r;
}

// ---- masks ----
// masked_fill(self, Tensor mask, Scalar | Tensor value)
void maskedFillInto(const Tensor& self, IValue* a) {
  Tensor mask = tensorArg(a[1]);
  if (a[2].isTensor()) {
    masked_fill_(self, mask, tensorArg(a[2]));
  } else {
    masked_fill_(self, mask, scalarArg(a[2]));
  }
}
Tensor maskedFillCompute(IValue* a) {
  Tensor self = tensorArg(a[0]);
  Tensor mask = tensorArg(a[1]);
  return a[2].isTensor() ? masked_fill(self, mask, tensorArg(a[2])) : masked_fill(self, mask, scalarArg(a[2]));
}
Tensor maskedSelectCompute(IValue* a) { return masked_select(tensorArg(a[0]), tensorArg(a[1])); }
Tensor nonzeroCompute(IValue* a) { return nonzero(tensorArg(a[0])); }
void nonzeroNumpy(Stack& s) {
  IValue* a = args(s, 1);
  std::vector<Tensor> r = nonzero_numpy(tensorArg(a[0]));
  retTensorList(s, 1, r);
}

RegisterOperators reg({
    {"aten::index.Tensor(Tensor self, Tensor?[] indices) -> Tensor", functional<indexCompute, 2>},
    {"aten::index.Tensor_out(Tensor self, Tensor?[] indices, *, Tensor(a!) out) -> Tensor(a!)",
     outForm<indexCompute, 2>},
    {"aten::index.Tensor_hacked_twin(Tensor self, Tensor[] indices) -> Tensor", functional<indexCompute, 2>},
    {"aten::index_put_(Tensor(a!) self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor(a!)",
     inplace<indexPutInto, 4>},
    {"aten::index_put_.hacked_twin(Tensor(a!) self, Tensor[] indices, Tensor values, bool accumulate=False) -> "
     "Tensor(a!)",
     inplace<indexPutInto, 4>},
    {"aten::index_put(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor",
     functional<indexPutCompute, 4>},
    {"aten::index_put.hacked_twin(Tensor self, Tensor[] indices, Tensor values, bool accumulate=False) -> Tensor",
     functional<indexPutCompute, 4>},
    {"aten::index_put.out(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False, *, Tensor(a!) out) "
     "-> Tensor(a!)",
     outForm<indexPutCompute, 4>},

    {"aten::index_select(Tensor self, int dim, Tensor index) -> Tensor", functional<indexSelectCompute, 3>},
    {"aten::index_select.out(Tensor self, int dim, Tensor index, *, Tensor(a!) out) -> Tensor(a!)", indexSelectOut},
    {"aten::gather(Tensor self, int dim, Tensor index, *, bool sparse_grad=False) -> Tensor",
     functional<gatherCompute, 4>},
    {"aten::gather.out(Tensor self, int dim, Tensor index, *, bool sparse_grad=False, Tensor(a!) out) -> Tensor(a!)",
     outForm<gatherCompute, 4>},
    {"aten::take(Tensor self, Tensor index) -> Tensor", functional<takeCompute, 2>},
    {"aten::take.out(Tensor self, Tensor index, *, Tensor(a!) out) -> Tensor(a!)", outForm<takeCompute, 2>},

    {"aten::scatter.src(Tensor self, int dim, Tensor index, Tensor src) -> Tensor", functional<scatterCompute, 4>},
    {"aten::scatter.value(Tensor self, int dim, Tensor index, Scalar value) -> Tensor", functional<scatterCompute, 4>},
    {"aten::scatter.reduce(Tensor self, int dim, Tensor index, Tensor src, *, str reduce) -> Tensor",
     functional<scatterReduceCompute, 5>},
    {"aten::scatter.value_reduce(Tensor self, int dim, Tensor index, Scalar value, *, str reduce) -> Tensor",
     functional<scatterReduceCompute, 5>},
    {"aten::scatter_.src(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)", inplace<scatterInto, 4>},
    {"aten::scatter_.value(Tensor(a!) self, int dim, Tensor index, Scalar value) -> Tensor(a!)",
     inplace<scatterInto, 4>},
    {"aten::scatter_.reduce(Tensor(a!) self, int dim, Tensor index, Tensor src, *, str reduce) -> Tensor(a!)",
     inplace<scatterReduceInto, 5>},
    {"aten::scatter_.value_reduce(Tensor(a!) self, int dim, Tensor index, Scalar value, *, str reduce) -> Tensor(a!)",
     inplace<scatterReduceInto, 5>},
    {"aten::scatter.src_out(Tensor self, int dim, Tensor index, Tensor src, *, Tensor(a!) out) -> Tensor(a!)",
     outForm<scatterCompute, 4>},
    {"aten::scatter.value_out(Tensor self, int dim, Tensor index, Scalar value, *, Tensor(a!) out) -> Tensor(a!)",
     outForm<scatterCompute, 4>},
    {"aten::scatter.reduce_out(Tensor self, int dim, Tensor index, Tensor src, *, str reduce, Tensor(a!) out) -> "
     "Tensor(a!)",
     outForm<scatterReduceCompute, 5>},
    {"aten::scatter.value_reduce_out(Tensor self, int dim, Tensor index, Scalar value, *, str reduce, Tensor(a!) "
     "out) -> Tensor(a!)",
     outForm<scatterReduceCompute, 5>},
    {"aten::scatter_add(Tensor self, int dim, Tensor index, Tensor src) -> Tensor", functional<scatterAddCompute, 4>},
    {"aten::scatter_add_(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)",
     inplace<scatterAddInto, 4>},
    {"aten::scatter_add.out(Tensor self, int dim, Tensor index, Tensor src, *, Tensor(a!) out) -> Tensor(a!)",
     outForm<scatterAddCompute, 4>},

    {"aten::index_add(Tensor self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor",
     functional<indexAddCompute, 5>},
    {"aten::index_add_(Tensor(a!) self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor(a!)",
     inplace<indexAddInto, 5>},
    {"aten::index_add.out(Tensor self, int dim, Tensor index, Tensor source, *, Scalar alpha=1, Tensor(a!) out) -> "
     "Tensor(a!)",
     outForm<indexAddCompute, 5>},
    {"aten::index_fill.int_Scalar(Tensor self, int dim, Tensor index, Scalar value) -> Tensor",
     functional<indexFillCompute, 4>},
    {"aten::index_fill.int_Tensor(Tensor self, int dim, Tensor index, Tensor value) -> Tensor",
     functional<indexFillCompute, 4>},
    {"aten::index_fill_.int_Scalar(Tensor(a!) self, int dim, Tensor index, Scalar value) -> Tensor(a!)",
     inplace<indexFillInto, 4>},
    {"aten::index_fill_.int_Tensor(Tensor(a!) self, int dim, Tensor index, Tensor value) -> Tensor(a!)",
     inplace<indexFillInto, 4>},
    {"aten::index_fill.int_Scalar_out(Tensor self, int dim, Tensor index, Scalar value, *, Tensor(a!) out) -> "
     "Tensor(a!)",
     outForm<indexFillCompute, 4>},
    {"aten::index_fill.int_Tensor_out(Tensor self, int dim, Tensor index, Tensor value, *, Tensor(a!) out) -> "
     "Tensor(a!)",
     outForm<indexFillCompute, 4>},

    {"aten::masked_fill.Scalar(Tensor self, Tensor mask, Scalar value) -> Tensor", functional<maskedFillCompute, 3>},
    {"aten::masked_fill.Tensor(Tensor self, Tensor mask, Tensor value) -> Tensor", functional<maskedFillCompute, 3>},
    {"aten::masked_fill_.Scalar(Tensor(a!) self, Tensor mask, Scalar value) -> Tensor(a!)", inplace<maskedFillInto, 3>},
    {"aten::masked_fill_.Tensor(Tensor(a!) self, Tensor mask, Tensor value) -> Tensor(a!)", inplace<maskedFillInto, 3>},
    {"aten::masked_fill.Scalar_out(Tensor self, Tensor mask, Scalar value, *, Tensor(a!) out) -> Tensor(a!)",
     outForm<maskedFillCompute, 3>},
    {"aten::masked_fill.Tensor_out(Tensor self, Tensor mask, Tensor value, *, Tensor(a!) out) -> Tensor(a!)",
     outForm<maskedFillCompute, 3>},
    {"aten::masked_select(Tensor self, Tensor mask) -> Tensor", functional<maskedSelectCompute, 2>},
    {"aten::masked_select.out(Tensor self, Tensor mask, *, Tensor(a!) out) -> Tensor(a!)",
     outForm<maskedSelectCompute, 2>},
    {"aten::nonzero(Tensor self) -> Tensor", functional<nonzeroCompute, 1>},
    {"aten::nonzero.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", outForm<nonzeroCompute, 1>},
    {"aten::nonzero_numpy(Tensor self) -> Tensor[]", nonzeroNumpy},
});

}  // namespace
}  // namespace ember::jit::aten
