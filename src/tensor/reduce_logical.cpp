// all / any: logical reductions. uint8 inputs give uint8 results (PyTorch 1.13), others bool.
#include <cmath>

#include "complex_dispatch.h"
#include "ember/tensor/ops/reduce.h"
#include "reduce_utils.h"
#include "tensor/storage_watch.h"

namespace ember {

using namespace reduce_detail;

namespace {

template <typename In, bool kAll>
struct LogicalOp {
  using acc_t = bool;
  acc_t identity() const { return kAll; }
  static bool truth(In x) {
    if constexpr (kIsComplexElement<In>)
      return x.real() != 0 || x.imag() != 0;
    else if constexpr (std::is_integral_v<In>)
      return x != In(0);
    else
      return static_cast<float>(x) != 0.0f;  // NaN is true
  }
  void step(acc_t& a, In x, int64_t) const { a = kAll ? (a && truth(x)) : (a || truth(x)); }
  void run(acc_t& a, const In* p, int64_t stride, int64_t n, int64_t) const {
    bool r = a;
    for (int64_t i = 0; i < n; ++i) r = kAll ? (r && truth(p[i * stride])) : (r || truth(p[i * stride]));
    a = r;
  }
  acc_t merge(acc_t a, acc_t b) const { return kAll ? (a && b) : (a || b); }
};

// Integral and bool elements are true when any bit is set, so they reduce as (signed) integers
// of their width: one kernel per width instead of one per dtype (libember.so's size). Floats keep
// their own (-0.0 is false, NaN true). The result, bool or uint8, is one byte of 0 or 1 either way.
template <bool kAll, typename In>
void logicalRun(const Tensor& self, const ReduceOutput& out) {
  uint8_t* dst = static_cast<uint8_t*>(out.keep.data_ptr());
  runReduceTo<In>(LogicalOp<In, kAll>{}, self, out.keep, out.mask, [&](int64_t off, bool a) { dst[off] = a; });
}

template <bool kAll>
Tensor logicalImpl(const Tensor& self, DimMask mask, bool keepdim) {
  ScalarType outDtype = self.dtype() == kByte ? kByte : kBool;
  ReduceOutput out = makeReduceOutput(self, mask, outDtype);
  const ScalarType t = self.dtype();
  if (isIntegralType(t, /*includeBool=*/true)) {
    switch (elementSize(t)) {
      case 1: logicalRun<kAll, int8_t>(self, out); break;
      case 2: logicalRun<kAll, int16_t>(self, out); break;
      case 4: logicalRun<kAll, int32_t>(self, out); break;
      default: logicalRun<kAll, int64_t>(self, out); break;
    }
    return out.view(keepdim);
  }
  visitDtypeOrComplex(t, [&]<typename In>() {
    if constexpr (!std::is_integral_v<In>) logicalRun<kAll, In>(self, out);
  }, kAll ? "all" : "any");
  return out.view(keepdim);
}

}  // namespace

Tensor all(const Tensor& self) { return logicalImpl<true>(self, allDims(self.dim()), false); }
Tensor all(const Tensor& self, int64_t dim, bool keepdim) {
  return logicalImpl<true>(self, makeDimMask(dim, self.dim()), keepdim);
}
Tensor any(const Tensor& self) { return logicalImpl<false>(self, allDims(self.dim()), false); }
Tensor any(const Tensor& self, int64_t dim, bool keepdim) {
  return logicalImpl<false>(self, makeDimMask(dim, self.dim()), keepdim);
}

Tensor& all_out(Tensor& out, const Tensor& self, int64_t dim, bool keepdim) {
  detail::noteWrite(out);
  writeOut(out, all(self, dim, keepdim), "all", false);
  return out;
}
Tensor& any_out(Tensor& out, const Tensor& self, int64_t dim, bool keepdim) {
  detail::noteWrite(out);
  writeOut(out, any(self, dim, keepdim), "any", false);
  return out;
}

Tensor Tensor::all() const { return ember::all(*this); }
Tensor Tensor::all(int64_t dim, bool keepdim) const { return ember::all(*this, dim, keepdim); }
Tensor Tensor::any() const { return ember::any(*this); }
Tensor Tensor::any(int64_t dim, bool keepdim) const { return ember::any(*this, dim, keepdim); }

}  // namespace ember
