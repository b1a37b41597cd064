// Building constant IValues from IR text (shared by the IR parser and Graph::insertConstant).
#pragma once

#include <vector>

#include "ember/core/ivalue.h"

namespace ember::jit {

// A 0-dim tensor for a `{value}` tensor constant: Long for ints, Double for floats.
Tensor irScalarTensor(const IValue& number);
IValue irTuple(std::vector<IValue> items);
// A list typed by its elements (int, float, bool, str; empty lists are int lists).
IValue irList(std::vector<IValue> items);

}  // namespace ember::jit
