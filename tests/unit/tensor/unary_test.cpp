// Unit tests for the unary op family: the scalar reference definitions, the vectorised kernels
// of every instruction set this CPU supports, and the ops' dtype, out= and layout rules.
// Expected values come from PyTorch 1.13 (or exact math), never from ember's own output.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "ember/tensor.h"
#include "tensor/cpu_capability.h"
#include "tensor/kernels/unary_kernels.h"
#include "tensor/kernels/unary_math.h"

namespace ember {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

template <typename T>
Tensor fromVector(const std::vector<T>& v, IntArrayRef sizes) {
  Tensor t = empty(sizes, scalarTypeOf<T>());
  EXPECT_EQ(static_cast<size_t>(t.numel()), v.size());
  if (!v.empty()) std::memcpy(t.data_ptr(), v.data(), v.size() * sizeof(T));
  return t;
}
template <typename T>
Tensor fromVector(const std::vector<T>& v) {
  return fromVector(v, {static_cast<int64_t>(v.size())});
}

// Elements in logical (row-major) order, whatever the strides.
template <typename T>
std::vector<T> values(const Tensor& t) {
  Tensor c = t.contiguous();
  std::vector<T> v(static_cast<size_t>(c.numel()));
  if constexpr (std::is_same_v<T, bool>) {
    for (size_t i = 0; i < v.size(); ++i) v[i] = c.data_ptr<bool>()[i];
  } else if (!v.empty()) {
    std::memcpy(v.data(), c.data_ptr(), v.size() * sizeof(T));
  }
  return v;
}

bool sameFloat(double a, double b, double rtol, double atol) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::fabs(a - b) <= atol + rtol * std::fabs(b);
}

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "<no error>";
}

// ---- scalar reference definitions ----

TEST(UnaryMathTest, SignFollowsPyTorch) {
  EXPECT_EQ(unary_math::sign(-2.5f), -1.0f);
  EXPECT_EQ(unary_math::sign(3.0), 1.0);
  EXPECT_EQ(unary_math::sign(kNaN), 0.0f);  // torch.sign(nan) == 0
  EXPECT_FALSE(std::signbit(unary_math::sign(-0.0f)));  // torch.sign(-0.) == +0.
  EXPECT_EQ(unary_math::sign<int8_t>(-7), -1);
  EXPECT_EQ(unary_math::sign<uint8_t>(200), 1);
  EXPECT_EQ(unary_math::sign(true), true);
}

TEST(UnaryMathTest, RoundsHalfToEven) {
  EXPECT_EQ(unary_math::roundHalfEven(2.5f), 2.0f);
  EXPECT_EQ(unary_math::roundHalfEven(-2.5f), -2.0f);
  EXPECT_EQ(unary_math::roundHalfEven(1.5), 2.0);
  EXPECT_TRUE(std::signbit(unary_math::roundHalfEven(-0.5f)));
  // torch.round(x, decimals=2) / decimals=-2
  EXPECT_FLOAT_EQ(unary_math::roundDecimals(1234.5678f, 100.0f, false), 1234.57f);
  EXPECT_EQ(unary_math::roundDecimals(1250.0f, 100.0f, true), 1200.0f);
  EXPECT_EQ(unary_math::roundDecimals(1234.5678f, 100.0f, true), 1200.0f);
}

TEST(UnaryMathTest, ErfinvMatchesHighPrecisionValues) {
  // mpmath.erfinv at 40 digits.
  EXPECT_NEAR(unary_math::erfinv(0.5), 0.4769362762044699, 1e-15);
  EXPECT_NEAR(unary_math::erfinv(-0.9), -1.1630871536766743, 1e-15);
  EXPECT_NEAR(unary_math::erfinv(0.999999999999), 5.04203189857269613, 1e-13);
  EXPECT_NEAR(unary_math::erfinv(0.9999999999999999), 5.863584748755168, 1e-12);
  EXPECT_NEAR(unary_math::erfinv(1e-30), 8.862269254527580e-31, 1e-45);
  EXPECT_EQ(unary_math::erfinv(1.0), std::numeric_limits<double>::infinity());
  EXPECT_EQ(unary_math::erfinv(-1.0), -std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(unary_math::erfinv(1.5)));
  EXPECT_TRUE(std::isnan(unary_math::erfinv(std::nan(""))));
  EXPECT_TRUE(std::signbit(unary_math::erfinv(-0.0)));
  EXPECT_FLOAT_EQ(unary_math::erfinv(0.5f), 0.4769362807273865f);
  // Round trip over the range.
  for (double y = -0.999; y < 1.0; y += 0.0137) EXPECT_NEAR(std::erf(unary_math::erfinv(y)), y, 1e-15);
}

