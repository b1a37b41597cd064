// Source positions and weights of the upsampling modes, with PyTorch 1.13's arithmetic: nearest
// modes compute in float (the 2x and 1x nearest cases are exact shifts), interpolating modes in
// the input's precision (bfloat16 emulated, see bf16Taps).
#include <algorithm>
#include <cmath>

#include "ember/tensor/half.h"
#include "tensor/upsample_utils.h"

namespace ember::upsample {

namespace {

template <typename S>
S scaleValue(std::optional<double> scale, int64_t in, int64_t out) {
  // A non-positive scale is what old archives stored for "none".
  return (scale && *scale > 0.) ? static_cast<S>(1.0 / *scale) : static_cast<S>(in) / static_cast<S>(out);
}

template <typename S>
S areaScale(int64_t in, int64_t out, bool alignCorners, std::optional<double> scale) {
  if (alignCorners) return out > 1 ? static_cast<S>(in - 1) / static_cast<S>(out - 1) : S(0);
  return scaleValue<S>(scale, in, out);
}

template <typename S>
S sourceIndex(S scale, int64_t dst, bool alignCorners, bool cubic) {
  if (alignCorners) return scale * static_cast<S>(dst);
  const S src = scale * (static_cast<S>(dst) + static_cast<S>(0.5)) - static_cast<S>(0.5);
  return (!cubic && src < 0) ? S(0) : src;
}

int64_t nearestIndex(Mode mode, int64_t o, int64_t in, int64_t out, std::optional<double> scale) {
  if (mode == Mode::Nearest) {
    if (out == in) return o;
    if (out == 2 * in) return o >> 1;
    const float s = scaleValue<float>(scale, in, out);
    return std::min(static_cast<int64_t>(std::floor(static_cast<float>(o) * s)), in - 1);
  }
  const float s = scaleValue<float>(scale, in, out);
  return std::min(static_cast<int64_t>(std::floor(static_cast<float>((static_cast<double>(o) + 0.5) * s))), in - 1);
}

// Keys cubic convolution with A = -0.75.
template <typename S>
void cubicWeights(S t, S* w) {
  const S A = static_cast<S>(-0.75);
  auto near = [A](S x) { return ((A + 2) * x - (A + 3)) * x * x + 1; };
  auto far = [A](S x) { return ((A * x - 5 * A) * x + 8 * A) * x - 4 * A; };
  w[0] = far(t + 1);
  w[1] = near(t);
  w[2] = near(1 - t);
  w[3] = far(2 - t);
}

template <typename S>
Taps interpolatingTaps(Mode mode, int64_t in, int64_t out, bool alignCorners, std::optional<double> scale) {
  Taps t;
  const bool cubic = mode == Mode::Cubic;
  t.count = cubic ? 4 : 2;
  t.idx.resize(static_cast<size_t>(out * t.count));
  t.w.resize(t.idx.size());
  const S s = areaScale<S>(in, out, alignCorners, scale);
  for (int64_t o = 0; o < out; ++o) {
    const S real = sourceIndex<S>(s, o, alignCorners, cubic);
    int64_t* idx = &t.idx[o * t.count];
    double* w = &t.w[o * t.count];
    if (!cubic) {
      // Clamped so that scales smaller than size / input never read past the input (PyTorch
      // 1.13's trilinear kernel does).
      const int64_t i0 = std::min<int64_t>(static_cast<int64_t>(real), in - 1);
      const S l1 = std::min(std::max(real - static_cast<S>(i0), S(0)), S(1));
      idx[0] = i0;
      idx[1] = i0 + (i0 < in - 1 ? 1 : 0);
      w[0] = static_cast<double>(S(1) - l1);
      w[1] = static_cast<double>(l1);
      continue;
    }
    const int64_t i0 = static_cast<int64_t>(std::floor(real));
    S cw[4];
    cubicWeights<S>(real - static_cast<S>(i0), cw);
    for (int j = 0; j < 4; ++j) {
      idx[j] = std::max<int64_t>(std::min<int64_t>(i0 - 1 + j, in - 1), 0);
      w[j] = static_cast<double>(cw[j]);
    }
  }
  return t;
}

// bfloat16 inputs: PyTorch 1.13 computes the scale and the weights in bfloat16 arithmetic (each
// operation rounded to bfloat16; operations with a double operand in double) and the source
// positions in float from that scale, which moves weights noticeably. The same sequence of
// roundings is reproduced here (checked against PyTorch's responses to impulses).
float bf(double v) { return static_cast<float>(BFloat16(static_cast<float>(v))); }

float bfScale(int64_t in, int64_t out, bool alignCorners, std::optional<double> scale) {
  if (alignCorners) return out > 1 ? bf(bf(in - 1) / bf(out - 1)) : 0.f;
  if (scale && *scale > 0.) return bf(1.0 / *scale);
  return bf(bf(in) / bf(out));
}

float bfSource(float scale, int64_t dst, bool alignCorners, bool cubic) {
  if (alignCorners) return scale * static_cast<float>(dst);
  const float src = static_cast<float>(static_cast<double>(scale) * (static_cast<double>(dst) + 0.5) - 0.5);
  return (!cubic && src < 0) ? 0.f : src;
}

void bfCubicWeights(float t, double* w) {
  const float A = -0.75f;
  auto near = [&](float x) {  // ((A + 2) * x - (A + 3)) * x * x + 1
    return bf(bf(bf(bf(bf(bf(A + 2) * x) - bf(A + 3)) * x) * x) + 1);
  };
  auto far = [&](float x) {  // ((A * x - 5 * A) * x + 8 * A) * x - 4 * A
    return bf(bf(bf(bf(bf(bf(A * x) - bf(5 * A)) * x) + bf(8 * A)) * x) - bf(4 * A));
  };
  const float x2 = bf(1.0 - t);
  w[0] = far(bf(t + 1.0));
  w[1] = near(t);
  w[2] = near(x2);
  w[3] = far(bf(x2 + 1.0));
}

Taps bf16Taps(Mode mode, int64_t in, int64_t out, bool alignCorners, std::optional<double> scale) {
  Taps t;
  const bool cubic = mode == Mode::Cubic;
  t.count = cubic ? 4 : 2;
  t.idx.resize(static_cast<size_t>(out * t.count));
  t.w.resize(t.idx.size());
  const float s = bfScale(in, out, alignCorners, scale);
  for (int64_t o = 0; o < out; ++o) {
    const float real = bfSource(s, o, alignCorners, cubic);
    int64_t* idx = &t.idx[o * t.count];
    double* w = &t.w[o * t.count];
    if (!cubic) {
      const int64_t i0 = std::min<int64_t>(static_cast<int64_t>(real), in - 1);
      const float l1 = std::min(std::max(bf(real - bf(i0)), 0.f), 1.f);
      idx[0] = i0;
      idx[1] = i0 + (i0 < in - 1 ? 1 : 0);
      w[0] = bf(1.0 - l1);
      w[1] = l1;
      continue;
    }
    const int64_t i0 = static_cast<int64_t>(std::floor(real));
    bfCubicWeights(bf(real - bf(i0)), w);
    for (int j = 0; j < 4; ++j) idx[j] = std::max<int64_t>(std::min<int64_t>(i0 - 1 + j, in - 1), 0);
  }
  return t;
}

}  // namespace

Taps identityTaps() {
  Taps t;
  t.idx = {0};
  t.w = {1.0};
  return t;
}

Taps makeTaps(Mode mode, int64_t in, int64_t out, bool alignCorners, std::optional<double> scale,
              ScalarType dtype) {
  if (mode == Mode::Nearest || mode == Mode::NearestExact) {
    Taps t;
    t.idx.resize(static_cast<size_t>(out));
    t.w.assign(static_cast<size_t>(out), 1.0);
    for (int64_t o = 0; o < out; ++o) t.idx[o] = nearestIndex(mode, o, in, out, scale);
    return t;
  }
  if (dtype == ScalarType::BFloat16) return bf16Taps(mode, in, out, alignCorners, scale);
  return dtype == ScalarType::Double ? interpolatingTaps<double>(mode, in, out, alignCorners, scale)
                                     : interpolatingTaps<float>(mode, in, out, alignCorners, scale);
}

}  // namespace ember::upsample
