// mode, quantile / nanquantile and logcumsumexp: per-row computations along one dim.
//
// Each op moves the reduced dim last and makes the rows contiguous; rows are independent, so
// they run in parallel over the thread pool.
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/parallel.h"
#include "ember/tensor/ops/counting.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/shape.h"

namespace ember {

namespace {

// self with dim moved last, contiguous, as [rows, len].
Tensor rowsAlong(const Tensor& self, int64_t dim, int64_t len) {
  Tensor moved = self.dim() == 0 ? self : movedim(self, dim, -1);
  return reshape(ember::contiguous(moved), {len == 0 ? 0 : self.numel() / len, len});
}

// self's shape without dim (or with 1 there when keepdim).
DimVector reducedShape(const Tensor& self, int64_t dim, bool keepdim) {
  DimVector shape;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (d != dim) shape.push_back(self.sizes()[d]);
    else if (keepdim) shape.push_back(1);
  }
  return shape;
}

int64_t rowGrain(int64_t len) { return std::max<int64_t>(1, kGrainSize / std::max<int64_t>(len * 8, 1)); }

// ---- quantile ----

enum class Interp { Linear, Lower, Higher, Midpoint, Nearest };

Interp parseInterp(std::string_view s) {
  if (s == "linear") return Interp::Linear;
  if (s == "lower") return Interp::Lower;
  if (s == "higher") return Interp::Higher;
  if (s == "midpoint") return Interp::Midpoint;
  if (s == "nearest") return Interp::Nearest;
  EMBER_ERROR("quantile() interpolation must be one of linear, lower, higher, midpoint or nearest, but got ", s);
}

// PyTorch's lerp: exact at both ends.
template <typename T>
T lerpValue(T a, T b, T w) {
  return w < T(0.5) ? a + w * (b - a) : b - (b - a) * (T(1) - w);
}

// One quantile of a sorted row (NaNs last) with `valid` non-NaN values.
template <typename T>
T quantileOfRow(const T* sorted, int64_t len, int64_t valid, T q, bool ignoreNan, Interp interp) {
  T rank;
  if (ignoreNan) {
    rank = q * static_cast<T>(valid - 1);
    if (rank < T(0)) rank = T(0);
  } else {
    rank = valid < len ? static_cast<T>(len - 1) : q * static_cast<T>(len - 1);
  }
  if (interp == Interp::Lower) rank = std::floor(rank);
  else if (interp == Interp::Higher) rank = std::ceil(rank);
  else if (interp == Interp::Nearest) rank = std::nearbyint(rank);
  const int64_t below = static_cast<int64_t>(rank);
  const T lo = sorted[below];
  if (interp != Interp::Linear && interp != Interp::Midpoint) return lo;
  const T hi = sorted[static_cast<int64_t>(std::ceil(rank))];
  const T w = interp == Interp::Midpoint ? T(0.5) : rank - static_cast<T>(below);
  return lerpValue(lo, hi, w);
}

Tensor quantileImpl(const Tensor& self, const Tensor& qIn, bool qIsScalar, std::optional<int64_t> dim, bool keepdim,
                    std::string_view interpolation, bool ignoreNan) {
  const char* name = ignoreNan ? "nanquantile()" : "quantile()";
  EMBER_CHECK(self.numel() > 0, name, " input tensor must be non-empty");
  EMBER_CHECK(qIn.dim() <= 1, name, " q must be a scalar or 1D tensor");
  EMBER_CHECK(self.dtype() == kFloat || self.dtype() == kDouble, name,
              " input tensor must be either float or double dtype");
  EMBER_CHECK(qIn.dtype() == self.dtype(), name, " q tensor must be same dtype as the input tensor");
  const Interp interp = parseInterp(interpolation);
  Tensor q = ember::contiguous(qIn);
  DimVector outShape;
  Tensor rows;
  if (dim) {
    const int64_t d = wrapDim(*dim, self.dim());
    const int64_t len = self.dim() == 0 ? 1 : self.sizes()[d];
    rows = rowsAlong(self, d, len);
    outShape = reducedShape(self, d, keepdim);
  } else {
    rows = reshape(ember::contiguous(self), {1, self.numel()});
    if (keepdim) outShape.assign(static_cast<size_t>(self.dim()), 1);
  }
  const int64_t nRows = rows.sizes()[0], len = rows.sizes()[1], nq = q.numel();
  Tensor out = empty({nq, nRows}, self.dtype());
  visitFloatingDtype(self.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      const T* qs = q.data_ptr<T>();
      for (int64_t k = 0; k < nq; ++k)
        EMBER_CHECK(qs[k] >= T(0) && qs[k] <= T(1), name, " q values must be in the range [0, 1]");
      const T* x = rows.data_ptr<T>();
      T* o = out.data_ptr<T>();
      parallelFor(0, nRows, rowGrain(len), [&](int64_t b, int64_t e) {
        std::vector<T> row(static_cast<size_t>(len));
        for (int64_t r = b; r < e; ++r) {
          std::copy(x + r * len, x + (r + 1) * len, row.begin());
          auto nanStart = std::partition(row.begin(), row.end(), [](T v) { return !std::isnan(v); });
          std::sort(row.begin(), nanStart);
          const int64_t valid = nanStart - row.begin();
          for (int64_t k = 0; k < nq; ++k) o[k * nRows + r] = quantileOfRow(row.data(), len, valid, qs[k], ignoreNan, interp);
        }
      });
    }
  });
  DimVector shape;
  if (!qIsScalar && q.dim() == 1) shape.push_back(nq);
  for (int64_t v : outShape) shape.push_back(v);
  return reshape(out, shape);
}