TEST(UnaryMathTest, ActivationSpecialValues) {
  // Values printed by PyTorch 1.13 for float32 inputs.
  EXPECT_FLOAT_EQ(unary_math::gelu(1.5f), 1.3997890949249268f);
  EXPECT_FLOAT_EQ(unary_math::geluTanh(1.5f), 1.3995715379714966f);
  EXPECT_FLOAT_EQ(unary_math::geluTanh(-2.5f), -0.015084296464920044f);
  EXPECT_FLOAT_EQ(unary_math::silu(-2.5f), -0.189645454287529f);
  EXPECT_FLOAT_EQ(unary_math::mish(1.5f), 1.4033782482147217f);
  EXPECT_FLOAT_EQ(unary_math::hardswish(-2.5f), -0.2083333283662796f);
  EXPECT_FLOAT_EQ(unary_math::hardsigmoid(0.5f), 0.5833333134651184f);
  EXPECT_FLOAT_EQ(unary_math::softplus(-2.5f, 1.0f, 20.0f), 0.07888973504304886f);
  EXPECT_FLOAT_EQ(unary_math::elu(-2.5f, 1.0f, 1.0f, 1.0f), -0.9179149866104126f);
  EXPECT_TRUE(std::isnan(unary_math::hardswish(-kInf)));  // -inf * 0
  EXPECT_TRUE(std::isnan(unary_math::silu(-kInf)));
  EXPECT_TRUE(std::isnan(unary_math::mish(-kInf)));
  EXPECT_TRUE(std::isnan(unary_math::relu(kNaN)));
  EXPECT_TRUE(std::signbit(unary_math::relu(-0.0f)));
  EXPECT_TRUE(std::isnan(unary_math::hardtanh(kNaN, -1.0f, 1.0f)));
  EXPECT_EQ(unary_math::softplus(-kInf, 1.0f, 20.0f), 0.0f);
  EXPECT_EQ(unary_math::leakyRelu(-2.0f, 0.5f), -1.0f);
  EXPECT_EQ(unary_math::nanToNum(kNaN, 1.0f, 2.0f, 3.0f), 1.0f);
  EXPECT_EQ(unary_math::nanToNum(-kInf, 1.0f, 2.0f, 3.0f), 3.0f);
}

// ---- vectorised kernels against the scalar reference, for every ISA this CPU has ----

struct KernelCase {
  UnaryOp op;
  UnaryParams params;
};

// The reference of `op` evaluated in T (float or double), with the same params as the kernel.
template <typename T>
T reference(UnaryOp op, T x, const UnaryParams& p) {
  namespace um = unary_math;
  switch (op) {
    case UnaryOp::Abs: return std::fabs(x);
    case UnaryOp::Neg: return -x;
    case UnaryOp::Exp: return std::exp(x);
    case UnaryOp::Exp2: return std::exp2(x);
    case UnaryOp::Log: return std::log(x);
    case UnaryOp::Log2: return std::log2(x);
    case UnaryOp::Log10: return std::log10(x);
    case UnaryOp::Log1p: return std::log1p(x);
    case UnaryOp::Expm1: return std::expm1(x);
    case UnaryOp::Sqrt: return std::sqrt(x);
    case UnaryOp::Rsqrt: return um::rsqrt(x);
    case UnaryOp::Sin: return std::sin(x);
    case UnaryOp::Cos: return std::cos(x);
    case UnaryOp::Tan: return std::tan(x);
    case UnaryOp::Asin: return std::asin(x);
    case UnaryOp::Acos: return std::acos(x);
    case UnaryOp::Atan: return std::atan(x);
    case UnaryOp::Sinh: return std::sinh(x);
    case UnaryOp::Cosh: return std::cosh(x);
    case UnaryOp::Tanh: return std::tanh(x);
    case UnaryOp::Sigmoid: return um::sigmoid(x);
    case UnaryOp::Erf: return std::erf(x);
    case UnaryOp::Erfc: return std::erfc(x);
    case UnaryOp::Erfinv: return um::erfinv(x);
    case UnaryOp::Floor: return std::floor(x);
    case UnaryOp::Ceil: return std::ceil(x);
    case UnaryOp::Round: return um::roundHalfEven(x);
    case UnaryOp::RoundDecimals: return um::roundDecimals(x, T(p.a), p.b != 0);
    case UnaryOp::Trunc: return std::trunc(x);
    case UnaryOp::Frac: return um::frac(x);
    case UnaryOp::Sign: return um::sign(x);
    case UnaryOp::Reciprocal: return um::reciprocal(x);
    case UnaryOp::Relu: return um::relu(x);
    case UnaryOp::Gelu: return um::gelu(x);
    case UnaryOp::GeluTanh: return um::geluTanh(x);
    case UnaryOp::Silu: return um::silu(x);
    case UnaryOp::Mish: return um::mish(x);
    case UnaryOp::Softplus: return um::softplus(x, T(p.a), T(p.b));
    case UnaryOp::Hardtanh: return um::hardtanh(x, T(p.a), T(p.b));
    case UnaryOp::Hardswish: return um::hardswish(x);
    case UnaryOp::Hardsigmoid: return um::hardsigmoid(x);
    case UnaryOp::LeakyRelu: return um::leakyRelu(x, T(p.a));
    case UnaryOp::Elu: return um::elu(x, T(p.a), T(p.b), T(p.c));
    case UnaryOp::NanToNum: return um::nanToNum(x, T(p.a), T(p.b), T(p.c));
    case UnaryOp::Count: break;
  }
  return x;
}

