// Checks, column-major batches and info reports shared by the LAPACK-backed linear algebra.
#include "tensor/linalg_lapack_utils.h"

#include <limits>
#include <optional>
#include <string>

#include "ember/tensor/ops/pointwise_extra.h"
#include "ember/tensor/ops/shape.h"
#include "tensor/type_promotion.h"

namespace ember::lapack {

void checkFloating(const Tensor& a, const char* api) {
  ScalarType t = a.dtype();
  EMBER_CHECK(isFloatingType(t) || isComplexType(t), api,
              ": Expected a floating point or complex tensor as input. Got ", t);
  EMBER_CHECK(t == ScalarType::Float || t == ScalarType::Double, api,
              ": ember supports float32 and float64 inputs, got ", t);
}

void checkFloatingOrComplex(const Tensor& a, const char* api) {
  ScalarType t = a.dtype();
  EMBER_CHECK(isFloatingType(t) || isComplexType(t), api,
              ": Expected a floating point or complex tensor as input. Got ", t);
  EMBER_CHECK(t == ScalarType::Float || t == ScalarType::Double || t == ScalarType::ComplexFloat ||
                  t == ScalarType::ComplexDouble,
              api, ": ember supports float32, float64, complex64 and complex128 inputs, got ", t);
}

ScalarType realDtype(ScalarType t) {
  if (t == ScalarType::ComplexFloat) return ScalarType::Float;
  if (t == ScalarType::ComplexDouble) return ScalarType::Double;
  return t;
}

void checkMatrix(const Tensor& a, const char* api) {
  EMBER_CHECK(a.dim() >= 2, api, ": The input tensor A must have at least 2 dimensions.");
}

void checkSquare(const Tensor& a, const char* api) {
  checkMatrix(a, api);
  EMBER_CHECK(a.size(-1) == a.size(-2), api, ": A must be batches of square matrices, but they are ", a.size(-2),
              " by ", a.size(-1), " matrices");
}

void checkSameDtype(const Tensor& a, const Tensor& b, const char* api) {
  EMBER_CHECK(a.dtype() == b.dtype(), api, ": Expected A and B to have the same dtype, but found A of type ", a.dtype(),
              " and B of type ", b.dtype(), " instead");
}

Tensor conjTranspose(const Tensor& a) { return a.is_complex() ? conj_physical(a.mT()) : a.mT(); }

int64_t batchCount(const Tensor& a) {
  int64_t n = 1;
  for (int64_t d = 0; d + 2 < a.dim(); ++d) n *= a.size(d);
  return n;
}

DimVector batchShape(const Tensor& a) {
  IntArrayRef s = a.sizes();
  return DimVector(s.begin(), s.end() - 2);
}

DimVector withTail(IntArrayRef batch, std::initializer_list<int64_t> tail) {
  DimVector r(batch.begin(), batch.end());
  for (int64_t v : tail) r.push_back(v);
  return r;
}

Tensor emptyColumnMajor(IntArrayRef sizes, ScalarType dtype) {
  DimVector swapped(sizes.begin(), sizes.end());
  std::swap(swapped[swapped.size() - 1], swapped[swapped.size() - 2]);
  return empty(swapped, TensorOptions(dtype)).mT();
}

Tensor columnMajorCopy(const Tensor& a, ScalarType dtype) {
  Tensor r = emptyColumnMajor(a.sizes(), dtype);
  r.copy_(a);
  return r;
}

double epsilonOf(ScalarType dtype) {
  dtype = realDtype(dtype);
  return dtype == ScalarType::Double ? std::numeric_limits<double>::epsilon()
                                     : static_cast<double>(std::numeric_limits<float>::epsilon());
}

std::pair<Tensor, Tensor> broadcastBatch(const Tensor& a, const Tensor& b) {
  IntArrayRef as = a.sizes(), bs = b.sizes();
  DimVector batch = inferBroadcastShape(IntArrayRef(as.begin(), as.size() - 2), IntArrayRef(bs.begin(), bs.size() - 2));
  return {a.expand(withTail(batch, {a.size(-2), a.size(-1)})), b.expand(withTail(batch, {b.size(-2), b.size(-1)}))};
}

namespace {

std::string infoMessage(InfoKind kind, int info) {
  std::string i = std::to_string(info);
  switch (kind) {
    case InfoKind::Inverse:
      return "The diagonal element " + i +
             " is zero, the inversion could not be completed because the input matrix is singular.";
    case InfoKind::Cholesky:
      return "The factorization could not be completed because the input is not positive-definite (the leading minor "
             "of order " +
             i + " is not positive-definite).";
    case InfoKind::LuFactor:
      return "U[" + i + "," + i +
             "] is zero and using it on lu_solve would result in a division by zero. If you still want to perform the "
             "factorization, consider calling linalg.lu(A, pivot) or linalg.lu_factor_ex(A, pivot)";
    case InfoKind::Solve:
      return "The solver failed because the input matrix is singular.";
    case InfoKind::Eigh:
      return "The algorithm failed to converge because the input matrix is ill-conditioned or has too many repeated "
             "eigenvalues (error code: " +
             i + ").";
    case InfoKind::Eig:
      return "The algorithm failed to converge because the input matrix is ill-conditioned or has too many repeated "
             "eigenvalues (error code: " +
             i + ").";
    case InfoKind::Ldl:
      return "The factorization could not be completed because the block diagonal matrix D is singular (D[" + i + "," +
             i + "] is zero).";
    case InfoKind::Svd:
      return "The algorithm failed to converge because the input matrix is ill-conditioned or has too many repeated "
             "singular values (error code: " +
             i + ").";
    case InfoKind::Lstsq:
      return "The least squares solution could not be computed because the input matrix does not have full rank "
             "(error code: " +
             i + ").";
  }
  return "";
}

}  // namespace

void checkInfos(const Tensor& infos, const char* api, InfoKind kind) {
  Tensor flat = infos.contiguous();
  const int* p = flat.data_ptr<int>();
  int64_t n = flat.numel();
  for (int64_t b = 0; b < n; ++b) {
    if (p[b] == 0) continue;
    EMBER_CHECK(p[b] > 0, api, ": Argument ", -p[b], " has illegal value. Most certainly there is a bug in ember.");
    std::string batch = infos.dim() > 0 ? "(Batch element " + std::to_string(b) + "): " : "";
    EMBER_ERROR(api, ": ", batch, infoMessage(kind, p[b]));
  }
}

}  // namespace ember::lapack

