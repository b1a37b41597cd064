#include "tensor/unary_common.h"

#include "ember/tensor/ops/factory.h"
#include "tensor/complex_kernels.h"
#include "ember/tensor/parallel.h"

namespace ember::unary_detail {

namespace {

// The small-tensor path: a fresh result for a contiguous float tensor that one thread handles
// needs none of Elementwise's promotion, shape and layout work (the result has the input's dtype,
// shape and contiguous strides), so the kernel runs directly; same kernel, same bits. This is
// most of the cost of a sigmoid or tanh on a recurrent cell's gates.
Tensor trySmallFloatUnary(UnaryOp op, const Tensor& self, const Dest& dest, const UnaryParams& params) {
  const ScalarType t = self.dtype();
  if (dest.kind != Dest::Kind::Fresh || (t != ScalarType::Float && t != ScalarType::Double) ||
      !self.is_contiguous() || self.numel() > kGrainSize || self.is_nested())
    return Tensor();
  Tensor out = empty(self.sizes(), t);
  const int64_t e = static_cast<int64_t>(elementSize(t));
  char* ptrs[2] = {static_cast<char*>(out.data_ptr()), static_cast<char*>(self.data_ptr())};
  const int64_t strides[2] = {e, e};
  floatUnaryKernel(op, t)(ptrs, strides, self.numel(), params);
  return out;
}

}  // namespace

Tensor complexMath(UnaryOp op, const Tensor& self, const Dest& dest) {
  checkSameDtypeDest(self, dest);
  Elementwise it(ResultRule::Promote);
  buildUnary(it, self, dest);
  if (!complex_detail::unaryMath(it, op)) throwUnsupportedDtype(unaryOpName(op), self.dtype());
  return it.finish();
}

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
  if (Tensor r = trySmallFloatUnary(op, self, dest, {}); r.defined()) return r;
  if (self.is_complex()) return complexMath(op, self, dest);
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
  if (Tensor r = trySmallFloatUnary(op, self, dest, params); r.defined()) return r;
  checkSameDtypeDest(self, dest);
  Elementwise it(ResultRule::Promote);
  buildUnary(it, self, dest);
  runFloatKernel(it, op, params);
  return it.finish();
}

}  // namespace ember::unary_detail