UnaryParams paramsFor(UnaryOp op) {
  UnaryParams p;
  switch (op) {
    case UnaryOp::RoundDecimals: p.a = 100.0; break;
    case UnaryOp::Softplus: p.a = 2.0; p.b = 3.0; break;
    case UnaryOp::Hardtanh: p.a = -0.5; p.b = 2.0; break;
    case UnaryOp::LeakyRelu: p.a = 0.2; break;
    case UnaryOp::Elu: p.a = 1.5; p.b = 1.2; p.c = 0.8; break;
    case UnaryOp::NanToNum: p.a = 1.0; p.b = 2.0; p.c = -3.0; break;
    default: break;
  }
  return p;
}

template <typename T>
std::vector<T> kernelInputs() {
  const T inf = std::numeric_limits<T>::infinity();
  std::vector<T> v = {std::numeric_limits<T>::quiet_NaN(), inf, -inf, T(0), T(-0.0), T(1e-40), T(-1e-40), T(1e-30),
                      T(0.5), T(-0.5), T(1.5), T(2.5), T(-2.5), T(0.6), T(-0.5999), T(0.61), T(3), T(-3), T(10), T(-10),
                      T(88), T(-88), T(100), T(-100), T(1e10), T(-1e10), T(0.99), T(-0.99), T(1), T(-1), T(1.005), T(89), T(-89.4), T(85)};
  if constexpr (std::is_same_v<T, double>) v.insert(v.end(), {T(709.5), T(-710.4), T(705), T(1e300)});
  for (int i = 0; i < 517; ++i) v.push_back(T(-20.0 + 40.0 * i / 516.0));
  for (int i = 0; i < 101; ++i) v.push_back(T(-1.0 + 2.0 * i / 100.0));
  return v;
}

template <typename T>
void checkKernel(UnaryOp op, CpuCapability cap, double rtol, double atol) {
  const std::vector<T> in = kernelInputs<T>();
  const int64_t n = static_cast<int64_t>(in.size());
  const UnaryParams p = paramsFor(op);
  UnaryKernelFn fn = floatUnaryKernel(op, scalarTypeOf<T>(), cap);
  // Contiguous.
  std::vector<T> out(in.size());
  {
    char* ptrs[2] = {reinterpret_cast<char*>(out.data()), const_cast<char*>(reinterpret_cast<const char*>(in.data()))};
    const int64_t strides[2] = {sizeof(T), sizeof(T)};
    fn(ptrs, strides, n, p);
  }
  // Strided: input every other element, output every third, backwards.
  std::vector<T> in2(in.size() * 2), out2(in.size() * 3);
  for (size_t i = 0; i < in.size(); ++i) in2[2 * i] = in[i];
  {
    char* ptrs[2] = {reinterpret_cast<char*>(out2.data() + 3 * (in.size() - 1)), reinterpret_cast<char*>(in2.data())};
    const int64_t strides[2] = {-3 * static_cast<int64_t>(sizeof(T)), 2 * sizeof(T)};
    fn(ptrs, strides, n, p);
  }
  for (size_t i = 0; i < in.size(); ++i) {
    const T ref = reference<T>(op, in[i], p);
    // float gelu's vectors take PyTorch's erf approximation (absolute error <= 1.5e-7, so gelu's
    // <= 0.75e-7 |x|: in the negative tail that is a large share of a tiny result).
    const bool approximateErf = op == UnaryOp::Gelu && std::is_same_v<T, float>;
    const double elementAtol = approximateErf ? atol + 0.8e-7 * std::abs(static_cast<double>(in[i])) : atol;
    EXPECT_TRUE(sameFloat(out[i], ref, rtol, elementAtol))
        << unaryOpName(op) << " [" << cpuCapabilityName(cap) << ", " << scalarTypeOf<T>() << "] x=" << in[i]
        << " got " << out[i] << " want " << ref;
    const T strided = out2[3 * (in.size() - 1 - i)];
    EXPECT_TRUE(sameFloat(strided, out[i], 0, 0)) << unaryOpName(op) << " strided x=" << in[i];
  }
}

