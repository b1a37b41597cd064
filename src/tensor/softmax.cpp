// softmax and log_softmax along one dim: subtract the row max before exponentiating, compute
// in float for the 16-bit types (and in the type itself for float/double), as PyTorch does.
// Contiguous float/double rows run fused (max, exp and sum, scale) in a vector kernel.
#include <cmath>
#include <limits>
#include <vector>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/reduce.h"
#include "reduce_utils.h"
#include "tensor/kernels/reduce_kernels.h"

namespace ember {

using namespace reduce_detail;

namespace {

template <bool kLog>
Tensor softmaxImpl(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype) {
  const int64_t d = self.dim() == 0 ? 0 : wrapDim(dim, self.dim());
  if (self.dim() == 0) wrapDim(dim, 0);
  ScalarType t = dtype ? *dtype : self.dtype();
  const bool lastDim = self.dim() == 0 || d == self.dim() - 1;
  const char* name = kLog ? (lastDim ? "log_softmax_lastdim_kernel_impl" : "log_softmax_kernel_impl")
                          : (lastDim ? "softmax_lastdim_kernel_impl" : "softmax_kernel_impl");
  EMBER_CHECK(t != kHalf && isFloatingType(t), "\"", name, "\" not implemented for '", scalarTypeName(t), "'");
  // A complex input with a real dtype= is converted first (its real part, as PyTorch's cast does).
  Tensor in = self.dtype() == t ? self : self.is_complex() ? self.to(t).contiguous() : castContiguous(self, t);
  Tensor out = empty(self.sizes(), t);
  visitFloatingDtype(t, [&]<typename T>() {
    using C = opmath_t<T>;
    const T* src = static_cast<const T*>(in.data_ptr());
    T* dst = static_cast<T*>(out.data_ptr());
    forEachRow(in, out, d, [&](int64_t ia, int64_t ib, int64_t n, int64_t sa, int64_t sb) {
      if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        if (sa == 1 && sb == 1) {  // a contiguous row: the fused vector kernel (reduce_kernels.h)
          reduceKernels().softmaxRow[reduceSlot(t)][kLog](dst + ib, src + ia, n);
          return;
        }
      }
      C m = -std::numeric_limits<C>::infinity();
      for (int64_t i = 0; i < n; ++i) {
        C x = static_cast<C>(src[ia + i * sa]);
        m = (x != x || x > m) && m == m ? x : m;
      }
      // exp(x - max) summed in double so long rows keep float accuracy.
      double s = 0;
      for (int64_t i = 0; i < n; ++i) {
        C e = std::exp(static_cast<C>(src[ia + i * sa]) - m);
        s += static_cast<double>(e);
        if constexpr (!kLog) dst[ib + i * sb] = static_cast<T>(e);
      }
      if constexpr (kLog) {
        C logS = static_cast<C>(std::log(s));
        for (int64_t i = 0; i < n; ++i) dst[ib + i * sb] = static_cast<T>(static_cast<C>(src[ia + i * sa]) - m - logS);
      } else {
        const C inv = static_cast<C>(1.0 / s);
        if constexpr (std::is_same_v<C, T>) {
          for (int64_t i = 0; i < n; ++i) dst[ib + i * sb] = dst[ib + i * sb] * inv;
        } else {
          // Recompute rather than re-read the rounded 16-bit exp.
          for (int64_t i = 0; i < n; ++i)
            dst[ib + i * sb] = static_cast<T>(std::exp(static_cast<C>(src[ia + i * sa]) - m) * inv);
        }
      }
    });
  }, name);
  return out;
}

}  // namespace

Tensor softmax(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype) {
  return softmaxImpl<false>(self, dim, dtype);
}
Tensor log_softmax(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype) {
  return softmaxImpl<true>(self, dim, dtype);
}

Tensor Tensor::softmax(int64_t dim, std::optional<ScalarType> dtype) const { return ember::softmax(*this, dim, dtype); }
Tensor Tensor::log_softmax(int64_t dim, std::optional<ScalarType> dtype) const {
  return ember::log_softmax(*this, dim, dtype);
}

}  // namespace ember
