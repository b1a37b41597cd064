// Tensor ops of torch.fft: discrete Fourier transforms over one, two or any number of dims, for
// complex signals (fft, ifft, fftn, ...), real signals (rfft: the n/2 + 1 non-negative
// frequencies; irfft: back to n real samples) and Hermitian-symmetric spectra (hfft: the real
// signal of a one-sided spectrum; ihfft: its inverse), plus the frequency grids and shifts.
// PyTorch 1.13's names and conventions:
//  - n / s: the signal length per transformed dim; the input is zero-padded or trimmed to it
//    (-1 in s keeps the input's size). For irfft / hfft the default output length is
//    2 * (m - 1) for an input of m points;
//  - dim: the transformed dims (1-D forms: one dim, default -1; 2-D forms: default (-2, -1);
//    n-D forms: default the last len(s) dims, or all dims);
//  - norm: "backward" (default: the forward transform unscaled, the inverse scaled by 1/n),
//    "forward" (the opposite) or "ortho" (1/sqrt(n) both ways);
//  - dtypes: float32 / complex64 signals give complex64 / float32 results (computed in double
//    and rounded once), float64 / complex128 give complex128 / float64; integers and bool
//    compute as the default float dtype; Half is rejected. Results are complex
//    (complex64 / complex128, see spectral.h for what complex tensors support), except irfft*
//    and hfft*, whose results are real. rfft* and ihfft* need a real input.
// Transforms run on FFTW (guru plans over the tensor's own strides, one plan per call).
#pragma once

#include <optional>
#include <string_view>

#include "ember/tensor/tensor.h"
#include "ember/tensor/tensor_options.h"

namespace ember {

using FftNormArg = std::optional<std::string_view>;

// 1-D transforms along `dim`.
Tensor fft_fft(const Tensor& self, std::optional<int64_t> n = std::nullopt, int64_t dim = -1, FftNormArg norm = {});
Tensor fft_ifft(const Tensor& self, std::optional<int64_t> n = std::nullopt, int64_t dim = -1, FftNormArg norm = {});
Tensor fft_rfft(const Tensor& self, std::optional<int64_t> n = std::nullopt, int64_t dim = -1, FftNormArg norm = {});
Tensor fft_irfft(const Tensor& self, std::optional<int64_t> n = std::nullopt, int64_t dim = -1, FftNormArg norm = {});
Tensor fft_hfft(const Tensor& self, std::optional<int64_t> n = std::nullopt, int64_t dim = -1, FftNormArg norm = {});
Tensor fft_ihfft(const Tensor& self, std::optional<int64_t> n = std::nullopt, int64_t dim = -1, FftNormArg norm = {});

// n-D transforms (the 2-D forms are these with dim defaulting to (-2, -1)).
using FftSizes = std::optional<IntArrayRef>;
Tensor fft_fftn(const Tensor& self, FftSizes s = std::nullopt, FftSizes dim = std::nullopt, FftNormArg norm = {});
Tensor fft_ifftn(const Tensor& self, FftSizes s = std::nullopt, FftSizes dim = std::nullopt, FftNormArg norm = {});
Tensor fft_rfftn(const Tensor& self, FftSizes s = std::nullopt, FftSizes dim = std::nullopt, FftNormArg norm = {});
Tensor fft_irfftn(const Tensor& self, FftSizes s = std::nullopt, FftSizes dim = std::nullopt, FftNormArg norm = {});
Tensor fft_hfftn(const Tensor& self, FftSizes s = std::nullopt, FftSizes dim = std::nullopt, FftNormArg norm = {});
Tensor fft_ihfftn(const Tensor& self, FftSizes s = std::nullopt, FftSizes dim = std::nullopt, FftNormArg norm = {});

// Writes a transform's result into out= (complex results need a complex out, of either
// precision; real results any dtype they can be cast to). Resizes out like other out= ops.
Tensor& fftWriteOut(Tensor& out, const Tensor& result, const char* name);

// Sample frequencies of an n-point transform with sample spacing d: fftfreq gives
// [0, 1, ..., ceil(n/2) - 1, -floor(n/2), ..., -1] / (d n), rfftfreq [0, 1, ..., n/2] / (d n).
// dtype: floating (default: the default dtype).
Tensor fft_fftfreq(int64_t n, double d = 1.0, TensorOptions options = {});
Tensor fft_rfftfreq(int64_t n, double d = 1.0, TensorOptions options = {});
// Rolls the zero frequency to the centre (fftshift: by size / 2 along each dim, all dims by
// default) and back (ifftshift: by (size + 1) / 2). Complex tensors allowed.
Tensor fft_fftshift(const Tensor& self, FftSizes dim = std::nullopt);
Tensor fft_ifftshift(const Tensor& self, FftSizes dim = std::nullopt);

}  // namespace ember