template <typename H>
void checkReducedKernel(UnaryOp op, CpuCapability cap) {
  const std::vector<float> base = kernelInputs<float>();
  std::vector<H> in(base.size());
  for (size_t i = 0; i < base.size(); ++i) in[i] = H(base[i]);
  std::vector<H> out(in.size());
  const UnaryParams p = paramsFor(op);
  char* ptrs[2] = {reinterpret_cast<char*>(out.data()), reinterpret_cast<char*>(in.data())};
  const int64_t strides[2] = {sizeof(H), sizeof(H)};
  floatUnaryKernel(op, scalarTypeOf<H>(), cap)(ptrs, strides, static_cast<int64_t>(in.size()), p);
  for (size_t i = 0; i < in.size(); ++i) {
    const float ref = static_cast<float>(H(reference<float>(op, static_cast<float>(in[i]), p)));
    EXPECT_TRUE(sameFloat(static_cast<float>(out[i]), ref, 1e-2, 1e-3))
        << unaryOpName(op) << " [" << cpuCapabilityName(cap) << ", " << scalarTypeOf<H>()
        << "] x=" << static_cast<float>(in[i]) << " got " << static_cast<float>(out[i]) << " want " << ref;
  }
}

std::vector<CpuCapability> supportedCapabilities() {
  std::vector<CpuCapability> caps;
  for (int c = 0; c <= static_cast<int>(cpuCapability()); ++c) caps.push_back(static_cast<CpuCapability>(c));
  return caps;
}

TEST(UnaryKernelTest, EveryIsaMatchesReference) {
  for (CpuCapability cap : supportedCapabilities()) {
    for (int o = 0; o < static_cast<int>(UnaryOp::Count); ++o) {
      const auto op = static_cast<UnaryOp>(o);
      checkKernel<float>(op, cap, 2e-6, 1e-7);
      checkKernel<double>(op, cap, 1e-13, 1e-15);
    }
  }
}

TEST(UnaryKernelTest, HalfAndBFloat16ComputeInFloat) {
  for (CpuCapability cap : supportedCapabilities()) {
    for (UnaryOp op : {UnaryOp::Exp, UnaryOp::Tanh, UnaryOp::Gelu, UnaryOp::Sigmoid, UnaryOp::Relu, UnaryOp::Sqrt,
                       UnaryOp::Round, UnaryOp::Elu, UnaryOp::NanToNum}) {
      checkReducedKernel<Half>(op, cap);
      checkReducedKernel<BFloat16>(op, cap);
    }
  }
}

TEST(UnaryKernelTest, FloatTanhWithinTwoUlpEverywhere) {
  // The float tanh is ember's own (polynomial + exp): sweep a wide range of bit patterns.
  for (CpuCapability cap : supportedCapabilities()) {
    UnaryKernelFn fn = floatUnaryKernel(UnaryOp::Tanh, kFloat, cap);
    std::vector<float> in, out;
    for (uint32_t u = 0; u < 0x7f800000u; u += 0x1237) {
      float f;
      std::memcpy(&f, &u, 4);
      in.push_back(f);
      in.push_back(-f);
    }
    out.resize(in.size());
    char* ptrs[2] = {reinterpret_cast<char*>(out.data()), reinterpret_cast<char*>(in.data())};
    const int64_t strides[2] = {4, 4};
    fn(ptrs, strides, static_cast<int64_t>(in.size()), UnaryParams{});
    for (size_t i = 0; i < in.size(); ++i) {
      const float ref = static_cast<float>(std::tanh(static_cast<double>(in[i])));
      const float ulp = std::nextafter(std::fabs(ref), kInf) - std::fabs(ref);
      ASSERT_LE(std::fabs(out[i] - ref), 2 * ulp) << cpuCapabilityName(cap) << " x=" << in[i];
    }
  }
}

// ---- ops: dtype rules ----

TEST(UnaryOpTest, MathPromotesIntegersToDefaultFloat) {
  Tensor x = fromVector<int64_t>({0, 1, 2});
  Tensor y = exp(x);
  EXPECT_EQ(y.dtype(), kFloat);
  auto v = values<float>(y);
  EXPECT_FLOAT_EQ(v[1], std::exp(1.0f));
  EXPECT_EQ(sqrt(fromVector<uint8_t>({4})).dtype(), kFloat);
  Tensor b = empty({2}, kBool);
  b.data_ptr<bool>()[0] = true;
  b.data_ptr<bool>()[1] = false;
  EXPECT_EQ(values<float>(sigmoid(b))[1], 0.5f);
  EXPECT_EQ(reciprocal(fromVector<int32_t>({0, 2})).dtype(), kFloat);
  EXPECT_EQ(values<float>(reciprocal(fromVector<int32_t>({0, 2})))[0], kInf);
  EXPECT_EQ(exp(fromVector<double>({1.0})).dtype(), kDouble);
  EXPECT_EQ(tanh(fromVector<BFloat16>({BFloat16(1.0f)})).dtype(), kBFloat16);
}

