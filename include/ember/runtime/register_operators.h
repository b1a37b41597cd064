// Static registration of operator implementations into OperatorRegistry::global().
//
//   static RegisterOperators reg({
//       Operator("aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", addTensor),
//   });
//
// ember_runtime is linked as a whole archive (the `ember::runtime` CMake target) so that these
// static objects are never dropped by the linker.
#pragma once

#include <vector>

#include "ember/core/operator.h"

namespace ember::jit {

struct RegisterOperators {
  explicit RegisterOperators(std::vector<Operator> ops);
};

}  // namespace ember::jit
