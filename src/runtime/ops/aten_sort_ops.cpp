// aten:: sorting operators (sort, argsort, topk, kthvalue, median, nanmedian), with PyTorch
// 1.13's schemas. Ops returning (values, indices) push two outputs.
#include "ember/runtime/register_operators.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// sort(self, int dim, bool descending) [out: values, indices]
template <bool kOut>
void sortOp(Stack& s) {
  constexpr size_t n = kOut ? 5 : 3;
  IValue* a = args(s, n);
  auto r = sort(tensorArg(a[0]), intArg(a[1]), boolArg(a[2]));
  if constexpr (kOut) {
    ret2Out(s, n, tensorArg(a[3]), tensorArg(a[4]), std::move(r));
  } else {
    ret2(s, n, std::move(r));
  }
}
// sort.stable(self, *, bool? stable, int dim, bool descending) [out: values, indices]
template <bool kOut>
void sortStable(Stack& s) {
  constexpr size_t n = kOut ? 6 : 4;
  IValue* a = args(s, n);
  auto r = sort(tensorArg(a[0]), optBoolArg(a[1]), intArg(a[2]), boolArg(a[3]));
  if constexpr (kOut) {
    ret2Out(s, n, tensorArg(a[4]), tensorArg(a[5]), std::move(r));
  } else {
    ret2(s, n, std::move(r));
  }
}
void argsortOp(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = argsort(tensorArg(a[0]), intArg(a[1]), boolArg(a[2]));
  ret(s, 3, std::move(r));
}
// argsort.stable(self, *, bool stable, int dim, bool descending): ember's sort is always stable.
template <bool kOut>
void argsortStable(Stack& s) {
  constexpr size_t n = kOut ? 5 : 4;
  IValue* a = args(s, n);
  boolArg(a[1]);
  Tensor r = argsort(tensorArg(a[0]), intArg(a[2]), boolArg(a[3]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[4]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}
// topk(self, int k, int dim, bool largest, bool sorted) [out: values, indices]
template <bool kOut>
void topkOp(Stack& s) {
  constexpr size_t n = kOut ? 7 : 5;
  IValue* a = args(s, n);
  auto r = topk(tensorArg(a[0]), intArg(a[1]), intArg(a[2]), boolArg(a[3]), boolArg(a[4]));
  if constexpr (kOut) {
    ret2Out(s, n, tensorArg(a[5]), tensorArg(a[6]), std::move(r));
  } else {
    ret2(s, n, std::move(r));
  }
}
// kthvalue(self, int k, int dim, bool keepdim) [out: values, indices]
template <bool kOut>
void kthvalueOp(Stack& s) {
  constexpr size_t n = kOut ? 6 : 4;
  IValue* a = args(s, n);
  auto r = kthvalue(tensorArg(a[0]), intArg(a[1]), intArg(a[2]), boolArg(a[3]));
  if constexpr (kOut) {
    ret2Out(s, n, tensorArg(a[4]), tensorArg(a[5]), std::move(r));
  } else {
    ret2(s, n, std::move(r));
  }
}

// median / nanmedian: full (one tensor) or over a dim (values, indices).
Tensor medianAll(const Tensor& self) { return median(self); }
Tensor nanmedianAll(const Tensor& self) { return nanmedian(self); }
Tensor& medianAllOut(Tensor& out, const Tensor& self) { return writeOut(out, median(self)); }
Tensor& nanmedianAllOut(Tensor& out, const Tensor& self) { return writeOut(out, nanmedian(self)); }
std::tuple<Tensor, Tensor> medianDim(const Tensor& self, int64_t dim, bool keepdim) {
  return median(self, dim, keepdim);
}
std::tuple<Tensor, Tensor> nanmedianDim(const Tensor& self, int64_t dim, bool keepdim) {
  return nanmedian(self, dim, keepdim);
}
using DimPairFn = std::tuple<Tensor, Tensor> (*)(const Tensor&, int64_t, bool);
template <DimPairFn F, bool kOut>
void dimPair(Stack& s) {
  constexpr size_t n = kOut ? 5 : 3;
  IValue* a = args(s, n);
  auto r = F(tensorArg(a[0]), intArg(a[1]), boolArg(a[2]));
  if constexpr (kOut) {
    ret2Out(s, n, tensorArg(a[3]), tensorArg(a[4]), std::move(r));
  } else {
    ret2(s, n, std::move(r));
  }
}

RegisterOperators reg({
    {"aten::sort(Tensor self, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)", sortOp<false>},
    {"aten::sort.values(Tensor self, int dim=-1, bool descending=False, *, Tensor(a!) values, Tensor(b!) indices) "
     "-> (Tensor(a!) values, Tensor(b!) indices)",
     sortOp<true>},
    {"aten::sort.stable(Tensor self, *, bool? stable, int dim=-1, bool descending=False) -> (Tensor values, Tensor "
     "indices)",
     sortStable<false>},
    {"aten::sort.values_stable(Tensor self, *, bool? stable, int dim=-1, bool descending=False, Tensor(a!) values, "
     "Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
     sortStable<true>},
    {"aten::argsort(Tensor self, int dim=-1, bool descending=False) -> Tensor", argsortOp},
    {"aten::argsort.stable(Tensor self, *, bool stable, int dim=-1, bool descending=False) -> Tensor",
     argsortStable<false>},
    {"aten::argsort.stable_out(Tensor self, *, bool stable, int dim=-1, bool descending=False, Tensor(a!) out) -> "
     "Tensor(a!)",
     argsortStable<true>},
    {"aten::topk(Tensor self, int k, int dim=-1, bool largest=True, bool sorted=True) -> (Tensor values, Tensor "
     "indices)",
     topkOp<false>},
    {"aten::topk.values(Tensor self, int k, int dim=-1, bool largest=True, bool sorted=True, *, Tensor(a!) values, "
     "Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
     topkOp<true>},
    {"aten::kthvalue(Tensor self, int k, int dim=-1, bool keepdim=False) -> (Tensor values, Tensor indices)",
     kthvalueOp<false>},
    {"aten::kthvalue.values(Tensor self, int k, int dim=-1, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) "
     "indices) -> (Tensor(a!) values, Tensor(b!) indices)",
     kthvalueOp<true>},
    {"aten::median(Tensor self) -> Tensor", unaryOp<medianAll>},
    {"aten::median.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<medianAllOut>},
    {"aten::median.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
     dimPair<medianDim, false>},
    {"aten::median.dim_values(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) "
     "-> (Tensor(a!) values, Tensor(b!) indices)",
     dimPair<medianDim, true>},
    {"aten::nanmedian(Tensor self) -> Tensor", unaryOp<nanmedianAll>},
    {"aten::nanmedian.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<nanmedianAllOut>},
    {"aten::nanmedian.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
     dimPair<nanmedianDim, false>},
    {"aten::nanmedian.dim_values(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) "
     "indices) -> (Tensor(a!) values, Tensor(b!) indices)",
     dimPair<nanmedianDim, true>},
});

}  // namespace
}  // namespace ember::jit::aten
