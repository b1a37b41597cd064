#include "ember/tensor/device.h"

#include <charconv>

#include "ember/error.h"

namespace ember {

const char* deviceTypeName(DeviceType t) {
  switch (t) {
    case DeviceType::CPU: return "cpu";
    case DeviceType::CUDA: return "cuda";
    case DeviceType::Meta: return "meta";
  }
  return "unknown";
}

Device Device::parse(std::string_view text) {
  std::string_view kind = text, idx;
  if (auto colon = text.find(':'); colon != std::string_view::npos) {
    kind = text.substr(0, colon);
    idx = text.substr(colon + 1);
  }
  DeviceType type;
  if (kind == "cpu") type = DeviceType::CPU;
  else if (kind == "cuda") type = DeviceType::CUDA;
  else if (kind == "meta") type = DeviceType::Meta;
  else EMBER_ERROR("Expected one of cpu, cuda, meta device type at start of device string: ", text);
  if (text.find(':') == std::string_view::npos) return Device(type);
  int value = -1;
  auto [end, ec] = std::from_chars(idx.data(), idx.data() + idx.size(), value);
  EMBER_CHECK(ec == std::errc() && end == idx.data() + idx.size() && !idx.empty() && value >= 0 &&
                  value < 32768,
              "Invalid device string: '", text, "'");
  return Device(type, static_cast<int16_t>(value));
}

std::string Device::str() const {
  std::string s = deviceTypeName(type);
  if (index >= 0) s += ":" + std::to_string(index);
  return s;
}

std::ostream& operator<<(std::ostream& os, const Device& d) { return os << d.str(); }

}  // namespace ember
