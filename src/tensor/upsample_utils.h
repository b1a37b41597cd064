// Shared pieces of the upsampling family: the taps each output position reads along one dim
// (source indices and weights, PyTorch 1.13's formulas) and the separable kernel that applies
// them. Spatial dims are normalised to three (D, H, W); a missing dim has one tap of weight 1.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "ember/tensor/tensor.h"

namespace ember::upsample {

enum class Mode { Nearest, NearestExact, Linear, Cubic };

// Output o of one dim reads idx[o * count + j] with weight w[o * count + j], j < count.
struct Taps {
  int64_t count = 1;
  std::vector<int64_t> idx;
  std::vector<double> w;
};

Taps makeTaps(Mode mode, int64_t in, int64_t out, bool alignCorners, std::optional<double> scale, ScalarType dtype);
Taps identityTaps();

struct Plan {
  Mode mode;
  int64_t batch, channels;
  std::array<int64_t, 3> in, out;
  std::array<Taps, 3> taps;
  bool channelsLast;
};

// Writes the interpolated input into `out` (both dense in the plan's layout).
void run(const Plan& plan, const Tensor& input, const Tensor& out);

}  // namespace ember::upsample
