// Adapter for the normalisation family's differential cases (cases_norm.py): one "norm" op whose
// "fn" names the function; "present" lists which of weight, bias, running_mean, running_var
// follow the input. Ops that update running statistics also return them after the call.
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/norm.h"
#include "harness.h"

namespace ember::compat {

EMBER_COMPAT_ADAPTER("norm") {
  const std::string fn = stringArg(args, "fn");
  Tensor w, b, rm, rv;
  size_t k = 1;
  for (const auto& name : args.at("present")) {
    const std::string n = name.get<std::string>();
    Tensor& slot = n == "weight" ? w : n == "bias" ? b : n == "running_mean" ? rm : rv;
    slot = in.at(k++);
  }
  const Tensor& x = in[0];
  const double momentum = doubleArg(args, "momentum", 0.1), eps = doubleArg(args, "eps", 1e-5);
  const bool training = boolArg(args, "training", false);
  auto withStats = [&](std::vector<Tensor> r) {
    if (rm.defined()) r.push_back(rm);
    if (rv.defined()) r.push_back(rv);
    return r;
  };
  if (fn == "batch_norm") return withStats({batch_norm(x, w, b, rm, rv, training, momentum, eps)});
  if (fn == "native_batch_norm") {
    auto [o, m, s] = native_batch_norm(x, w, b, rm, rv, training, momentum, eps);
    return withStats({o, m, s});
  }
  if (fn == "_batch_norm_impl_index") {
    auto [o, m, s, r, i] = _batch_norm_impl_index(x, w, b, rm, rv, training, momentum, eps, false);
    return {o, m, s, r, scalarTensor(i)};
  }
  if (fn == "layer_norm") return {layer_norm(x, intListArg(args, "normalized_shape"), w, b, eps)};
  if (fn == "native_layer_norm") {
    auto [o, m, s] = native_layer_norm(x, intListArg(args, "normalized_shape"), w, b, eps);
    return {o, m, s};
  }
  const int64_t groups = intArg(args, "num_groups", 1);
  if (fn == "group_norm") return {group_norm(x, groups, w, b, eps)};
  if (fn == "native_group_norm") {
    int64_t hxw = 1;
    for (int64_t d = 2; d < x.dim(); ++d) hxw *= x.size(d);
    auto [o, m, s] = native_group_norm(x, w, b, x.size(0), x.size(1), hxw, groups, eps);
    return {o, m, s};
  }
  if (fn == "instance_norm")
    return withStats({instance_norm(x, w, b, rm, rv, boolArg(args, "use_input_stats", true), momentum, eps)});
  throw std::runtime_error("unknown norm function " + fn);
}

}  // namespace ember::compat
