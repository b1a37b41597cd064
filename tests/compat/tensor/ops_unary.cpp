// Adapters for the unary family's differential cases (cases_unary.py). Most ops share the
// "unary" adapter: args fn=<op name>, mode = "fn" (default), "inplace" (in[0] is self) or
// "out" (in[1] is the out= tensor).
#include <map>
#include <string>

#include "ember/tensor/ops/unary.h"
#include "harness.h"

namespace ember::compat {
namespace {

struct UnaryForms {
  Tensor (*fn)(const Tensor&) = nullptr;
  Tensor& (*inplace)(Tensor&) = nullptr;
  Tensor& (*out)(Tensor&, const Tensor&) = nullptr;
};

#define EMBER_FN(name) [](const Tensor& x) { return ember::name(x); }
#define EMBER_ALL(name)                                                               \
  {                                                                                   \
    #name, {                                                                          \
      EMBER_FN(name), [](Tensor& x) -> Tensor& { return ember::name##_(x); },         \
          [](Tensor& o, const Tensor& x) -> Tensor& { return ember::name##_out(o, x); } \
    }                                                                                 \
  }

const std::map<std::string, UnaryForms>& unaryTable() {
  static const std::map<std::string, UnaryForms> table = {
      EMBER_ALL(exp), EMBER_ALL(exp2), EMBER_ALL(expm1), EMBER_ALL(log), EMBER_ALL(log2), EMBER_ALL(log10),
      EMBER_ALL(log1p), EMBER_ALL(sqrt), EMBER_ALL(rsqrt), EMBER_ALL(reciprocal), EMBER_ALL(sin), EMBER_ALL(cos),
      EMBER_ALL(tan), EMBER_ALL(asin), EMBER_ALL(acos), EMBER_ALL(atan), EMBER_ALL(arcsin), EMBER_ALL(arccos),
      EMBER_ALL(arctan), EMBER_ALL(sinh), EMBER_ALL(cosh), EMBER_ALL(tanh), EMBER_ALL(sigmoid), EMBER_ALL(erf),
      EMBER_ALL(erfc), EMBER_ALL(erfinv), EMBER_ALL(abs), EMBER_ALL(absolute), EMBER_ALL(neg), EMBER_ALL(negative),
      EMBER_ALL(sign), EMBER_ALL(sgn), EMBER_ALL(floor), EMBER_ALL(ceil), EMBER_ALL(round), EMBER_ALL(trunc),
      EMBER_ALL(fix), EMBER_ALL(frac), EMBER_ALL(logical_not), EMBER_ALL(bitwise_not), EMBER_ALL(silu),
      EMBER_ALL(mish), EMBER_ALL(hardswish), EMBER_ALL(hardsigmoid),
      {"isnan", {EMBER_FN(isnan)}},
      {"isinf", {EMBER_FN(isinf)}},
      {"isfinite", {EMBER_FN(isfinite)}},
      {"isposinf", {EMBER_FN(isposinf), nullptr, [](Tensor& o, const Tensor& x) -> Tensor& { return isposinf_out(o, x); }}},
      {"isneginf", {EMBER_FN(isneginf), nullptr, [](Tensor& o, const Tensor& x) -> Tensor& { return isneginf_out(o, x); }}},
      {"signbit", {EMBER_FN(signbit), nullptr, [](Tensor& o, const Tensor& x) -> Tensor& { return signbit_out(o, x); }}},
      {"relu", {EMBER_FN(relu), [](Tensor& x) -> Tensor& { return relu_(x); }}},
      {"relu6", {EMBER_FN(relu6), [](Tensor& x) -> Tensor& { return relu6_(x); }}},
      {"selu", {EMBER_FN(selu), [](Tensor& x) -> Tensor& { return selu_(x); }}},
  };
  return table;
}
#undef EMBER_ALL
#undef EMBER_FN

std::string modeArg(const nlohmann::json& args) { return stringArg(args, "mode", "fn"); }

// Runs `fn(self, out-or-null)` per mode and returns the result tensor.
template <typename Fn, typename InPlace, typename Out>
std::vector<Tensor> runMode(const std::vector<Tensor>& in, const nlohmann::json& args, Fn fn, InPlace inplace, Out out) {
  const std::string mode = modeArg(args);
  if (mode == "inplace") {
    Tensor self = in.at(0);
    inplace(self);
    return {self};
  }
  if (mode == "out") {
    Tensor o = in.at(1);
    out(o, in.at(0));
    return {o};
  }
  return {fn(in.at(0))};
}

}  // namespace

EMBER_COMPAT_ADAPTER("unary") {
  const std::string name = stringArg(args, "fn");
  auto it = unaryTable().find(name);
  if (it == unaryTable().end()) throw std::runtime_error("ops_unary: unknown unary op " + name);
  const UnaryForms& f = it->second;
  const std::string mode = modeArg(args);
  if ((mode == "inplace" && !f.inplace) || (mode == "out" && !f.out))
    throw std::runtime_error("ops_unary: " + name + " has no " + mode + " form");
  return runMode(
      in, args, [&](const Tensor& x) { return f.fn(x); }, [&](Tensor& x) { f.inplace(x); },
      [&](Tensor& o, const Tensor& x) { f.out(o, x); });
}

EMBER_COMPAT_ADAPTER("gelu") {
  const std::string approx = stringArg(args, "approximate", "none");
  return runMode(
      in, args, [&](const Tensor& x) { return gelu(x, approx); }, [&](Tensor& x) { gelu_(x, approx); },
      [&](Tensor& o, const Tensor& x) { gelu_out(o, x, approx); });
}

EMBER_COMPAT_ADAPTER("softplus") {
  const Scalar beta = scalarArg(args, "beta", 1), threshold = scalarArg(args, "threshold", 20);
  return runMode(
      in, args, [&](const Tensor& x) { return softplus(x, beta, threshold); },
      [&](Tensor&) { throw std::runtime_error("softplus has no in-place form"); },
      [&](Tensor& o, const Tensor& x) { softplus_out(o, x, beta, threshold); });
}

EMBER_COMPAT_ADAPTER("hardtanh") {
  const Scalar lo = scalarArg(args, "min_val", -1), hi = scalarArg(args, "max_val", 1);
  return runMode(
      in, args, [&](const Tensor& x) { return hardtanh(x, lo, hi); }, [&](Tensor& x) { hardtanh_(x, lo, hi); },
      [&](Tensor& o, const Tensor& x) { hardtanh_out(o, x, lo, hi); });
}

EMBER_COMPAT_ADAPTER("leaky_relu") {
  const Scalar slope = scalarArg(args, "negative_slope", 0.01);
  return runMode(
      in, args, [&](const Tensor& x) { return leaky_relu(x, slope); }, [&](Tensor& x) { leaky_relu_(x, slope); },
      [&](Tensor& o, const Tensor& x) { leaky_relu_out(o, x, slope); });
}

EMBER_COMPAT_ADAPTER("elu") {
  const Scalar alpha = scalarArg(args, "alpha", 1), scale = scalarArg(args, "scale", 1),
               iscale = scalarArg(args, "input_scale", 1);
  return runMode(
      in, args, [&](const Tensor& x) { return elu(x, alpha, scale, iscale); },
      [&](Tensor& x) { elu_(x, alpha, scale, iscale); },
      [&](Tensor& o, const Tensor& x) { elu_out(o, x, alpha, scale, iscale); });
}

EMBER_COMPAT_ADAPTER("celu") {
  const Scalar alpha = scalarArg(args, "alpha", 1.0);
  return runMode(
      in, args, [&](const Tensor& x) { return celu(x, alpha); }, [&](Tensor& x) { celu_(x, alpha); },
      [&](Tensor&, const Tensor&) { throw std::runtime_error("celu has no out= form"); });
}

EMBER_COMPAT_ADAPTER("round_decimals") {
  const int64_t d = intArg(args, "decimals", 0);
  return runMode(
      in, args, [&](const Tensor& x) { return round(x, d); }, [&](Tensor& x) { round_(x, d); },
      [&](Tensor& o, const Tensor& x) { round_out(o, x, d); });
}

EMBER_COMPAT_ADAPTER("nan_to_num") {
  const auto nan = optionalDoubleArg(args, "nan"), posinf = optionalDoubleArg(args, "posinf"),
             neginf = optionalDoubleArg(args, "neginf");
  return runMode(
      in, args, [&](const Tensor& x) { return nan_to_num(x, nan, posinf, neginf); },
      [&](Tensor& x) { nan_to_num_(x, nan, posinf, neginf); },
      [&](Tensor& o, const Tensor& x) { nan_to_num_out(o, x, nan, posinf, neginf); });
}

EMBER_COMPAT_ADAPTER("neg_operator") { return {-in.at(0)}; }
EMBER_COMPAT_ADAPTER("invert_operator") { return {~in.at(0)}; }

}  // namespace ember::compat
