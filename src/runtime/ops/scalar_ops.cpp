// int, float and bool arithmetic, comparisons and conversions with Python's semantics.
//
// Every binary family has the overloads TorchScript resolves between: `.int`, `.float`,
// `.int_float`, `.float_int` and a `Scalar` form that looks at the run-time kinds. One functor
// with an (int64_t, int64_t) and a (double, double) call operator serves them all: mixed
// overloads convert the int to float first, as Python does.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include "ember/runtime/register_operators.h"
#include "runtime/ops/op_helpers.h"
#include "runtime/ops/python_number.h"
#include "runtime/ops/scalar_functors.h"

namespace ember::jit {
namespace {

using ops::as;
using ops::toNumber;
using namespace scalar;  // Add, Sub, ..., Eq, Lt, ...

template <typename A, typename B, typename F>
void binaryNum(Stack& stack) {
  IValue b = pop(stack);
  IValue& a = stack.back();
  if constexpr (std::is_same_v<A, B>) {
    a = IValue(F{}(as<A>(a), as<B>(b)));
  } else {
    a = IValue(F{}(static_cast<double>(as<A>(a)), static_cast<double>(as<B>(b))));
  }
}

inline bool isIntLike(const IValue& v) { return v.isInt() || v.isBool(); }
inline int64_t intOf(const IValue& v) { return v.isInt() ? v.toInt() : static_cast<int64_t>(v.toBool()); }

// The `Scalar` overload: int arithmetic when both are ints, float otherwise.
template <typename F>
void binaryScalar(Stack& stack) {
  IValue b = pop(stack);
  IValue& a = stack.back();
  if (isIntLike(a) && isIntLike(b)) a = IValue(F{}(intOf(a), intOf(b)));
  else a = IValue(F{}(toNumber(a), toNumber(b)));
}

template <typename F>
void unaryScalar(Stack& stack) {
  IValue& a = stack.back();
  if constexpr (requires { F::kFloat32Scalar; }) {
    float x = static_cast<float>(toNumber(a));
    a = IValue(static_cast<double>(static_cast<float>(F::template eval<double>(x))));
  } else if (isIntLike(a)) {
    a = IValue(F{}(intOf(a)));
  } else {
    a = IValue(F{}(a.toDouble()));
  }
}

// ---- functors ----

struct Pow {
  double operator()(int64_t a, int64_t b) const { return std::pow(static_cast<double>(a), static_cast<double>(b)); }
  double operator()(double a, double b) const {
    EMBER_CHECK(a != 0.0 || b >= 0.0, "0.0 cannot be raised to a negative power");
    return std::pow(a, b);
  }
};
struct PowIntToInt {
  int64_t operator()(int64_t a, int64_t b) const {
    EMBER_CHECK(b >= 0, "Integers to negative integer powers are not allowed.");
    return py::powInt(a, b);
  }
};
struct Fmod {
  double operator()(double a, double b) const { return std::fmod(a, b); }
};
struct MathRemainder {
  double operator()(double a, double b) const { return std::remainder(a, b); }
};
struct Atan2 {
  double operator()(double a, double b) const { return std::atan2(a, b); }
};
struct Copysign {
  double operator()(double a, double b) const { return std::copysign(a, b); }
};
struct LogBase {
  double operator()(double a, double b) const { return std::log(a) / std::log(b); }
};
// TorchScript's max(a, b) is `a > b ? a : b`: ties and a nan `a` give b, a nan `b` gives nan.
struct Max {
  template <typename T>
  T operator()(T a, T b) const { return a > b ? a : b; }
};
struct Min {
  template <typename T>
  T operator()(T a, T b) const { return a < b ? a : b; }
};


struct BitAnd {
  template <typename T>
  T operator()(T a, T b) const { return a & b; }
};
struct BitOr {
  template <typename T>
  T operator()(T a, T b) const { return a | b; }
};
struct BitXor {
  template <typename T>
  T operator()(T a, T b) const { return a ^ b; }
};
// PyTorch shifts with the hardware's rule (the count is taken modulo 64 on x86-64); ember does
// the same on purpose so that results agree, without C++'s undefined behaviour.
struct LShift {
  int64_t operator()(int64_t a, int64_t b) const { return static_cast<int64_t>(static_cast<uint64_t>(a) << (b & 63)); }
};
struct RShift {
  int64_t operator()(int64_t a, int64_t b) const { return a >> (b & 63); }
};
struct RoundToZeroDiv {
  int64_t operator()(int64_t a, int64_t b) const {
    EMBER_CHECK(b != 0, "division by 0");
    return b == -1 ? py::negInt(a) : a / b;
  }
};
struct Gcd {
  int64_t operator()(int64_t a, int64_t b) const { return py::gcd(a, b); }
};

// ---- registration helpers ----

using Ops = std::vector<Operator>;

// `name.int`, `.float`, `.int_float`, `.float_int`, and the Scalar form `name.scalarOverload`
// (nullptr: none; "": no overload name).
template <typename F>
void numericFamily(Ops& ops, const std::string& name, const std::string& intRet, const std::string& floatRet,
                   const char* scalarOverload, const std::string& scalarRet, const char* args = "a, b") {
  std::string a = "a", b = "b";
  if (std::string(args) == "x, y") a = "x", b = "y";
  auto sig = [&](const char* ta, const char* tb) {
    return std::string("(") + ta + " " + a + ", " + tb + " " + b + ") -> ";
  };
  ops.emplace_back(name + ".int" + sig("int", "int") + intRet, binaryNum<int64_t, int64_t, F>);
  ops.emplace_back(name + ".float" + sig("float", "float") + floatRet, binaryNum<double, double, F>);
  ops.emplace_back(name + ".int_float" + sig("int", "float") + floatRet, binaryNum<int64_t, double, F>);
  ops.emplace_back(name + ".float_int" + sig("float", "int") + floatRet, binaryNum<double, int64_t, F>);
  if (scalarOverload) {
    std::string ov = *scalarOverload ? std::string(".") + scalarOverload : "";
    ops.emplace_back(name + ov + sig("Scalar", "Scalar") + scalarRet, binaryScalar<F>);
  }
}

// Float-only families (fmod, atan2, ...): int inputs are converted, so one double functor serves.
template <typename F>
struct AsDouble {
  double operator()(int64_t a, int64_t b) const { return F{}(static_cast<double>(a), static_cast<double>(b)); }
  double operator()(double a, double b) const { return F{}(a, b); }
};

template <typename F>
void addComparisons(Ops& ops, const std::string& name) {
  numericFamily<F>(ops, name, "bool", "bool", "", "bool");
  ops.emplace_back(name + ".str(str a, str b) -> bool", binaryNum<std::string, std::string, F>);
}

void addArithmetic(Ops& ops) {
  numericFamily<Add>(ops, "aten::add", "int", "float", "", "Scalar");
  numericFamily<Sub>(ops, "aten::sub", "int", "float", "", "Scalar");
  numericFamily<Mul>(ops, "aten::mul", "int", "float", "", "Scalar");
  ops.emplace_back("aten::div.int(int a, int b) -> float", binaryNum<int64_t, int64_t, Div>);
  ops.emplace_back("aten::div.float(float a, float b) -> float", binaryNum<double, double, Div>);
  ops.emplace_back("aten::div(Scalar a, Scalar b) -> float", binaryScalar<Div>);
  numericFamily<FloorDiv>(ops, "aten::floordiv", "int", "float", "", "Scalar");
  numericFamily<Remainder>(ops, "aten::remainder", "int", "float", "", "Scalar");
  numericFamily<Pow>(ops, "aten::pow", "float", "float", "Scalar_Scalar", "float");
  ops.emplace_back("aten::pow.int_to_int(int a, int b) -> int", binaryNum<int64_t, int64_t, PowIntToInt>);
  numericFamily<AsDouble<Fmod>>(ops, "aten::fmod", "float", "float", "", "float");
  numericFamily<AsDouble<MathRemainder>>(ops, "aten::mathremainder", "float", "float", "", "float");
  numericFamily<AsDouble<Atan2>>(ops, "aten::atan2", "float", "float", "Scalar_Scalar", "float");
  numericFamily<AsDouble<Copysign>>(ops, "aten::copysign", "float", "float", "", "float");
  numericFamily<Max>(ops, "prim::max", "int", "float", "", "Scalar");
  numericFamily<Min>(ops, "prim::min", "int", "float", "", "Scalar");
  // math.log(x, base)
  ops.emplace_back("aten::log.int_int(int a, int b) -> float", binaryNum<int64_t, int64_t, AsDouble<LogBase>>);
  ops.emplace_back("aten::log.float_float(float a, float b) -> float", binaryNum<double, double, AsDouble<LogBase>>);
  ops.emplace_back("aten::log.int_float(int a, float b) -> float", binaryNum<int64_t, double, AsDouble<LogBase>>);
  ops.emplace_back("aten::log.float_int(float a, int b) -> float", binaryNum<double, int64_t, AsDouble<LogBase>>);
  ops.emplace_back("aten::log.Scalar_Scalar(Scalar a, Scalar b) -> float", binaryScalar<AsDouble<LogBase>>);
}

void addBitwise(Ops& ops) {
  ops.emplace_back("aten::__and__.int(int a, int b) -> int", binaryNum<int64_t, int64_t, BitAnd>);
  ops.emplace_back("aten::__and__.bool(bool a, bool b) -> bool", binaryNum<bool, bool, BitAnd>);
  ops.emplace_back("aten::__or__.int(int a, int b) -> int", binaryNum<int64_t, int64_t, BitOr>);
  ops.emplace_back("aten::__or__.bool(bool a, bool b) -> bool", binaryNum<bool, bool, BitOr>);
  ops.emplace_back("aten::__xor__.int(int a, int b) -> int", binaryNum<int64_t, int64_t, BitXor>);
  ops.emplace_back("aten::__xor__.bool(bool a, bool b) -> bool", binaryNum<bool, bool, BitXor>);
  ops.emplace_back("aten::__lshift__.int(int a, int b) -> int", binaryNum<int64_t, int64_t, LShift>);
  ops.emplace_back("aten::__rshift__.int(int a, int b) -> int", binaryNum<int64_t, int64_t, RShift>);
  ops.emplace_back("aten::__round_to_zero_floordiv.int(int a, int b) -> int",
                   binaryNum<int64_t, int64_t, RoundToZeroDiv>);
  ops.emplace_back("aten::gcd.int(int a, int b) -> int", binaryNum<int64_t, int64_t, Gcd>);
}

void addCompare(Ops& ops) {
  addComparisons<Eq>(ops, "aten::eq");
  addComparisons<Ne>(ops, "aten::ne");
  addComparisons<Lt>(ops, "aten::lt");
  addComparisons<Le>(ops, "aten::le");
  addComparisons<Gt>(ops, "aten::gt");
  addComparisons<Ge>(ops, "aten::ge");
  ops.emplace_back("aten::eq.bool(bool a, bool b) -> bool", binaryNum<bool, bool, Eq>);
  ops.emplace_back("aten::ne.bool(bool a, bool b) -> bool", binaryNum<bool, bool, Ne>);
  ops.emplace_back("aten::eq.device(Device a, Device b) -> bool",
                   [](Stack& s) {
                     Device b = pop(s).toDevice();
                     s.back() = IValue(s.back().toDevice() == b);
                   });
  ops.emplace_back("aten::eq.enum(AnyEnumType a, AnyEnumType b) -> bool",
                   [](Stack& s) {
                     IValue b = pop(s);
                     s.back() = IValue(s.back() == b);
                   });
  ops.emplace_back("aten::ne.enum(AnyEnumType a, AnyEnumType b) -> bool",
                   [](Stack& s) {
                     IValue b = pop(s);
                     s.back() = IValue(s.back() != b);
                   });
}

struct DivmodInt {
  void operator()(Stack& s) const {
    int64_t b = pop(s).toInt();
    int64_t a = pop(s).toInt();
    EMBER_CHECK(b != 0, "ZeroDivisionError: integer division or modulo by zero");
    push(s, py::floordivInt(a, b), py::modInt(a, b));
  }
};
template <typename A, typename B>
struct DivmodFloat {
  void operator()(Stack& s) const {
    double b = static_cast<double>(as<B>(pop(s)));
    double a = static_cast<double>(as<A>(pop(s)));
    EMBER_CHECK(b != 0.0, "ZeroDivisionError: float divmod()");
    push(s, py::floordivDouble(a, b), py::modDouble(a, b));
  }
};

void addDivmod(Ops& ops) {
  ops.emplace_back("aten::divmod.int(int x, int y) -> (int, int)", ops::stackOp<DivmodInt>);
  ops.emplace_back("aten::divmod.float(float x, float y) -> (float, float)", ops::stackOp<DivmodFloat<double, double>>);
  ops.emplace_back("aten::divmod.int_float(int x, float y) -> (float, float)",
                   ops::stackOp<DivmodFloat<int64_t, double>>);
  ops.emplace_back("aten::divmod.float_int(float x, int y) -> (float, float)",
                   ops::stackOp<DivmodFloat<double, int64_t>>);
}

// ---- unary ----

// The `.Scalar` overloads give single-precision results in PyTorch (input and result rounded
// to float), which unaryScalar reproduces.
#define EMBER_FLOAT_FUNCTOR(Name, expr)                                              \
  struct Name {                                                                      \
    template <typename T>                                                            \
    static T eval(T a) {                                                             \
      return static_cast<T>(expr);                                                   \
    }                                                                                \
    double operator()(double a) const { return eval<double>(a); }                   \
    double operator()(int64_t a) const { return eval<double>(static_cast<double>(a)); } \
    static constexpr bool kFloat32Scalar = true;                                     \
  };
EMBER_FLOAT_FUNCTOR(Sqrt, std::sqrt(a))
EMBER_FLOAT_FUNCTOR(Exp, std::exp(a))
EMBER_FLOAT_FUNCTOR(Log, std::log(a))
EMBER_FLOAT_FUNCTOR(Log10, std::log10(a))
EMBER_FLOAT_FUNCTOR(Log1p, std::log1p(a))
EMBER_FLOAT_FUNCTOR(Expm1, std::expm1(a))
EMBER_FLOAT_FUNCTOR(Sin, std::sin(a))
EMBER_FLOAT_FUNCTOR(Cos, std::cos(a))
EMBER_FLOAT_FUNCTOR(Tan, std::tan(a))
EMBER_FLOAT_FUNCTOR(Asin, std::asin(a))
EMBER_FLOAT_FUNCTOR(Acos, std::acos(a))
EMBER_FLOAT_FUNCTOR(Atan, std::atan(a))
EMBER_FLOAT_FUNCTOR(Sinh, std::sinh(a))
EMBER_FLOAT_FUNCTOR(Cosh, std::cosh(a))
EMBER_FLOAT_FUNCTOR(Tanh, std::tanh(a))
EMBER_FLOAT_FUNCTOR(Asinh, std::asinh(a))
EMBER_FLOAT_FUNCTOR(Acosh, std::acosh(a))
EMBER_FLOAT_FUNCTOR(Atanh, std::atanh(a))
EMBER_FLOAT_FUNCTOR(Erf, std::erf(a))
EMBER_FLOAT_FUNCTOR(Erfc, std::erfc(a))
EMBER_FLOAT_FUNCTOR(Gamma, std::tgamma(a))
EMBER_FLOAT_FUNCTOR(LGamma, std::lgamma(a))
EMBER_FLOAT_FUNCTOR(Degrees, a * (180.0 / std::numbers::pi))
EMBER_FLOAT_FUNCTOR(Radians, a * (std::numbers::pi / 180.0))
EMBER_FLOAT_FUNCTOR(Fabs, std::fabs(a))
EMBER_FLOAT_FUNCTOR(Angle, (std::signbit(a) ? std::numbers::pi : 0.0))
EMBER_FLOAT_FUNCTOR(Round, std::nearbyint(a))
#undef EMBER_FLOAT_FUNCTOR

struct Neg {
  int64_t operator()(int64_t a) const { return py::negInt(a); }
  double operator()(double a) const { return -a; }
};
struct Abs {
  int64_t operator()(int64_t a) const { return a < 0 ? py::negInt(a) : a; }
  double operator()(double a) const { return std::fabs(a); }
};
struct Floor {
  int64_t operator()(int64_t a) const { return a; }
  int64_t operator()(double a) const { return py::integralDoubleToInt(std::floor(a)); }
};
struct Ceil {
  int64_t operator()(int64_t a) const { return a; }
  int64_t operator()(double a) const { return py::integralDoubleToInt(std::ceil(a)); }
};

template <typename F>
void mathFamily(Ops& ops, const std::string& name, const char* intRet, const char* floatRet) {
  ops.emplace_back(name + ".int(int a) -> " + intRet, ops::unaryOp<int64_t, F>);
  ops.emplace_back(name + ".float(float a) -> " + floatRet, ops::unaryOp<double, F>);
  ops.emplace_back(name + ".Scalar(Scalar a) -> Scalar", unaryScalar<F>);
}

void addUnary(Ops& ops) {
  mathFamily<Sqrt>(ops, "aten::sqrt", "float", "float");
  mathFamily<Exp>(ops, "aten::exp", "float", "float");
  mathFamily<Log>(ops, "aten::log", "float", "float");
  mathFamily<Log10>(ops, "aten::log10", "float", "float");
  mathFamily<Log1p>(ops, "aten::log1p", "float", "float");
  mathFamily<Expm1>(ops, "aten::expm1", "float", "float");
  mathFamily<Sin>(ops, "aten::sin", "float", "float");
  mathFamily<Cos>(ops, "aten::cos", "float", "float");
  mathFamily<Tan>(ops, "aten::tan", "float", "float");
  mathFamily<Asin>(ops, "aten::asin", "float", "float");
  mathFamily<Acos>(ops, "aten::acos", "float", "float");
  mathFamily<Atan>(ops, "aten::atan", "float", "float");
  mathFamily<Sinh>(ops, "aten::sinh", "float", "float");
  mathFamily<Cosh>(ops, "aten::cosh", "float", "float");
  mathFamily<Tanh>(ops, "aten::tanh", "float", "float");
  mathFamily<Asinh>(ops, "aten::asinh", "float", "float");
  mathFamily<Acosh>(ops, "aten::acosh", "float", "float");
  mathFamily<Atanh>(ops, "aten::atanh", "float", "float");
  mathFamily<Erf>(ops, "aten::erf", "float", "float");
  mathFamily<Erfc>(ops, "aten::erfc", "float", "float");
  mathFamily<Gamma>(ops, "aten::gamma", "float", "float");
  mathFamily<LGamma>(ops, "aten::lgamma", "float", "float");
  mathFamily<Degrees>(ops, "aten::degrees", "float", "float");
  mathFamily<Radians>(ops, "aten::radians", "float", "float");
  mathFamily<Fabs>(ops, "aten::fabs", "float", "float");
  mathFamily<Angle>(ops, "aten::angle", "float", "float");
  mathFamily<Round>(ops, "aten::round", "float", "float");
  mathFamily<Neg>(ops, "aten::neg", "int", "float");
  mathFamily<Floor>(ops, "aten::floor", "int", "int");
  mathFamily<Ceil>(ops, "aten::ceil", "int", "int");
  ops.emplace_back("prim::abs.int(int a) -> int", ops::unaryOp<int64_t, Abs>);
  ops.emplace_back("prim::abs.float(float a) -> float", ops::unaryOp<double, Abs>);
  ops.emplace_back("prim::abs.Scalar(Scalar a) -> Scalar", unaryScalar<Abs>);
  ops.emplace_back("aten::isnan.float(float a) -> bool", [](Stack& s) { s.back() = IValue(std::isnan(s.back().toDouble())); });
  ops.emplace_back("aten::isinf.float(float a) -> bool", [](Stack& s) { s.back() = IValue(std::isinf(s.back().toDouble())); });
  ops.emplace_back("aten::isfinite.float(float a) -> bool",
                   [](Stack& s) { s.back() = IValue(std::isfinite(s.back().toDouble())); });
  ops.emplace_back("aten::factorial.int(int a) -> int", [](Stack& s) { s.back() = IValue(py::factorial(s.back().toInt())); });
  ops.emplace_back("aten::ldexp(float x, int i) -> float", [](Stack& s) {
    int64_t i = pop(s).toInt();
    int e = static_cast<int>(std::clamp<int64_t>(i, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
    s.back() = IValue(std::ldexp(s.back().toDouble(), e));
  });
  ops.emplace_back("aten::frexp(float a) -> (float, int)", [](Stack& s) {
    int e = 0;
    double m = std::frexp(pop(s).toDouble(), &e);
    push(s, m, int64_t{e});
  });
  ops.emplace_back("aten::modf(float a) -> (float, float)", [](Stack& s) {
    double ip = 0;
    double fp = std::modf(pop(s).toDouble(), &ip);
    push(s, fp, ip);
  });
}

// ---- conversions: int(), float(), bool() ----

void addConversions(Ops& ops) {
  ops.emplace_back("aten::Int.float(float a) -> int", [](Stack& s) { s.back() = IValue(py::truncToInt(s.back().toDouble())); });
  ops.emplace_back("aten::Int.bool(bool a) -> int", [](Stack& s) { s.back() = IValue(int64_t{s.back().toBool()}); });
  ops.emplace_back("aten::Int.Scalar(Scalar a) -> int", [](Stack& s) {
    IValue& a = s.back();
    a = a.isDouble() ? IValue(py::truncToInt(a.toDouble())) : IValue(intOf(a));
  });
  ops.emplace_back("aten::Int.str(str a) -> int", [](Stack& s) { s.back() = IValue(py::parseInt(s.back().toStringRef())); });
  ops.emplace_back("aten::Float.int(int a) -> float", [](Stack& s) { s.back() = IValue(static_cast<double>(s.back().toInt())); });
  ops.emplace_back("aten::Float.bool(bool a) -> float", [](Stack& s) { s.back() = IValue(s.back().toBool() ? 1.0 : 0.0); });
  ops.emplace_back("aten::Float.Scalar(Scalar a) -> float", [](Stack& s) { s.back() = IValue(toNumber(s.back())); });
  ops.emplace_back("aten::Float.str(str a) -> float",
                   [](Stack& s) { s.back() = IValue(py::parseDouble(s.back().toStringRef())); });
  ops.emplace_back("aten::Bool.int(int a) -> bool", [](Stack& s) { s.back() = IValue(s.back().toInt() != 0); });
  ops.emplace_back("aten::Bool.float(float a) -> bool", [](Stack& s) { s.back() = IValue(s.back().toDouble() != 0.0); });
}

Ops scalarOps() {
  Ops ops;
  addArithmetic(ops);
  addBitwise(ops);
  addCompare(ops);
  addDivmod(ops);
  addUnary(ops);
  addConversions(ops);
  return ops;
}

RegisterOperators reg(scalarOps());

}  // namespace
}  // namespace ember::jit
