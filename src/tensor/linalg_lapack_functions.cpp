// Products and functions of matrices next to the decompositions: linalg.matrix_power,
// linalg.matrix_exp, linalg.multi_dot, linalg.vecdot, linalg.tensorinv and linalg.tensorsolve.
#include <cmath>
#include <complex>
#include <vector>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/linalg_decompositions.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/pointwise_extra.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"
#include "tensor/linalg_lapack_utils.h"

namespace ember {

using namespace lapack;

Tensor linalg_matrix_power(const Tensor& A, int64_t n) {
  checkSquare(A, "linalg.matrix_power");
  if (n == 0) {
    Tensor r = zeros(A.sizes(), TensorOptions(A.dtype()));
    r.diagonal(0, -2, -1).fill_(1);
    return r;
  }
  Tensor a = n < 0 ? linalg_inv(A) : A;
  if (n < 0) n = -n;
  // Binary powering from the least significant bit, as PyTorch multiplies.
  Tensor z, result;
  while (n > 0) {
    bool bit = n % 2;
    n /= 2;
    z = z.defined() ? matmul(z, z) : a;
    if (bit) result = result.defined() ? matmul(result, z) : z;
  }
  return result.is_same(A) ? A.clone() : result;
}

namespace {

// exp of one n x n row-major matrix in double or complex<double>: scaling and squaring over a
// Taylor series (the scaled matrix has 1-norm <= 1/2, where 18 terms are exact to double precision).
template <typename V>
void expOne(std::vector<V>& a, int64_t n) {
  double norm = 0;
  for (int64_t j = 0; j < n; ++j) {
    double col = 0;
    for (int64_t i = 0; i < n; ++i) col += std::abs(a[i * n + j]);
    norm = std::max(norm, col);
  }
  int squarings = 0;
  if (std::isfinite(norm) && norm > 0.5) squarings = static_cast<int>(std::ceil(std::log2(norm / 0.5)));
  double scale = std::ldexp(1.0, -squarings);
  for (V& v : a) v *= scale;
  std::vector<V> result(n * n, V(0)), term(n * n, V(0)), next(n * n);
  for (int64_t i = 0; i < n; ++i) result[i * n + i] = term[i * n + i] = V(1);
  auto multiply = [n](const std::vector<V>& x, const std::vector<V>& y, std::vector<V>& out) {
    std::fill(out.begin(), out.end(), V(0));
    for (int64_t i = 0; i < n; ++i)
      for (int64_t k = 0; k < n; ++k) {
        V xv = x[i * n + k];
        for (int64_t j = 0; j < n; ++j) out[i * n + j] += xv * y[k * n + j];
      }
  };
  for (int k = 1; k <= 18; ++k) {
    multiply(term, a, next);
    for (int64_t i = 0; i < n * n; ++i) {
      term[i] = next[i] / static_cast<double>(k);
      result[i] += term[i];
    }
  }
  for (int s = 0; s < squarings; ++s) {
    multiply(result, result, next);
    result.swap(next);
  }
  a.swap(result);
}

}  // namespace

Tensor linalg_matrix_exp(const Tensor& A) {
  // bfloat16 is computed in double too (PyTorch computes it; float16 it rejects).
  if (A.dtype() != ScalarType::BFloat16) checkFloatingOrComplex(A, "linalg.matrix_exp");
  checkSquare(A, "linalg.matrix_exp");
  int64_t n = A.size(-1), count = batchCount(A);
  const ScalarType wide = A.is_complex() ? ScalarType::ComplexDouble : ScalarType::Double;
  Tensor in = A.to(wide).contiguous();
  Tensor out = empty(A.sizes(), TensorOptions(wide));
  auto run = [&](auto tag) {
    using V = decltype(tag);
    const V* src = elems<V>(in);
    V* dst = elems<V>(out);
    std::vector<V> m(n * n);
    for (int64_t b = 0; b < count && n > 0; ++b) {
      std::copy(src + b * n * n, src + (b + 1) * n * n, m.begin());
      expOne(m, n);
      std::copy(m.begin(), m.end(), dst + b * n * n);
    }
  };
  if (A.is_complex()) run(std::complex<double>{});
  else run(double{});
  return out.to(A.dtype());
}

Tensor linalg_multi_dot(const std::vector<Tensor>& tensors) {
  size_t n = tensors.size();
  EMBER_CHECK(n >= 2, "multi_dot(): expected at least 2 tensors but got ", n);
  EMBER_CHECK(tensors[0].dim() == 1 || tensors[0].dim() == 2, "multi_dot(): the first tensor must be 1D or 2D but got ",
              tensors[0].dim(), "D");
  EMBER_CHECK(tensors[n - 1].dim() == 1 || tensors[n - 1].dim() == 2,
              "multi_dot(): the last tensor must be 1D or 2D but got ", tensors[n - 1].dim(), "D");
  for (size_t i = 1; i + 1 < n; ++i)
    EMBER_CHECK(tensors[i].dim() == 2, "multi_dot(): tensor ", i, " must be 2D but got ", tensors[i].dim(), "D");
  for (size_t i = 1; i < n; ++i)
    EMBER_CHECK(tensors[i].dtype() == tensors[0].dtype(), "multi_dot(): all tensors must have be the same dtype but ",
                "tensor 0 is ", tensors[0].dtype(), " and tensor ", i, " ", tensors[i].dtype());
  Tensor first = tensors[0].dim() == 1 ? tensors[0].unsqueeze(0) : tensors[0];
  Tensor last = tensors[n - 1].dim() == 1 ? tensors[n - 1].unsqueeze(-1) : tensors[n - 1];
  Tensor r = first;
  for (size_t i = 1; i < n; ++i) {
    const Tensor& t = i + 1 == n ? last : tensors[i];
    EMBER_CHECK(r.size(-1) == t.size(0), "multi_dot(): tensors ", i - 1, " and ", i, " with shapes ",
                tensors[i - 1].sizes(), " and ", tensors[i].sizes(), " cannot be multiplied");
    r = mm(r, t);
  }
  if (tensors[0].dim() == 1) r = r.squeeze(0);
  if (tensors[n - 1].dim() == 1) r = r.squeeze(-1);
  return r;
}

Tensor linalg_vander(const Tensor& x, std::optional<int64_t> N) {
  EMBER_CHECK(x.dtype() != ScalarType::Bool,
              "linalg.vander supports floating point, complex, and integer tensors, but ", "got Bool");
  // A 0-dim x is read as one value (a [1, N] result), as PyTorch reads it.
  Tensor v = x.dim() == 0 ? x.unsqueeze(0) : x;
  int64_t n = N.value_or(v.size(-1));
  EMBER_CHECK(n > 1, "N must be greater than 1.");
  DimVector shape(v.sizes().begin(), v.sizes().end());
  shape.push_back(n - 1);
  Tensor powers = v.unsqueeze(-1).expand(shape).cumprod(-1);
  return cat({ones_like(powers.narrow(-1, 0, 1)), powers}, -1);
}

Tensor linalg_vecdot(const Tensor& x, const Tensor& y, int64_t dim) {
  EMBER_CHECK(x.is_floating_point() || x.is_complex(),
              "linalg.vecdot: Expected a floating point or complex tensor as input. Got ", x.dtype());
  EMBER_CHECK(x.dtype() == y.dtype(), "linalg.vecdot: Expected x and y to have the same dtype, but found x of type ",
              x.dtype(), " and y of type ", y.dtype(), " instead");
  // sum(conj(x) * y): the first argument is conjugated.
  return mul(x.is_complex() ? conj_physical(x) : x, y).sum({dim});
}

Tensor linalg_tensorinv(const Tensor& A, int64_t ind) {
  EMBER_CHECK(ind > 0, "Expected a strictly positive integer for 'ind', but got ", ind);
  IntArrayRef s = A.sizes();
  EMBER_CHECK(ind <= A.dim(), "Expected a strictly positive integer for 'ind' at most ", A.dim(), ", but got ", ind);
  DimVector out(s.begin() + ind, s.end());
  int64_t rows = 1, cols = 1;
  for (int64_t d = 0; d < ind; ++d) rows *= s[d];
  for (int64_t d = ind; d < A.dim(); ++d) cols *= s[d];
  EMBER_CHECK(rows == cols,
              "Expected self to satisfy the requirement prod(self.shape[ind:]) == prod(self.shape[:ind]), "
              "but got ",
              cols, " != ", rows);
  for (int64_t d = 0; d < ind; ++d) out.push_back(s[d]);
  return linalg_inv(A.reshape({rows, cols})).reshape(out);
}

Tensor linalg_tensorsolve(const Tensor& A, const Tensor& B, std::optional<DimVector> dims) {
  Tensor a = A;
  if (dims && !dims->empty()) {
    DimVector dest;
    int64_t k = static_cast<int64_t>(dims->size());
    for (int64_t i = 0; i < k; ++i) dest.push_back(A.dim() - k + i);
    a = A.movedim(*dims, dest);
  }
  IntArrayRef s = a.sizes();
  EMBER_CHECK(B.dim() <= a.dim(), "linalg.tensorsolve: other has more dimensions than self");
  DimVector out(s.begin() + B.dim(), s.end());
  int64_t rows = B.numel(), cols = 1, lead = 1;
  for (int64_t v : out) cols *= v;
  for (int64_t d = 0; d < B.dim(); ++d) lead *= s[d];
  EMBER_CHECK(lead == cols, "Expected self to satisfy the requirement prod(self.shape[other.ndim:]) == ",
              "prod(self.shape[:other.ndim]), but got ", cols, " != ", lead);
  return linalg_solve(a.reshape({lead, cols}), B.reshape({rows})).reshape(out);
}

}  // namespace ember
