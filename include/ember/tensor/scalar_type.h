// ScalarType: the element type of a tensor. The numeric codes are PyTorch's (c10::ScalarType),
// because they appear in IR constants (`dtype=6`) and in archives.
#pragma once

#include <complex>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

#include "ember/error.h"
#include "ember/tensor/half.h"

namespace ember {

enum class ScalarType : int8_t {
  Byte = 0,     // uint8
  Char = 1,     // int8
  Short = 2,    // int16
  Int = 3,      // int32
  Long = 4,     // int64
  Half = 5,     // float16
  Float = 6,    // float32
  Double = 7,   // float64
  ComplexHalf = 8,
  ComplexFloat = 9,
  ComplexDouble = 10,
  Bool = 11,
  QInt8 = 12,
  QUInt8 = 13,
  QInt32 = 14,
  BFloat16 = 15,
  Undefined = 16,
};
constexpr int kNumScalarTypes = 16;

// Short names as PyTorch prints them in types: "Float", "Long", ...
const char* scalarTypeName(ScalarType t);
// Python-facing names: "torch.float32", "torch.int64", ...
std::string scalarTypeTorchName(ScalarType t);
// Parses either form ("Float", "float32", "torch.float32", "float"); throws on unknown names.
ScalarType parseScalarType(std::string_view name);
std::ostream& operator<<(std::ostream& os, ScalarType t);

// Bytes per element; inline because every tensor allocation asks. Throws for invalid codes.
inline size_t elementSize(ScalarType t) {
  constexpr uint8_t kSizes[kNumScalarTypes] = {1, 1, 2, 4, 8, 2, 4, 8, 4, 8, 16, 1, 1, 1, 4, 2};
  auto i = static_cast<unsigned>(static_cast<int8_t>(t));
  EMBER_CHECK(i < static_cast<unsigned>(kNumScalarTypes), "invalid ScalarType code ", static_cast<int>(i));
  return kSizes[i];
}
bool isIntegralType(ScalarType t, bool includeBool);
bool isFloatingType(ScalarType t);
bool isComplexType(ScalarType t);
bool isSupportedScalarType(ScalarType t);  // the ten dtypes ember computes with
bool isSignedType(ScalarType t);

// The promotion lattice of torch.promote_types: (Long, Float) -> Float, (Byte, Char) -> Short, ...
ScalarType promoteTypes(ScalarType a, ScalarType b);
// Whether a value of type `from` may be written into a tensor of type `to` by an in-place op
// (torch.can_cast): no float into integral, no integral into bool, no complex into non-complex.
bool canCast(ScalarType from, ScalarType to);

// Maps a C++ element type to its ScalarType and back.
template <typename T> struct CppTypeToScalarType;
#define EMBER_MAP_CPP_TYPE(cpp, st) \
  template <> struct CppTypeToScalarType<cpp> { static constexpr ScalarType value = ScalarType::st; };
EMBER_MAP_CPP_TYPE(uint8_t, Byte)
EMBER_MAP_CPP_TYPE(int8_t, Char)
EMBER_MAP_CPP_TYPE(int16_t, Short)
EMBER_MAP_CPP_TYPE(int32_t, Int)
EMBER_MAP_CPP_TYPE(int64_t, Long)
EMBER_MAP_CPP_TYPE(Half, Half)
EMBER_MAP_CPP_TYPE(float, Float)
EMBER_MAP_CPP_TYPE(double, Double)
EMBER_MAP_CPP_TYPE(bool, Bool)
EMBER_MAP_CPP_TYPE(BFloat16, BFloat16)
#undef EMBER_MAP_CPP_TYPE

template <typename T>
constexpr ScalarType scalarTypeOf() {
  return CppTypeToScalarType<T>::value;
}

}  // namespace ember
