// The functional library: torch.nn.functional and the Python half of torch.functional
// (torch.norm, torch.stft, torch.unique, ...). PyTorch compiles those Python functions as
// TorchScript when a program first calls them; ember ships its own TorchScript versions
// (functional_library/*.py, embedded into the binary at build time) with PyTorch 1.13's
// signatures, defaults, keyword names and argument checks, compiled on first use and shared by
// every program of the process (qualified names `__torch__.torch.nn.functional.relu`, as
// PyTorch names them).
#pragma once

#include <string>
#include <vector>

#include "ember/core/function.h"
#include "frontend/sugared_value.h"

namespace ember::jit {

// The value of `module.name` (module "torch.nn.functional" or "torch.functional"): a function
// of the library, a set of overloads, or a choice between two functions made by a constant
// argument (max_pool2d's return_indices). nullptr when the library has no such public function.
SugaredValuePtr functionalLibraryValue(const std::string& module, const std::string& name);

// The public functions of a module, and each of them compiled (for tests and tools).
std::vector<std::string> functionalLibraryNames(const std::string& module);
std::vector<Function*> functionalLibraryFunctions(const std::string& module, const std::string& name);

}  // namespace ember::jit
