// ember::conv2d_fused: a 2-D convolution with its residual add and activation, which the
// fuse_conv_epilogue pass (src/passes/fuse_conv_epilogue.cpp) forms on frozen graphs. The
// kernel is the tensor library's conv2d_fused (ember/tensor/ops/conv_fused.h).
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/conv_fused.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// (input, weight, bias?, stride, padding, dilation, groups, residual?, activation, lo, hi)
void conv2dFusedOp(Stack& s) {
  IValue* a = args(s, 11);
  Tensor r = conv2d_fused(tensorArg(a[0]), tensorArg(a[1]), optTensorUndefArg(a[2]), intListArg(a[3]),
                          intListArg(a[4]), intListArg(a[5]), intArg(a[6]), optTensorUndefArg(a[7]),
                          stringArg(a[8]), doubleArg(a[9]), doubleArg(a[10]));
  ret(s, 11, std::move(r));
}

RegisterOperators reg({
    {"ember::conv2d_fused(Tensor input, Tensor weight, Tensor? bias, int[2] stride, int[2] padding, int[2] "
     "dilation, int groups, Tensor? residual, str activation, float lo=0., float hi=0.) -> Tensor",
     conv2dFusedOp},
});

}  // namespace
}  // namespace ember::jit::aten
