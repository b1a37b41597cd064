// mm, bmm, addmm, baddbmm, addbmm, mv, addmv, dot, outer and their in-place/out forms, with
// PyTorch 1.13's checks and messages. All products end in linalg::batchedGemm.
#include <algorithm>

#include "ember/tensor/ops/complex.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/shape.h"
#include "tensor/blas_backend.h"
#include "tensor/elementwise.h"
#include "tensor/linalg_small_gemm.h"
#include "tensor/linalg_utils.h"
#include "tensor/storage_watch.h"

namespace ember {

using linalg::checkGemmDtype;
using linalg::checkSameDtype;

namespace {

void checkMatrices(const Tensor& self, const Tensor& mat2) {
  EMBER_CHECK(self.dim() == 2, "self must be a matrix");
  EMBER_CHECK(mat2.dim() == 2, "mat2 must be a matrix");
  EMBER_CHECK(self.size(1) == mat2.size(0), "mat1 and mat2 shapes cannot be multiplied (", self.size(0), "x",
              self.size(1), " and ", mat2.size(0), "x", mat2.size(1), ")");
  checkSameDtype(self, mat2);
}

void checkBatches(const Tensor& b1, const Tensor& b2) {
  EMBER_CHECK(b1.dim() == 3, "batch1 must be a 3D tensor");
  EMBER_CHECK(b2.dim() == 3, "batch2 must be a 3D tensor");
  EMBER_CHECK(b2.size(0) == b1.size(0) && b2.size(1) == b1.size(2),
              "Expected size for first two dimensions of batch2 tensor to be: [", b1.size(0), ", ", b1.size(2),
              "] but got: [", b2.size(0), ", ", b2.size(1), "].");
  checkSameDtype(b1, b2);
}

// The out tensor of an _out form: same dtype as the result, resized to `shape`.
void prepareOut(const Tensor& out, ScalarType dtype, IntArrayRef shape) {
  EMBER_CHECK(out.dtype() == dtype, "Expected out tensor to have dtype ", dtype, ", but got ", out.dtype(), " instead");
  resizeOutput(out, shape, contiguousStrides(shape));
}

// out = beta * self (broadcast) before the product is accumulated into it; skipped when beta
// is 0 (self is ignored then, NaN included).
void seedWithSelf(const Tensor& out, const Tensor& self, const Scalar& beta) {
  if (beta.toComplexDouble() == 0.0 || out.is_same(self)) return;
  out.copy_(self.expand(out.sizes()));
}

}  // namespace

// ---- mm / bmm ----

Tensor& mm_out(Tensor& out, const Tensor& self, const Tensor& mat2) {
  detail::noteWrite(out);
  checkMatrices(self, mat2);
  checkGemmDtype(self.dtype(), "addmm_impl_cpu_");
  prepareOut(out, self.dtype(), {self.size(0), mat2.size(1)});
  linalg::gemm2d(out, self, mat2, 0, 1);
  return out;
}

Tensor mm(const Tensor& self, const Tensor& mat2) {
  checkMatrices(self, mat2);
  checkGemmDtype(self.dtype(), "addmm_impl_cpu_");
  if (Tensor r = linalg::trySmallMm(self, mat2); r.defined()) return r;
  Tensor out = empty({self.size(0), mat2.size(1)}, self.dtype());
  linalg::gemm2d(out, self, mat2, 0, 1);
  return out;
}

Tensor& bmm_out(Tensor& out, const Tensor& self, const Tensor& mat2) {
  detail::noteWrite(out);
  checkBatches(self, mat2);
  checkGemmDtype(self.dtype(), "bmm");
  prepareOut(out, self.dtype(), {self.size(0), self.size(1), mat2.size(2)});
  linalg::batchedGemm(out, self, mat2, 0, 1);
  return out;
}

Tensor bmm(const Tensor& self, const Tensor& mat2) {
  checkBatches(self, mat2);
  checkGemmDtype(self.dtype(), "bmm");
  Tensor out = empty({self.size(0), self.size(1), mat2.size(2)}, self.dtype());
  linalg::batchedGemm(out, self, mat2, 0, 1);
  return out;
}

// ---- addmm ----

namespace {

void checkAddmm(const Tensor& self, const Tensor& mat1, const Tensor& mat2) {
  EMBER_CHECK(mat1.dim() == 2, "mat1 must be a matrix, got ", mat1.dim(), "-D tensor");
  EMBER_CHECK(mat2.dim() == 2, "mat2 must be a matrix, got ", mat2.dim(), "-D tensor");
  EMBER_CHECK(mat1.size(1) == mat2.size(0), "mat1 and mat2 shapes cannot be multiplied (", mat1.size(0), "x",
              mat1.size(1), " and ", mat2.size(0), "x", mat2.size(1), ")");
  EMBER_CHECK(mat1.dtype() == mat2.dtype() && self.dtype() == mat2.dtype(), "self and mat2 must have the same dtype");
  checkGemmDtype(self.dtype(), "addmm_impl_cpu_");
}

}  // namespace

Tensor& addmm_out(Tensor& out, const Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta,
                  const Scalar& alpha) {
  detail::noteWrite(out);
  checkAddmm(self, mat1, mat2);
  DimVector shape{mat1.size(0), mat2.size(1)};
  Tensor expanded = self.expand(shape);  // checks the broadcast before `out` is touched
  prepareOut(out, self.dtype(), shape);
  seedWithSelf(out, expanded, beta);
  linalg::gemm2d(out, mat1, mat2, beta, alpha);
  return out;
}

Tensor addmm(const Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta, const Scalar& alpha) {
  Tensor out = empty({0}, self.dtype());
  return addmm_out(out, self, mat1, mat2, beta, alpha);
}

Tensor& addmm_(Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta, const Scalar& alpha) {
  detail::noteWrite(self);
  checkAddmm(self, mat1, mat2);
  DimVector shape{mat1.size(0), mat2.size(1)};
  EMBER_CHECK(self.sizes() == IntArrayRef(shape), "Bad in-place call: input tensor size ", self.sizes(),
              " and output tensor size ", IntArrayRef(shape), " should match");
  linalg::gemm2d(self, mat1, mat2, beta, alpha);
  return self;
}

// ---- baddbmm / addbmm ----

namespace {

void checkBaddbmm(const Tensor& self, const Tensor& b1, const Tensor& b2, const char* what) {
  EMBER_CHECK(b1.dim() == 3, "batch1 must be a 3D tensor");
  EMBER_CHECK(b2.dim() == 3, "batch2 must be a 3D tensor");
  EMBER_CHECK(b1.size(0) == b2.size(0), "batch1 and batch2 must have same number of batches, got ", b1.size(0), " and ",
              b2.size(0));
  EMBER_CHECK(b1.size(2) == b2.size(1), "Incompatible matrix sizes for bmm (", b1.size(1), "x", b1.size(2), " and ",
              b2.size(1), "x", b2.size(2), ")");
  EMBER_CHECK(self.dtype() == b1.dtype() && b1.dtype() == b2.dtype(), "self and batch2 must have the same dtype");
  checkGemmDtype(self.dtype(), what);
}

}  // namespace

Tensor& baddbmm_out(Tensor& out, const Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta,
                    const Scalar& alpha) {
  detail::noteWrite(out);
  checkBaddbmm(self, batch1, batch2, "baddbmm");
  DimVector shape{batch1.size(0), batch1.size(1), batch2.size(2)};
  Tensor expanded = self.expand(shape);
  prepareOut(out, self.dtype(), shape);
  seedWithSelf(out, expanded, beta);
  linalg::batchedGemm(out, batch1, batch2, beta, alpha);
  return out;
}

Tensor baddbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta,
               const Scalar& alpha) {
  Tensor out = empty({0}, self.dtype());
  return baddbmm_out(out, self, batch1, batch2, beta, alpha);
}

