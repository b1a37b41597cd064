// Adapter for the upsampling family's differential cases (cases_upsample.py): one "upsample" op;
// "fn" is the aten name, "vec" picks the .vec form ("output_size" / "scale_factors", either may
// be null), otherwise "output_size" and "scales" (float-or-null per dim); "align_corners".
#include "ember/tensor/ops/upsample.h"
#include "harness.h"

namespace ember::compat {
namespace {

using Scales = std::array<std::optional<double>, 3>;

Scales explicitScales(const nlohmann::json& args) {
  Scales s;
  if (!args.contains("scales")) return s;
  const auto& list = args["scales"];
  for (size_t i = 0; i < list.size() && i < 3; ++i)
    if (!list[i].is_null()) s[i] = list[i].get<double>();
  return s;
}

Tensor explicitForm(const std::string& fn, const Tensor& x, IntArrayRef size, bool align, const Scales& s) {
  if (fn == "upsample_nearest1d") return upsample_nearest1d(x, size, s[0]);
  if (fn == "upsample_nearest2d") return upsample_nearest2d(x, size, s[0], s[1]);
  if (fn == "upsample_nearest3d") return upsample_nearest3d(x, size, s[0], s[1], s[2]);
  if (fn == "_upsample_nearest_exact1d") return _upsample_nearest_exact1d(x, size, s[0]);
  if (fn == "_upsample_nearest_exact2d") return _upsample_nearest_exact2d(x, size, s[0], s[1]);
  if (fn == "_upsample_nearest_exact3d") return _upsample_nearest_exact3d(x, size, s[0], s[1], s[2]);
  if (fn == "upsample_linear1d") return upsample_linear1d(x, size, align, s[0]);
  if (fn == "upsample_bilinear2d") return upsample_bilinear2d(x, size, align, s[0], s[1]);
  if (fn == "upsample_bicubic2d") return upsample_bicubic2d(x, size, align, s[0], s[1]);
  if (fn == "upsample_trilinear3d") return upsample_trilinear3d(x, size, align, s[0], s[1], s[2]);
  throw std::runtime_error("unknown upsample function " + fn);
}

Tensor vecForm(const std::string& fn, const Tensor& x, OptionalIntArrayRef size, bool align,
               OptionalDoubleArrayRef f) {
  if (fn == "upsample_nearest1d") return upsample_nearest1d_vec(x, size, f);
  if (fn == "upsample_nearest2d") return upsample_nearest2d_vec(x, size, f);
  if (fn == "upsample_nearest3d") return upsample_nearest3d_vec(x, size, f);
  if (fn == "_upsample_nearest_exact1d") return _upsample_nearest_exact1d_vec(x, size, f);
  if (fn == "_upsample_nearest_exact2d") return _upsample_nearest_exact2d_vec(x, size, f);
  if (fn == "_upsample_nearest_exact3d") return _upsample_nearest_exact3d_vec(x, size, f);
  if (fn == "upsample_linear1d") return upsample_linear1d_vec(x, size, align, f);
  if (fn == "upsample_bilinear2d") return upsample_bilinear2d_vec(x, size, align, f);
  if (fn == "upsample_bicubic2d") return upsample_bicubic2d_vec(x, size, align, f);
  if (fn == "upsample_trilinear3d") return upsample_trilinear3d_vec(x, size, align, f);
  throw std::runtime_error("unknown upsample function " + fn);
}

}  // namespace

EMBER_COMPAT_ADAPTER("upsample") {
  const std::string fn = stringArg(args, "fn");
  const bool align = boolArg(args, "align_corners", false);
  const bool hasSize = args.contains("output_size") && !args["output_size"].is_null();
  const std::vector<int64_t> size = hasSize ? args["output_size"].get<std::vector<int64_t>>() : std::vector<int64_t>{};
  if (!boolArg(args, "vec", false)) return {explicitForm(fn, in[0], size, align, explicitScales(args))};
  const bool hasFactors = args.contains("scale_factors") && !args["scale_factors"].is_null();
  const std::vector<double> factors =
      hasFactors ? args["scale_factors"].get<std::vector<double>>() : std::vector<double>{};
  return {vecForm(fn, in[0], hasSize ? OptionalIntArrayRef(size) : std::nullopt, align,
                  hasFactors ? OptionalDoubleArrayRef(factors) : std::nullopt)};
}

}  // namespace ember::compat
