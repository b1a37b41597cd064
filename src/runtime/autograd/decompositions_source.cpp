// The decompositions (decompositions.h), in TorchScript: `c_<op>_<overload>` computes
// `aten::<op>.<overload>` from ops that have derivative formulas, and runs in place of the kernel
// when an input requires grad. Indices and other values that carry no gradient are computed under
// no_grad (the kernel itself, which then runs without recording), the values from them with
// differentiable ops (gather, index_select, slices), so the gradient flows as PyTorch's does.
#include "runtime/autograd/decompositions.h"

namespace ember::autograd {

const char* const kDecompositionsSource = R"TS(
def c_sort(self: Tensor, dim: int, descending: bool):
    with torch.no_grad():
        values, indices = torch.sort(self, dim, descending)
    return self.gather(dim, indices), indices
)TS";

}  // namespace ember::autograd
