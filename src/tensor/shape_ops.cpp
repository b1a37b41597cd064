// Shape ops that produce new tensors by rearranging elements: flip, roll, repeat, tile,
// tril/triu.
#include <algorithm>
#include <cstring>

#include "copy_kernel.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/parallel.h"

namespace ember {

Tensor flip(const Tensor& self, IntArrayRef dims) {
  const int64_t nd = self.dim();
  SmallVector<bool, 8> flipped(static_cast<size_t>(std::max<int64_t>(nd, 1)), false);
  for (int64_t d : dims) {
    int64_t w = wrapDim(d, nd);
    EMBER_CHECK(!flipped[w], "dim ", w, " appears multiple times in the list of dims");
    flipped[w] = true;
  }
  Tensor out = empty_like(self);
  if (self.numel() == 0) return out;
  // Read self backwards along the flipped dims: start at their last element, negate strides.
  DimVector strides(self.strides());
  int64_t start = 0;
  for (int64_t d = 0; d < nd; ++d) {
    if (!flipped[d]) continue;
    start += (self.sizes()[d] - 1) * strides[d];
    strides[d] = -strides[d];
  }
  const char* base = static_cast<const char*>(self.data_ptr()) + start * static_cast<int64_t>(self.element_size());
  detail::copyStridedUnchecked(out, base, self.dtype(), strides);
  return out;
}

Tensor roll(const Tensor& self, IntArrayRef shifts, IntArrayRef dims) {
  EMBER_CHECK(!shifts.empty(), "`shifts` required");
  if (dims.empty() && shifts.size() == 1) {
    // Without dims the tensor rolls as if flattened.
    return view(roll(reshape(contiguous(self), {self.numel()}), shifts, IntArrayRef(int64_t{0})), self.sizes());
  }
  EMBER_CHECK(shifts.size() == dims.size(), "shifts and dimensions must align. shifts: ", shifts.size(),
              ", dims:", dims.size());
  if (dims.size() > 1) return roll(roll(self, shifts.slice(0, 1), dims.slice(0, 1)), shifts.slice(1), dims.slice(1));
  EMBER_CHECK_KIND(Index, self.dim() > 0, "Dimension specified as 0 but tensor has no dimensions");
  const int64_t dim = wrapDim(dims[0], self.dim());
  if (self.numel() == 0) return clone(self);
  const int64_t size = self.sizes()[dim];
  int64_t start = (size - shifts[0] % size) % size;
  if (start < 0) start += size;
  return cat({narrow(self, dim, start, size - start), narrow(self, dim, 0, start)}, dim);
}

Tensor repeat(const Tensor& self, IntArrayRef repeats) {
  EMBER_CHECK(static_cast<int64_t>(repeats.size()) >= self.dim(),
              "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  const size_t nd = repeats.size();
  const size_t newDims = nd - static_cast<size_t>(self.dim());
  DimVector padded(nd, 1), target(nd);
  for (size_t i = newDims; i < nd; ++i) padded[i] = self.sizes()[i - newDims];
  bool anyZero = false;
  for (size_t i = 0; i < nd; ++i) {
    anyZero = anyZero || repeats[i] == 0;
    target[i] = padded[i] * repeats[i];
  }
  Tensor source = expand(self, padded);
  Tensor result = empty(target, self.dtype());
  if (anyZero) return result;
  // View the result as (repeat_0, ..., repeat_n, size_0, ..., size_n) blocks and broadcast the
  // source into every block.
  Tensor blocks = alias(result);
  for (size_t i = 0; i < nd; ++i) {
    const int64_t s = padded[i];
    blocks = unfold(blocks, static_cast<int64_t>(i), s, std::max<int64_t>(s, 1));
  }
  copy_(blocks, expand_as(source, blocks));
  return result;
}

Tensor tile(const Tensor& self, IntArrayRef dims) {
  const int64_t missing = self.dim() - static_cast<int64_t>(dims.size());
  if (missing <= 0) return repeat(self, dims);
  DimVector reps(static_cast<size_t>(missing), 1);
  for (int64_t r : dims) reps.push_back(r);
  return repeat(self, reps);
}

namespace {

// Zeroes the elements of every matrix (last two dims) of t outside the kept triangle: tril keeps
// col - row <= diagonal, triu keeps col - row >= diagonal. All-zero bytes are zero in every dtype.
void zeroOutsideTriangle(const Tensor& t, int64_t diagonal, bool lower) {
  const int64_t nd = t.dim();
  const int64_t rows = t.sizes()[nd - 2], cols = t.sizes()[nd - 1];
  if (t.numel() == 0) return;
  const int64_t rowStride = t.strides()[nd - 2], colStride = t.strides()[nd - 1];
  const int64_t esize = static_cast<int64_t>(t.element_size());
  const int64_t batches = t.numel() / (rows * cols);
  IntArrayRef batchSizes = t.sizes().slice(0, static_cast<size_t>(nd - 2));
  IntArrayRef batchStrides = t.strides().slice(0, static_cast<size_t>(nd - 2));
  char* data = static_cast<char*>(t.data_ptr());
  const int64_t grain = std::max<int64_t>(1, kGrainSize / std::max<int64_t>(cols, 1));
  parallelFor(0, batches * rows, grain, [&](int64_t b, int64_t e) {
    for (int64_t br = b; br < e; ++br) {
      int64_t batch = br / rows, row = br % rows;
      int64_t offset = row * rowStride;
      for (int64_t d = static_cast<int64_t>(batchSizes.size()) - 1; d >= 0; --d) {
        offset += (batch % batchSizes[d]) * batchStrides[d];
        batch /= batchSizes[d];
      }
      // Columns to clear: [0, row + diagonal) for triu, (row + diagonal, cols) for tril.
      int64_t lo = lower ? std::clamp<int64_t>(row + diagonal + 1, 0, cols) : 0;
      int64_t hi = lower ? cols : std::clamp<int64_t>(row + diagonal, 0, cols);
      char* p = data + offset * esize;
      if (colStride == 1) {
        if (hi > lo) std::memset(p + lo * esize, 0, static_cast<size_t>((hi - lo) * esize));
      } else {
        for (int64_t c = lo; c < hi; ++c) std::memset(p + c * colStride * esize, 0, static_cast<size_t>(esize));
      }
    }
  });
}

Tensor triangle(const Tensor& self, int64_t diagonal, bool lower) {
  self.size(-2);  // PyTorch's error for inputs of fewer than 2 dims
  Tensor out = empty(self.sizes(), self.dtype());
  copy_(out, self);
  zeroOutsideTriangle(out, diagonal, lower);
  return out;
}

const Tensor& triangleInPlace(const Tensor& self, int64_t diagonal, bool lower) {
  self.size(-2);
  zeroOutsideTriangle(self, diagonal, lower);
  return self;
}

}  // namespace

Tensor tril(const Tensor& self, int64_t diagonal) { return triangle(self, diagonal, true); }
Tensor triu(const Tensor& self, int64_t diagonal) { return triangle(self, diagonal, false); }
const Tensor& tril_(const Tensor& self, int64_t diagonal) { return triangleInPlace(self, diagonal, true); }
const Tensor& triu_(const Tensor& self, int64_t diagonal) { return triangleInPlace(self, diagonal, false); }

Tensor Tensor::flip(IntArrayRef dims) const { return ember::flip(*this, dims); }
Tensor Tensor::roll(IntArrayRef shifts, IntArrayRef dims) const { return ember::roll(*this, shifts, dims); }
Tensor Tensor::repeat(IntArrayRef repeats) const { return ember::repeat(*this, repeats); }
Tensor Tensor::tile(IntArrayRef dims) const { return ember::tile(*this, dims); }
Tensor Tensor::tril(int64_t diagonal) const { return ember::tril(*this, diagonal); }
Tensor Tensor::triu(int64_t diagonal) const { return ember::triu(*this, diagonal); }
const Tensor& Tensor::tril_(int64_t diagonal) const { return ember::tril_(*this, diagonal); }
const Tensor& Tensor::triu_(int64_t diagonal) const { return ember::triu_(*this, diagonal); }

}  // namespace ember
