// The IR text parser: reads what Graph::toString() writes and what PyTorch prints
// (`torch._C.parse_ir` syntax) back into a Graph.
//
//   auto g = std::make_shared<Graph>();
//   parseIR(R"IR(
//     graph(%x : Tensor):
//       %1 : int = prim::Constant[value=1]()
//       %y : Tensor = aten::add(%x, %x, %1)
//       return (%y)
//   )IR", *g);
//
// Errors are ember::Error with the line and column and the offending line highlighted.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "ember/core/type.h"

namespace ember::jit {

class Graph;
class Value;

struct IRParseOptions {
  // Resolves class names such as `__torch__.M` in types; unresolved names are errors.
  std::function<TypePtr(const std::string&)> resolveClass;
  // Accept `{1.5}`-style single-element tensor constants (PyTorch's parse_tensor_constants).
  bool parseTensorConstants = true;
};

// Parses `text` into `graph` (which must be empty). `valueMap`, if given, receives the values
// by their names in the text (without `%`).
void parseIR(std::string_view text, Graph& graph, const IRParseOptions& options = {},
             std::unordered_map<std::string, Value*>* valueMap = nullptr);

}  // namespace ember::jit
