// Test support for compiling programs: registers every PyTorch 1.13 operator schema that the
// runtime does not implement (yet) with a stub that throws when run, so overload resolution in
// the IR emitter sees PyTorch's full operator set. Operators the runtime registers keep their
// implementations.
#pragma once

#include <filesystem>
#include <fstream>
#include <mutex>
#include <string>

#include "ember/core/operator.h"
#include "ember/error.h"
#include "ember_test_source_dir.h"

namespace ember::jit::testing {

inline void unimplementedOperator(Stack&) { EMBER_ERROR("operator not implemented (compile-time schema only)"); }

inline void ensureTorchSchemasRegistered() {
  static std::once_flag once;
  std::call_once(once, [] {
    std::filesystem::path file =
        ember::test::testsDir() / "unit" / "core" / "data" / "torch_1_13_schemas.txt";
    std::ifstream in(file);
    auto& registry = OperatorRegistry::global();
    for (std::string line; std::getline(in, line);) {
      if (line.empty()) continue;
      try {
        FunctionSchema schema = parseSchema(line);
        if (registry.findOperator(schema.operatorName())) continue;
        registry.registerOperator(Operator(std::move(schema), &unimplementedOperator,
                                           AliasAnalysisKind::CONSERVATIVE));
      } catch (const Error&) {
        // schemas our parser does not accept (custom classes, varret forms) are skipped
      }
    }
  });
}

}  // namespace ember::jit::testing
