// Per-operator tensor type rules for shape propagation (shape_analysis.h), used when a node
// cannot be run on representative tensors: some input is only partly known (dtype and rank,
// say) or an argument is not a constant. Each rule gives what it can prove (dtype, device,
// rank, the sizes it knows) and leaves the rest unknown.
//
// Also the small evaluator both use: the value of an input when the graph alone determines it
// (a constant, a list of known values, the sizes or rank of a tensor whose type has them).
#pragma once

#include <optional>
#include <vector>

#include "ember/core/ivalue.h"
#include "ember/core/type.h"

namespace ember::jit {

class Node;
class Value;

// The TensorType of `v`, or nullptr when it is not a tensor.
TensorTypePtr tensorTypeOf(const Value* v);

// The value of `v` when known from the graph: prim::Constant, prim::ListConstruct of known
// values, aten::size / aten::dim / aten::len of values whose types or lists determine them.
std::optional<IValue> knownValue(const Value* v);

// The input of `n` bound to its schema's argument `name`, or nullptr when the schema has none.
const Value* inputNamed(const Node* n, const char* name);
// knownValue as an int, and as a list of ints (a single int counts as a one-element list).
std::optional<int64_t> knownInt(const Value* v);
std::optional<std::vector<int64_t>> knownInts(const Value* v);

// The types of `n`'s outputs by the rule for its operator, or nullopt when there is none.
// Entries for non-tensor outputs are nullptr.
std::optional<std::vector<TensorTypePtr>> applyShapeRule(const Node* n);

}  // namespace ember::jit