TEST(UnaryOpTest, SignAndMagnitudeKeepDtype) {
  Tensor x = fromVector<int8_t>({-128, -3, 0, 5});
  EXPECT_EQ(abs(x).dtype(), kChar);
  EXPECT_EQ(values<int8_t>(abs(x)), (std::vector<int8_t>{-128, 3, 0, 5}));  // wraps like PyTorch
  EXPECT_EQ(values<int8_t>(neg(x)), (std::vector<int8_t>{-128, 3, 0, -5}));
  EXPECT_EQ(values<int8_t>(sign(x)), (std::vector<int8_t>{-1, -1, 0, 1}));
  Tensor big = fromVector<int64_t>({std::numeric_limits<int64_t>::min(), -1});
  EXPECT_EQ(values<int64_t>(neg(big))[0], std::numeric_limits<int64_t>::min());
  EXPECT_EQ(values<uint8_t>(neg(fromVector<uint8_t>({1, 0}))), (std::vector<uint8_t>{255, 0}));
  EXPECT_EQ(values<uint8_t>(sgn(fromVector<uint8_t>({0, 7}))), (std::vector<uint8_t>{0, 1}));
  auto f = values<float>(abs(fromVector<float>({-kInf, -0.0f, -2.5f})));
  EXPECT_EQ(f[0], kInf);
  EXPECT_FALSE(std::signbit(f[1]));
  EXPECT_EQ(values<float>(-fromVector<float>({1.5f}))[0], -1.5f);
}

TEST(UnaryOpTest, BoolErrorsMatchPyTorch) {
  Tensor b = zeros({2}, kBool);
  EXPECT_EQ(errorOf([&] { neg(b); }),
            "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use "
            "the `~` or `logical_not()` operator instead.");
  EXPECT_EQ(errorOf([&] { abs(b); }), "\"abs_cpu\" not implemented for 'Bool'");
  EXPECT_EQ(errorOf([&] { floor(b); }), "\"floor_vml_cpu\" not implemented for 'Bool'");
  EXPECT_EQ(errorOf([&] { relu(b); }), "Boolean inputs not supported for relu");
  EXPECT_EQ(errorOf([&] { hardtanh(b); }), "Bool inputs not supported for hardtanh");
  EXPECT_EQ(sign(b).dtype(), kBool);
}

TEST(UnaryOpTest, RoundingIntegersIsACopy) {
  Tensor x = fromVector<int32_t>({-3, 7});
  for (Tensor r : {floor(x), ceil(x), round(x), trunc(x), fix(x)}) {
    EXPECT_EQ(r.dtype(), kInt);
    EXPECT_EQ(values<int32_t>(r), (std::vector<int32_t>{-3, 7}));
    EXPECT_FALSE(r.is_alias_of(x));
  }
  EXPECT_EQ(errorOf([&] { frac(x); }), "\"frac_cpu\" not implemented for 'Int'");
  EXPECT_EQ(errorOf([&] { round(x, 2); }), "\"round_cpu\" not implemented for 'Int'");
}

TEST(UnaryOpTest, RoundingFloats) {
  Tensor x = fromVector<float>({0.5f, 1.5f, 2.5f, -0.5f, -2.5f, 2.7f, kInf, kNaN});
  auto r = values<float>(round(x));
  EXPECT_EQ(r[0], 0.0f);
  EXPECT_EQ(r[1], 2.0f);
  EXPECT_EQ(r[2], 2.0f);
  EXPECT_TRUE(std::signbit(r[3]));
  EXPECT_EQ(r[4], -2.0f);
  EXPECT_EQ(r[6], kInf);
  EXPECT_TRUE(std::isnan(r[7]));
  EXPECT_EQ(values<float>(floor(x))[4], -3.0f);
  EXPECT_EQ(values<float>(ceil(x))[5], 3.0f);
  EXPECT_EQ(values<float>(trunc(x))[4], -2.0f);
  auto fr = values<float>(frac(x));
  EXPECT_FLOAT_EQ(fr[5], 0.7f);
  EXPECT_TRUE(std::isnan(fr[6]));  // inf - inf
  // torch.round(torch.tensor([1.2345, 2.5, 1234.5678, -0.55]), decimals=2)
  auto d = values<float>(round(fromVector<float>({1.2345f, 2.5f, 1234.5678f, -0.55f}), 2));
  EXPECT_EQ(d, (std::vector<float>{1.2300000190734863f, 2.5f, 1234.5699462890625f, -0.550000011920929f}));
  EXPECT_EQ(values<float>(round(fromVector<float>({1234.5678f, 1250.0f}), -2)), (std::vector<float>{1200.0f, 1200.0f}));
}

