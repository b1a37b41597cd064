// Adapter for the padding family's differential cases (cases_pad.py): one "pad" op whose "fn"
// names the function; "pad" (list), "value" (number), "mode" (string for pad, int for _pad_enum).
#include "ember/tensor/ops/pad.h"
#include "harness.h"

namespace ember::compat {

EMBER_COMPAT_ADAPTER("pad") {
  const std::string fn = stringArg(args, "fn");
  const auto p = intListArg(args, "pad");
  const Tensor& x = in[0];
  const std::optional<double> value =
      hasArg(args, "value") && !args["value"].is_boolean() ? optionalDoubleArg(args, "value") : std::nullopt;
  if (fn == "constant_pad_nd") return {constant_pad_nd(x, p, hasArg(args, "value") ? toScalar(args["value"]) : 0)};
  if (fn == "pad") return {pad(x, p, stringArg(args, "mode", "constant"), value)};
  if (fn == "_pad_enum") return {_pad_enum(x, p, intArg(args, "mode"), value)};
  if (fn == "reflection_pad1d") return {reflection_pad1d(x, p)};
  if (fn == "reflection_pad2d") return {reflection_pad2d(x, p)};
  if (fn == "reflection_pad3d") return {reflection_pad3d(x, p)};
  if (fn == "replication_pad1d") return {replication_pad1d(x, p)};
  if (fn == "replication_pad2d") return {replication_pad2d(x, p)};
  if (fn == "replication_pad3d") return {replication_pad3d(x, p)};
  if (fn == "_pad_circular") return {_pad_circular(x, p)};
  throw std::runtime_error("unknown pad function " + fn);
}

}  // namespace ember::compat