Tensor& baddbmm_(Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta, const Scalar& alpha) {
  detail::noteWrite(self);
  checkBaddbmm(self, batch1, batch2, "baddbmm");
  DimVector shape{batch1.size(0), batch1.size(1), batch2.size(2)};
  EMBER_CHECK(self.sizes() == IntArrayRef(shape), "Bad in-place call: input tensor size ", self.sizes(),
              " and output tensor size ", IntArrayRef(shape), " should match");
  linalg::batchedGemm(self, batch1, batch2, beta, alpha);
  return self;
}

// The sum over the batch is one GEMM with the batch folded into the inner dimension:
// [n, B*k] @ [B*k, p].
Tensor& addbmm_out(Tensor& out, const Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta,
                   const Scalar& alpha) {
  detail::noteWrite(out);
  checkBaddbmm(self, batch1, batch2, "addbmm");
  const int64_t b = batch1.size(0), n = batch1.size(1), k = batch1.size(2), p = batch2.size(2);
  DimVector shape{n, p};
  Tensor expanded = self.expand(shape);
  prepareOut(out, self.dtype(), shape);
  seedWithSelf(out, expanded, beta);
  Tensor lhs = batch1.permute({1, 0, 2}).reshape({n, b * k});
  Tensor rhs = batch2.reshape({b * k, p});
  linalg::gemm2d(out, lhs, rhs, beta, alpha);
  return out;
}

Tensor addbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta, const Scalar& alpha) {
  Tensor out = empty({0}, self.dtype());
  return addbmm_out(out, self, batch1, batch2, beta, alpha);
}

