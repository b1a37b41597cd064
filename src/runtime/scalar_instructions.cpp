#include "runtime/scalar_instructions.h"

#include <string>
#include <unordered_map>

namespace ember::jit {

std::optional<ScalarInstruction> scalarInstructionFor(const OperatorName& name) {
  static const std::unordered_map<std::string, ScalarOp> kOps = {
      {"aten::add", ScalarOp::Add},      {"aten::sub", ScalarOp::Sub},       {"aten::mul", ScalarOp::Mul},
      {"aten::div", ScalarOp::Div},      {"aten::floordiv", ScalarOp::FloorDiv}, {"aten::remainder", ScalarOp::Rem},
      {"aten::eq", ScalarOp::Eq},        {"aten::ne", ScalarOp::Ne},         {"aten::lt", ScalarOp::Lt},
      {"aten::le", ScalarOp::Le},        {"aten::gt", ScalarOp::Gt},         {"aten::ge", ScalarOp::Ge},
  };
  bool isInt = name.overloadName == "int", isFloat = name.overloadName == "float";
  if (!isInt && !isFloat) return std::nullopt;
  auto it = kOps.find(name.name);
  if (it == kOps.end()) return std::nullopt;
  // int / int is a float (aten::div.int): not a typed int instruction.
  if (isInt && it->second == ScalarOp::Div) return std::nullopt;
  return ScalarInstruction{it->second, isFloat};
}

}  // namespace ember::jit
