// Adapter for the pooling family's differential cases (cases_pool.py): one "pool" op whose "fn"
// names the function; "kernel_size", "stride", "padding", "dilation", "output_size" (lists),
// "ceil_mode", "count_include_pad", "divisor_override". Functions with indices return both.
#include "ember/tensor/ops/pool.h"
#include "harness.h"

namespace ember::compat {

EMBER_COMPAT_ADAPTER("pool") {
  const std::string fn = stringArg(args, "fn");
  const Tensor& x = in[0];
  const auto k = intListArg(args, "kernel_size"), s = intListArg(args, "stride");
  const auto p = intListArg(args, "padding", {0}), d = intListArg(args, "dilation", {1});
  const auto o = intListArg(args, "output_size");
  const bool ceil = boolArg(args, "ceil_mode", false), countPad = boolArg(args, "count_include_pad", true);
  const std::optional<int64_t> divisor = optionalIntArg(args, "divisor_override");
  auto pair = [](std::tuple<Tensor, Tensor> r) { return std::vector<Tensor>{std::get<0>(r), std::get<1>(r)}; };
  if (fn == "max_pool1d") return {max_pool1d(x, k, s, p, d, ceil)};
  if (fn == "max_pool2d") return {max_pool2d(x, k, s, p, d, ceil)};
  if (fn == "max_pool3d") return {max_pool3d(x, k, s, p, d, ceil)};
  if (fn == "max_pool1d_with_indices") return pair(max_pool1d_with_indices(x, k, s, p, d, ceil));
  if (fn == "max_pool2d_with_indices") return pair(max_pool2d_with_indices(x, k, s, p, d, ceil));
  if (fn == "max_pool3d_with_indices") return pair(max_pool3d_with_indices(x, k, s, p, d, ceil));
  if (fn == "avg_pool1d") return {avg_pool1d(x, k, s, p, ceil, countPad)};
  if (fn == "avg_pool2d") return {avg_pool2d(x, k, s, p, ceil, countPad, divisor)};
  if (fn == "avg_pool3d") return {avg_pool3d(x, k, s, p, ceil, countPad, divisor)};
  if (fn == "adaptive_avg_pool1d") return {adaptive_avg_pool1d(x, o)};
  if (fn == "adaptive_avg_pool2d") return {adaptive_avg_pool2d(x, o)};
  if (fn == "_adaptive_avg_pool2d") return {_adaptive_avg_pool2d(x, o)};
  if (fn == "adaptive_avg_pool3d") return {adaptive_avg_pool3d(x, o)};
  if (fn == "adaptive_max_pool1d") return pair(adaptive_max_pool1d(x, o));
  if (fn == "adaptive_max_pool2d") return pair(adaptive_max_pool2d(x, o));
  if (fn == "adaptive_max_pool3d") return pair(adaptive_max_pool3d(x, o));
  throw std::runtime_error("unknown pool function " + fn);
}

}  // namespace ember::compat
