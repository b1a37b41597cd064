// Adapters for the spectral family's differential cases (cases_spectral.py).
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/spectral.h"
#include "ember/tensor/ops/unary.h"
#include "harness.h"

namespace ember::compat {
namespace {

std::optional<bool> optionalBoolArg(const nlohmann::json& args, const std::string& key) {
  if (!hasArg(args, key) || args[key].is_null()) return std::nullopt;
  return boolArg(args, key);
}

}  // namespace

EMBER_COMPAT_ADAPTER("spectral.stft") {
  Tensor window = in.size() > 1 ? in[1] : Tensor();
  const int64_t nFft = intArg(args, "n_fft");
  auto hop = optionalIntArg(args, "hop_length"), win = optionalIntArg(args, "win_length");
  const bool normalized = boolArg(args, "normalized");
  auto onesided = optionalBoolArg(args, "onesided"), returnComplex = optionalBoolArg(args, "return_complex");
  Tensor r = hasArg(args, "center") ? stft(in[0], nFft, hop, win, window, boolArg(args, "center"),
                                           stringArg(args, "pad_mode"), normalized, onesided, returnComplex)
                                    : stft(in[0], nFft, hop, win, window, normalized, onesided, returnComplex);
  const std::string then = stringArg(args, "then");
  if (then == "abs") return {r.abs()};
  if (then == "real") return {view_as_real(r)};
  return {r};
}

// torchaudio's Spectrogram (and MelSpectrogram with a filter bank) as their scripted graphs run:
// batch dims folded, reflect padding, complex stft, reshape back, |.|^power, filter bank.
EMBER_COMPAT_ADAPTER("spectral.melspec") {
  const Tensor& wav = in[0];
  DimVector shape(wav.sizes().begin(), wav.sizes().end());
  Tensor x = wav.reshape({-1, shape.back()});
  Tensor spec = stft(x, intArg(args, "n_fft"), intArg(args, "hop_length"), intArg(args, "win_length"), in[1], true,
                     "reflect", false, true, true);
  shape.pop_back();
  shape.push_back(spec.size(-2));
  shape.push_back(spec.size(-1));
  spec = spec.reshape(shape);
  Tensor mag = spec.abs();
  const double power = doubleArg(args, "power");
  if (power != 1.0) mag = pow(mag, power);
  if (in.size() > 2) mag = matmul(mag.transpose(-1, -2), in[2]).transpose(-1, -2);
  return {mag};
}

}  // namespace ember::compat