TEST(UnaryOpTest, PredicatesGiveBool) {
  Tensor x = fromVector<float>({kNaN, kInf, -kInf, 0.0f, -0.0f, 1.0f});
  EXPECT_EQ(isnan(x).dtype(), kBool);
  EXPECT_EQ(values<bool>(isnan(x)), (std::vector<bool>{true, false, false, false, false, false}));
  EXPECT_EQ(values<bool>(isinf(x)), (std::vector<bool>{false, true, true, false, false, false}));
  EXPECT_EQ(values<bool>(isfinite(x)), (std::vector<bool>{false, false, false, true, true, true}));
  EXPECT_EQ(values<bool>(isposinf(x)), (std::vector<bool>{false, true, false, false, false, false}));
  EXPECT_EQ(values<bool>(isneginf(x)), (std::vector<bool>{false, false, true, false, false, false}));
  EXPECT_EQ(values<bool>(signbit(x)), (std::vector<bool>{false, false, true, false, true, false}));
  EXPECT_EQ(values<bool>(logical_not(x)), (std::vector<bool>{false, false, false, true, true, false}));
  Tensor i = fromVector<int64_t>({-1, 0, 3});
  EXPECT_EQ(values<bool>(isnan(i)), (std::vector<bool>{false, false, false}));
  EXPECT_EQ(values<bool>(isfinite(i)), (std::vector<bool>{true, true, true}));
  EXPECT_EQ(values<bool>(signbit(i)), (std::vector<bool>{true, false, false}));
  EXPECT_EQ(values<bool>(logical_not(i)), (std::vector<bool>{false, true, false}));
  Tensor out = empty({0}, kFloat);
  EXPECT_EQ(errorOf([&] { isposinf_out(out, x); }), "isposinf does not support non-boolean outputs.");
}

TEST(UnaryOpTest, BitwiseNot) {
  EXPECT_EQ(values<int32_t>(bitwise_not(fromVector<int32_t>({0, -1, 5}))), (std::vector<int32_t>{-1, 0, -6}));
  EXPECT_EQ(values<uint8_t>(~fromVector<uint8_t>({0, 255})), (std::vector<uint8_t>{255, 0}));
  Tensor b = empty({2}, kBool);
  b.data_ptr<bool>()[0] = true;
  b.data_ptr<bool>()[1] = false;
  EXPECT_EQ(values<bool>(bitwise_not(b)), (std::vector<bool>{false, true}));
  EXPECT_EQ(errorOf([&] { bitwise_not(fromVector<float>({1.0f})); }), "\"bitwise_not_cpu\" not implemented for 'Float'");
}

TEST(UnaryOpTest, NanToNumDefaultsAreDtypeLimits) {
  Tensor x = fromVector<float>({kNaN, kInf, -kInf, 1.5f});
  EXPECT_EQ(values<float>(nan_to_num(x)), (std::vector<float>{0.0f, std::numeric_limits<float>::max(),
                                                              std::numeric_limits<float>::lowest(), 1.5f}));
  EXPECT_EQ(values<float>(nan_to_num(x, 1.0, 2.0, -2.0)), (std::vector<float>{1.0f, 2.0f, -2.0f, 1.5f}));
  Tensor d = fromVector<double>({std::nan(""), -std::numeric_limits<double>::infinity()});
  EXPECT_EQ(values<double>(nan_to_num(d))[1], std::numeric_limits<double>::lowest());
  Tensor h = fromVector<Half>({Half(kNaN), Half(kInf)});
  EXPECT_EQ(static_cast<float>(values<Half>(nan_to_num(h))[1]), 65504.0f);
  // torch.nan_to_num(half_inf, posinf=1e10) overflows to inf in half
  EXPECT_EQ(static_cast<float>(values<Half>(nan_to_num(h, std::nullopt, 1e10))[1]), kInf);
  Tensor i = fromVector<int64_t>({-3, 4});
  EXPECT_EQ(values<int64_t>(nan_to_num(i, 1.5)), (std::vector<int64_t>{-3, 4}));
  Tensor out = empty({4}, kDouble);
  EXPECT_EQ(errorOf([&] { nan_to_num_out(out, x); }), "nan_to_num: dtype of out: Double should be same as input: Float");
}

