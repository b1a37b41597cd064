// Normal samples: normal_, randn, torch.normal overloads.
//
// PyTorch 1.13's CPU normal_ has three paths, and each gives different bits:
//  - float32, contiguous, >= 16 elements: all uniforms are drawn first, then every block of 16
//    becomes 16 normals by Box-Muller (lanes j and j + 8 pair up) using Cephes-style log and
//    sincos polynomials evaluated in float (PyTorch's AVX2 kernel); a ragged end redraws the last
//    16 uniforms and redoes the last block;
//  - other floating types, contiguous, >= 16 elements: the same blocking with libm in T;
//  - otherwise: one Box-Muller sample per element in double, caching the second value.
// ember reproduces each (the polynomials in scalar code with the same operation order and
// fused multiply-adds where PyTorch's compiled kernel has them).
#include <cmath>

#include "ember/tensor/ops/random.h"
#include "ember/tensor/ops/spectral.h"
#include "random_draw.h"
#include "tensor/storage_watch.h"

namespace ember {

using random_detail::generatorOr;
using random_detail::serialFill;
using random_detail::uniformReal;

namespace {

float bitsToFloat(uint32_t u) { return detail::bitsFloat(u); }

// Natural log by the Cephes float polynomial (argument > 0).
float cephesLog(float x) {
  static constexpr float kP[] = {7.0376836292E-2f, -1.1514610310E-1f, 1.1676998740E-1f,
                                 -1.2420140846E-1f, 1.4249322787E-1f, -1.6668057665E-1f,
                                 2.0000714765E-1f, -2.4999993993E-1f, 3.3333331174E-1f};
  x = std::max(x, bitsToFloat(0x00800000u));  // no denormals
  const uint32_t bits = detail::floatBits(x);
  float e = static_cast<float>(static_cast<int32_t>(bits >> 23) - 0x7f) + 1.0f;
  x = bitsToFloat((bits & ~0x7f800000u) | detail::floatBits(0.5f));  // mantissa in [0.5, 1)
  float adjust = 0.0f;
  if (x < 0.707106781186547524f) {
    adjust = x;
    e = e - 1.0f;
  }
  x = (x - 1.0f) + adjust;
  const float z = x * x;
  float y = kP[0];
  for (int i = 1; i < 9; ++i) y = std::fma(y, x, kP[i]);
  y = y * x;
  y = y * z;
  y = y + e * -2.12194440e-4f;
  y = std::fma(-z, 0.5f, y);
  x = x + y;
  return std::fma(e, 0.693359375f, x);
}

// sin and cos by the Cephes float polynomials with octant reduction.
void cephesSinCos(float x, float* s, float* c) {
  bool sinNegative = std::signbit(x);
  x = std::fabs(x);
  int32_t j = static_cast<int32_t>(x * 1.27323954473516f);  // 4 / pi
  j = (j + 1) & ~1;
  const float y = static_cast<float>(j);
  sinNegative = sinNegative != ((j & 4) != 0);
  const bool cosNegative = ((~(j - 2)) & 4) != 0;
  const bool firstPoly = (j & 2) == 0;
  x = std::fma(y, -0.78515625f, x);
  x = std::fma(y, -2.4187564849853515625e-4f, x);
  x = std::fma(y, -3.77489497744594108e-8f, x);
  const float z = x * x;
  float yc = std::fma(2.443315711809948E-005f, z, -1.388731625493765E-003f);
  yc = std::fma(yc, z, 4.166664568298827E-002f);
  yc = yc * z;
  yc = std::fma(yc, z, -(z * 0.5f));
  yc = yc + 1.0f;
  float ys = std::fma(-1.9515295891E-4f, z, 8.3321608736E-3f);
  ys = std::fma(ys, z, -1.6666654611E-1f);
  ys = ys * z;
  ys = std::fma(ys, x, x);
  float sv = firstPoly ? ys : yc;
  float cv = firstPoly ? yc : ys;
  *s = sinNegative ? -sv : sv;
  *c = cosNegative ? -cv : cv;
}

void normalBlock16Float(float* data, float mean, float std) {
  const float twoPi = static_cast<float>(2.0f * M_PI);
  for (int j = 0; j < 8; ++j) {
    const float u1 = 1.0f - data[j];
    const float u2 = data[j + 8];
    const float radius = std::sqrt(-2.0f * cephesLog(u1));
    float s, c;
    cephesSinCos(twoPi * u2, &s, &c);
    data[j] = std::fma(radius * c, std, mean);
    data[j + 8] = std::fma(radius * s, std, mean);
  }
}

template <typename T>
void normalBlock16(T* data, T mean, T std) {
  using A = opmath_t<T>;
  for (int j = 0; j < 8; ++j) {
    const T u1 = static_cast<T>(A(1) - static_cast<A>(data[j]));
    const T u2 = data[j + 8];
    const T radius = static_cast<T>(std::sqrt(A(-2) * std::log(static_cast<A>(u1))));
    const T theta = static_cast<T>(2.0f * M_PI * static_cast<double>(static_cast<A>(u2)));
    const A r = static_cast<A>(radius), th = static_cast<A>(theta);
    data[j] = static_cast<T>(std::fma(r * std::cos(th), static_cast<A>(std), static_cast<A>(mean)));
    data[j + 8] = static_cast<T>(std::fma(r * std::sin(th), static_cast<A>(std), static_cast<A>(mean)));
  }
}

// BFloat16's math functions and operators round every result to BFloat16 (PyTorch's
// BFloat16-math), so each step of the block does.
void normalBlock16BFloat16(BFloat16* data, BFloat16 mean, BFloat16 std) {
  using B = BFloat16;
  auto r = [](float v) { return static_cast<float>(B(v)); };
  for (int j = 0; j < 8; ++j) {
    const float u1 = r(1.0f - static_cast<float>(data[j]));
    const float u2 = static_cast<float>(data[j + 8]);
    const float radius = r(std::sqrt(r(-2.0f * r(std::log(u1)))));
    const float theta = r(static_cast<float>(2.0f * M_PI * static_cast<double>(u2)));
    data[j] = B(r(r(radius * r(std::cos(theta))) * static_cast<float>(std)) + static_cast<float>(mean));
    data[j + 8] = B(r(r(radius * r(std::sin(theta))) * static_cast<float>(std)) + static_cast<float>(mean));
  }
}

template <typename T, typename Block>
void normalFillBlocked(T* data, int64_t n, Generator& g, Block&& block) {
  using A = opmath_t<T>;
  for (int64_t i = 0; i < n; ++i) data[i] = static_cast<T>(uniformReal<T>(g, A(0), A(1)));
  for (int64_t i = 0; i + 16 <= n; i += 16) block(data + i);
  if (n % 16 != 0) {
    T* tail = data + n - 16;
    for (int i = 0; i < 16; ++i) tail[i] = static_cast<T>(uniformReal<T>(g, A(0), A(1)));
    block(tail);
  }
}

}  // namespace

Tensor& normal_(Tensor& self, double mean, double std, Generator* generator) {
  detail::noteWrite(self);
  EMBER_CHECK(std >= 0.0, "normal expects std >= 0.0, but found std ", std);
  if (self.is_complex()) {  // both parts normal with std / sqrt(2), as PyTorch fills the real view
    Tensor parts = view_as_real(self);
    normal_(parts, mean, std / std::sqrt(2.0), generator);
    return self;
  }
  EMBER_CHECK(isFloatingType(self.dtype()), "\"normal_kernel_cpu\" not implemented for '",
              scalarTypeName(self.dtype()), "'");
  Generator& g = generatorOr(generator);
  std::lock_guard<std::mutex> lock(g.mutex());
  const int64_t n = self.numel();
  const bool blocked = n >= 16 && self.is_contiguous();
  visitFloatingDtype(self.dtype(), [&]<typename T>() {
    if (blocked && std::is_same_v<T, float>) {
      float* data = reinterpret_cast<float*>(self.data_ptr());
      const float m = static_cast<float>(mean), s = static_cast<float>(std);
      normalFillBlocked<float>(data, n, g, [&](float* p) { normalBlock16Float(p, m, s); });
    } else if (blocked && std::is_same_v<T, BFloat16>) {
      BFloat16* data = reinterpret_cast<BFloat16*>(self.data_ptr());
      const BFloat16 m = static_cast<BFloat16>(static_cast<float>(mean)), s = static_cast<BFloat16>(static_cast<float>(std));
      normalFillBlocked<BFloat16>(data, n, g, [&](BFloat16* p) { normalBlock16BFloat16(p, m, s); });
    } else if (blocked) {
      T* data = self.data_ptr<T>();
      const T m = static_cast<T>(mean), s = static_cast<T>(std);
      normalFillBlocked<T>(data, n, g, [&](T* p) { normalBlock16<T>(p, m, s); });
    } else {
      serialFill<T>(self, [&] { return static_cast<T>(random_detail::normalSample(g, mean, std)); });
    }
  });
  return self;
}

Tensor randn(IntArrayRef sizes, TensorOptions options, Generator* generator) {
  Tensor t = empty(sizes, options);
  return normal_(t, 0.0, 1.0, generator);
}

Tensor randn_like(const Tensor& self, TensorOptions options, std::optional<MemoryFormat> memory_format) {
  Tensor t = empty_like(self, options, memory_format);
  return normal_(t, 0.0, 1.0, nullptr);
}

Tensor normal(double mean, double std, IntArrayRef sizes, Generator* generator, TensorOptions options) {
  Tensor t = empty(sizes, options);
  return normal_(t, mean, std, generator);
}

namespace {

DimVector broadcastShape(IntArrayRef a, IntArrayRef b) {
  const size_t nd = std::max(a.size(), b.size());
  DimVector out(nd);
  for (size_t i = 0; i < nd; ++i) {
    const int64_t da = i < nd - a.size() ? 1 : a[i - (nd - a.size())];
    const int64_t db = i < nd - b.size() ? 1 : b[i - (nd - b.size())];
    EMBER_CHECK(da == db || da == 1 || db == 1, "The size of tensor a (", da, ") must match the size of tensor b (",
                db, ") at non-singleton dimension ", i);
    out[i] = da == 1 ? db : da;
  }
  return out;
}

// Element of `t` at row-major position `linear` of the broadcast `shape`, as double.
double broadcastRead(const Tensor& t, IntArrayRef shape, int64_t linear) {
  int64_t offset = 0;
  const int64_t lead = static_cast<int64_t>(shape.size()) - t.dim();
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    const int64_t idx = linear % shape[d];
    linear /= shape[d];
    if (d >= lead && t.sizes()[d - lead] != 1) offset += idx * t.strides()[d - lead];
  }
  const char* p = static_cast<const char*>(t.data_ptr()) + offset * static_cast<int64_t>(t.element_size());
  return visitDtype(t.dtype(), [&]<typename T>() { return static_cast<double>(*reinterpret_cast<const T*>(p)); });
}

void checkStdTensor(const Tensor& std) {
  bool ok = true;
  for (int64_t i = 0; i < std.numel() && ok; ++i) ok = broadcastRead(std, std.sizes(), i) >= 0.0;
  EMBER_CHECK(ok, "normal expects all elements of std >= 0.0");
}

// out = sample * std + mean, each step rounded to the output type as PyTorch's mul_/add_ do.
Tensor normalFrom(const Tensor* meanT, double meanV, const Tensor* stdT, double stdV, ScalarType dtype,
                  IntArrayRef shape, Generator* generator) {
  Tensor out = empty(shape, dtype);
  normal_(out, 0.0, stdT ? 1.0 : stdV, generator);
  visitFloatingDtype(dtype, [&]<typename T>() {
    T* data = out.data_ptr<T>();
    for (int64_t i = 0; i < out.numel(); ++i) {
      T v = data[i];
      if (stdT) v = static_cast<T>(static_cast<opmath_t<T>>(v) * static_cast<opmath_t<T>>(broadcastRead(*stdT, shape, i)));
      const double m = meanT ? broadcastRead(*meanT, shape, i) : meanV;
      data[i] = static_cast<T>(static_cast<opmath_t<T>>(v) + static_cast<opmath_t<T>>(m));
    }
  });
  return out;
}

}  // namespace

Tensor normal(const Tensor& mean, double std, Generator* generator) {
  EMBER_CHECK(std >= 0.0, "normal expects std >= 0.0, but found std ", std);
  return normalFrom(&mean, 0.0, nullptr, std, mean.dtype(), mean.sizes(), generator);
}

Tensor normal(double mean, const Tensor& std, Generator* generator) {
  checkStdTensor(std);
  return normalFrom(nullptr, mean, &std, 1.0, std.dtype(), std.sizes(), generator);
}

Tensor normal(const Tensor& mean, const Tensor& std, Generator* generator) {
  checkStdTensor(std);
  DimVector shape = broadcastShape(mean.sizes(), std.sizes());
  return normalFrom(&mean, 0.0, &std, 1.0, mean.dtype(), shape, generator);
}

}  // namespace ember