Tensor scalarQ(double q, const Tensor& self, const char* name) {
  EMBER_CHECK(q >= 0 && q <= 1, name, " q must be in the range [0, 1] but got ", q);
  return scalar_tensor(q, self.dtype() == kDouble ? kDouble : kFloat);
}

// ---- logcumsumexp ----

// log(exp(a) + exp(b)) without overflow; equal infinities stay as they are.
template <typename M>
M logAddExp(M a, M b) {
  const M lo = std::min(a, b), hi = std::max(a, b);
  if (std::isnan(a) || std::isnan(b)) return a + b;
  if (lo != hi || std::isfinite(lo)) return hi + std::log1p(std::exp(lo - hi));
  return a;
}

}  // namespace

std::tuple<Tensor, Tensor> mode(const Tensor& self, int64_t dim, bool keepdim) {
  dim = wrapDim(dim, self.dim());
  const int64_t len = self.dim() == 0 ? 1 : self.sizes()[dim];
  DimVector shape = reducedShape(self, dim, keepdim);
  if (len == 0) {
    int64_t others = 1;
    for (int64_t d = 0; d < self.dim(); ++d)
      if (d != dim) others *= self.sizes()[d];
    EMBER_CHECK_KIND(Index, others == 0, "mode(): Expected reduction dim ", dim, " to have non-zero size.");
    return {empty(shape, self.dtype()), empty(shape, kLong)};
  }
  Tensor rows = rowsAlong(self, dim, len);
  const int64_t nRows = rows.sizes()[0];
  Tensor values = empty({nRows}, self.dtype());
  Tensor indices = empty({nRows}, kLong);
  visitDtype(self.dtype(), [&]<typename T>() {
    const T* x = static_cast<const T*>(rows.data_ptr());
    T* vo = static_cast<T*>(values.data_ptr());
    int64_t* io = indices.data_ptr<int64_t>();
    parallelFor(0, nRows, rowGrain(len), [&](int64_t b, int64_t e) {
      std::vector<std::pair<T, int64_t>> row(static_cast<size_t>(len));
      for (int64_t r = b; r < e; ++r) {
        for (int64_t j = 0; j < len; ++j) row[j] = {x[r * len + j], j};
        std::stable_sort(row.begin(), row.end(), [](const auto& a, const auto& c) { return a.first < c.first; });
        int64_t best = 0, run = 0, bestIdx = 0;
        T bestVal = row[0].first;
        for (int64_t j = 0; j < len; ++j) {
          ++run;
          if (j == len - 1 || !(row[j].first == row[j + 1].first)) {
            if (run > best) {
              best = run;
              bestVal = row[j].first;
              bestIdx = row[j].second;
            }
            run = 0;
          }
        }
        vo[r] = bestVal;
        io[r] = bestIdx;
      }
    });
  }, "mode");
  return {reshape(values, shape), reshape(indices, shape)};
}

Tensor quantile(const Tensor& self, const Tensor& q, std::optional<int64_t> dim, bool keepdim,
                std::string_view interpolation) {
  return quantileImpl(self, q, false, dim, keepdim, interpolation, false);
}
Tensor quantile(const Tensor& self, double q, std::optional<int64_t> dim, bool keepdim,
                std::string_view interpolation) {
  return quantileImpl(self, scalarQ(q, self, "quantile()"), true, dim, keepdim, interpolation, false);
}
Tensor nanquantile(const Tensor& self, const Tensor& q, std::optional<int64_t> dim, bool keepdim,
                   std::string_view interpolation) {
  return quantileImpl(self, q, false, dim, keepdim, interpolation, true);
}
Tensor nanquantile(const Tensor& self, double q, std::optional<int64_t> dim, bool keepdim,
                   std::string_view interpolation) {
  return quantileImpl(self, scalarQ(q, self, "nanquantile()"), true, dim, keepdim, interpolation, true);
}

Tensor logcumsumexp(const Tensor& self, int64_t dim) {
  dim = wrapDim(dim, self.dim());
  if (!isFloatingType(self.dtype()) || self.dtype() == ScalarType::Half)
    throwUnsupportedDtype("logcumsumexp_out_cpu", self.dtype());
  const int64_t len = self.dim() == 0 ? 1 : self.sizes()[dim];
  if (self.numel() == 0) return empty(self.sizes(), self.dtype());
  Tensor rows = rowsAlong(self, dim, len);
  Tensor out = empty(rows.sizes(), self.dtype());
  visitFloatingDtype(self.dtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    const T* x = static_cast<const T*>(rows.data_ptr());
    T* o = static_cast<T*>(out.data_ptr());
    parallelFor(0, rows.sizes()[0], rowGrain(len), [&](int64_t b, int64_t e) {
      for (int64_t r = b; r < e; ++r) {
        M acc = -std::numeric_limits<M>::infinity();
        for (int64_t j = 0; j < len; ++j) {
          acc = logAddExp<M>(acc, static_cast<M>(x[r * len + j]));
          o[r * len + j] = static_cast<T>(acc);
        }
      }
    });
  }, "logcumsumexp_out_cpu");
  if (self.dim() == 0) return reshape(out, {});
  DimVector movedShape;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (d != dim) movedShape.push_back(self.sizes()[d]);
  movedShape.push_back(len);
  return ember::contiguous(movedim(reshape(out, movedShape), -1, dim));
}

}  // namespace ember
