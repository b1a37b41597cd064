// cumsum, cumprod (accumulating in double / int64 like PyTorch's CPU kernels) and cummax, cummin.
#include <cmath>

#include "complex_dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/reduce.h"
#include "reduce_utils.h"
#include "tensor/storage_watch.h"

namespace ember {

using namespace reduce_detail;

namespace {

template <typename T>
struct CumAccOf {
  using type = std::conditional_t<std::is_integral_v<T>, int64_t,
                                  std::conditional_t<std::is_same_v<T, float> || std::is_same_v<T, double>, double,
                                                     float>>;
};
// Complex sums and products accumulate in complex128, as PyTorch's acc_type.
template <typename R>
struct CumAccOf<std::complex<R>> {
  using type = std::complex<double>;
};
template <typename T>
using CumAcc = typename CumAccOf<T>::type;

template <bool kProd>
Tensor cumulative(const char* kernelName, const Tensor& self, int64_t dim, std::optional<ScalarType> dtype) {
  const int64_t d = self.dim() == 0 ? 0 : wrapDim(dim, self.dim());
  if (self.dim() == 0) wrapDim(dim, 0);
  ScalarType t = dtype ? *dtype : (isIntegralType(self.dtype(), true) ? kLong : self.dtype());
  EMBER_CHECK(t != kHalf, "\"", kernelName, "\" not implemented for 'Half'");
  Tensor in = self.dtype() == t ? self : castContiguous(self, t);
  Tensor out = empty(self.sizes(), t);
  visitDtypeOrComplex(t, [&]<typename T>() {
    using Acc = CumAcc<T>;
    const T* src = static_cast<const T*>(in.data_ptr());
    T* dst = static_cast<T*>(out.data_ptr());
    forEachRow(in, out, d, [&](int64_t ia, int64_t ib, int64_t n, int64_t sa, int64_t sb) {
      Acc acc = kProd ? Acc(1) : Acc(0);
      for (int64_t i = 0; i < n; ++i) {
        Acc x = static_cast<Acc>(static_cast<opmath_t<T>>(src[ia + i * sa]));
        if constexpr (std::is_integral_v<Acc>)
          acc = kProd ? static_cast<Acc>(static_cast<uint64_t>(acc) * static_cast<uint64_t>(x))
                      : static_cast<Acc>(static_cast<uint64_t>(acc) + static_cast<uint64_t>(x));
        else
          acc = kProd ? acc * x : acc + x;
        if constexpr (std::is_same_v<T, bool>)
          dst[ib + i * sb] = acc != 0;
        else
          dst[ib + i * sb] = static_cast<T>(static_cast<opmath_t<T>>(acc));
      }
    });
  }, kernelName);
  return out;
}

template <bool kMax>
std::tuple<Tensor, Tensor> cumExtreme(const char* name, const Tensor& self, int64_t dim) {
  const int64_t d = self.dim() == 0 ? 0 : wrapDim(dim, self.dim());
  if (self.dim() == 0) wrapDim(dim, 0);
  Tensor values = empty(self.sizes(), self.dtype());
  Tensor indices = empty(self.sizes(), kLong);
  visitDtype(self.dtype(), [&]<typename T>() {
    using C = std::conditional_t<std::is_integral_v<T>, T, opmath_t<T>>;
    const T* src = static_cast<const T*>(self.data_ptr());
    T* dst = static_cast<T*>(values.data_ptr());
    int64_t* idx = static_cast<int64_t*>(indices.data_ptr());
    // values and indices share strides, so the row offset into values serves both.
    forEachRow(self, values, d, [&](int64_t ia, int64_t ib, int64_t n, int64_t sa, int64_t sb) {
      C best{};
      int64_t bestIdx = 0;
      for (int64_t i = 0; i < n; ++i) {
        C x = static_cast<C>(src[ia + i * sa]);
        bool xNan = x != x, bNan = best != best;
        // Ties move to the later index (>=), and a NaN sticks once seen (PyTorch's cummax).
        if (i == 0 || xNan || (!bNan && (kMax ? x >= best : x <= best))) {
          best = x;
          bestIdx = i;
        }
        dst[ib + i * sb] = static_cast<T>(best);
        idx[ib + i * sb] = bestIdx;
      }
    });
  }, name);
  return {values, indices};
}

}  // namespace

Tensor cumsum(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype) {
  return cumulative<false>("cumsum_out_cpu", self, dim, dtype);
}
Tensor cumprod(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype) {
  return cumulative<true>("cumprod_out_cpu", self, dim, dtype);
}

Tensor& cumsum_out(Tensor& out, const Tensor& self, int64_t dim, std::optional<ScalarType> dtype) {
  detail::noteWrite(out);
  writeOut(out, cumsum(self, dim, dtype ? dtype : std::optional<ScalarType>(out.dtype())), "cumsum", false);
  return out;
}
Tensor& cumprod_out(Tensor& out, const Tensor& self, int64_t dim, std::optional<ScalarType> dtype) {
  detail::noteWrite(out);
  writeOut(out, cumprod(self, dim, dtype ? dtype : std::optional<ScalarType>(out.dtype())), "cumprod", false);
  return out;
}

std::tuple<Tensor, Tensor> cummax(const Tensor& self, int64_t dim) { return cumExtreme<true>("cummax", self, dim); }
std::tuple<Tensor, Tensor> cummin(const Tensor& self, int64_t dim) { return cumExtreme<false>("cummin", self, dim); }

Tensor Tensor::cumsum(int64_t dim, std::optional<ScalarType> dtype) const { return ember::cumsum(*this, dim, dtype); }
Tensor Tensor::cumprod(int64_t dim, std::optional<ScalarType> dtype) const {
  return ember::cumprod(*this, dim, dtype);
}
Tensor& Tensor::cumsum_(int64_t dim, std::optional<ScalarType> dtype) {
  EMBER_CHECK(!dtype || *dtype == this->dtype(), "cumsum_: dtype must match the tensor's dtype");
  copyConvert(*this, ember::cumsum(*this, dim, this->dtype()));
  return *this;
}
Tensor& Tensor::cumprod_(int64_t dim, std::optional<ScalarType> dtype) {
  EMBER_CHECK(!dtype || *dtype == this->dtype(), "cumprod_: dtype must match the tensor's dtype");
  copyConvert(*this, ember::cumprod(*this, dim, this->dtype()));
  return *this;
}
std::tuple<Tensor, Tensor> Tensor::cummax(int64_t dim) const { return ember::cummax(*this, dim); }
std::tuple<Tensor, Tensor> Tensor::cummin(int64_t dim) const { return ember::cummin(*this, dim); }

}  // namespace ember
