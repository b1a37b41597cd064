#include "ember/tensor/scalar_type.h"

#include "ember/tensor/dispatch.h"

namespace ember {

namespace {
struct TypeInfo {
  const char* shortName;  // as in printed types: Float(2, 3)
  const char* torchName;  // torch.float32
  size_t size;
};
constexpr TypeInfo kTypeInfo[kNumScalarTypes] = {
    {"Byte", "uint8", 1},          {"Char", "int8", 1},          {"Short", "int16", 2},
    {"Int", "int32", 4},           {"Long", "int64", 8},         {"Half", "float16", 2},
    {"Float", "float32", 4},       {"Double", "float64", 8},     {"ComplexHalf", "complex32", 4},
    {"ComplexFloat", "complex64", 8}, {"ComplexDouble", "complex128", 16}, {"Bool", "bool", 1},
    {"QInt8", "qint8", 1},         {"QUInt8", "quint8", 1},      {"QInt32", "qint32", 4},
    {"BFloat16", "bfloat16", 2},
};

const TypeInfo& info(ScalarType t) {
  auto i = static_cast<int>(t);
  EMBER_CHECK(i >= 0 && i < kNumScalarTypes, "invalid ScalarType code ", i);
  return kTypeInfo[i];
}
}  // namespace

const char* scalarTypeName(ScalarType t) {
  if (t == ScalarType::Undefined) return "Undefined";
  return info(t).shortName;
}

std::string scalarTypeTorchName(ScalarType t) { return std::string("torch.") + info(t).torchName; }

ScalarType parseScalarType(std::string_view name) {
  if (name.starts_with("torch.")) name.remove_prefix(6);
  for (int i = 0; i < kNumScalarTypes; ++i) {
    if (name == kTypeInfo[i].shortName || name == kTypeInfo[i].torchName) return static_cast<ScalarType>(i);
  }
  // Python-level aliases accepted by torch (torch.float, torch.long, ...).
  struct Alias { std::string_view name; ScalarType type; };
  static constexpr Alias kAliases[] = {
      {"float", ScalarType::Float},  {"double", ScalarType::Double}, {"half", ScalarType::Half},
      {"long", ScalarType::Long},    {"int", ScalarType::Int},       {"short", ScalarType::Short},
      {"uint8", ScalarType::Byte},   {"cfloat", ScalarType::ComplexFloat},
      {"cdouble", ScalarType::ComplexDouble},
  };
  for (const auto& a : kAliases)
    if (name == a.name) return a.type;
  EMBER_CHECK_KIND(Value, false, "unknown dtype '", name, "'");
  return ScalarType::Undefined;
}

std::ostream& operator<<(std::ostream& os, ScalarType t) { return os << scalarTypeName(t); }


bool isIntegralType(ScalarType t, bool includeBool) {
  switch (t) {
    case ScalarType::Byte:
    case ScalarType::Char:
    case ScalarType::Short:
    case ScalarType::Int:
    case ScalarType::Long: return true;
    case ScalarType::Bool: return includeBool;
    default: return false;
  }
}

bool isFloatingType(ScalarType t) {
  return t == ScalarType::Half || t == ScalarType::Float || t == ScalarType::Double ||
         t == ScalarType::BFloat16;
}

bool isComplexType(ScalarType t) {
  return t == ScalarType::ComplexHalf || t == ScalarType::ComplexFloat || t == ScalarType::ComplexDouble;
}

bool isSupportedScalarType(ScalarType t) {
  return isIntegralType(t, true) || isFloatingType(t) || t == ScalarType::ComplexFloat || t == ScalarType::ComplexDouble;
}

bool isSignedType(ScalarType t) { return t != ScalarType::Byte && t != ScalarType::Bool; }

namespace {
// Rank within the floating types; Half and BFloat16 share a rank and meet at Float.
int floatRank(ScalarType t) {
  switch (t) {
    case ScalarType::Half:
    case ScalarType::BFloat16: return 1;
    case ScalarType::Float: return 2;
    case ScalarType::Double: return 3;
    default: return 0;
  }
}
ScalarType complexPart(ScalarType t) {
  switch (t) {
    case ScalarType::ComplexHalf: return ScalarType::Half;
    case ScalarType::ComplexFloat: return ScalarType::Float;
    case ScalarType::ComplexDouble: return ScalarType::Double;
    default: return t;
  }
}
ScalarType toComplex(ScalarType t) {
  switch (t) {
    case ScalarType::Half: return ScalarType::ComplexHalf;
    case ScalarType::Double: return ScalarType::ComplexDouble;
    default: return ScalarType::ComplexFloat;
  }
}
}  // namespace

ScalarType promoteTypes(ScalarType a, ScalarType b) {
  if (a == b) return a;
  if (a == ScalarType::Undefined || b == ScalarType::Undefined) return ScalarType::Undefined;
  auto quantized = [](ScalarType t) {
    return t == ScalarType::QInt8 || t == ScalarType::QUInt8 || t == ScalarType::QInt32;
  };
  EMBER_CHECK(!quantized(a) && !quantized(b), "promoteTypes with quantized numbers is not handled yet; ",
              "figure out what the correct rules should be, offending types: ", a, " ", b);
  if (a == ScalarType::Bool) return b;
  if (b == ScalarType::Bool) return a;
  if (isComplexType(a) || isComplexType(b)) {
    ScalarType pa = complexPart(a), pb = complexPart(b);
    ScalarType part = isFloatingType(pa) && isFloatingType(pb) ? promoteTypes(pa, pb)
                      : isFloatingType(pa)                      ? pa
                                                                : pb;
    return toComplex(part);
  }
  bool fa = isFloatingType(a), fb = isFloatingType(b);
  if (fa && fb) {
    int ra = floatRank(a), rb = floatRank(b);
    if (ra == rb) return ScalarType::Float;  // Half with BFloat16
    return ra > rb ? a : b;
  }
  if (fa) return a;
  if (fb) return b;
  // Both integral. uint8 with a signed type needs a signed type wider than 8 bits.
  if (a == ScalarType::Byte || b == ScalarType::Byte) {
    ScalarType other = a == ScalarType::Byte ? b : a;
    return other == ScalarType::Char ? ScalarType::Short : other;
  }
  return elementSize(a) >= elementSize(b) ? a : b;
}

bool canCast(ScalarType from, ScalarType to) {
  if (isComplexType(from) && !isComplexType(to)) return false;
  if (isFloatingType(from) && isIntegralType(to, true)) return false;
  if (from != ScalarType::Bool && to == ScalarType::Bool) return false;
  return true;
}

void throwUnsupportedDtype(const char* what, ScalarType t) {
  EMBER_ERROR("\"", what, "\" not implemented for '", scalarTypeName(t), "'");
}

}  // namespace ember
