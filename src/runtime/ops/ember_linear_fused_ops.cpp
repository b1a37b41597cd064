// ember::matmul_fused and ember::linear_fused: a matrix product with its bias, residual add and
// activation, which the fuse_linear_epilogue pass (src/passes/fuse_linear_epilogue.cpp) forms on
// frozen graphs. The kernels are the tensor library's (ember/tensor/ops/linear_fused.h).
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/linear_fused.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// (self, other, bias?, residual?, activation, lo, hi)
void matmulFusedOp(Stack& s) {
  IValue* a = args(s, 7);
  Tensor r = matmul_fused(tensorArg(a[0]), tensorArg(a[1]), optTensorUndefArg(a[2]), optTensorUndefArg(a[3]),
                          stringArg(a[4]), doubleArg(a[5]), doubleArg(a[6]));
  ret(s, 7, std::move(r));
}

// (input, weight, bias?, residual?, activation, lo, hi)
void linearFusedOp(Stack& s) {
  IValue* a = args(s, 7);
  Tensor r = linear_fused(tensorArg(a[0]), tensorArg(a[1]), optTensorUndefArg(a[2]), optTensorUndefArg(a[3]),
                          stringArg(a[4]), doubleArg(a[5]), doubleArg(a[6]));
  ret(s, 7, std::move(r));
}

RegisterOperators reg({
    {"ember::matmul_fused(Tensor self, Tensor other, Tensor? bias, Tensor? residual, str activation, float lo=0., "
     "float hi=0.) -> Tensor",
     matmulFusedOp},
    {"ember::linear_fused(Tensor input, Tensor weight, Tensor? bias, Tensor? residual, str activation, float lo=0., "
     "float hi=0.) -> Tensor",
     linearFusedOp},
});

}  // namespace
}  // namespace ember::jit::aten
