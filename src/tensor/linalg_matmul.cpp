// torch.matmul in all its cases, and linear (input @ weight.T + bias).
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/shape.h"
#include "tensor/elementwise.h"
#include "tensor/linalg_utils.h"
#include "tensor/bmm_onednn.h"
#include "tensor/linear_onednn.h"
#include "tensor/storage_watch.h"

namespace ember {

namespace {

// N-D (>= 3) @ 1-D or 2-D: the leading dims fold into the rows of one mm.
Tensor foldedMatmul(const Tensor& a, const Tensor& b) {
  const int64_t k = a.size(-1);
  DimVector outShape(a.sizes().begin(), a.sizes().end() - 1);
  Tensor rhs = b.dim() == 1 ? b.unsqueeze(1) : b;
  if (b.dim() == 2) outShape.push_back(b.size(1));
  int64_t rows = 1;
  for (int64_t d = 0; d < a.dim() - 1; ++d) rows *= a.size(d);
  Tensor lhs = a.reshape({rows, k});
  return mm(lhs, rhs).view(outShape);
}

// a @ b for float32 operands of at least 2 dims with batch dims `batch` on oneDNN's batched
// matmul, reading them in place (bmm_onednn.h), or undefined when that route declines.
Tensor onednnMatmul(const Tensor& a, const Tensor& b, const DimVector& batch) {
  if (a.dtype() != kFloat || b.dtype() != kFloat || batch.empty() ||
      !linalg::batchableProduct(a.size(-2), b.size(-1), a.size(-1)))
    return Tensor();
  const int64_t rank = static_cast<int64_t>(batch.size()) + 2;
  // Transposed operands are copied (see bmm_onednn.h); the others are read in place.
  auto lift = [rank](Tensor t) {
    while (t.dim() < rank) t = t.unsqueeze(0);
    return linalg::rowsInPlace(t) ? t : t.contiguous();
  };
  DimVector outShape(batch);
  outShape.push_back(a.size(-2));
  outShape.push_back(b.size(-1));
  Tensor out = empty(outShape, kFloat);
  return linalg::onednnBatchedMatmul(lift(a), lift(b), out) ? out : Tensor();
}

// Batched with broadcast batch dims; 1-D operands get a dim prepended (a) or appended (b),
// which is dropped from the result.
Tensor batchedMatmul(const Tensor& a0, const Tensor& b0) {
  const bool prepend = a0.dim() == 1, append = b0.dim() == 1;
  Tensor a = prepend ? a0.unsqueeze(0) : a0;
  Tensor b = append ? b0.unsqueeze(1) : b0;
  const int64_t n = a.size(-2), k = a.size(-1), p = b.size(-1);
  IntArrayRef batchA(a.sizes().begin(), a.sizes().end() - 2), batchB(b.sizes().begin(), b.sizes().end() - 2);
  DimVector batch = broadcast_shapes(batchA, batchB);
  if (Tensor direct = onednnMatmul(a, b, batch); direct.defined()) {
    DimVector outShape(batch);
    if (!prepend) outShape.push_back(n);
    if (!append) outShape.push_back(p);
    return direct.view(outShape);
  }
  int64_t nb = 1;
  for (int64_t s : batch) nb *= s;
  DimVector shapeA(batch), shapeB(batch);
  shapeA.push_back(n);
  shapeA.push_back(k);
  shapeB.push_back(k);
  shapeB.push_back(p);
  Tensor a3 = a.expand(shapeA).reshape({nb, n, k});
  Tensor b3 = b.expand(shapeB).reshape({nb, k, p});
  Tensor out = bmm(a3, b3);
  DimVector outShape(batch);
  if (!prepend) outShape.push_back(n);
  if (!append) outShape.push_back(p);
  return out.view(outShape);
}

void resizeOutputLike(const Tensor& out, const Tensor& like) {
  resizeOutput(out, like.sizes(), contiguousStrides(like.sizes()));
}

}  // namespace

Tensor matmul(const Tensor& self, const Tensor& other) {
  const int64_t d1 = self.dim(), d2 = other.dim();
  EMBER_CHECK(d1 > 0 && d2 > 0, "both arguments to matmul need to be at least 1D, but they are ", d1, "D and ", d2,
              "D");
  if (d1 == 1 && d2 == 1) return dot(self, other);
  if (d1 == 2 && d2 == 1) return mv(self, other);
  if (d1 == 1 && d2 == 2) return mm(self.unsqueeze(0), other).squeeze(0);
  if (d1 == 2 && d2 == 2) return mm(self, other);
  if (d1 >= 3 && (d2 == 1 || d2 == 2)) return foldedMatmul(self, other);
  // The mismatch message of the batched case follows mm's, as PyTorch's does for these shapes.
  int64_t k = self.size(-1), k2 = d2 >= 2 ? other.size(-2) : other.size(0);
  EMBER_CHECK(k == k2, "mat1 and mat2 shapes cannot be multiplied (", self.numel() / std::max<int64_t>(k, 1), "x", k,
              " and ", k2, "x", other.numel() / std::max<int64_t>(k2, 1), ")");
  return batchedMatmul(self, other);
}

Tensor& matmul_out(Tensor& out, const Tensor& self, const Tensor& other) {
  detail::noteWrite(out);
  Tensor r = matmul(self, other);
  EMBER_CHECK(out.dtype() == r.dtype(), "Expected out tensor to have dtype ", r.dtype(), ", but got ", out.dtype(),
              " instead");
  resizeOutputLike(out, r);
  out.copy_(r);
  return out;
}

namespace {

// linear() off the packed route: a GEMM with the bias inside where it can be.
Tensor unpackedLinear(const Tensor& input, const Tensor& weight, const Tensor& bias) {
  if (input.dim() == 2 && bias.defined()) return addmm(bias, input, weight.t());
  if (bias.defined() && input.dim() == 3 && input.is_contiguous()) {
    // Folding the leading dims keeps the bias add inside the GEMM.
    Tensor flat = input.view({input.size(0) * input.size(1), input.size(2)});
    Tensor r = addmm(bias, flat, weight.t());
    return r.view({input.size(0), input.size(1), r.size(1)});
  }
  Tensor out = matmul(input, weight.t());
  if (bias.defined()) out.add_(bias);
  return out;
}

}  // namespace

Tensor linalg::linearWithEpilogue(const Tensor& input, const Tensor& weight, const Tensor& bias,
                                  const LinearEpilogue& epilogue) {
  if (Tensor packed = packedLinear(input, weight, bias, epilogue); packed.defined()) return packed;
  Tensor out = unpackedLinear(input, weight, bias);
  if (epilogue.residual.defined()) out.add_(epilogue.residual);
  return out;
}

Tensor linear(const Tensor& input, const Tensor& weight, const Tensor& bias) {
  return linalg::linearWithEpilogue(input, weight, bias, {});
}

Tensor& linear_out(Tensor& out, const Tensor& input, const Tensor& weight, const Tensor& bias) {
  detail::noteWrite(out);
  Tensor r = linear(input, weight, bias);
  EMBER_CHECK(out.dtype() == r.dtype(), "Expected out tensor to have dtype ", r.dtype(), ", but got ", out.dtype(),
              " instead");
  resizeOutputLike(out, r);
  out.copy_(r);
  return out;
}

Tensor Tensor::matmul(const Tensor& other) const { return ember::matmul(*this, other); }

}  // namespace ember
