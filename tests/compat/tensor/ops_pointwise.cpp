// Adapters for the pointwise family's differential cases (cases_pointwise.py). Binary ops take a
// "form" argument (see the Python module's docstring).
#include "ember/tensor/ops/pointwise.h"
#include "harness.h"

namespace ember::compat {
namespace {

using nlohmann::json;

// One binary op in all its C++ forms; a null entry means ember (like ATen) has no such overload.
struct BinaryForms {
  Tensor (*tt)(const Tensor&, const Tensor&, const json&);
  Tensor (*ts)(const Tensor&, const Scalar&, const json&);
  Tensor (*st)(const Scalar&, const Tensor&, const json&);
  Tensor& (*inplaceT)(Tensor&, const Tensor&, const json&);
  Tensor& (*inplaceS)(Tensor&, const Scalar&, const json&);
  Tensor& (*out)(Tensor&, const Tensor&, const Tensor&, const json&);
};

std::vector<Tensor> runBinary(const BinaryForms& f, const std::vector<Tensor>& in, const json& args) {
  const std::string form = stringArg(args, "form", "tt");
  if (form == "tt") return {f.tt(in.at(0), in.at(1), args)};
  if (form == "ts") return {f.ts(in.at(0), scalarArg(args, "other"), args)};
  if (form == "st") {
    EMBER_CHECK(f.st, "no Scalar-Tensor overload");
    return {f.st(scalarArg(args, "self"), in.at(0), args)};
  }
  if (form == "inplace") {
    EMBER_CHECK(f.inplaceT, "no in-place form");
    Tensor self = in.at(0);
    if (in.size() > 1) f.inplaceT(self, in[1], args);
    else f.inplaceS(self, scalarArg(args, "other"), args);
    return {self};
  }
  if (form == "out") {
    EMBER_CHECK(f.out, "no out= form");
    Tensor out = in.at(2);
    f.out(out, in.at(0), in.at(1), args);
    return {out};
  }
  EMBER_ERROR("unknown form ", form);
}

std::optional<std::string_view> roundingMode(const json& args, std::string& storage) {
  auto m = optionalStringArg(args, "rounding_mode");
  if (!m) return std::nullopt;
  storage = *m;
  return std::string_view(storage);
}

// Ops with the usual overload set: Tensor-Tensor, Tensor-Scalar, in-place both, out= Tensor.
#define BINARY_FORMS_BASIC(op, st_expr, inplace_t, inplace_s)                                           \
  BinaryForms {                                                                                        \
    [](const Tensor& a, const Tensor& b, const json&) { return ember::op(a, b); },                     \
        [](const Tensor& a, const Scalar& b, const json&) { return ember::op(a, b); }, st_expr,         \
        inplace_t, inplace_s,                                                                          \
        [](Tensor& o, const Tensor& a, const Tensor& b, const json&) -> Tensor& {                      \
          return ember::op##_out(o, a, b);                                                             \
        }                                                                                              \
  }
#define ST(op) [](const Scalar& a, const Tensor& b, const json&) { return ember::op(a, b); }
#define IPT(op) [](Tensor& a, const Tensor& b, const json&) -> Tensor& { return ember::op##_(a, b); }
#define IPS(op) [](Tensor& a, const Scalar& b, const json&) -> Tensor& { return ember::op##_(a, b); }
// Tensor-only ops (maximum, atan2, logical_*): like Python, a number as `other` is rejected.
#define BINARY_FORMS_TENSOR_ONLY(op, inplace_t)                                                        \
  BinaryForms {                                                                                        \
    [](const Tensor& a, const Tensor& b, const json&) { return ember::op(a, b); },                     \
        [](const Tensor&, const Scalar&, const json&) -> Tensor { EMBER_ERROR(#op ": other must be Tensor"); }, \
        nullptr, inplace_t, nullptr,                                                                   \
        [](Tensor& o, const Tensor& a, const Tensor& b, const json&) -> Tensor& {                      \
          return ember::op##_out(o, a, b);                                                             \
        }                                                                                              \
  }

#define DEFINE_BASIC(name, op, st_expr, inplace_t, inplace_s)                              \
  EMBER_COMPAT_ADAPTER(name) {                                                             \
    static const BinaryForms forms = BINARY_FORMS_BASIC(op, st_expr, inplace_t, inplace_s); \
    return runBinary(forms, in, args);                                                     \
  }
#define DEFINE_TENSOR_ONLY(name, op, inplace_t)                              \
  EMBER_COMPAT_ADAPTER(name) {                                               \
    static const BinaryForms forms = BINARY_FORMS_TENSOR_ONLY(op, inplace_t); \
    return runBinary(forms, in, args);                                       \
  }

EMBER_COMPAT_ADAPTER("add") {
  static const BinaryForms forms{
      [](const Tensor& a, const Tensor& b, const json& j) { return ember::add(a, b, scalarArg(j, "alpha", 1)); },
      [](const Tensor& a, const Scalar& b, const json& j) { return ember::add(a, b, scalarArg(j, "alpha", 1)); },
      nullptr,
      [](Tensor& a, const Tensor& b, const json& j) -> Tensor& { return ember::add_(a, b, scalarArg(j, "alpha", 1)); },
      [](Tensor& a, const Scalar& b, const json& j) -> Tensor& { return ember::add_(a, b, scalarArg(j, "alpha", 1)); },
      [](Tensor& o, const Tensor& a, const Tensor& b, const json& j) -> Tensor& {
        return ember::add_out(o, a, b, scalarArg(j, "alpha", 1));
      }};
  return runBinary(forms, in, args);
}

EMBER_COMPAT_ADAPTER("sub") {
  static const BinaryForms forms{
      [](const Tensor& a, const Tensor& b, const json& j) { return ember::sub(a, b, scalarArg(j, "alpha", 1)); },
      [](const Tensor& a, const Scalar& b, const json& j) { return ember::sub(a, b, scalarArg(j, "alpha", 1)); },
      nullptr,
      [](Tensor& a, const Tensor& b, const json& j) -> Tensor& { return ember::sub_(a, b, scalarArg(j, "alpha", 1)); },
      [](Tensor& a, const Scalar& b, const json& j) -> Tensor& { return ember::sub_(a, b, scalarArg(j, "alpha", 1)); },
      [](Tensor& o, const Tensor& a, const Tensor& b, const json& j) -> Tensor& {
        return ember::sub_out(o, a, b, scalarArg(j, "alpha", 1));
      }};
  return runBinary(forms, in, args);
}

EMBER_COMPAT_ADAPTER("div") {
  static const BinaryForms forms{
      [](const Tensor& a, const Tensor& b, const json& j) {
        std::string s;
        return ember::div(a, b, roundingMode(j, s));
      },
      [](const Tensor& a, const Scalar& b, const json& j) {
        std::string s;
        return ember::div(a, b, roundingMode(j, s));
      },
      nullptr,
      [](Tensor& a, const Tensor& b, const json& j) -> Tensor& {
        std::string s;
        return ember::div_(a, b, roundingMode(j, s));
      },
      [](Tensor& a, const Scalar& b, const json& j) -> Tensor& {
        std::string s;
        return ember::div_(a, b, roundingMode(j, s));
      },
      [](Tensor& o, const Tensor& a, const Tensor& b, const json& j) -> Tensor& {
        std::string s;
        return ember::div_out(o, a, b, roundingMode(j, s));
      }};
  return runBinary(forms, in, args);
}

DEFINE_BASIC("mul", mul, nullptr, IPT(mul), IPS(mul))
DEFINE_BASIC("floor_divide", floor_divide, nullptr, IPT(floor_divide), IPS(floor_divide))
DEFINE_BASIC("remainder", remainder, ST(remainder), IPT(remainder), IPS(remainder))
DEFINE_BASIC("fmod", fmod, nullptr, IPT(fmod), IPS(fmod))
DEFINE_BASIC("pow", pow, ST(pow), IPT(pow), IPS(pow))
DEFINE_BASIC("eq", eq, nullptr, IPT(eq), IPS(eq))
DEFINE_BASIC("ne", ne, nullptr, IPT(ne), IPS(ne))
DEFINE_BASIC("lt", lt, nullptr, IPT(lt), IPS(lt))
DEFINE_BASIC("le", le, nullptr, IPT(le), IPS(le))
DEFINE_BASIC("gt", gt, nullptr, IPT(gt), IPS(gt))
DEFINE_BASIC("ge", ge, nullptr, IPT(ge), IPS(ge))
DEFINE_BASIC("bitwise_and", bitwise_and, ST(bitwise_and), IPT(bitwise_and), IPS(bitwise_and))
DEFINE_BASIC("bitwise_or", bitwise_or, ST(bitwise_or), IPT(bitwise_or), IPS(bitwise_or))
DEFINE_BASIC("bitwise_xor", bitwise_xor, ST(bitwise_xor), IPT(bitwise_xor), IPS(bitwise_xor))
DEFINE_BASIC("bitwise_left_shift", bitwise_left_shift, ST(bitwise_left_shift), IPT(bitwise_left_shift),
             IPS(bitwise_left_shift))
DEFINE_BASIC("bitwise_right_shift", bitwise_right_shift, ST(bitwise_right_shift), IPT(bitwise_right_shift),
             IPS(bitwise_right_shift))
DEFINE_TENSOR_ONLY("atan2", atan2, IPT(atan2))
DEFINE_TENSOR_ONLY("maximum", maximum, nullptr)
DEFINE_TENSOR_ONLY("minimum", minimum, nullptr)
DEFINE_TENSOR_ONLY("fmax", fmax, nullptr)
DEFINE_TENSOR_ONLY("fmin", fmin, nullptr)
DEFINE_TENSOR_ONLY("logical_and", logical_and, IPT(logical_and))
DEFINE_TENSOR_ONLY("logical_or", logical_or, IPT(logical_or))
DEFINE_TENSOR_ONLY("logical_xor", logical_xor, IPT(logical_xor))

EMBER_COMPAT_ADAPTER("rsub") {
  if (hasArg(args, "other")) return {rsub(in.at(0), scalarArg(args, "other"), scalarArg(args, "alpha", 1))};
  return {rsub(in.at(0), in.at(1), scalarArg(args, "alpha", 1))};
}

EMBER_COMPAT_ADAPTER("where") {
  const std::string form = stringArg(args, "form", "ttt");
  if (form == "ttt") return {where(in.at(0), in.at(1), in.at(2))};
  if (form == "tts") return {where(in.at(0), in.at(1), scalarArg(args, "other"))};
  if (form == "tst") return {where(in.at(0), scalarArg(args, "self"), in.at(1))};
  if (form == "tss") return {where(in.at(0), scalarArg(args, "self"), scalarArg(args, "other"))};
  Tensor out = in.at(3);
  where_out(out, in.at(0), in.at(1), in.at(2));
  return {out};
}

EMBER_COMPAT_ADAPTER("clamp") {
  const std::string form = stringArg(args, "form", "scalar");
  const auto lo = optionalScalarArg(args, "min");
  const auto hi = optionalScalarArg(args, "max");
  if (form == "scalar") return {clamp(in.at(0), lo, hi)};
  if (form == "tensor") return {clamp(in.at(0), std::optional<Tensor>(in.at(1)), std::optional<Tensor>(in.at(2)))};
  if (form == "tensor_min") return {clamp(in.at(0), std::optional<Tensor>(in.at(1)), std::optional<Tensor>())};
  if (form == "inplace") {
    Tensor self = in.at(0);
    clamp_(self, lo, hi);
    return {self};
  }
  Tensor out = in.at(1);
  clamp_out(out, in.at(0), lo, hi);
  return {out};
}

EMBER_COMPAT_ADAPTER("clamp_min") {
  if (stringArg(args, "form", "scalar") == "tensor") return {clamp_min(in.at(0), in.at(1))};
  return {clamp_min(in.at(0), scalarArg(args, "value"))};
}

EMBER_COMPAT_ADAPTER("clamp_max") {
  if (stringArg(args, "form", "scalar") == "tensor") return {clamp_max(in.at(0), in.at(1))};
  return {clamp_max(in.at(0), scalarArg(args, "value"))};
}

template <Tensor (*Fn)(const Tensor&, const Tensor&, const Tensor&, const Scalar&),
          Tensor& (*InplaceFn)(Tensor&, const Tensor&, const Tensor&, const Scalar&),
          Tensor& (*OutFn)(Tensor&, const Tensor&, const Tensor&, const Tensor&, const Scalar&)>
std::vector<Tensor> runAddc(const std::vector<Tensor>& in, const json& args) {
  const std::string form = stringArg(args, "form", "ttt");
  const Scalar value = scalarArg(args, "value", 1);
  if (form == "inplace") {
    Tensor self = in.at(0);
    InplaceFn(self, in.at(1), in.at(2), value);
    return {self};
  }
  if (form == "out") {
    Tensor out = in.at(3);
    OutFn(out, in.at(0), in.at(1), in.at(2), value);
    return {out};
  }
  return {Fn(in.at(0), in.at(1), in.at(2), value)};
}

EMBER_COMPAT_ADAPTER("addcmul") { return runAddc<addcmul, addcmul_, addcmul_out>(in, args); }
EMBER_COMPAT_ADAPTER("addcdiv") { return runAddc<addcdiv, addcdiv_, addcdiv_out>(in, args); }

EMBER_COMPAT_ADAPTER("lerp") {
  const std::string form = stringArg(args, "form", "scalar");
  if (form == "tensor") return {lerp(in.at(0), in.at(1), in.at(2))};
  if (form == "inplace") {
    Tensor self = in.at(0);
    lerp_(self, in.at(1), scalarArg(args, "weight"));
    return {self};
  }
  if (form == "out") {
    Tensor out = in.at(2);
    lerp_out(out, in.at(0), in.at(1), scalarArg(args, "weight"));
    return {out};
  }
  return {lerp(in.at(0), in.at(1), scalarArg(args, "weight"))};
}

EMBER_COMPAT_ADAPTER("operator") {
  const std::string op = stringArg(args, "operator");
  const Tensor& a = in.at(0);
  const Tensor& b = in.at(1);
  if (op == "add") return {a + b};
  if (op == "sub") return {a - b};
  if (op == "mul") return {a * b};
  if (op == "truediv") return {a / b};
  if (op == "mod") return {a % b};
  if (op == "and") return {a & b};
  if (op == "or") return {a | b};
  if (op == "xor") return {a ^ b};
  if (op == "lshift") return {a << b};
  if (op == "rshift") return {a >> b};
  if (op == "lt") return {a < b};
  if (op == "ge") return {a >= b};
  if (op == "eq") return {a == b};
  if (op == "ne") return {a != b};
  EMBER_ERROR("unknown operator ", op);
}

EMBER_COMPAT_ADAPTER("operator_scalar") {
  const std::string op = stringArg(args, "operator");
  const Tensor& a = in.at(0);
  if (op == "radd") return {2 + a};
  if (op == "rsub") return {2 - a};
  if (op == "rmul") return {2.5 * a};
  if (op == "rtruediv") return {3 / a};
  EMBER_ERROR("unknown operator ", op);
}

EMBER_COMPAT_ADAPTER("result_type") {
  std::vector<int64_t> codes;
  for (const Tensor& x : in)
    for (const Tensor& y : in) codes.push_back(static_cast<int64_t>(result_type(x, y)));
  return {tensor(ArrayRef<int64_t>(codes), {static_cast<int64_t>(codes.size())})};
}

}  // namespace
}  // namespace ember::compat
