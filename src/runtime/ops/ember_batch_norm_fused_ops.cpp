// ember::batch_norm_fused, ember::conv2d_bn_fused and ember::conv2d_bn_max_pool2d: evaluation
// batch norm with its residual add and activation (after a 2-D convolution for the second, and
// followed by a max pool for the third), which the fuse_batch_norm_epilogue pass
// (src/passes/fuse_batch_norm_epilogue.cpp) forms on inference plans. The kernels are the tensor
// library's (ember/tensor/ops/batch_norm_fused.h).
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/batch_norm_fused.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// (input, weight?, bias?, running_mean, running_var, eps, residual?, activation, lo, hi)
void batchNormFusedOp(Stack& s) {
  IValue* a = args(s, 10);
  Tensor r = batch_norm_fused(tensorArg(a[0]), optTensorUndefArg(a[1]), optTensorUndefArg(a[2]),
                              optTensorUndefArg(a[3]), optTensorUndefArg(a[4]), doubleArg(a[5]),
                              optTensorUndefArg(a[6]), stringArg(a[7]), doubleArg(a[8]), doubleArg(a[9]));
  ret(s, 10, std::move(r));
}

// (input, weight, bias?, stride, padding, dilation, groups, bn_weight?, bn_bias?, running_mean,
//  running_var, eps, residual?, activation, lo, hi)
void conv2dBnFusedOp(Stack& s) {
  IValue* a = args(s, 16);
  Tensor r = conv2d_bn_fused(
      tensorArg(a[0]), tensorArg(a[1]), optTensorUndefArg(a[2]), intListArg(a[3]), intListArg(a[4]), intListArg(a[5]),
      intArg(a[6]), optTensorUndefArg(a[7]), optTensorUndefArg(a[8]), optTensorUndefArg(a[9]), optTensorUndefArg(a[10]),
      doubleArg(a[11]), optTensorUndefArg(a[12]), stringArg(a[13]), doubleArg(a[14]), doubleArg(a[15]));
  ret(s, 16, std::move(r));
}

// conv2d_bn_fused's 16, then max_pool2d's (kernel_size, stride, padding, dilation, ceil_mode)
void conv2dBnMaxPool2dOp(Stack& s) {
  IValue* a = args(s, 21);
  Tensor r = conv2d_bn_max_pool2d(
      tensorArg(a[0]), tensorArg(a[1]), optTensorUndefArg(a[2]), intListArg(a[3]), intListArg(a[4]), intListArg(a[5]),
      intArg(a[6]), optTensorUndefArg(a[7]), optTensorUndefArg(a[8]), optTensorUndefArg(a[9]), optTensorUndefArg(a[10]),
      doubleArg(a[11]), optTensorUndefArg(a[12]), stringArg(a[13]), doubleArg(a[14]), doubleArg(a[15]),
      intListArg(a[16]), intListArg(a[17]), intListArg(a[18]), intListArg(a[19]), boolArg(a[20]));
  ret(s, 21, std::move(r));
}

RegisterOperators reg({
    {"ember::batch_norm_fused(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? "
     "running_var, float eps, Tensor? residual, str activation, float lo=0., float hi=0.) -> Tensor",
     batchNormFusedOp},
    {"ember::conv2d_bn_fused(Tensor input, Tensor weight, Tensor? bias, int[2] stride, int[2] padding, int[2] "
     "dilation, int groups, Tensor? bn_weight, Tensor? bn_bias, Tensor? running_mean, Tensor? running_var, float "
     "eps, Tensor? residual, str activation, float lo=0., float hi=0.) -> Tensor",
     conv2dBnFusedOp},
    {"ember::conv2d_bn_max_pool2d(Tensor input, Tensor weight, Tensor? bias, int[2] stride, int[2] padding, int[2] "
     "dilation, int groups, Tensor? bn_weight, Tensor? bn_bias, Tensor? running_mean, Tensor? running_var, float "
     "eps, Tensor? residual, str activation, float lo, float hi, int[2] kernel_size, int[2] pool_stride, int[2] "
     "pool_padding, int[2] pool_dilation, bool ceil_mode) -> Tensor",
     conv2dBnMaxPool2dOp},
});

}  // namespace
}  // namespace ember::jit::aten
