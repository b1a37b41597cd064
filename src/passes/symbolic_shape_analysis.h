// Symbolic shape propagation: PyTorch 1.13's `torch._C._jit_pass_propagate_shapes_on_graph`.
// Sizes are static (a known int) or symbols: an unknown size gets a symbol, and sizes known to be
// equal share it, so `x + y` of `(SS(-1), 3)` and `(SS(-1), 1)` is `(SS(-1), 3)` and `mm` of
// `(SS(-1), 3)` and `(3, SS(-2))` is `(SS(-1), SS(-2))`. Every graph input of known rank gets one
// fresh symbol per unknown size.
//
// Rule-based (no operator is run) and linear: one visit per node. Rules: pointwise ops with
// broadcasting (equal sizes stay, 1 broadcasts, two different symbols give a fresh one), unary
// ops, reductions with dims/keepdim, mm/bmm/matmul/linear/addmm, convolutions (batch and
// channels; spatial sizes when all static), t/transpose/permute/unsqueeze/squeeze/select/slice/
// flatten, view/reshape/expand with constant lists (-1 computed when the rest is static), cat.
// An If's outputs keep the dims both branches agree on (a fresh symbol otherwise); loop-carried
// values and ops without a rule keep their type.
//
// The graph's types get the result as PyTorch writes it: static sizes, `*` for symbols, other
// fields of the type untouched. The symbols themselves are returned by symbolicShapes() and
// printed by symbolicShapeString() as PyTorch prints them (`SS(-n)`).
// Known differences from PyTorch 1.13: docs/internals/passes.md ("Symbolic shapes").
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace ember::jit {

class Graph;
class Value;

// A size >= 0 is static; a negative one is a symbol (`SS(-n)`).
using SymbolicShape = std::vector<int64_t>;

// The symbolic shape of every tensor value of known rank, in all blocks.
std::unordered_map<const Value*, SymbolicShape> symbolicShapes(const std::shared_ptr<Graph>& graph);

// The pass: writes the static sizes and ranks onto the types. Returns whether any type changed.
bool propagateSymbolicShapes(const std::shared_ptr<Graph>& graph);

// "(SS(-1), 3)".
std::string symbolicShapeString(const SymbolicShape& shape);

}  // namespace ember::jit
