// libFuzzer target: pickles are untrusted. Any input must either unpickle or raise
// ember::Error, never crash, hang or allocate without bound. Storages and TorchScript classes
// are provided so that tensor rebuilding, objects and enums are reached too.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

#include "ember/core/enum_type.h"
#include "ember/error.h"
#include "ember/serialization/unpickler.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ember::jit;
  std::map<std::string, TypePtr> classes;
  UnpicklerOptions options;
  options.storageLoader = [](const std::string&, ember::ScalarType, const std::string&) {
    return ember::Storage::allocate(64);
  };
  options.classResolver = [&](const std::string& name) -> TypePtr {
    auto& t = classes[name];
    if (!t && name.find("Enum") != std::string::npos)
      t = EnumType::create(name, IntType::get(), {{"A", IValue(1)}, {"B", IValue(2)}});
    if (!t) t = ClassType::create(name, true);
    return t;
  };
  try {
    IValue v = unpickle(std::string_view(reinterpret_cast<const char*>(data), size), options);
    (void)v.repr();
  } catch (const ember::Error&) {
  }
  return 0;
}
