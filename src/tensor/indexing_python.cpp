// Python-style indexing, t[indices] and t[indices] = value, as torch's __getitem__ and
// __setitem__ do it: ints, slices, None, Ellipsis and Python bools are applied first as views
// (select, slice, unsqueeze); the tensor indices left over are then applied by aten::index /
// aten::index_put_ to that view.
#include <limits>

#include "ember/tensor/ops/indexing.h"
#include "ember/tensor/ops/shape.h"
#include "indexing_utils.h"

namespace ember {

using namespace indexing_detail;

namespace {

bool isMaskTensor(const Tensor& t) { return t.dtype() == kBool || t.dtype() == kByte; }

// How many dims of self the index list consumes (a mask consumes one per mask dim).
int64_t countSpecifiedDims(ArrayRef<TensorIndex> indices) {
  int64_t n = 0;
  for (const TensorIndex& idx : indices) {
    if (idx.isInteger() || idx.isSlice()) ++n;
    else if (idx.isTensor()) n += isMaskTensor(idx.tensor()) ? idx.tensor().dim() : 1;
  }
  return n;
}

// `realDim` is the position in the index list, which is what PyTorch's message names.
Tensor applySelect(const Tensor& t, int64_t dim, int64_t index, int64_t realDim) {
  EMBER_CHECK_KIND(Index, dim < t.dim(), "too many indices for tensor of dimension ", t.dim());
  const int64_t size = t.sizes()[dim];
  EMBER_CHECK_KIND(Index, index >= -size && index < size, "index ", index, " is out of bounds for dimension ", realDim,
                   " with size ", size);
  return selectView(t, dim, index < 0 ? index + size : index);
}

Tensor applySlice(const Tensor& t, int64_t dim, const indexing::Slice& s) {
  const int64_t step = s.step.value_or(1);
  EMBER_CHECK_KIND(Value, step != 0, "slice step cannot be zero");
  EMBER_CHECK_KIND(Value, step > 0, "step must be greater than zero");
  EMBER_CHECK_KIND(Index, dim < t.dim(), "too many indices for tensor of dimension ", t.dim());
  const int64_t size = t.sizes()[dim];
  int64_t start = s.start.value_or(0);
  int64_t stop = s.stop.value_or(std::numeric_limits<int64_t>::max());
  if (start < 0) start += size;
  if (stop < 0) stop += size;
  start = start < 0 ? 0 : (start > size ? size : start);
  stop = stop < start ? start : (stop > size ? size : stop);
  DimVector sizes(t.sizes()), strides(t.strides());
  sizes[dim] = (stop - start + step - 1) / step;
  strides[dim] *= step;
  return makeView(t, sizes, strides, t.storage_offset() + start * t.strides()[dim]);
}

// A Python bool index adds a dim of size 1 and indexes it with [0] (True) or [] (False).
Tensor boolIndex(bool value) {
  return value ? longTensor({int64_t{0}}, {1}) : longTensor({}, {0});
}

void recordIndex(std::vector<std::optional<Tensor>>& out, int64_t& dim, Tensor t) {
  out.resize(static_cast<size_t>(dim + 1));
  out[dim] = std::move(t);
  ++dim;
}

// Applies the view-producing indices; returns the view and the tensor indices left for it.
Tensor applySlicing(const Tensor& self, ArrayRef<TensorIndex> indices, std::vector<std::optional<Tensor>>& tensorIndices) {
  const int64_t specified = countSpecifiedDims(indices);
  EMBER_CHECK_KIND(Index, specified <= self.dim(), "too many indices for tensor of dimension ", self.dim());
  int64_t ellipses = 0;
  for (const TensorIndex& idx : indices) ellipses += idx.isEllipsis();
  EMBER_CHECK_KIND(Index, ellipses <= 1, "an index can only have a single ellipsis ('...')");
  Tensor result = self;
  int64_t dim = 0;
  for (size_t i = 0; i < indices.size(); ++i) {
    const TensorIndex& idx = indices[i];
    const int64_t realDim = static_cast<int64_t>(i);
    switch (idx.kind()) {
      case TensorIndex::Kind::Int:
        result = applySelect(result, dim, idx.integer(), realDim);
        break;
      case TensorIndex::Kind::Slice:
        result = applySlice(result, dim, idx.slice());
        ++dim;
        break;
      case TensorIndex::Kind::None:
        result = unsqueezeView(result, dim);
        ++dim;
        break;
      case TensorIndex::Kind::Ellipsis:
        dim += self.dim() - specified;
        break;
      case TensorIndex::Kind::Bool:
        result = unsqueezeView(result, dim);
        recordIndex(tensorIndices, dim, boolIndex(idx.boolean()));
        break;
      case TensorIndex::Kind::Tensor: {
        const Tensor& t = idx.tensor();
        EMBER_CHECK(t.defined(), "index: undefined tensor in an index");
        if (t.dim() == 0 && isIntegralType(t.dtype(), true)) {
          if (!isMaskTensor(t)) {
            result = applySelect(result, dim, scalarOf(t).toLong(), realDim);
          } else {
            result = unsqueezeView(result, dim);
            recordIndex(tensorIndices, dim, boolIndex(scalarOf(t).toBool()));
          }
        } else {
          // As in PyTorch 1.13, a tensor index (even a multi-dim mask) advances one dim here.
          recordIndex(tensorIndices, dim, t);
        }
        break;
      }
    }
  }
  return result;
}

bool anyDefined(const std::vector<std::optional<Tensor>>& indices) {
  for (const auto& t : indices)
    if (t && t->defined()) return true;
  return false;
}

// value without its leading size-1 dims (PyTorch lets `t[i] = v` drop them).
Tensor stripLeadingOnes(const Tensor& value) {
  int64_t first = 0;
  while (first < value.dim() && value.sizes()[first] == 1) ++first;
  if (first == 0) return value;
  IntArrayRef sizes = value.sizes().slice(static_cast<size_t>(first));
  IntArrayRef strides = value.strides().slice(static_cast<size_t>(first));
  return makeView(value, sizes, strides, value.storage_offset());
}

}  // namespace

Tensor getitem(const Tensor& self, ArrayRef<TensorIndex> indices) {
  std::vector<std::optional<Tensor>> tensorIndices;
  Tensor result = applySlicing(self, indices, tensorIndices);
  if (anyDefined(tensorIndices)) return ember::index(result, tensorIndices);
  // Basic indexing always returns a view, even when it selects everything (t[...]).
  if (result.is_same(self)) return makeView(self, self.sizes(), self.strides(), self.storage_offset());
  return result;
}

const Tensor& setitem(const Tensor& self, ArrayRef<TensorIndex> indices, const Tensor& value) {
  std::vector<std::optional<Tensor>> tensorIndices;
  Tensor sliced = applySlicing(self, indices, tensorIndices);
  if (anyDefined(tensorIndices)) {
    ember::index_put_(sliced, tensorIndices, stripLeadingOnes(value));
    return self;
  }
  if (sliced.sizes() == value.sizes() || value.dim() == 0) {
    ember::copy_(sliced, value.dim() == 0 ? expandView(value, sliced.sizes()) : value);
    return self;
  }
  ember::copy_(sliced, expandView(stripLeadingOnes(value), sliced.sizes()));
  return self;
}

const Tensor& setitem(const Tensor& self, ArrayRef<TensorIndex> indices, const Scalar& value) {
  Tensor v = emptyLike({}, self.dtype());
  fillWith(v, value);
  return setitem(self, indices, v);
}

Tensor Tensor::index(ArrayRef<TensorIndex> indices) const { return ember::getitem(*this, indices); }
const Tensor& Tensor::index_put_(ArrayRef<TensorIndex> indices, const Tensor& value) const {
  return ember::setitem(*this, indices, value);
}
const Tensor& Tensor::index_put_(ArrayRef<TensorIndex> indices, const Scalar& value) const {
  return ember::setitem(*this, indices, value);
}

}  // namespace ember
