// EraseNumberTypes (PyTorch 1.13's, used before exporting to formats without scalars): int,
// float and bool values become 0-dim tensors. Number and bool constants are replaced by tensor
// constants (int -> Long, float -> Double, bool -> Bool), the inputs of the graph and of every
// block and every node output of those types get the tensor type, and the conversions between numbers and tensors
// (`aten::Int`, `aten::Float`, `aten::Bool`, the `*Implicit` ones, `prim::NumToTensor`) are
// dropped, their users reading the input directly.
//
// A generic `Scalar` (NumberType) value has no single tensor dtype; PyTorch fails on one, ember
// leaves it as it is.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

bool eraseNumberTypes(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
