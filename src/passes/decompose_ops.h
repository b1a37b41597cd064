// DecomposeOps (PyTorch 1.13's): `aten::addmm(self, mat1, mat2, beta=1, alpha=1)` with constant
// beta and alpha both 1 becomes `self + mat1.mm(mat2)`, so that later passes (batch_mm, fusers)
// see the product and the sum separately; shape propagation (shape_analysis.h), constant
// propagation and DCE follow when anything was decomposed, as in PyTorch.
//
// PyTorch also decomposes batch_norm and layer_norm, but only for inputs known to be on a CUDA
// device; ember runs on the CPU, so those stay.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

bool decomposeOps(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
