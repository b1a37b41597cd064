// Embedding lookups. embedding is a row gather; embedding_bag reduces the rows of each bag
// (given by offsets into a 1-D index tensor) with sum, mean or max in one pass over the indices,
// and returns PyTorch 1.13's auxiliary tensors (offset2bag, bag_size, max_indices) with the same
// contents, which depend on the mode.
#include <algorithm>
#include <cmath>
#include <vector>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/indexing.h"
#include "ember/tensor/ops/nn_misc.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/parallel.h"
#include "tensor/storage_watch.h"

namespace ember {

namespace {

void checkIndexDtype(const Tensor& t, const char* what, const char* op) {
  EMBER_CHECK(t.dtype() == kLong || t.dtype() == kInt, "Expected tensor for argument #1 '", what,
              "' to have one of the following scalar types: Long, Int; but got ", scalarTypeName(t.dtype()),
              " instead (while checking arguments for ", op, ")");
}

std::vector<int64_t> toInt64(const Tensor& t) {
  const Tensor c = t.to(kLong).contiguous();
  const int64_t* p = c.data_ptr<int64_t>();
  return std::vector<int64_t>(p, p + c.numel());
}

struct Bags {
  std::vector<int64_t> begin, end;  // index range of each bag
};

Bags makeBags(const std::vector<int64_t>& offsets, int64_t numIndices, bool includeLastOffset) {
  EMBER_CHECK(offsets.empty() || offsets[0] == 0, "offsets[0] has to be 0, i.e., the first sequence in the mini-batch "
              "has to start from position 0. However, got ", offsets.empty() ? 0 : offsets[0]);
  const int64_t n = static_cast<int64_t>(offsets.size());
  const int64_t bags = includeLastOffset ? std::max<int64_t>(n - 1, 0) : n;
  Bags b;
  for (int64_t i = 0; i < bags; ++i) {
    const int64_t s = offsets[i], e = i + 1 < n ? offsets[i + 1] : numIndices;
    EMBER_CHECK(s >= 0 && s <= e && e <= numIndices, "embedding_bag: offsets must be non-decreasing and within the ",
                numIndices, " indices, but got offsets[", i, "]=", s);
    b.begin.push_back(s);
    b.end.push_back(e);
  }
  return b;
}

template <typename T>
void bagKernel(const Tensor& weight, const std::vector<int64_t>& idx, const Bags& bags, int64_t mode,
               const Tensor& psw, int64_t paddingIdx, const Tensor& out, std::vector<int64_t>& bagSize,
               const Tensor& maxIndices) {
  using C = opmath_t<T>;
  const Tensor w = weight.contiguous();
  const int64_t D = weight.size(1), rows = weight.size(0), B = static_cast<int64_t>(bags.begin.size());
  const T* wp = w.data_ptr<T>();
  const Tensor pw = psw.defined() ? psw.contiguous() : psw;
  const T* pp = pw.defined() ? pw.data_ptr<T>() : nullptr;
  T* op = out.data_ptr<T>();
  int64_t* mi = mode == 2 ? maxIndices.data_ptr<int64_t>() : nullptr;
  for (int64_t i : idx)
    EMBER_CHECK_KIND(Index, i >= 0 && i < rows, "Index ", i, " is out of bounds: range 0 to ", rows);
  parallelFor(0, B, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, D * 4)), [&](int64_t b0, int64_t b1) {
    std::vector<C> acc(static_cast<size_t>(D));
    for (int64_t b = b0; b < b1; ++b) {
      std::fill(acc.begin(), acc.end(), C(0));
      int64_t count = 0;
      for (int64_t k = bags.begin[b]; k < bags.end[b]; ++k) {
        const int64_t row = idx[k];
        if (row == paddingIdx) continue;
        const T* src = wp + row * D;
        const C scale = pp ? static_cast<C>(pp[k]) : C(1);
        for (int64_t d = 0; d < D; ++d) {
          const C v = static_cast<C>(src[d]);
          if (mode == 2) {
            if (count == 0 || v > acc[d]) {
              acc[d] = v;
              mi[b * D + d] = row;
            }
          } else {
            acc[d] += v * scale;
          }
        }
        ++count;
      }
      bagSize[b] = count;
      const C div = mode == 1 && count > 0 ? static_cast<C>(count) : C(1);
      for (int64_t d = 0; d < D; ++d) op[b * D + d] = static_cast<T>(acc[d] / div);
    }
  });
}

}  // namespace

