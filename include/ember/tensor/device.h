// Device: where a tensor lives. ember computes on the CPU only, but Device also represents
// `cuda:N` (and meta) so that types, IR constants and archives that mention them round-trip.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

namespace ember {

enum class DeviceType : int8_t { CPU = 0, CUDA = 1, Meta = 9 };

struct Device {
  DeviceType type = DeviceType::CPU;
  int16_t index = -1;  // -1: "the current device" (printed without an index)

  constexpr Device() = default;
  constexpr Device(DeviceType t, int16_t i = -1) : type(t), index(i) {}  // NOLINT
  // Parses "cpu", "cuda", "cuda:1", "meta"; throws ember::Error otherwise.
  static Device parse(std::string_view text);

  bool isCpu() const { return type == DeviceType::CPU; }
  bool isCuda() const { return type == DeviceType::CUDA; }
  std::string str() const;  // "cpu", "cuda:0"
  friend bool operator==(const Device& a, const Device& b) = default;
};

const char* deviceTypeName(DeviceType t);
std::ostream& operator<<(std::ostream& os, const Device& d);

}  // namespace ember