TEST(UnaryOpTest, ActivationsNeedFloatingInputs) {
  Tensor x = fromVector<int64_t>({-1, 2});
  EXPECT_EQ(errorOf([&] { gelu(x); }), "\"GeluKernelImpl\" not implemented for 'Long'");
  EXPECT_EQ(errorOf([&] { silu(x); }), "\"silu_cpu\" not implemented for 'Long'");
  EXPECT_EQ(errorOf([&] { mish(x); }), "\"mish_cpu\" not implemented for 'Long'");
  EXPECT_EQ(errorOf([&] { softplus(x); }), "\"softplus_cpu\" not implemented for 'Long'");
  EXPECT_EQ(errorOf([&] { elu(x); }), "\"elu_cpu\" not implemented for 'Long'");
  EXPECT_EQ(errorOf([&] { leaky_relu(x); }), "\"leaky_relu_cpu\" not implemented for 'Long'");
  EXPECT_EQ(errorOf([&] { hardswish(x); }), "\"hardswish_cpu\" not implemented for 'Long'");
  EXPECT_EQ(errorOf([&] { hardsigmoid(x); }), "\"hardsigmoid_cpu\" not implemented for 'Long'");
  EXPECT_EQ(errorOf([&] { gelu(fromVector<float>({1.0f}), "foo"); }), "approximate argument must be either none or tanh.");
  // relu and hardtanh take integers and keep their dtype.
  EXPECT_EQ(values<int64_t>(relu(x)), (std::vector<int64_t>{0, 2}));
  EXPECT_EQ(values<int64_t>(hardtanh(fromVector<int64_t>({-3, 0, 5}), -1.5, 1.5)), (std::vector<int64_t>{-1, 0, 1}));
  EXPECT_EQ(values<uint8_t>(relu6(fromVector<uint8_t>({1, 200}))), (std::vector<uint8_t>{1, 6}));
  EXPECT_EQ(errorOf([&] { hardtanh(fromVector<uint8_t>({1})); }),
            "cannot do hardtanh on an unsigned type with negative limits");
}

TEST(UnaryOpTest, ActivationValues) {
  Tensor x = fromVector<float>({-2.5f, 0.5f, 1.5f, kNaN});
  // F.gelu / F.softplus(beta=2, threshold=1) / F.leaky_relu(0.2) / F.elu(alpha=2) from PyTorch 1.13.
  auto g = values<float>(gelu(x));
  EXPECT_NEAR(g[0], -0.015524178743362427f, 1e-7);
  EXPECT_NEAR(g[2], 1.3997890949249268f, 1e-6);
  EXPECT_TRUE(std::isnan(g[3]));
  EXPECT_NEAR(values<float>(gelu(x, "tanh"))[1], 0.3457140028476715f, 1e-7);
  auto sp = values<float>(softplus(fromVector<float>({-3.0f, 0.0f, 5.0f}), 2, 1));
  EXPECT_NEAR(sp[0], 1.2378e-03f, 1e-7);
  EXPECT_NEAR(sp[1], 0.34657359f, 1e-7);
  EXPECT_EQ(sp[2], 5.0f);
  EXPECT_EQ(values<float>(leaky_relu(fromVector<float>({-3.0f, 5.0f}), 0.2)), (std::vector<float>{-0.6f, 5.0f}));
  EXPECT_NEAR(values<float>(elu(fromVector<float>({-3.0f}), 2.0))[0], -1.9004f, 1e-4);
  EXPECT_NEAR(values<float>(selu(fromVector<float>({-1.0f})))[0], -1.1113307f, 1e-6);
  EXPECT_NEAR(values<float>(celu(fromVector<float>({-1.0f}), 2.0))[0], -0.7869387f, 1e-6);
  EXPECT_EQ(errorOf([&] { celu(x, 0.0); }), "ZeroDivisionError: alpha cannot be 0 for CELU");
  EXPECT_NEAR(values<float>(hardswish(x))[0], -0.2083333283662796f, 1e-7);
  EXPECT_NEAR(values<float>(mish(x))[2], 1.4033782482147217f, 1e-6);
  EXPECT_NEAR(values<float>(silu(x))[1], 0.3112296760082245f, 1e-7);
}

// ---- out=, in-place, layout, sizes ----