Tensor embedding(const Tensor& weight, const Tensor& indices, int64_t, bool, bool) {
  EMBER_CHECK(weight.dim() == 2, "'weight' must be 2-D");
  checkIndexDtype(indices, "indices", "embedding");
  const int64_t rows = weight.size(0);
  const std::vector<int64_t> idx = toInt64(indices);
  for (int64_t i : idx) EMBER_CHECK_KIND(Index, i >= 0 && i < rows, "index out of range in self");
  DimVector sizes(indices.sizes());
  sizes.push_back(weight.size(1));
  return index_select(weight, 0, indices.reshape({-1})).view(sizes);
}

Tensor& embedding_renorm_(Tensor& self, const Tensor& indices, double max_norm, double norm_type) {
  detail::noteWrite(self);
  EMBER_CHECK(self.dim() == 2, "'self' must be 2-D");
  checkIndexDtype(indices, "indices", "embedding_renorm_");
  std::vector<int64_t> idx = toInt64(indices);
  std::sort(idx.begin(), idx.end());
  idx.erase(std::unique(idx.begin(), idx.end()), idx.end());
  for (int64_t i : idx) {
    EMBER_CHECK_KIND(Index, i >= 0 && i < self.size(0), "index out of range in self");
    Tensor row = self.select(0, i);
    const double norm = ember::norm(row, Scalar(norm_type)).item<double>();
    if (norm > max_norm) row.mul_(max_norm / (norm + 1e-7));
  }
  return self;
}

std::tuple<Tensor, Tensor, Tensor, Tensor> _embedding_bag(const Tensor& weight, const Tensor& indices,
                                                          const Tensor& offsets, bool, int64_t mode, bool,
                                                          const Tensor& per_sample_weights, bool include_last_offset,
                                                          int64_t padding_idx) {
  checkIndexDtype(indices, "indices", "embedding_bag");
  checkIndexDtype(offsets, "offsets", "embedding_bag");
  EMBER_CHECK(weight.dtype() == kHalf || weight.dtype() == kFloat || weight.dtype() == kDouble,
              "Expected tensor for argument #1 'weight' to have one of the following scalar types: Half, Float, "
              "Double; but got ", scalarTypeName(weight.dtype()), " instead (while checking arguments for embedding_bag)");
  EMBER_CHECK(weight.dim() == 2, "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
  EMBER_CHECK(mode >= 0 && mode <= 2, "embedding_bag: unknown mode ", mode);
  EMBER_CHECK(indices.dim() == 1, "embedding_bag: expected 1-D indices, but got ", indices.dim(), "-D");
  if (per_sample_weights.defined()) {
    EMBER_CHECK(mode == 0, "embedding_bag: per_sample_weights only supported with mode='sum'");
    EMBER_CHECK(per_sample_weights.numel() == indices.numel(),
                "Expected per_sample_weights.value().numel() == indices.numel() to be true, but got false.");
    EMBER_CHECK(per_sample_weights.dtype() == weight.dtype(), "expected scalar type ",
                scalarTypeName(weight.dtype()), " but found ", scalarTypeName(per_sample_weights.dtype()));
  }
  const std::vector<int64_t> idx = toInt64(indices), offs = toInt64(offsets);
  const int64_t n = static_cast<int64_t>(idx.size());
  const Bags bags = makeBags(offs, n, include_last_offset);
  const int64_t B = static_cast<int64_t>(bags.begin.size()), D = weight.size(1);
  Tensor out = empty({B, D}, weight.dtype());
  Tensor maxIndices = mode == 2 ? zeros({B, D}, kLong) : Tensor();
  std::vector<int64_t> bagSize(static_cast<size_t>(B), 0);
  if (B > 0) {
    visitFloatingDtype(weight.dtype(), [&]<typename T>() {
      if constexpr (!std::is_same_v<T, BFloat16>)
        bagKernel<T>(weight, idx, bags, mode, per_sample_weights, padding_idx, out, bagSize, maxIndices);
    });
  }
  // offset2bag: each index's bag, except for sum without padding_idx (PyTorch's fast path skips it).
  // The auxiliary results take the indices' dtype.
  Tensor offset2bag = zeros({mode == 0 && padding_idx < 0 ? 0 : n}, kLong);
  if (offset2bag.numel() > 0) {
    int64_t* o2b = offset2bag.data_ptr<int64_t>();
    for (int64_t b = 0; b < B; ++b)
      for (int64_t k = bags.begin[b]; k < bags.end[b]; ++k) o2b[k] = b;
  }
  Tensor bagSizeT = zeros({B}, kLong);
  if (mode != 0) std::copy(bagSize.begin(), bagSize.end(), bagSizeT.data_ptr<int64_t>());
  if (mode != 2) maxIndices = bagSizeT.clone();
  const ScalarType it = indices.dtype();
  return {out, offset2bag.to(it), bagSizeT.to(it), maxIndices.to(it)};
}

}  // namespace ember
