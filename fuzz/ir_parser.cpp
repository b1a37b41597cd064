// libFuzzer target for the IR text parser: any input must give a graph or an ember::Error,
// never a crash, hang or unbounded allocation. The parser also reads graphs in the frontend's
// pre-SSA form (a prim::Loop with a condition block), so a parsed graph may fail lint, as
// `ember ir` reports; linting and printing it must still not crash.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string_view>

#include "ember/core/type.h"
#include "ember/error.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ember::jit;
  if (size > 1 << 16) return 0;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto g = std::make_shared<Graph>();
  IRParseOptions options;
  std::map<std::string, TypePtr> classes;
  options.resolveClass = [&](const std::string& name) -> TypePtr {
    auto& t = classes[name];
    if (!t) t = ClassType::create(name);
    return t;
  };
  try {
    parseIR(text, *g, options);
  } catch (const ember::Error&) {
    return 0;
  }
  try {
    g->lint();
  } catch (const ember::Error&) {
  }
  (void)g->toString();
  return 0;
}