// PyTorch's addbmm_ is addbmm_out into self: a self that only broadcasts to [n, p] (a [1] or
// [p] bias) is resized to the result.
Tensor& addbmm_(Tensor& self, const Tensor& batch1, const Tensor& batch2, const Scalar& beta, const Scalar& alpha) {
  detail::noteWrite(self);
  Tensor result = addbmm(self, batch1, batch2, beta, alpha);
  if (self.sizes() != result.sizes()) prepareOut(self, self.dtype(), result.sizes());
  self.copy_(result);
  return self;
}

// ---- mv / addmv ----

namespace {

void checkMv(const Tensor& self, const Tensor& mat, const Tensor& vec) {
  EMBER_CHECK(mat.dim() == 2 && vec.dim() == 1 && self.dim() <= 1, "vector + matrix @ vector expected, got ",
              self.dim(), ", ", mat.dim(), ", ", vec.dim());
  EMBER_CHECK(mat.size(1) == vec.size(0) && (mat.size(0) == self.numel() || self.numel() == 1), "size mismatch, got ",
              self.size(0), ", ", mat.size(0), "x", mat.size(1), ",", vec.size(0));
}

// out [n] = beta * out + alpha * mat @ vec, as an n x 1 GEMM.
void mvInto(const Tensor& out, const Tensor& mat, const Tensor& vec, const Scalar& beta, const Scalar& alpha) {
  linalg::gemm2d(out.unsqueeze(1), mat, vec.unsqueeze(1), beta, alpha);
}

}  // namespace

Tensor& addmv_out(Tensor& out, const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta,
                  const Scalar& alpha) {
  detail::noteWrite(out);
  // PyTorch reports the shape problem with self's size: the 0-dim self checks like 1 element.
  Tensor self1 = self.dim() == 0 ? self.reshape({1}) : self;
  checkMv(self1, mat, vec);
  checkSameDtype(mat, vec);
  checkGemmDtype(mat.dtype(), "addmv_impl_cpu");
  // self's dtype may differ: it is converted into the result (mat's dtype), as PyTorch does.
  prepareOut(out, mat.dtype(), {mat.size(0)});
  seedWithSelf(out, self1.expand({mat.size(0)}), beta);
  mvInto(out, mat, vec, beta, alpha);
  return out;
}

Tensor addmv(const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta, const Scalar& alpha) {
  Tensor out = empty({0}, mat.dtype());
  return addmv_out(out, self, mat, vec, beta, alpha);
}

Tensor& addmv_(Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta, const Scalar& alpha) {
  detail::noteWrite(self);
  checkMv(self, mat, vec);
  checkSameDtype(mat, vec);
  checkSameDtype(self, mat);
  checkGemmDtype(mat.dtype(), "addmv_impl_cpu");
  EMBER_CHECK(self.dim() == 1 && self.size(0) == mat.size(0), "Bad in-place call: input tensor size ", self.sizes(),
              " and output tensor size [", mat.size(0), "] should match");
  mvInto(self, mat, vec, beta, alpha);
  return self;
}

Tensor& mv_out(Tensor& out, const Tensor& self, const Tensor& vec) {
  detail::noteWrite(out);
  EMBER_CHECK(self.dim() == 2 && vec.dim() == 1, "vector + matrix @ vector expected, got 1, ", self.dim(), ", ",
              vec.dim());
  EMBER_CHECK(self.size(1) == vec.size(0), "size mismatch, got ", self.size(0), ", ", self.size(0), "x", self.size(1),
              ",", vec.size(0));
  checkSameDtype(self, vec);
  checkGemmDtype(self.dtype(), "addmv_impl_cpu");
  prepareOut(out, self.dtype(), {self.size(0)});
  mvInto(out, self, vec, 0, 1);
  return out;
}

Tensor mv(const Tensor& self, const Tensor& vec) {
  Tensor out = empty({0}, self.dtype());
  return mv_out(out, self, vec);
}

// ---- dot / outer ----

namespace {

void checkDot(const Tensor& self, const Tensor& other) {
  EMBER_CHECK(self.dim() == 1 && other.dim() == 1, "1D tensors expected, but got ", self.dim(), "D and ", other.dim(),
              "D tensors");
  EMBER_CHECK(self.dtype() == other.dtype(), "dot : expected both vectors to have same dtype, but found ", self.dtype(),
              " and ", other.dtype());
  EMBER_CHECK(self.numel() == other.numel(), "inconsistent tensor size, expected tensor [", self.numel(), "] and src [",
              other.numel(), "] to have the same number of elements, but got ", self.numel(), " and ", other.numel(),
              " elements respectively");
  checkGemmDtype(self.dtype(), "dot");
}

// BLAS wants positive increments: other strides get a contiguous copy.
Tensor withPositiveStride(const Tensor& v) { return v.numel() > 1 && v.stride(0) <= 0 ? v.contiguous() : v; }

}  // namespace

