// Adapter for the conv family's differential cases (cases_conv.py): one "conv" op whose "fn"
// names the function; "stride", "padding" (int, list or string), "dilation", "output_padding"
// (int or list), "groups", "transposed". Inputs: input, weight and optionally bias.
#include "ember/tensor/ops/conv.h"
#include "harness.h"

namespace ember::compat {
namespace {

std::vector<int64_t> ints(const nlohmann::json& args, const std::string& key, int64_t fallback) {
  if (!args.contains(key)) return {fallback};
  const auto& v = args[key];
  if (v.is_number_integer()) return {v.get<int64_t>()};
  return v.get<std::vector<int64_t>>();
}

}  // namespace

EMBER_COMPAT_ADAPTER("conv") {
  const std::string fn = stringArg(args, "fn");
  const Tensor bias = in.size() > 2 ? in[2] : Tensor();
  const auto stride = ints(args, "stride", 1), dilation = ints(args, "dilation", 1);
  const auto outputPadding = ints(args, "output_padding", 0);
  const int64_t groups = intArg(args, "groups", 1);
  if (fn == "convolution" || fn == "_convolution") {
    const auto padding = ints(args, "padding", 0);
    const bool transposed = boolArg(args, "transposed", false);
    if (fn == "convolution")
      return {convolution(in[0], in[1], bias, stride, padding, dilation, transposed, outputPadding, groups)};
    return {_convolution(in[0], in[1], bias, stride, padding, dilation, transposed, outputPadding, groups, false, false,
                         true, true)};
  }
  if (fn.rfind("conv_transpose", 0) == 0) {
    const auto padding = ints(args, "padding", 0);
    if (fn == "conv_transpose1d")
      return {conv_transpose1d(in[0], in[1], bias, stride, padding, outputPadding, groups, dilation)};
    if (fn == "conv_transpose2d")
      return {conv_transpose2d(in[0], in[1], bias, stride, padding, outputPadding, groups, dilation)};
    return {conv_transpose3d(in[0], in[1], bias, stride, padding, outputPadding, groups, dilation)};
  }
  if (args.contains("padding") && args["padding"].is_string()) {
    const std::string padding = stringArg(args, "padding");
    if (fn == "conv1d") return {conv1d(in[0], in[1], bias, stride, padding, dilation, groups)};
    if (fn == "conv2d") return {conv2d(in[0], in[1], bias, stride, padding, dilation, groups)};
    return {conv3d(in[0], in[1], bias, stride, padding, dilation, groups)};
  }
  const auto padding = ints(args, "padding", 0);
  if (fn == "conv1d") return {conv1d(in[0], in[1], bias, stride, padding, dilation, groups)};
  if (fn == "conv2d") return {conv2d(in[0], in[1], bias, stride, padding, dilation, groups)};
  return {conv3d(in[0], in[1], bias, stride, padding, dilation, groups)};
}

}  // namespace ember::compat
