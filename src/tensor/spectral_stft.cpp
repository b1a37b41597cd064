// stft: frames of the signal times the window, a real-to-complex FFT of each (FFTW), laid out as
// PyTorch lays out its result ([B, frames, freq] storage returned as the [B, freq, frames]
// transpose), so that view_as_real and later reshapes see the same strides.
#include <fftw3.h>

#include <algorithm>
#include <complex>
#include <cmath>
#include <cstring>
#include <map>
#include <mutex>
#include <utility>
#include <sstream>
#include <vector>

#include "tensor/spectral_fft_plan.h"
#include "ember/error.h"
#include "ember/tensor/ops/complex.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/spectral.h"
#include "ember/tensor/parallel.h"

namespace ember {
namespace {

// FFTW plans for one transform of length n, made once per (length, dtype) and kept: planning is
// not thread-safe (hence the lock) while executing a plan on new arrays is. Plans are made on,
// and run on, buffers from FFTW's own allocator, aligned for its SIMD codelets: a plan made
// with FFTW_UNALIGNED (to run on any buffer) uses no SIMD and took ~2.5x longer.
// FFTW_MEASURE times candidate algorithms while planning: for the frame lengths audio uses (400,
// 512, 1024) that costs a few milliseconds once and made the transforms of a 16k-sample stft
// ~1.5x faster than FFTW_ESTIMATE's guess. Planning time grows with the length, so long
// transforms keep the estimate (first calls must stay fast).
unsigned planFlags(int n) { return n <= 4096 ? FFTW_MEASURE : FFTW_ESTIMATE; }

// A buffer from fftw_malloc (SIMD-aligned), freed with fftw_free.
template <typename T>
struct FftwBuffer {
  T* data;
  explicit FftwBuffer(size_t n) : data(static_cast<T*>(fftw_malloc(sizeof(T) * n))) {
    EMBER_CHECK(data != nullptr, "stft: cannot allocate ", sizeof(T) * n, " bytes");
  }
  ~FftwBuffer() { fftw_free(data); }
  FftwBuffer(const FftwBuffer&) = delete;
  FftwBuffer& operator=(const FftwBuffer&) = delete;
};

template <typename T>
struct FftwPlans;
template <>
struct FftwPlans<float> {
  using Plan = fftwf_plan;
  static Plan make(int n, int howmany) {
    const int half = n / 2 + 1;
    FftwBuffer<float> in(static_cast<size_t>(n) * howmany), out(static_cast<size_t>(2 * half) * howmany);
    return fftwf_plan_many_dft_r2c(1, &n, howmany, in.data, nullptr, 1, n, reinterpret_cast<fftwf_complex*>(out.data),
                                   nullptr, 1, half, planFlags(n));
  }
  static void run(Plan p, float* in, float* out) { fftwf_execute_dft_r2c(p, in, reinterpret_cast<fftwf_complex*>(out)); }
};
template <>
struct FftwPlans<double> {
  using Plan = fftw_plan;
  static Plan make(int n, int howmany) {
    const int half = n / 2 + 1;
    FftwBuffer<double> in(static_cast<size_t>(n) * howmany), out(static_cast<size_t>(2 * half) * howmany);
    return fftw_plan_many_dft_r2c(1, &n, howmany, in.data, nullptr, 1, n, reinterpret_cast<fftw_complex*>(out.data),
                                  nullptr, 1, half, planFlags(n));
  }
  static void run(Plan p, double* in, double* out) { fftw_execute_dft_r2c(p, in, reinterpret_cast<fftw_complex*>(out)); }
};

// Frames are transformed kBatch at a time where there are enough: one plan over a batch of
// frames lets FFTW vectorise across them (n_fft 400: ~25 us instead of ~31 us for 79 frames).
constexpr int kBatch = 8;

// The plan for `howmany` contiguous frames of length n (1 or kBatch).
template <typename T>
typename FftwPlans<T>::Plan planFor(int64_t n, int howmany) {
  // FFTW's planner is shared with torch.fft's transforms (spectral_fft_plan.h).
  std::mutex& mutex = fft_detail::plannerMutex();
  // Plans live for the whole process: the map is never destroyed, so they stay reachable (a
  // destroyed map would leave them allocated and unowned at exit).
  static auto& plans = *new std::map<std::pair<int64_t, int>, typename FftwPlans<T>::Plan>();
  std::lock_guard<std::mutex> lock(mutex);
  auto it = plans.find({n, howmany});
  if (it != plans.end()) return it->second;
  auto plan = FftwPlans<T>::make(static_cast<int>(n), howmany);
  EMBER_CHECK(plan != nullptr, "stft: FFTW could not plan a transform of length ", n);
  plans.emplace(std::make_pair(n, howmany), plan);
  return plan;
}

struct StftArgs {
  int64_t nFft, hop, batch, len, frames, freqs;
  bool onesided;
  double scale;
};

// frame[i] = src[i * stride] * w[i] (w may be null: no window). Contiguous signals take loops
// the compiler vectorises.
template <typename T>
void windowFrame(T* frame, const T* src, int64_t stride, const T* w, int64_t n) {
  if (stride == 1 && w) {
    for (int64_t i = 0; i < n; ++i) frame[i] = src[i] * w[i];
  } else if (stride == 1) {
    std::memcpy(frame, src, sizeof(T) * static_cast<size_t>(n));
  } else {
    for (int64_t i = 0; i < n; ++i) frame[i] = w ? src[i * stride] * w[i] : src[i * stride];
  }
}

// out: [batch, frames, freqs] complex as (re, im) pairs of T; x: [batch, len]; window: [nFft].
// Frames are independent: they are spread over the pool, each chunk with its own buffers.
template <typename T>
void transformFrames(const StftArgs& a, const Tensor& x, const Tensor& window, T* out) {
  const int64_t total = a.batch * a.frames;
  auto single = planFor<T>(a.nFft, 1);
  auto batched = total >= kBatch ? planFor<T>(a.nFft, kBatch) : single;
  const int64_t half = a.nFft / 2 + 1;
  const T* w = window.defined() ? window.data_ptr<T>() : nullptr;
  const T* xs = x.data_ptr<T>();
  const int64_t xStride0 = x.stride(0), xStride1 = x.stride(1);
  const int64_t grain = std::max<int64_t>(kBatch, kGrainSize / (8 * a.nFft));
  const T scale = static_cast<T>(a.scale);
  parallelFor(0, total, grain, [&](int64_t begin, int64_t end) {
    FftwBuffer<T> frames(static_cast<size_t>(a.nFft) * kBatch), specs(static_cast<size_t>(2 * half) * kBatch);
    for (int64_t i0 = begin; i0 < end;) {
      const int64_t count = end - i0 >= kBatch ? kBatch : 1;
      for (int64_t j = 0; j < count; ++j) {
        const int64_t b = (i0 + j) / a.frames, f = (i0 + j) % a.frames;
        windowFrame(frames.data + j * a.nFft, xs + b * xStride0 + f * a.hop * xStride1, xStride1, w, a.nFft);
      }
      FftwPlans<T>::run(count == kBatch ? batched : single, frames.data, specs.data);
      for (int64_t j = 0; j < count; ++j) {
        const T* spec = specs.data + j * 2 * half;
        T* dst = out + 2 * (i0 + j) * a.freqs;  // frame i0 + j of batch row (i0 + j) / frames
        if (scale == T(1)) {
          std::memcpy(dst, spec, sizeof(T) * 2 * static_cast<size_t>(half));
        } else {
          for (int64_t k = 0; k < 2 * half; ++k) dst[k] = spec[k] * scale;
        }
        // The two-sided spectrum of a real frame is Hermitian: X[n - k] = conj(X[k]).
        for (int64_t k = half; k < a.freqs; ++k) {
          dst[2 * k] = dst[2 * (a.nFft - k)];
          dst[2 * k + 1] = -dst[2 * (a.nFft - k) + 1];
        }
      }
      i0 += count;
    }
  });
}

std::string describe(const Tensor& self, int64_t nFft, int64_t hop, int64_t win, const Tensor& window,
                     bool normalized, std::optional<bool> onesided, bool returnComplex) {
  std::ostringstream os;
  os << "stft(torch." << scalarTypeName(self.dtype()) << "Tensor" << self.sizes() << ", n_fft=" << nFft << ", hop_length=" << hop
     << ", win_length=" << win << ", window=";
  if (window.defined()) {
    os << "torch." << scalarTypeName(window.dtype()) << "Tensor{" << window.sizes() << "}";
  } else {
    os << "None";
  }
  os << ", normalized=" << normalized << ", onesided=";
  if (onesided) {
    os << *onesided;
  } else {
    os << "None";
  }
  os << ", return_complex=" << returnComplex << ") : ";
  return os.str();
}

// The window as n_fft values of the signal's dtype: centred with zeros when shorter, ones
// when absent (nothing to multiply).
Tensor fullWindow(const Tensor& window, int64_t nFft, int64_t win, ScalarType dtype) {
  if (!window.defined() && win == nFft) return Tensor();
  Tensor w = zeros({nFft}, dtype);
  const int64_t left = (nFft - win) / 2;
  if (window.defined()) {
    w.narrow(0, left, win).copy_(window);
  } else {
    w.narrow(0, left, win).fill_(1);
  }
  return w;
}

}  // namespace

Tensor stft(const Tensor& self, int64_t n_fft, std::optional<int64_t> hop_length, std::optional<int64_t> win_length,
            const Tensor& window, bool normalized, std::optional<bool> onesided, std::optional<bool> return_complex) {
  const int64_t hop = hop_length.value_or(n_fft >> 2), win = win_length.value_or(n_fft);
  const bool returnComplex = return_complex.value_or(self.is_complex());
  const std::string what = describe(self, n_fft, hop, win, window, normalized, onesided, returnComplex);
  const bool complexWindow = window.defined() && window.is_complex();
  if (self.is_complex() || complexWindow) {
    // The transform is linear in the signal and in the window: with x = xr + i xi and
    // w = wr + i wi, stft(x, w) = stft(xr, wr) - stft(xi, wi) + i (stft(xr, wi) + stft(xi, wr)).
    EMBER_CHECK(!onesided.value_or(false), what, "Cannot have onesided output if window or input is complex");
    auto part = [](const Tensor& t, int64_t k) {
      if (!t.is_complex()) return k == 0 ? t : Tensor();
      return select(view_as_real(t), -1, k).contiguous();
    };
    auto real = [&](const Tensor& x, const Tensor& w) {
      return stft(x, n_fft, hop_length, win_length, w, normalized, false, true);
    };
    const Tensor xr = part(self, 0), xi = part(self, 1);
    const Tensor wr = complexWindow ? part(window, 0) : window, wi = complexWindow ? part(window, 1) : Tensor();
    Tensor re = real(xr, wr), im;
    if (xi.defined()) im = real(xi, wr);
    if (wi.defined()) {
      if (xi.defined()) re = sub(re, real(xi, wi));
      Tensor cross = real(xr, wi);
      im = im.defined() ? add(im, cross) : cross;
    }
    Tensor out = im.defined() ? add(re, mul(im, Scalar(std::complex<double>(0.0, 1.0)))) : re;
    return returnComplex ? out : view_as_real(out);
  }
  EMBER_CHECK(self.is_floating_point() && self.dtype() != kHalf && self.dtype() != kBFloat16,
              what, "expected a tensor of floating point or complex values");
  EMBER_CHECK(self.dim() == 1 || self.dim() == 2, what, "expected a 1D or 2D tensor");
  Tensor x = self.dim() == 1 ? self.unsqueeze(0) : self;
  const int64_t batch = x.size(0), len = x.size(1);
  EMBER_CHECK(n_fft > 0 && n_fft <= len, what, "expected 0 < n_fft < ", len, ", but got n_fft=", n_fft);
  EMBER_CHECK(hop > 0, what, "expected hop_length > 0, but got hop_length=", hop);
  EMBER_CHECK(win > 0 && win <= n_fft, what, "expected 0 < win_length <= n_fft, but got win_length=", win);
  EMBER_CHECK(!window.defined() || (window.dim() == 1 && window.size(0) == win), what,
              "expected a 1D window tensor of size equal to win_length=", win, ", but got window with size ",
              window.defined() ? window.sizes() : IntArrayRef());
  EMBER_CHECK(!window.defined() || (window.is_floating_point() && window.dtype() != kHalf &&
                                    window.dtype() != kBFloat16),
              what, "expected a real floating-point window");
  // The frames are the signal times the window, computed in their promoted dtype (a float
  // signal with a double window transforms in double, as PyTorch's mul makes it).
  const ScalarType dtype = window.defined() ? promoteTypes(self.dtype(), window.dtype()) : self.dtype();
  Tensor xs = x.dtype() == dtype ? x : x.to(dtype);
  Tensor w = fullWindow(window, n_fft, win, dtype);
  if (w.defined()) w = w.contiguous();
  const bool oneSided = onesided.value_or(true);
  StftArgs a{n_fft, hop, batch, len, 1 + (len - n_fft) / hop, oneSided ? n_fft / 2 + 1 : n_fft, oneSided,
             normalized ? 1.0 / std::sqrt(static_cast<double>(n_fft)) : 1.0};
  Tensor pairs = empty({batch, a.frames, a.freqs, 2}, dtype);
  if (dtype == kFloat) {
    transformFrames<float>(a, xs, w, pairs.data_ptr<float>());
  } else {
    transformFrames<double>(a, xs, w, pairs.data_ptr<double>());
  }
  Tensor out = view_as_complex(pairs).transpose(1, 2);
  if (self.dim() == 1) out = out.squeeze(0);
  return returnComplex ? out : view_as_real(out);
}

namespace {

// Pads the last dim of [B, N] by p on both sides.
Tensor padSignal(const Tensor& x, int64_t p, std::string_view mode) {
  const int64_t len = x.size(1);
  if (mode == "constant") {
    Tensor out = zeros({x.size(0), len + 2 * p}, x.dtype());
    out.narrow(1, p, len).copy_(x);
    return out;
  }
  EMBER_CHECK(mode == "reflect" || mode == "replicate" || mode == "circular", "Unrecognised padding mode ", mode);
  EMBER_CHECK(mode != "reflect" || p < len, "Argument #4: Padding size should be less than the corresponding input "
              "dimension, but got: padding (", p, ", ", p, ") at dimension 2 of input [1, ", x.size(0), ", ", len, "]");
  EMBER_CHECK(mode != "circular" || p <= len, "Padding value causes wrapping around more than once.");
  std::vector<int64_t> idx(static_cast<size_t>(len + 2 * p));
  for (int64_t i = 0; i < len + 2 * p; ++i) {
    int64_t j = i - p;
    if (mode == "reflect") {
      j = j < 0 ? -j : (j >= len ? 2 * (len - 1) - j : j);
    } else if (mode == "replicate") {
      j = j < 0 ? 0 : (j >= len ? len - 1 : j);
    } else {
      j = ((j % len) + len) % len;
    }
    idx[i] = j;
  }
  Tensor index = empty({len + 2 * p}, kLong);
  std::memcpy(index.data_ptr<int64_t>(), idx.data(), idx.size() * sizeof(int64_t));
  return x.index_select(1, index);
}

}  // namespace

Tensor stft(const Tensor& self, int64_t n_fft, std::optional<int64_t> hop_length, std::optional<int64_t> win_length,
            const Tensor& window, bool center, std::string_view pad_mode, bool normalized,
            std::optional<bool> onesided, std::optional<bool> return_complex) {
  if (!center) return stft(self, n_fft, hop_length, win_length, window, normalized, onesided, return_complex);
  EMBER_CHECK(self.dim() == 1 || self.dim() == 2, "stft: expected a 1D or 2D tensor");
  // The unpadded call repeats the full checks; the padding needs a positive n_fft first.
  EMBER_CHECK(n_fft > 0, "stft: expected 0 < n_fft, but got n_fft=", n_fft);
  Tensor x = self.dim() == 1 ? self.unsqueeze(0) : self;
  Tensor padded = padSignal(x, n_fft / 2, pad_mode);
  if (self.dim() == 1) padded = padded.squeeze(0);
  return stft(padded, n_fft, hop_length, win_length, window, normalized, onesided, return_complex);
}

}  // namespace ember