Tensor& dot_out(Tensor& out, const Tensor& self, const Tensor& tensor) {
  detail::noteWrite(out);
  checkDot(self, tensor);
  prepareOut(out, self.dtype(), {});
  Tensor x = withPositiveStride(self), y = withPositiveStride(tensor);
  Tensor r = empty({}, self.dtype());
  blas::dot(self.dtype(), x.numel(), x.data_ptr(), std::max<int64_t>(x.numel() > 1 ? x.stride(0) : 1, 1), y.data_ptr(),
            std::max<int64_t>(y.numel() > 1 ? y.stride(0) : 1, 1), r.data_ptr());
  out.copy_(r);
  return out;
}

Tensor dot(const Tensor& self, const Tensor& tensor) {
  Tensor out = empty({}, self.dtype());
  return dot_out(out, self, tensor);
}

// vdot conjugates its first argument (complexConj is the tensor itself for real dtypes).
Tensor vdot(const Tensor& self, const Tensor& other) { return dot(complexConj(self), other); }

Tensor outer(const Tensor& self, const Tensor& vec2) {
  EMBER_CHECK(self.dim() == 1, "outer: Expected 1-D argument self, but got ", self.dim(), "-D");
  EMBER_CHECK(vec2.dim() == 1, "outer: Expected 1-D argument vec2, but got ", vec2.dim(), "-D");
  return mul(self.reshape({self.size(0), 1}), vec2);
}

Tensor& outer_out(Tensor& out, const Tensor& self, const Tensor& vec2) {
  detail::noteWrite(out);
  EMBER_CHECK(self.dim() == 1, "outer: Expected 1-D argument self, but got ", self.dim(), "-D");
  EMBER_CHECK(vec2.dim() == 1, "outer: Expected 1-D argument vec2, but got ", vec2.dim(), "-D");
  return mul_out(out, self.reshape({self.size(0), 1}), vec2);
}

Tensor ger(const Tensor& self, const Tensor& vec2) { return outer(self, vec2); }

// ---- methods ----

Tensor Tensor::mm(const Tensor& mat2) const { return ember::mm(*this, mat2); }
Tensor Tensor::bmm(const Tensor& mat2) const { return ember::bmm(*this, mat2); }
Tensor Tensor::mv(const Tensor& vec) const { return ember::mv(*this, vec); }
Tensor Tensor::dot(const Tensor& tensor) const { return ember::dot(*this, tensor); }
Tensor Tensor::vdot(const Tensor& other) const { return ember::vdot(*this, other); }
Tensor Tensor::outer(const Tensor& vec2) const { return ember::outer(*this, vec2); }
Tensor Tensor::ger(const Tensor& vec2) const { return ember::ger(*this, vec2); }
Tensor Tensor::addmm(const Tensor& mat1, const Tensor& mat2, const Scalar& beta, const Scalar& alpha) const {
  return ember::addmm(*this, mat1, mat2, beta, alpha);
}
Tensor& Tensor::addmm_(const Tensor& mat1, const Tensor& mat2, const Scalar& beta, const Scalar& alpha) {
  return ember::addmm_(*this, mat1, mat2, beta, alpha);
}
Tensor Tensor::addmv(const Tensor& mat, const Tensor& vec, const Scalar& beta, const Scalar& alpha) const {
  return ember::addmv(*this, mat, vec, beta, alpha);
}
Tensor& Tensor::addmv_(const Tensor& mat, const Tensor& vec, const Scalar& beta, const Scalar& alpha) {
  return ember::addmv_(*this, mat, vec, beta, alpha);
}
Tensor Tensor::baddbmm(const Tensor& batch1, const Tensor& batch2, const Scalar& beta, const Scalar& alpha) const {
  return ember::baddbmm(*this, batch1, batch2, beta, alpha);
}
Tensor& Tensor::baddbmm_(const Tensor& batch1, const Tensor& batch2, const Scalar& beta, const Scalar& alpha) {
  return ember::baddbmm_(*this, batch1, batch2, beta, alpha);
}
Tensor Tensor::addbmm(const Tensor& batch1, const Tensor& batch2, const Scalar& beta, const Scalar& alpha) const {
  return ember::addbmm(*this, batch1, batch2, beta, alpha);
}
Tensor& Tensor::addbmm_(const Tensor& batch1, const Tensor& batch2, const Scalar& beta, const Scalar& alpha) {
  return ember::addbmm_(*this, batch1, batch2, beta, alpha);
}

}  // namespace ember
