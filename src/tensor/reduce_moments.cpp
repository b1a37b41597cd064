// var, std, var_mean, std_mean: Welford/Chan accumulation in double (exact enough for float
// and double inputs), divisor max(0, N - correction) as in PyTorch 1.13.
#include <cmath>

#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/spectral.h"
#include "ember/tensor/ops/unary.h"
#include "reduce_utils.h"
#include "tensor/storage_watch.h"

namespace ember {

using namespace reduce_detail;

namespace {

struct Moments {
  double n = 0;
  double mean = 0;
  double m2 = 0;
};

Moments combine(const Moments& a, const Moments& b) {
  if (a.n == 0) return b;
  if (b.n == 0) return a;
  double n = a.n + b.n;
  double delta = b.mean - a.mean;
  return {n, a.mean + delta * (b.n / n), a.m2 + b.m2 + delta * delta * (a.n * b.n / n)};
}

template <typename In>
struct MomentsOp {
  using acc_t = Moments;
  acc_t identity() const { return {}; }
  void step(acc_t& a, In xin, int64_t) const {
    double x = static_cast<double>(static_cast<opmath_t<In>>(xin));
    a.n += 1;
    double delta = x - a.mean;
    a.mean += delta / a.n;
    a.m2 += delta * (x - a.mean);
  }
  void run(acc_t& a, const In* p, int64_t stride, int64_t n, int64_t idx) const {
    if (stride == 1 && n > 8) {
      // Two passes over the run (mean, then squared deviations), merged with Chan's formula.
      double s = 0;
      for (int64_t i = 0; i < n; ++i) s += static_cast<double>(static_cast<opmath_t<In>>(p[i]));
      Moments r{static_cast<double>(n), s / static_cast<double>(n), 0};
      double m2 = 0;
      for (int64_t i = 0; i < n; ++i) {
        double d = static_cast<double>(static_cast<opmath_t<In>>(p[i])) - r.mean;
        m2 += d * d;
      }
      r.m2 = m2;
      a = combine(a, r);
      return;
    }
    for (int64_t i = 0; i < n; ++i) step(a, p[i * stride], idx + i);
  }
  acc_t merge(const acc_t& a, const acc_t& b) const { return combine(a, b); }
};

struct MomentsResult {
  Tensor var;
  Tensor mean;
};

// Computes var (or std when takeSqrt) and optionally the mean over `dim`.
MomentsResult moments(const Tensor& self, IntArrayRef dim, int64_t correction, bool keepdim, bool takeSqrt,
                      bool wantMean) {
  EMBER_CHECK(isFloatingType(self.dtype()) || isComplexType(self.dtype()),
              "std and var only support floating point and complex dtypes");
  if (self.is_complex()) {
    // The variance of a complex tensor is the sum of its parts' variances (a real result);
    // its mean is complex.
    Tensor pairs = view_as_real(self);
    MomentsResult re = moments(select(pairs, -1, 0), dim, correction, keepdim, false, wantMean);
    MomentsResult im = moments(select(pairs, -1, 1), dim, correction, keepdim, false, wantMean);
    Tensor v = add(re.var, im.var);
    if (takeSqrt) v = sqrt(v);
    return {v, wantMean ? view_as_complex(stack({re.mean, im.mean}, -1)) : Tensor()};
  }
  DimMask mask = makeDimMask(dim, self.dim());
  ReduceOutput var = makeReduceOutput(self, mask, self.dtype());
  ReduceOutput mean = wantMean ? makeReduceOutput(self, mask, self.dtype()) : ReduceOutput{};
  visitFloatingDtype(self.dtype(), [&]<typename In>() {
    In* v = static_cast<In*>(var.keep.data_ptr());
    In* m = wantMean ? static_cast<In*>(mean.keep.data_ptr()) : nullptr;
    const double c = static_cast<double>(correction);
    runReduceTo<In>(MomentsOp<In>{}, self, var.keep, mask, [&](int64_t off, const Moments& a) {
      double divisor = std::max(0.0, a.n - c);
      double r = a.m2 / divisor;
      if (a.n == 0) r = std::nan("");
      if (takeSqrt) r = std::sqrt(r);
      v[off] = static_cast<In>(static_cast<opmath_t<In>>(r));
      if (m) m[off] = static_cast<In>(static_cast<opmath_t<In>>(a.n == 0 ? std::nan("") : a.mean));
    });
  }, takeSqrt ? "std" : "var");
  return {var.view(keepdim), wantMean ? mean.view(keepdim) : Tensor()};
}

int64_t correctionOf(std::optional<int64_t> correction) { return correction ? *correction : 1; }

}  // namespace

Tensor var(const Tensor& self, bool unbiased) { return moments(self, {}, unbiased, false, false, false).var; }
Tensor var(const Tensor& self, IntArrayRef dim, bool unbiased, bool keepdim) {
  return moments(self, dim, unbiased, keepdim, false, false).var;
}
Tensor var(const Tensor& self, IntArrayRef dim, std::optional<int64_t> correction, bool keepdim) {
  return moments(self, dim, correctionOf(correction), keepdim, false, false).var;
}
Tensor std(const Tensor& self, bool unbiased) { return moments(self, {}, unbiased, false, true, false).var; }
Tensor std(const Tensor& self, IntArrayRef dim, bool unbiased, bool keepdim) {
  return moments(self, dim, unbiased, keepdim, true, false).var;
}
Tensor std(const Tensor& self, IntArrayRef dim, std::optional<int64_t> correction, bool keepdim) {
  return moments(self, dim, correctionOf(correction), keepdim, true, false).var;
}

Tensor& var_out(Tensor& out, const Tensor& self, IntArrayRef dim, bool unbiased, bool keepdim) {
  detail::noteWrite(out);
  writeOut(out, var(self, dim, unbiased, keepdim), "var", true);
  return out;
}
Tensor& std_out(Tensor& out, const Tensor& self, IntArrayRef dim, bool unbiased, bool keepdim) {
  detail::noteWrite(out);
  writeOut(out, std(self, dim, unbiased, keepdim), "std", true);
  return out;
}

std::tuple<Tensor, Tensor> var_mean(const Tensor& self, bool unbiased) {
  auto r = moments(self, {}, unbiased, false, false, true);
  return {r.var, r.mean};
}
std::tuple<Tensor, Tensor> var_mean(const Tensor& self, IntArrayRef dim, bool unbiased, bool keepdim) {
  auto r = moments(self, dim, unbiased, keepdim, false, true);
  return {r.var, r.mean};
}
std::tuple<Tensor, Tensor> var_mean(const Tensor& self, IntArrayRef dim, std::optional<int64_t> correction,
                                    bool keepdim) {
  auto r = moments(self, dim, correctionOf(correction), keepdim, false, true);
  return {r.var, r.mean};
}
std::tuple<Tensor, Tensor> std_mean(const Tensor& self, bool unbiased) {
  auto r = moments(self, {}, unbiased, false, true, true);
  return {r.var, r.mean};
}
std::tuple<Tensor, Tensor> std_mean(const Tensor& self, IntArrayRef dim, bool unbiased, bool keepdim) {
  auto r = moments(self, dim, unbiased, keepdim, true, true);
  return {r.var, r.mean};
}
std::tuple<Tensor, Tensor> std_mean(const Tensor& self, IntArrayRef dim, std::optional<int64_t> correction,
                                    bool keepdim) {
  auto r = moments(self, dim, correctionOf(correction), keepdim, true, true);
  return {r.var, r.mean};
}

Tensor Tensor::var(bool unbiased) const { return ember::var(*this, unbiased); }
Tensor Tensor::var(IntArrayRef dim, bool unbiased, bool keepdim) const {
  return ember::var(*this, dim, unbiased, keepdim);
}
Tensor Tensor::var(IntArrayRef dim, std::optional<int64_t> correction, bool keepdim) const {
  return ember::var(*this, dim, correction, keepdim);
}
Tensor Tensor::std(bool unbiased) const { return ember::std(*this, unbiased); }
Tensor Tensor::std(IntArrayRef dim, bool unbiased, bool keepdim) const {
  return ember::std(*this, dim, unbiased, keepdim);
}
Tensor Tensor::std(IntArrayRef dim, std::optional<int64_t> correction, bool keepdim) const {
  return ember::std(*this, dim, correction, keepdim);
}

}  // namespace ember
