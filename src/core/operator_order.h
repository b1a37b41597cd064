// The order in which TorchScript tries a builtin's overloads: PyTorch 1.13's registration order
// (data/overload_order.txt), which OperatorRegistry follows so that a call resolves to the same
// overload as in PyTorch whatever order ember's operator libraries register in.
#pragma once

#include <cstddef>
#include <optional>

#include "ember/core/function_schema.h"

namespace ember::jit {

// The position of `name` among its name's overloads in PyTorch's registry (0 is tried first),
// or nullopt for an overload PyTorch does not have.
std::optional<size_t> pytorchOverloadRank(const OperatorName& name);

}  // namespace ember::jit
