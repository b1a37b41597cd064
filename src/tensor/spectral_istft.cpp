// torch.istft: the inverse of stft. Each frame's spectrum goes back to n_fft samples by an
// inverse real FFT, is multiplied by the window, and the frames are overlap-added hop_length
// apart; the sum is divided by the overlap-added squared window (see ember/tensor/ops/spectral.h).
#include <algorithm>
#include <string_view>

#include "ember/tensor.h"
#include "ember/tensor/ops/fft.h"
#include "ember/tensor/ops/spectral.h"

namespace ember {

namespace {

// The window as n_fft samples: given (or ones) of win_length, centred with zeros.
Tensor paddedWindow(const Tensor& window, int64_t nFft, int64_t winLength, ScalarType dtype) {
  Tensor w = window.defined() ? window : ones({winLength}, dtype);
  if (winLength == nFft) return w;
  const int64_t left = (nFft - winLength) / 2;
  return constant_pad_nd(w, {left, nFft - winLength - left});
}

}  // namespace

Tensor istft(const Tensor& self, int64_t n_fft, std::optional<int64_t> hop_length, std::optional<int64_t> win_length,
             const Tensor& window, bool center, bool normalized, std::optional<bool> onesided,
             std::optional<int64_t> length, bool return_complex) {
  Tensor input = self;
  if (!isComplexType(self.scalar_type())) {
    EMBER_CHECK((self.dim() == 3 || self.dim() == 4) && self.size(-1) == 2,
                "istft(...): expected a tensor with 3 or 4 dimensions of real with the last of size 2, or a complex "
                "tensor of 2 or 3 dimensions, but got ", self.sizes());
    input = view_as_complex(self.contiguous());
  }
  EMBER_CHECK(input.dim() == 2 || input.dim() == 3,
              "istft(...): expected a tensor with 2 or 3 dimensions of complex, but got ", input.dim());
  const bool batched = input.dim() == 3;
  if (!batched) input = input.unsqueeze(0);
  const int64_t hop = hop_length.value_or(n_fft / 4), winLength = win_length.value_or(n_fft);
  const int64_t freqs = input.size(1), frames = input.size(2);
  const bool oneSided = onesided.value_or(freqs != n_fft);
  if (oneSided) {
    EMBER_CHECK(n_fft / 2 + 1 == freqs, "istft(...): expected the frequency dimension (3rd to the last) of the input "
                "tensor to match n_fft / 2 + 1 when onesided=True, but got ", freqs);
  } else {
    EMBER_CHECK(n_fft == freqs, "istft(...): expected the frequency dimension (3rd to the last) of the input tensor "
                "to match n_fft when onesided=False, but got ", freqs);
  }
  EMBER_CHECK(0 < hop && hop <= winLength, "istft(...): expected 0 < hop_length <= win_length");
  EMBER_CHECK(0 < winLength && winLength <= n_fft, "istft(...): expected 0 < win_length <= n_fft");
  EMBER_CHECK(!window.defined() || (window.dim() == 1 && window.size(0) == winLength),
              "istft(...): expected a 1D window tensor of size equal to win_length=", winLength,
              ", but got window with size ", window.defined() ? window.sizes() : IntArrayRef{});
  EMBER_CHECK(frames > 0, "istft(...): the input has no frames");

  const std::string_view norm = normalized ? "ortho" : "backward";
  // A complex result is computed on its real view: (re, im) pairs in a trailing dim of size 2.
  Tensor signal;
  if (return_complex) {
    EMBER_CHECK(!oneSided, "Cannot have onesided output if window or input is complex");
    signal = view_as_real(fft_ifft(input, n_fft, 1, norm));  // [B, n_fft, frames, 2]
  } else {
    if (!oneSided) input = input.narrow(1, 0, n_fft / 2 + 1);  // a real result needs only half
    signal = fft_irfft(input, n_fft, 1, norm);  // [B, n_fft, frames]
  }
  const ScalarType dtype = signal.scalar_type();
  Tensor w = paddedWindow(window, n_fft, winLength, dtype).to(dtype);
  DimVector perSample{n_fft, 1}, ySizes{input.size(0), n_fft + hop * (frames - 1)};
  if (return_complex) {
    perSample.push_back(1);
    ySizes.push_back(2);
  }
  Tensor weighted = mul(signal, w.view(perSample));

  const int64_t expected = ySizes[1];
  Tensor y = zeros(ySizes, dtype), envelope = zeros({expected}, dtype);
  Tensor w2 = mul(w, w);
  for (int64_t t = 0; t < frames; ++t) {
    Tensor ySlot = y.narrow(1, t * hop, n_fft), envSlot = envelope.narrow(0, t * hop, n_fft);
    add_(ySlot, weighted.select(2, t));
    add_(envSlot, w2);
  }
  const int64_t start = center ? n_fft / 2 : 0;
  const int64_t end = length ? start + *length : (center ? expected - n_fft / 2 : expected);
  const int64_t kept = std::max<int64_t>(0, std::min(end, expected) - start);
  y = y.narrow(1, start, kept);
  envelope = envelope.narrow(0, start, kept);
  if (kept > 0) {
    const double lowest = min(abs(envelope)).item().toDouble();
    EMBER_CHECK(lowest >= 1e-11, "istft(...): window overlap add min: ", lowest);
  }
  y = div(y, return_complex ? envelope.unsqueeze(1) : envelope);
  if (end > expected) y = constant_pad_nd(y, return_complex ? DimVector{0, 0, 0, end - expected} : DimVector{0, end - expected});
  if (return_complex) y = view_as_complex(y.contiguous());
  return batched ? y : y.squeeze(0);
}

}  // namespace ember
