#include "ember/runtime/register_operators.h"

namespace ember::jit {

RegisterOperators::RegisterOperators(std::vector<Operator> ops) {
  OperatorRegistry::global().registerOperators(std::move(ops));
}

}  // namespace ember::jit
