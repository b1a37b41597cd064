// FFTW execution for torch.fft (spectral_fft.cpp): one guru plan per call over a tensor's own
// sizes and strides, so any set of dims transforms in one pass with no transposition.
// Complex data is handled as its real view, a float/double tensor of pairs [..., 2] (see
// spectral.h). All tensors here are float or double, already resized to the transform sizes.
#pragma once

#include <mutex>

#include "ember/tensor/tensor.h"

namespace ember::fft_detail {

// In place over `pairs` (a complex signal's real view): the DFT over dims (of the complex
// shape), with the sign of the exponent negative (forward) or positive.
void c2c(const Tensor& pairs, IntArrayRef dims, bool forward);
// real -> pairs: the forward DFT of a real signal over dims; the last of dims is halved
// (out's size there is n / 2 + 1 for the input's n).
void r2c(const Tensor& real, const Tensor& pairs, IntArrayRef dims);
// pairs -> real: the backward DFT of a Hermitian-symmetric spectrum (its non-negative half
// along the last of dims). Overwrites `pairs` (FFTW's multi-dimensional c2r destroys its input).
void c2r(const Tensor& pairs, const Tensor& real, IntArrayRef dims);

// FFTW's planner is global and not thread-safe: every caller that makes or destroys a plan (the
// transforms here and stft's plan cache) holds this one lock.
std::mutex& plannerMutex();

}  // namespace ember::fft_detail