TEST(UnaryOpTest, OutVariants) {
  Tensor x = fromVector<float>({1.0f, 4.0f});
  Tensor out = empty({0}, kDouble);
  sqrt_out(out, x);  // math ops accept any out dtype the result can be cast to
  EXPECT_EQ(out.sizes(), IntArrayRef({2}));
  EXPECT_EQ(values<double>(out), (std::vector<double>{1.0, 2.0}));
  Tensor lo = empty({2}, kLong);
  EXPECT_EQ(errorOf([&] { exp_out(lo, x); }), "result type Float can't be cast to the desired output type Long");
  EXPECT_EQ(errorOf([&] { abs_out(out, x); }), "Found dtype Double but expected Float");
  EXPECT_EQ(errorOf([&] { gelu_out(out, x); }), "Found dtype Double but expected Float");
  Tensor same = empty({2}, kFloat);
  Tensor& r = abs_out(same, fromVector<float>({-1.0f, 2.0f}));
  EXPECT_TRUE(r.is_same(same));
  EXPECT_EQ(values<float>(same), (std::vector<float>{1.0f, 2.0f}));
  Tensor b = empty({2}, kFloat);
  logical_not_out(b, fromVector<int32_t>({0, 3}));  // logical_not writes any dtype
  EXPECT_EQ(values<float>(b), (std::vector<float>{1.0f, 0.0f}));
}

TEST(UnaryOpTest, InPlaceVariants) {
  Tensor x = fromVector<float>({-1.0f, 0.0f, 2.0f});
  Tensor view = x;
  Tensor& r = x.exp_();
  EXPECT_TRUE(r.is_same(x));
  EXPECT_FLOAT_EQ(values<float>(view)[2], std::exp(2.0f));
  Tensor i = fromVector<int64_t>({1, 2});
  EXPECT_EQ(errorOf([&] { i.exp_(); }), "result type Float can't be cast to the desired output type Long");
  i.neg_();
  EXPECT_EQ(values<int64_t>(i), (std::vector<int64_t>{-1, -2}));
  Tensor f = fromVector<float>({0.0f, 2.0f});
  f.logical_not_();
  EXPECT_EQ(values<float>(f), (std::vector<float>{1.0f, 0.0f}));
  Tensor a = fromVector<float>({-3.0f, 0.5f, 3.0f});
  hardtanh_(a);
  relu_(a);
  EXPECT_EQ(values<float>(a), (std::vector<float>{0.0f, 0.5f, 1.0f}));
}

TEST(UnaryOpTest, NonContiguousInputsAndLayout) {
  std::vector<float> v(12);
  for (int i = 0; i < 12; ++i) v[i] = 0.25f * static_cast<float>(i) - 1.0f;
  Tensor x = fromVector(v, {3, 4});
  Tensor t = x.t();  // 4x3 transposed view
  Tensor y = tanh(t);
  EXPECT_EQ(y.sizes(), IntArrayRef({4, 3}));
  EXPECT_EQ(y.strides(), IntArrayRef({1, 4}));  // layout of the input is kept
  auto got = values<float>(y);
  auto in = values<float>(t);
  for (size_t k = 0; k < got.size(); ++k) EXPECT_NEAR(got[k], std::tanh(in[k]), 1e-7);
  // In-place through a strided view writes only the view's elements.
  Tensor col = x.select(1, 1);
  col.neg_();
  EXPECT_EQ(values<float>(x)[1], 1.0f - 0.25f);  // -(-0.75)
  EXPECT_EQ(values<float>(x)[0], -1.0f);
}

TEST(UnaryOpTest, ZeroSizeAndZeroDim) {
  Tensor e = empty({0, 3}, kFloat);
  Tensor r = sin(e);
  EXPECT_EQ(r.sizes(), IntArrayRef({0, 3}));
  EXPECT_EQ(r.dtype(), kFloat);
  EXPECT_EQ(abs(empty({0}, kLong)).dtype(), kLong);
  Tensor s = scalar_tensor(4.0, kDouble);
  Tensor q = sqrt(s);
  EXPECT_EQ(q.dim(), 0);
  EXPECT_EQ(q.data_ptr<double>()[0], 2.0);
  Tensor si = scalar_tensor(int64_t{-2}, kLong);
  si.abs_();
  EXPECT_EQ(si.data_ptr<int64_t>()[0], 2);
}

TEST(UnaryOpTest, LargeTensorsRunInParallel) {
  const int64_t n = 300001;  // several grains, odd tail
  std::vector<float> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[i] = static_cast<float>(i % 2001) * 0.01f - 10.0f;
  Tensor x = fromVector(v);
  const int saved = get_num_threads();
  set_num_threads(2);
  auto y = values<float>(sigmoid(x));
  set_num_threads(saved);
  for (int64_t i = 0; i < n; i += 997) EXPECT_NEAR(y[i], 1.0f / (1.0f + std::exp(-v[i])), 1e-6) << i;
  EXPECT_NEAR(y[n - 1], 1.0f / (1.0f + std::exp(-v[n - 1])), 1e-6);
}

}  // namespace
}  // namespace ember
