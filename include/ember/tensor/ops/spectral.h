// Tensor ops of the spectral family: the short-time Fourier transform as torch.stft and
// torchaudio's Spectrogram / MelSpectrogram call it, and the complex views around it.
//
// Complex tensors: ember computes with real dtypes only. A complex64/complex128 tensor can exist
// (stft's return_complex=True result: interleaved (re, im) pairs, the layout PyTorch uses), and
// reaches only the ops that MelSpectrogram's graph applies to it: views and reshapes that need
// no copy, view_as_real, and abs (the magnitude, a real tensor). Any other op rejects it with
// an unsupported-dtype error.
//
// FFTs come from FFTW (float and double plans, cached per length).
#pragma once

#include <optional>
#include <string_view>

#include "ember/tensor/tensor.h"

namespace ember {

// torch.stft on a 1-D [N] or 2-D [B, N] real signal (float32/float64): frames of n_fft samples
// every hop_length (default n_fft / 4) times the window (win_length long, default n_fft; centred
// with zeros up to n_fft; no window = ones), DFT of each frame (onesided: the n_fft / 2 + 1
// non-negative frequencies; default true for real input), scaled by 1/sqrt(n_fft) when
// normalized. Result [B, freq, frames] complex, or with return_complex=false its real view
// [B, freq, frames, 2]; strides as PyTorch's.
Tensor stft(const Tensor& self, int64_t n_fft, std::optional<int64_t> hop_length = std::nullopt,
            std::optional<int64_t> win_length = std::nullopt, const Tensor& window = {}, bool normalized = false,
            std::optional<bool> onesided = std::nullopt, std::optional<bool> return_complex = std::nullopt);
// The `center` overload: pads n_fft / 2 samples on both sides first (pad_mode "reflect",
// "constant" (zeros), "replicate" or "circular").
Tensor stft(const Tensor& self, int64_t n_fft, std::optional<int64_t> hop_length, std::optional<int64_t> win_length,
            const Tensor& window, bool center, std::string_view pad_mode, bool normalized,
            std::optional<bool> onesided, std::optional<bool> return_complex);

// torch.istft: the signal whose stft (center, normalized, onesided as given) is self, from a
// complex [B?, freq, frames] spectrum or its real view [B?, freq, frames, 2]: inverse real DFT of
// each frame (a two-sided spectrum keeps its n_fft / 2 + 1 non-negative frequencies), times the
// window, overlap-added and divided by the overlap-added squared window (an error where that is
// below 1e-11); trimmed by n_fft / 2 at both ends when center, cut or zero-padded to `length`.
// return_complex: a complex result from the inverse DFT of the two-sided spectrum.
Tensor istft(const Tensor& self, int64_t n_fft, std::optional<int64_t> hop_length, std::optional<int64_t> win_length,
             const Tensor& window, bool center, bool normalized, std::optional<bool> onesided,
             std::optional<int64_t> length, bool return_complex);

// A complex tensor as real pairs [..., 2] sharing its storage, and back (last dim of size 2 and
// stride 1, other strides even).
Tensor view_as_real(const Tensor& self);
Tensor view_as_complex(const Tensor& self);
// |z| of each element of a complex tensor, as a real tensor with the same layout.
Tensor complexAbs(const Tensor& self);

}  // namespace ember
