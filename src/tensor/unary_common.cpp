#include "tensor/unary_common.h"

namespace ember::unary_detail {

void buildUnary(Elementwise& it, const Tensor& self, const Dest& dest) {
  EMBER_CHECK(self.defined(), "expected a defined tensor");
  it.input(self);
  if (dest.kind == Dest::Kind::Out) it.out(*dest.out);
  else if (dest.kind == Dest::Kind::InPlace) it.inplace(*dest.out);
  it.build();
}

void checkSameDtypeDest(const Tensor& self, const Dest& dest) {
  if (dest.kind != Dest::Kind::Out) return;  // in-place writes self's own dtype
  EMBER_CHECK(dest.out->defined(), "out= expects a defined tensor");
  EMBER_CHECK(dest.out->dtype() == self.dtype(), "Found dtype ", dest.out->dtype(), " but expected ", self.dtype());
}

void runFloatKernel(Elementwise& it, UnaryOp op, const UnaryParams& params) {
  EMBER_ASSERT(it.resultDtype() == it.computeDtype(), "unary kernels write their compute dtype");
  UnaryKernelFn fn = floatUnaryKernel(op, it.computeDtype());
  it.runRaw([fn, &params](char* const* ptrs, const int64_t* strides, int64_t n) { fn(ptrs, strides, n, params); });
}

Tensor floatMath(UnaryOp op, const Tensor& self, const Dest& dest) {
  EMBER_CHECK(self.defined(), "expected a defined tensor");
  if (!isFloatingType(self.dtype()) && !isIntegralType(self.dtype(), true))
    throwUnsupportedDtype(unaryOpName(op), self.dtype());
  Elementwise it(ResultRule::PromoteIntToFloat);
  buildUnary(it, self, dest);
  runFloatKernel(it, op);
  return it.finish();
}

Tensor floatOnlyUnary(UnaryOp op, const Tensor& self, const Dest& dest, const char* kernelName,
                      const UnaryParams& params) {
  EMBER_CHECK(self.defined(), "expected a defined tensor");
  if (!isFloatingType(self.dtype())) throwUnsupportedDtype(kernelName, self.dtype());
  checkSameDtypeDest(self, dest);
  Elementwise it(ResultRule::Promote);
  buildUnary(it, self, dest);
  runFloatKernel(it, op, params);
  return it.finish();
}

}  // namespace ember::unary_detail
