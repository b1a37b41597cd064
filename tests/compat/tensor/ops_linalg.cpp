// Adapters for the linalg family's differential cases (cases_linalg.py). Common args: "beta",
// "alpha", "out" (the last input is the out tensor; run the _out form), "inplace" (run the
// in-place method on the first input), "equation" (einsum).
#include "ember/tensor/ops/linalg.h"
#include "harness.h"

namespace ember::compat {
namespace {

bool wantsOut(const nlohmann::json& args) { return boolArg(args, "out", false); }
bool inplace(const nlohmann::json& args) { return boolArg(args, "inplace", false); }
Scalar beta(const nlohmann::json& args) { return scalarArg(args, "beta", 1); }
Scalar alpha(const nlohmann::json& args) { return scalarArg(args, "alpha", 1); }

}  // namespace

EMBER_COMPAT_ADAPTER("linalg.mm") {
  if (wantsOut(args)) {
    Tensor out = in[2];
    return {mm_out(out, in[0], in[1])};
  }
  return {mm(in[0], in[1])};
}

EMBER_COMPAT_ADAPTER("linalg.bmm") {
  if (wantsOut(args)) {
    Tensor out = in[2];
    return {bmm_out(out, in[0], in[1])};
  }
  return {in[0].bmm(in[1])};
}

EMBER_COMPAT_ADAPTER("linalg.matmul") {
  if (wantsOut(args)) {
    Tensor out = in[2];
    return {matmul_out(out, in[0], in[1])};
  }
  return {in[0].matmul(in[1])};
}

EMBER_COMPAT_ADAPTER("linalg.addmm") {
  if (wantsOut(args)) {
    Tensor out = in[3];
    return {addmm_out(out, in[0], in[1], in[2], beta(args), alpha(args))};
  }
  if (inplace(args)) {
    Tensor self = in[0];
    return {self.addmm_(in[1], in[2], beta(args), alpha(args))};
  }
  return {addmm(in[0], in[1], in[2], beta(args), alpha(args))};
}

EMBER_COMPAT_ADAPTER("linalg.baddbmm") {
  if (wantsOut(args)) {
    Tensor out = in[3];
    return {baddbmm_out(out, in[0], in[1], in[2], beta(args), alpha(args))};
  }
  if (inplace(args)) {
    Tensor self = in[0];
    return {self.baddbmm_(in[1], in[2], beta(args), alpha(args))};
  }
  return {baddbmm(in[0], in[1], in[2], beta(args), alpha(args))};
}

EMBER_COMPAT_ADAPTER("linalg.addbmm") {
  if (wantsOut(args)) {
    Tensor out = in[3];
    return {addbmm_out(out, in[0], in[1], in[2], beta(args), alpha(args))};
  }
  if (inplace(args)) {
    Tensor self = in[0];
    return {self.addbmm_(in[1], in[2], beta(args), alpha(args))};
  }
  return {in[0].addbmm(in[1], in[2], beta(args), alpha(args))};
}

EMBER_COMPAT_ADAPTER("linalg.mv") {
  if (wantsOut(args)) {
    Tensor out = in[2];
    return {mv_out(out, in[0], in[1])};
  }
  return {in[0].mv(in[1])};
}

EMBER_COMPAT_ADAPTER("linalg.addmv") {
  if (inplace(args)) {
    Tensor self = in[0];
    return {self.addmv_(in[1], in[2], beta(args), alpha(args))};
  }
  return {addmv(in[0], in[1], in[2], beta(args), alpha(args))};
}

EMBER_COMPAT_ADAPTER("linalg.dot") { return {in[0].dot(in[1])}; }
EMBER_COMPAT_ADAPTER("linalg.outer") { return {outer(in[0], in[1])}; }
EMBER_COMPAT_ADAPTER("linalg.ger") { return {in[0].ger(in[1])}; }

EMBER_COMPAT_ADAPTER("linalg.linear") {
  if (wantsOut(args)) {
    Tensor out = in.back();
    return {linear_out(out, in[0], in[1], in.size() > 3 ? in[2] : Tensor())};
  }
  return {linear(in[0], in[1], in.size() > 2 ? in[2] : Tensor())};
}

EMBER_COMPAT_ADAPTER("linalg.einsum") {
  std::vector<Tensor> ops(in.begin(), in.end());
  return {einsum(stringArg(args, "equation"), ops)};
}

}  // namespace ember::compat
