// Python complex numbers: arithmetic and comparisons mixing complex with int and float,
// cmath-style functions, complex() construction and cmath.polar's inverse.
#include <cmath>
#include <complex>
#include <functional>
#include <type_traits>
#include <string>
#include <vector>

#include "ember/runtime/register_operators.h"
#include "runtime/ops/op_helpers.h"

namespace ember::jit {
namespace {

using C = std::complex<double>;

// An operand as the overload declares it: complex, or a real number (int and float operands
// stay real, so that signed zeros come out as PyTorch's scalar-complex arithmetic gives them).
template <typename T>
T operand(const IValue& v) {
  if constexpr (std::is_same_v<T, C>) return v.isComplexDouble() ? v.toComplexDouble() : C(ops::toNumber(v), 0.0);
  else return ops::toNumber(v);
}

template <typename A, typename B, typename F>
void binaryC(Stack& stack) {
  IValue b = pop(stack);
  IValue& a = stack.back();
  a = IValue(F{}(operand<A>(a), operand<B>(b)));
}

template <typename F>
void unaryC(Stack& stack) {
  IValue& a = stack.back();
  a = IValue(F{}(operand<C>(a)));
}

// (a+bi)/(c+di) by the textbook formula, whose signed zeros match PyTorch's results.
struct DivC {
  C operator()(C x, C y) const {
    double a = x.real(), b = x.imag(), c = y.real(), d = y.imag();
    double den = c * c + d * d;
    return C((a * c + b * d) / den, (b * c - a * d) / den);
  }
};

#define EMBER_COMPLEX_BINARY(Name, expr)            \
  struct Name {                                     \
    template <typename A, typename B>               \
    auto operator()(A a, B b) const { return expr; } \
  };
EMBER_COMPLEX_BINARY(AddC, a + b)
EMBER_COMPLEX_BINARY(SubC, a - b)
EMBER_COMPLEX_BINARY(MulC, a * b)
EMBER_COMPLEX_BINARY(PowC, std::pow(a, b))
EMBER_COMPLEX_BINARY(EqC, a == b)
EMBER_COMPLEX_BINARY(NeC, a != b)
// A real operand takes the real logarithm (nan for negatives), as in PyTorch.
EMBER_COMPLEX_BINARY(LogBaseC, DivC{}(C(std::log(a)), C(std::log(b))))
#undef EMBER_COMPLEX_BINARY


#define EMBER_COMPLEX_FUNCTOR(Name, expr) \
  struct Name {                           \
    auto operator()(C a) const { return expr; } \
  };
EMBER_COMPLEX_FUNCTOR(SqrtC, std::sqrt(a))
EMBER_COMPLEX_FUNCTOR(ExpC, std::exp(a))
EMBER_COMPLEX_FUNCTOR(LogC, std::log(a))
EMBER_COMPLEX_FUNCTOR(Log10C, std::log10(a))
EMBER_COMPLEX_FUNCTOR(SinC, std::sin(a))
EMBER_COMPLEX_FUNCTOR(CosC, std::cos(a))
EMBER_COMPLEX_FUNCTOR(TanC, std::tan(a))
EMBER_COMPLEX_FUNCTOR(AsinC, std::asin(a))
EMBER_COMPLEX_FUNCTOR(AcosC, std::acos(a))
EMBER_COMPLEX_FUNCTOR(AtanC, std::atan(a))
EMBER_COMPLEX_FUNCTOR(SinhC, std::sinh(a))
EMBER_COMPLEX_FUNCTOR(CoshC, std::cosh(a))
EMBER_COMPLEX_FUNCTOR(TanhC, std::tanh(a))
EMBER_COMPLEX_FUNCTOR(AsinhC, std::asinh(a))
EMBER_COMPLEX_FUNCTOR(AcoshC, std::acosh(a))
EMBER_COMPLEX_FUNCTOR(AtanhC, std::atanh(a))
EMBER_COMPLEX_FUNCTOR(NegC, -a)
EMBER_COMPLEX_FUNCTOR(AbsC, std::abs(a))
EMBER_COMPLEX_FUNCTOR(AngleC, std::arg(a))
EMBER_COMPLEX_FUNCTOR(IsNanC, std::isnan(a.real()) || std::isnan(a.imag()))
EMBER_COMPLEX_FUNCTOR(IsInfC, std::isinf(a.real()) || std::isinf(a.imag()))
EMBER_COMPLEX_FUNCTOR(IsFiniteC, std::isfinite(a.real()) && std::isfinite(a.imag()))
#undef EMBER_COMPLEX_FUNCTOR

using Ops = std::vector<Operator>;

// `name.complex`, `.complex_float`, `.float_complex` and, with ints, `.complex_int`, `.int_complex`.
template <typename F>
void complexFamily(Ops& ops, const std::string& name, const std::string& ret, bool withInts) {
  auto sig = [&](const char* ov, const char* ta, const char* tb) {
    return name + "." + ov + "(" + ta + " a, " + tb + " b) -> " + ret;
  };
  ops.emplace_back(sig("complex", "complex", "complex"), binaryC<C, C, F>);
  ops.emplace_back(sig("complex_float", "complex", "float"), binaryC<C, double, F>);
  ops.emplace_back(sig("float_complex", "float", "complex"), binaryC<double, C, F>);
  if (withInts) {
    ops.emplace_back(sig("complex_int", "complex", "int"), binaryC<C, double, F>);
    ops.emplace_back(sig("int_complex", "int", "complex"), binaryC<double, C, F>);
  }
}

// complex(x, y) for every pair of int/float/bool.
void addConstructors(Ops& ops) {
  const char* kinds[] = {"int", "float", "bool"};
  for (const char* x : kinds) {
    for (const char* y : kinds) {
      ops.emplace_back(std::string("aten::Complex.") + x + "_" + y + "(" + x + " x, " + y + " y) -> complex",
                       [](Stack& s) {
                         double im = ops::toNumber(pop(s));
                         s.back() = IValue(C(ops::toNumber(s.back()), im));
                       });
    }
  }
  ops.emplace_back("aten::Complex.Scalar(Scalar a) -> complex", unaryC<std::identity>);
}

void polar(Stack& s) {
  double theta = ops::toNumber(pop(s));
  s.back() = IValue(std::polar(ops::toNumber(s.back()), theta));
}

Ops complexOps() {
  Ops ops;
  complexFamily<AddC>(ops, "aten::add", "complex", true);
  complexFamily<SubC>(ops, "aten::sub", "complex", true);
  complexFamily<MulC>(ops, "aten::mul", "complex", true);
  ops.emplace_back("aten::div.complex(complex a, complex b) -> complex", binaryC<C, C, DivC>);
  complexFamily<PowC>(ops, "aten::pow", "complex", false);
  complexFamily<EqC>(ops, "aten::eq", "bool", false);
  complexFamily<NeC>(ops, "aten::ne", "bool", false);
  // math.log(x, base); `aten::log.complex` is the one-argument form.
  ops.emplace_back("aten::log.complex_complex(complex a, complex b) -> complex", binaryC<C, C, LogBaseC>);
  ops.emplace_back("aten::log.complex_float(complex a, float b) -> complex", binaryC<C, double, LogBaseC>);
  ops.emplace_back("aten::log.float_complex(float a, complex b) -> complex", binaryC<double, C, LogBaseC>);
  ops.emplace_back("aten::log.complex_int(complex a, int b) -> complex", binaryC<C, double, LogBaseC>);
  ops.emplace_back("aten::log.int_complex(int a, complex b) -> complex", binaryC<double, C, LogBaseC>);
  for (auto [name, op] : std::vector<std::pair<const char*, Operation>>{
           {"sqrt", unaryC<SqrtC>},   {"exp", unaryC<ExpC>},     {"log", unaryC<LogC>},     {"log10", unaryC<Log10C>},
           {"sin", unaryC<SinC>},     {"cos", unaryC<CosC>},     {"tan", unaryC<TanC>},     {"asin", unaryC<AsinC>},
           {"acos", unaryC<AcosC>},   {"atan", unaryC<AtanC>},   {"sinh", unaryC<SinhC>},   {"cosh", unaryC<CoshC>},
           {"tanh", unaryC<TanhC>},   {"asinh", unaryC<AsinhC>}, {"acosh", unaryC<AcoshC>}, {"atanh", unaryC<AtanhC>},
           {"neg", unaryC<NegC>}}) {
    ops.emplace_back(std::string("aten::") + name + ".complex(complex a) -> complex", op);
  }
  ops.emplace_back("prim::abs.complex(complex a) -> float", unaryC<AbsC>);
  ops.emplace_back("aten::angle.complex(complex a) -> float", unaryC<AngleC>);
  ops.emplace_back("aten::isnan.complex(complex a) -> bool", unaryC<IsNanC>);
  ops.emplace_back("aten::isinf.complex(complex a) -> bool", unaryC<IsInfC>);
  ops.emplace_back("aten::isfinite.complex(complex a) -> bool", unaryC<IsFiniteC>);
  addConstructors(ops);
  ops.emplace_back("aten::polar.float(float a, float b) -> complex", polar);
  ops.emplace_back("aten::polar.int(int a, int b) -> complex", polar);
  ops.emplace_back("aten::polar.int_float(int a, float b) -> complex", polar);
  ops.emplace_back("aten::polar.float_int(float a, int b) -> complex", polar);
  ops.emplace_back("aten::polar.Scalar_Scalar(Scalar a, Scalar b) -> Scalar", polar);
  ops.emplace_back("aten::sum.complex(complex[] self) -> complex", [](Stack& s) {
    C total = 0;
    for (const IValue& v : s.back().toListRef().elements) total += v.toComplexDouble();
    s.back() = IValue(total);
  });
  return ops;
}

RegisterOperators reg(complexOps());

}  // namespace
}  // namespace ember::jit
