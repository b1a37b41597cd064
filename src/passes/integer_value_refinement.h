// Integer value refinement (PyTorch 1.13's RefineIntegerValues, `torch._C._jit_pass_refine_integer_values`,
// also reachable as `_jit_pass_integer_value_refinement`): where a branch is only taken when an
// int equals a constant (`x == 3`, `3 == x`, `x != 3` in its else branch, `not`, `and`/`or` chains
// of them), uses of that int inside the branch read the constant instead. After an If whose
// other branch raises, the condition's refinements hold for the rest of the block (`assert
// x == 3`). A refined node gets one new constant per refined value, inserted right before it
// (a block's return gets them at the block's end). Like PyTorch, loop bodies are left alone
// (their values may change between iterations; only the loop's own inputs are refined), and a
// comparison of two non-constants refines nothing.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

bool refineIntegerValues(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
