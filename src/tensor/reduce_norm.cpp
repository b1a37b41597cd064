// norm: vector p-norms over dims (p = 2, 1, inf, -inf, 0, other p, "fro").
#include <cmath>
#include <limits>

#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/spectral.h"
#include "reduce_utils.h"
#include "tensor/storage_watch.h"

namespace ember {

using namespace reduce_detail;

namespace {

enum class NormKind { Two, One, Inf, NegInf, Zero, General };

struct NormAcc {
  double v;
  bool any;
};

template <typename In>
struct NormOp {
  NormKind kind;
  double p;
  using acc_t = NormAcc;
  acc_t identity() const { return {kind == NormKind::NegInf ? std::numeric_limits<double>::infinity() : 0.0, false}; }
  void step(acc_t& a, In xin, int64_t) const {
    double x = std::abs(static_cast<double>(static_cast<opmath_t<In>>(xin)));
    a.any = true;
    switch (kind) {
      case NormKind::Two: a.v += x * x; break;
      case NormKind::One: a.v += x; break;
      case NormKind::Inf: a.v = (std::isnan(x) || x > a.v) && !std::isnan(a.v) ? x : a.v; break;
      case NormKind::NegInf: a.v = (std::isnan(x) || x < a.v) && !std::isnan(a.v) ? x : a.v; break;
      case NormKind::Zero: a.v += x != 0 ? 1.0 : 0.0; break;
      case NormKind::General: a.v += std::pow(x, p); break;
    }
  }
  void run(acc_t& a, const In* ptr, int64_t stride, int64_t n, int64_t idx) const {
    if (kind == NormKind::Two && stride == 1) {
      double lanes[8] = {};
      int64_t i = 0;
      for (; i + 8 <= n; i += 8)
        for (int j = 0; j < 8; ++j) {
          double x = static_cast<double>(static_cast<opmath_t<In>>(ptr[i + j]));
          lanes[j] += x * x;
        }
      for (int j = 0; j < 8; ++j) a.v += lanes[j];
      if (n > 0) a.any = true;
      for (; i < n; ++i) step(a, ptr[i], idx + i);
      return;
    }
    for (int64_t i = 0; i < n; ++i) step(a, ptr[i * stride], idx + i);
  }
  acc_t merge(const acc_t& a, const acc_t& b) const {
    if (!a.any) return b;
    if (!b.any) return a;
    acc_t r{0.0, true};
    switch (kind) {
      case NormKind::Inf: r.v = std::isnan(a.v) || std::isnan(b.v) ? std::nan("") : std::max(a.v, b.v); break;
      case NormKind::NegInf: r.v = std::isnan(a.v) || std::isnan(b.v) ? std::nan("") : std::min(a.v, b.v); break;
      default: r.v = a.v + b.v; break;
    }
    return r;
  }
  In finish(const acc_t& a) const {
    double r = a.v;
    if (!a.any) r = 0;
    else if (kind == NormKind::Two) r = std::sqrt(r);
    else if (kind == NormKind::General) r = std::pow(r, 1.0 / p);
    return static_cast<In>(static_cast<opmath_t<In>>(r));
  }
};

NormKind kindOf(double p) {
  if (p == 2) return NormKind::Two;
  if (p == 1) return NormKind::One;
  if (p == 0) return NormKind::Zero;
  if (std::isinf(p)) return p > 0 ? NormKind::Inf : NormKind::NegInf;
  return NormKind::General;
}

Tensor normImpl(const Tensor& self, double p, IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) {
  EMBER_CHECK(isFloatingType(self.dtype()) || isComplexType(self.dtype()),
              "norm(): input dtype should be either floating point or complex. Got ", scalarTypeName(self.dtype()),
              " instead.");
  if (dtype)
    EMBER_CHECK(isFloatingType(*dtype) || isComplexType(*dtype),
                "norm(): the desired output dtype should be either floating point or complex. Got ",
                scalarTypeName(*dtype), " instead.");
  ScalarType t = dtype ? *dtype : self.dtype();
  if (isComplexType(t)) {
    // The norm of the magnitudes, in the real dtype (as PyTorch returns it).
    Tensor in = self.dtype() == t ? self : castContiguous(self, t);
    return normImpl(complexAbs(in), p, dim, keepdim, std::nullopt);
  }
  Tensor in = self.dtype() == t ? self : castContiguous(self, t);
  ReduceOutput out = makeReduceOutput(in, makeDimMask(dim, in.dim()), t);
  visitFloatingDtype(t, [&]<typename In>() { runReduce<In, In>(NormOp<In>{kindOf(p), p}, in, out); }, "norm");
  return out.view(keepdim);
}

}  // namespace

Tensor norm(const Tensor& self, const std::optional<Scalar>& p, IntArrayRef dim, bool keepdim,
            std::optional<ScalarType> dtype) {
  return normImpl(self, p ? p->toDouble() : 2.0, dim, keepdim, dtype);
}

Tensor norm(const Tensor& self, std::string_view p, IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) {
  EMBER_CHECK(p != "nuc", "norm(): the nuclear norm (p='nuc') is not supported by ember yet");
  EMBER_CHECK(p == "fro", "norm(): unknown norm type '", p, "'; expected 'fro' or 'nuc'");
  return normImpl(self, 2.0, dim, keepdim, dtype);
}

Tensor& norm_out(Tensor& out, const Tensor& self, const std::optional<Scalar>& p, IntArrayRef dim, bool keepdim,
                 std::optional<ScalarType> dtype) {
  detail::noteWrite(out);
  writeOut(out, norm(self, p, dim, keepdim, dtype), "norm", true);
  return out;
}

Tensor Tensor::norm(const std::optional<Scalar>& p, IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) const {
  return ember::norm(*this, p, dim, keepdim, dtype);
}

}  // namespace ember
