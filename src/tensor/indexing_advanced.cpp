// Advanced (tensor) indexing: aten::index.Tensor, aten::index_put_ and aten::index_put.
//
// Every index list is reduced to one plan: self (possibly with its indexed dims moved to the
// front, when the index tensors are not adjacent), the result shape, self's strides along the
// result dims (0 over the broadcast index dims) and one int64 tensor of element offsets over the
// broadcast index shape. Gather and put then become a strided walk over three operands that
// only moves elements, so the same kernel serves every dtype of the same width.
#include <array>
#include <sstream>

#include "complex_dispatch.h"
#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/indexing.h"
#include "ember/tensor/ops/shape.h"
#include "indexing_utils.h"
#include "strided_loop.h"
#include "tensor/storage_watch.h"

namespace ember {

using namespace indexing_detail;

namespace {

struct IndexPlan {
  Tensor self;            // self, with the indexed dims moved to the front when needed
  DimVector resultSizes;  // shape of self[indices]
  DimVector selfStrides;  // self's strides along the result dims, 0 over the index dims
  Tensor offsets;         // int64 element offsets into self, shape = broadcast index shape
  DimVector offStrides;   // offsets' strides along the result dims, 0 outside the index dims
};

bool isMaskDtype(ScalarType t) { return t == kBool || t == kByte; }

// Replaces each bool/uint8 mask by the long coordinates of its true elements (one index per
// mask dim) after checking the mask's shape against the dims it covers.
std::vector<Tensor> expandMasks(const Tensor& self, ArrayRef<std::optional<Tensor>> indices) {
  std::vector<Tensor> out;
  int64_t srcDim = 0;
  for (const auto& maybe : indices) {
    if (!maybe || !maybe->defined()) {
      out.emplace_back();
      ++srcDim;
      continue;
    }
    const Tensor& idx = *maybe;
    EMBER_CHECK_KIND(Index, idx.dtype() == kLong || isMaskDtype(idx.dtype()),
                     "tensors used as indices must be long, byte or bool tensors");
    if (!isMaskDtype(idx.dtype())) {
      out.push_back(idx);
      ++srcDim;
      continue;
    }
    EMBER_CHECK_KIND(Index, srcDim + idx.dim() <= self.dim(), "too many indices for tensor of dimension ", self.dim(),
                     " (got ", srcDim + idx.dim(), ")");
    for (int64_t j = 0; j < idx.dim(); ++j) {
      EMBER_CHECK_KIND(Index, idx.sizes()[j] == self.sizes()[srcDim + j], "The shape of the mask ", idx.sizes(),
                       " at index ", j, " does not match the shape of the indexed tensor ", self.sizes(),
                       " at index ", srcDim + j);
    }
    Tensor coords = nonzero(idx);  // [n, k]
    for (int64_t j = 0; j < idx.dim(); ++j) out.push_back(selectView(coords, 1, j));
    srcDim += idx.dim();
  }
  return out;
}

DimVector broadcastIndexShapes(const std::vector<Tensor>& indices) {
  DimVector shape;
  bool first = true;
  for (const Tensor& t : indices) {
    if (!t.defined()) continue;
    if (first) {
      shape = DimVector(t.sizes());
      first = false;
      continue;
    }
    bool ok = true;
    const size_t n = std::max(shape.size(), static_cast<size_t>(t.dim()));
    DimVector merged(n);
    for (size_t i = 0; i < n && ok; ++i) {
      int64_t a = i < n - shape.size() ? 1 : shape[i - (n - shape.size())];
      int64_t b = i < n - t.dim() ? 1 : t.sizes()[i - (n - t.dim())];
      ok = a == b || a == 1 || b == 1;
      merged[i] = a == 1 ? b : a;
    }
    if (!ok) {
      std::ostringstream os;
      bool sep = false;
      for (const Tensor& u : indices) {
        if (!u.defined()) continue;
        os << (sep ? ", " : "") << u.sizes();
        sep = true;
      }
      EMBER_CHECK_KIND(Index, false, "shape mismatch: indexing tensors could not be broadcast together with shapes ",
                       os.str());
    }
    shape = merged;
  }
  return shape;
}

// offsets += wrap(index) * stride over the broadcast index shape, checking bounds.
void accumulateOffsets(const Tensor& offsets, const Tensor& index, int64_t size, int64_t stride, int64_t dimPos) {
  Tensor idx = expandView(index, offsets.sizes());
  StridedLoop<2> loop(offsets.sizes(), {offsets.strides(), idx.strides()}, {8, 8});
  loop.runParallel({static_cast<char*>(offsets.data_ptr()), static_cast<char*>(idx.data_ptr())},
                   [&](char* const* p, const int64_t* s, int64_t n) {
                     char* o = p[0];
                     const char* in = p[1];
                     for (int64_t i = 0; i < n; ++i, o += s[0], in += s[1]) {
                       int64_t v = loadIndex(in, true);
                       EMBER_CHECK_KIND(Index, v >= -size && v < size, "index ", v,
                                        " is out of bounds for dimension ", dimPos, " with size ", size);
                       if (v < 0) v += size;
                       int64_t acc;
                       std::memcpy(&acc, o, 8);
                       acc += v * stride;
                       std::memcpy(o, &acc, 8);
                     }
                   });
}

IndexPlan makePlan(const Tensor& self, ArrayRef<std::optional<Tensor>> rawIndices) {
  EMBER_CHECK_KIND(Index, static_cast<int64_t>(rawIndices.size()) <= self.dim(),
                   "too many indices for tensor of dimension ", self.dim(), " (got ", rawIndices.size(), ")");
  std::vector<Tensor> indices = expandMasks(self, rawIndices);
  EMBER_CHECK_KIND(Index, static_cast<int64_t>(indices.size()) <= self.dim(),
                   "too many indices for tensor of dimension ", self.dim(), " (got ", indices.size(), ")");
  indices.resize(static_cast<size_t>(self.dim()));
  DimVector indexShape = broadcastIndexShapes(indices);

  // Positions of the defined indices; when not adjacent, the result puts the index dims first.
  DimVector defined;
  for (size_t i = 0; i < indices.size(); ++i)
    if (indices[i].defined()) defined.push_back(static_cast<int64_t>(i));
  EMBER_CHECK_KIND(Index, !defined.empty(), "index: at least one index must be a tensor (got only None)");
  IndexPlan plan;
  plan.self = self;
  bool adjacent = defined.back() - defined.front() + 1 == static_cast<int64_t>(defined.size());
  if (!adjacent) {
    DimVector perm;
    std::vector<Tensor> reordered;
    for (int64_t d : defined) {
      perm.push_back(d);
      reordered.push_back(indices[d]);
    }
    for (int64_t d = 0; d < self.dim(); ++d) {
      if (!indices[d].defined()) {
        perm.push_back(d);
        reordered.emplace_back();
      }
    }
    plan.self = permuteView(self, perm);
    indices = std::move(reordered);
  }
  const Tensor& src = plan.self;
  const int64_t first = adjacent ? defined.front() : 0;
  const int64_t last = first + static_cast<int64_t>(defined.size()) - 1;
  const int64_t nIndexDims = static_cast<int64_t>(indexShape.size());

  plan.offsets = emptyLike(indexShape, kLong);
  fillWith(plan.offsets, 0);
  DimVector offContig(plan.offsets.strides());
  for (int64_t d = 0; d < first; ++d) {
    plan.resultSizes.push_back(src.sizes()[d]);
    plan.selfStrides.push_back(src.strides()[d]);
    plan.offStrides.push_back(0);
  }
  for (int64_t k = 0; k < nIndexDims; ++k) {
    plan.resultSizes.push_back(indexShape[k]);
    plan.selfStrides.push_back(0);
    plan.offStrides.push_back(offContig[k]);
  }
  for (int64_t d = last + 1; d < src.dim(); ++d) {
    plan.resultSizes.push_back(src.sizes()[d]);
    plan.selfStrides.push_back(src.strides()[d]);
    plan.offStrides.push_back(0);
  }
  // As in PyTorch, indices are only bounds-checked when the result has elements to move.
  const bool anyIndexed = plan.offsets.numel() > 0;
  const bool anyMoved = anyIndexed && computeNumel(plan.resultSizes) > 0;
  for (int64_t d = first; d <= last; ++d) {
    EMBER_CHECK_KIND(Index, src.sizes()[d] != 0 || !anyIndexed, "index is out of bounds for dimension with size 0");
    if (anyMoved) accumulateOffsets(plan.offsets, indices[d], src.sizes()[d], src.strides()[d], d - first);
  }
  return plan;
}

template <typename T>
void accumulateRun(char* const* p, const int64_t* s, int64_t n) {
  char* d = p[0];
  const char* v = p[1];
  const char* off = p[2];
  for (int64_t i = 0; i < n; ++i, d += s[0], v += s[1], off += s[2]) {
    T* dst = reinterpret_cast<T*>(d + loadIndex(off, true) * static_cast<int64_t>(sizeof(T)));
    T val;
    std::memcpy(&val, v, sizeof(T));
    *dst = addValues(*dst, val);
  }
}

void putKernel(const IndexPlan& plan, const Tensor& values, bool accumulate) {
  if (plan.offsets.numel() == 0) return;
  DimVector total(plan.resultSizes);
  if (computeNumel(total) == 0) return;
  Tensor v = expandView(values, plan.resultSizes);
  const int64_t elem = static_cast<int64_t>(v.element_size());
  StridedLoop<3> loop(plan.resultSizes, {plan.selfStrides, v.strides(), plan.offStrides}, {elem, elem, 8});
  std::array<char*, 3> base{static_cast<char*>(plan.self.data_ptr()), static_cast<char*>(v.data_ptr()),
                            static_cast<char*>(plan.offsets.data_ptr())};
  if (accumulate) {
    // Serial: duplicate indices must add up in a fixed order, as PyTorch's CPU kernel does.
    visitDtypeOrComplex(v.dtype(), [&]<typename T>() { loop.run(base, 0, loop.numel(), accumulateRun<T>); });
    return;
  }
  visitElementWidth(v.element_size(), [&]<typename U>() {
    loop.runParallel(base, [&](char* const* p, const int64_t* s, int64_t n) {
      char* d = p[0];
      const char* in = p[1];
      const char* off = p[2];
      for (int64_t i = 0; i < n; ++i, d += s[0], in += s[1], off += s[2])
        std::memcpy(d + loadIndex(off, true) * static_cast<int64_t>(sizeof(U)), in, sizeof(U));
    });
  });
}

}  // namespace

Tensor index(const Tensor& self, ArrayRef<std::optional<Tensor>> indices) {
  IndexPlan plan = makePlan(self, indices);
  Tensor out = emptyLike(plan.resultSizes, self.dtype());
  gatherByOffsets(out, plan.self, plan.selfStrides, plan.offsets, plan.offStrides);
  return out;
}

const Tensor& index_put_(const Tensor& self, ArrayRef<std::optional<Tensor>> indices, const Tensor& values,
                         bool accumulate) {
  detail::noteWrite(self);
  EMBER_CHECK(values.dtype() == self.dtype(), "Index put requires the source and destination dtypes match, got ",
              scalarTypeName(self.dtype()), " for the destination and ", scalarTypeName(values.dtype()),
              " for the source.");
  IndexPlan plan = makePlan(self, indices);
  EMBER_CHECK(broadcastable(values.sizes(), plan.resultSizes), "shape mismatch: value tensor of shape ",
              values.sizes(), " cannot be broadcast to indexing result of shape ", plan.resultSizes.ref());
  // A value that aliases self would be read while it is being written.
  Tensor v = values.is_alias_of(self) ? ember::clone(values) : values;
  putKernel(plan, v, accumulate);
  return self;
}

Tensor index_put(const Tensor& self, ArrayRef<std::optional<Tensor>> indices, const Tensor& values, bool accumulate) {
  Tensor out = ember::clone(self);
  index_put_(out, indices, values, accumulate);
  return out;
}

}  // namespace ember
