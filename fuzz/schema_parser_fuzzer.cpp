// libFuzzer target: schema strings and type annotations are parsed from archives and source, so
// any input must either parse or raise ember::Error, and whatever parses must print and re-parse
// to the same text.
#include <cstddef>
#include <cstdint>
#include <string>

#include "ember/core/function_schema.h"
#include "ember/core/type.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    auto schema = ember::jit::parseSchema(text);
    std::string printed = schema.str();
    if (ember::jit::parseSchema(printed).str() != printed) __builtin_trap();
  } catch (const ember::Error&) {
  }
  try {
    auto type = ember::jit::parseTypeAnnotation(text);
    (void)type->annotation_str();
    (void)type->irStr();
  } catch (const ember::Error&) {
  }
  return 0;
}