namespace ember {

void _linalg_check_errors(const Tensor& info, std::string_view api_name, bool is_matrix) {
  using lapack::InfoKind;
  EMBER_CHECK(info.dtype() == kInt, "_linalg_check_errors: info must be an int32 tensor, got ", info.dtype());
  EMBER_CHECK(!is_matrix || info.dim() == 0, "_linalg_check_errors: info must be 0-dim for a matrix");
  std::string api(api_name);
  auto has = [&](const char* part) { return api.find(part) != std::string::npos; };
  std::optional<InfoKind> kind;
  if (has("inv")) {
    kind = InfoKind::Inverse;
  } else if (has("cholesky")) {
    kind = InfoKind::Cholesky;
  } else if (has("lu_factor")) {
    kind = InfoKind::LuFactor;
  } else if (has("solve")) {
    kind = InfoKind::Solve;
  } else if (has("eigh") || has("eigvalsh")) {
    kind = InfoKind::Eigh;
  } else if (has("eig")) {
    kind = InfoKind::Eig;
  } else if (has("svd")) {
    kind = InfoKind::Svd;
  } else if (has("lstsq")) {
    kind = InfoKind::Lstsq;
  } else if (has("ldl")) {
    kind = InfoKind::Ldl;
  }
  if (kind) {
    lapack::checkInfos(info, api.c_str(), *kind);
    return;
  }
  Tensor flat = info.contiguous();
  const int* p = flat.numel() ? flat.data_ptr<int>() : nullptr;
  for (int64_t i = 0; i < flat.numel(); ++i) EMBER_CHECK(p[i] == 0, api, ": Unknown error code: ", p[i], ".");
}

}  // namespace ember
