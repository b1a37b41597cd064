// Canonicalize (PyTorch's `torch._C._jit_pass_canonicalize`): a copy of the graph whose unnamed
// values are numbered afresh in order of appearance, so two graphs that differ only in how
// their values were created print the same. With keepUniqueNames false the debug names of the
// graph's inputs and top-level node outputs are dropped too (nested blocks keep theirs, as in
// PyTorch).
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

std::shared_ptr<Graph> canonicalize(const std::shared_ptr<Graph>& graph, bool keepUniqueNames = true);

}  // namespace ember::jit
