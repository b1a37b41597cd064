// View ops: results share self's storage (in-place writes through a view are visible through
// the base) and carry PyTorch's exact geometry (sizes, strides, storage offset).
#include <algorithm>
#include <limits>
#include <numeric>

#include "ember/tensor/ops/shape.h"

#include "ember/tensor/ops/complex.h"

namespace ember {

namespace {

Tensor makeView(const Tensor& self, IntArrayRef sizes, IntArrayRef strides, int64_t storageOffset) {
  // requires_grad is not copied: a view's history is recorded by autograd at the op call.
  return Tensor(makeIntrusive<TensorImpl>(self.storage(), self.dtype(), storageOffset, sizes, strides));
}

// "torch.FloatTensor", as PyTorch names a CPU tensor's type in some messages.
std::string legacyTypeName(ScalarType t) {
  return std::string("torch.") + scalarTypeName(t) + "Tensor";
}

// Strides that let a tensor of (oldSizes, oldStrides) be viewed as newSizes, or nothing when
// some new dim would have to span memory that is not evenly strided. Dims of the old shape
// are grouped into chunks that are contiguous among themselves; each chunk must map onto a
// whole number of consecutive new dims.
std::optional<DimVector> viewStrides(IntArrayRef oldSizes, IntArrayRef oldStrides, IntArrayRef newSizes) {
  const int64_t newDims = static_cast<int64_t>(newSizes.size());
  DimVector out(static_cast<size_t>(newDims), 1);
  if (oldSizes.empty()) return out;
  const int64_t numel = computeNumel(oldSizes);
  if (numel == 0 && oldSizes == newSizes) return DimVector(oldStrides);
  if (numel == 0) {
    for (int64_t d = newDims - 2; d >= 0; --d) out[d] = std::max<int64_t>(newSizes[d + 1], 1) * out[d + 1];
    return out;
  }
  int64_t viewD = newDims - 1;
  int64_t chunkStride = oldStrides.back();
  int64_t tensorNumel = 1, viewNumel = 1;
  for (int64_t td = static_cast<int64_t>(oldSizes.size()) - 1; td >= 0; --td) {
    tensorNumel *= oldSizes[td];
    const bool chunkEnds = td == 0 || (oldSizes[td - 1] != 1 && oldStrides[td - 1] != tensorNumel * chunkStride);
    if (!chunkEnds) continue;
    while (viewD >= 0 && (viewNumel < tensorNumel || newSizes[viewD] == 1)) {
      out[viewD] = viewNumel * chunkStride;
      viewNumel *= newSizes[viewD];
      --viewD;
    }
    if (viewNumel != tensorNumel) return std::nullopt;
    if (td > 0) {
      chunkStride = oldStrides[td - 1];
      tensorNumel = 1;
      viewNumel = 1;
    }
  }
  if (viewD != -1) return std::nullopt;
  return out;
}

}  // namespace

DimVector inferSize(IntArrayRef shape, int64_t numel) {
  DimVector res(shape);
  int64_t newSize = 1;
  std::optional<size_t> inferDim;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1) {
      EMBER_CHECK(!inferDim, "only one dimension can be inferred");
      inferDim = d;
    } else {
      EMBER_CHECK(shape[d] >= 0, "invalid shape dimension ", shape[d]);
      EMBER_CHECK(!__builtin_mul_overflow(newSize, shape[d], &newSize), "shape '", shape,
                  "' is invalid for input of size ", numel);
    }
  }
  if (numel == newSize || (inferDim && newSize > 0 && numel % newSize == 0)) {
    if (inferDim) {
      EMBER_CHECK(newSize != 0, "cannot reshape tensor of 0 elements into shape ", shape,
                  " because the unspecified dimension size -1 can be any value and is ambiguous");
      res[*inferDim] = numel / newSize;
    }
    return res;
  }
  EMBER_ERROR("shape '", shape, "' is invalid for input of size ", numel);
}

Tensor alias(const Tensor& self) { return makeView(self, self.sizes(), self.strides(), self.storage_offset()); }

Tensor as_strided(const Tensor& self, IntArrayRef size, IntArrayRef stride, std::optional<int64_t> storage_offset) {
  return Tensor::make(self.storage(), self.dtype(), size, stride, storage_offset.value_or(self.storage_offset()));
}

Tensor view(const Tensor& self, IntArrayRef size) {
  DimVector shape = inferSize(size, self.numel());
  std::optional<DimVector> strides = viewStrides(self.sizes(), self.strides(), shape);
  EMBER_CHECK(strides.has_value(),
              "view size is not compatible with input tensor's size and stride (at least one dimension spans across "
              "two contiguous subspaces). Use .reshape(...) instead.");
  return makeView(self, shape, *strides, self.storage_offset());
}

Tensor reshape(const Tensor& self, IntArrayRef shape) {
  DimVector sizes = inferSize(shape, self.numel());
  if (std::optional<DimVector> strides = viewStrides(self.sizes(), self.strides(), sizes))
    return makeView(self, sizes, *strides, self.storage_offset());
  Tensor copy = contiguous(self);
  return makeView(copy, sizes, contiguousStrides(sizes), copy.storage_offset());
}

Tensor view_as(const Tensor& self, const Tensor& other) { return view(self, other.sizes()); }
Tensor reshape_as(const Tensor& self, const Tensor& other) { return reshape(self, other.sizes()); }

Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1) {
  const int64_t nd = self.dim();
  dim0 = wrapDim(dim0, nd);
  dim1 = wrapDim(dim1, nd);
  if (nd == 0) return alias(self);
  DimVector sizes(self.sizes()), strides(self.strides());
  std::swap(sizes[dim0], sizes[dim1]);
  std::swap(strides[dim0], strides[dim1]);
  return makeView(self, sizes, strides, self.storage_offset());
}

Tensor swapaxes(const Tensor& self, int64_t axis0, int64_t axis1) { return transpose(self, axis0, axis1); }
Tensor swapdims(const Tensor& self, int64_t dim0, int64_t dim1) { return transpose(self, dim0, dim1); }

Tensor t(const Tensor& self) {
  EMBER_CHECK(self.dim() <= 2, "t() expects a tensor with <= 2 dimensions, but self is ", self.dim(), "D");
  return transpose(self, 0, self.dim() < 2 ? 0 : 1);
}

Tensor numpy_T(const Tensor& self) {
  DimVector order(static_cast<size_t>(self.dim()));
  for (int64_t d = 0; d < self.dim(); ++d) order[d] = self.dim() - 1 - d;
  return permute(self, order);
}

Tensor mT(const Tensor& self) {
  if (self.dim() == 0) return alias(self);
  EMBER_CHECK(self.dim() >= 2, "tensor.mT is only supported on matrices or batches of matrices. Got ", self.dim(),
              "-D tensor.");
  return transpose(self, -2, -1);
}

Tensor adjoint(const Tensor& self) {
  if (self.dim() == 0) return alias(self);  // as mT: a 0-d tensor is its own adjoint
  EMBER_CHECK(self.dim() >= 2, "tensor.adjoint() is only supported on matrices or batches of matrices. Got ",
              self.dim(), "-D tensor.");
  // ember has no lazy conjugate bit: a complex adjoint is conjugated in fresh memory.
  return self.is_complex() ? complexConj(transpose(self, -2, -1)) : transpose(self, -2, -1);
}

Tensor permute(const Tensor& self, IntArrayRef dims) {
  const int64_t nd = self.dim();
  EMBER_CHECK(nd == static_cast<int64_t>(dims.size()),
              "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the "
              "desired ordering of dimensions i.e. input.dim() = ",
              nd, " is not equal to len(dims) = ", dims.size());
  DimVector sizes(static_cast<size_t>(nd)), strides(static_cast<size_t>(nd));
  SmallVector<bool, 8> seen(static_cast<size_t>(nd), false);
  for (int64_t i = 0; i < nd; ++i) {
    int64_t d = wrapDim(dims[i], nd);
    EMBER_CHECK(!seen[d], "permute(): duplicate dims are not allowed.");
    seen[d] = true;
    sizes[i] = self.sizes()[d];
    strides[i] = self.strides()[d];
  }
  return makeView(self, sizes, strides, self.storage_offset());
}

Tensor movedim(const Tensor& self, IntArrayRef source, IntArrayRef destination) {
  EMBER_CHECK(source.size() == destination.size(),
              "movedim: Invalid source or destination dims: source (", source,
              " dims) should contain the same number of dims as destination (", destination, " dims)");
  const int64_t nd = self.dim();
  auto normalize = [&](IntArrayRef dims, const char* what, IntArrayRef original) {
    DimVector out(static_cast<size_t>(dims.size()));
    for (size_t i = 0; i < dims.size(); ++i) out[i] = wrapDim(dims[i], nd);
    DimVector sorted = out;
    std::sort(sorted.begin(), sorted.end());
    EMBER_CHECK(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end(), "movedim: repeated dim in `", what,
                "` (", original, ")");
    return out;
  };
  DimVector src = normalize(source, "source", source);
  DimVector dst = normalize(destination, "destination", destination);
  if (nd == 0) return alias(self);
  // order[d] = the input dim that lands at output position d: the named moves first, then the
  // remaining input dims fill the remaining positions in their original order.
  DimVector order(static_cast<size_t>(nd), -1);
  SmallVector<bool, 8> moved(static_cast<size_t>(nd), false);
  for (size_t i = 0; i < src.size(); ++i) {
    order[dst[i]] = src[i];
    moved[src[i]] = true;
  }
  int64_t next = 0;
  for (int64_t d = 0; d < nd; ++d) {
    if (order[d] != -1) continue;
    while (moved[next]) ++next;
    order[d] = next++;
  }
  return permute(self, order);
}

Tensor movedim(const Tensor& self, int64_t source, int64_t destination) {
  return movedim(self, IntArrayRef(source), IntArrayRef(destination));
}
Tensor moveaxis(const Tensor& self, IntArrayRef source, IntArrayRef destination) {
  return movedim(self, source, destination);
}
Tensor moveaxis(const Tensor& self, int64_t source, int64_t destination) { return movedim(self, source, destination); }

Tensor expand(const Tensor& self, IntArrayRef size, bool /*implicit*/) {
  const int64_t nd = static_cast<int64_t>(size.size()), td = self.dim();
  EMBER_CHECK(nd >= td, "expand(", legacyTypeName(self.dtype()), "{", self.sizes(), "}, size=", size,
              "): the number of sizes provided (", nd,
              ") must be greater or equal to the number of dimensions in the tensor (", td, ")");
  DimVector sizes(static_cast<size_t>(nd)), strides(static_cast<size_t>(nd));
  for (int64_t i = nd - 1; i >= 0; --i) {
    const int64_t d = td - (nd - i);
    int64_t s = d >= 0 ? self.sizes()[d] : 1;
    int64_t st = d >= 0 ? self.strides()[d] : (i + 1 < nd ? sizes[i + 1] * strides[i + 1] : 0);
    int64_t target = size[i];
    if (target == -1) {
      EMBER_CHECK(d >= 0, "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension ",
                  i);
      target = s;
    }
    if (s != target) {
      EMBER_CHECK(s == 1, "The expanded size of the tensor (", target, ") must match the existing size (", s,
                  ") at non-singleton dimension ", i, ".  Target sizes: ", size, ".  Tensor sizes: ", self.sizes());
      s = target;
      st = 0;
    }
    sizes[i] = s;
    strides[i] = st;
  }
  return makeView(self, sizes, strides, self.storage_offset());
}

Tensor expand_as(const Tensor& self, const Tensor& other) { return expand(self, other.sizes()); }

Tensor squeeze(const Tensor& self) {
  DimVector sizes, strides;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (self.sizes()[d] == 1) continue;
    sizes.push_back(self.sizes()[d]);
    strides.push_back(self.strides()[d]);
  }
  return makeView(self, sizes, strides, self.storage_offset());
}

Tensor squeeze(const Tensor& self, int64_t dim) {
  dim = wrapDim(dim, self.dim());
  if (self.dim() == 0 || self.sizes()[dim] != 1) return alias(self);
  DimVector sizes(self.sizes()), strides(self.strides());
  sizes.erase(sizes.begin() + dim);
  strides.erase(strides.begin() + dim);
  return makeView(self, sizes, strides, self.storage_offset());
}

Tensor unsqueeze(const Tensor& self, int64_t dim) {
  const int64_t nd = self.dim();
  dim = wrapDim(dim, nd + 1);
  DimVector sizes(self.sizes()), strides(self.strides());
  int64_t newStride = dim >= nd ? 1 : sizes[dim] * strides[dim];
  sizes.insert(sizes.begin() + dim, 1);
  strides.insert(strides.begin() + dim, newStride);
  return makeView(self, sizes, strides, self.storage_offset());
}

Tensor flatten(const Tensor& self, int64_t start_dim, int64_t end_dim) {
  start_dim = wrapDim(start_dim, self.dim());
  end_dim = wrapDim(end_dim, self.dim());
  EMBER_CHECK(start_dim <= end_dim, "flatten() has invalid args: start_dim cannot come after end_dim");
  if (self.dim() == 0) return reshape(self, {1});
  if (start_dim == end_dim) return self;
  DimVector shape;
  int64_t flat = 1;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (d < start_dim || d > end_dim) {
      shape.push_back(self.sizes()[d]);
    } else {
      flat *= self.sizes()[d];
      if (d == end_dim) shape.push_back(flat);
    }
  }
  return reshape(self, shape);
}

Tensor unflatten(const Tensor& self, int64_t dim, IntArrayRef sizes) {
  dim = wrapDim(dim, self.dim());
  EMBER_CHECK(!sizes.empty(), "unflatten: sizes must be non-empty");
  DimVector inferred;
  try {
    inferred = inferSize(sizes, self.sizes()[dim]);
  } catch (const Error& e) {
    std::string msg = e.message();
    EMBER_CHECK(msg.find("is invalid for input of size") == std::string::npos, "unflatten: Provided sizes ", sizes,
                " don't multiply up to the size of dim ", dim, " (", self.sizes()[dim], ") in the input tensor");
    EMBER_ERROR("unflatten got an unexpected error:\n", msg);
  }
  DimVector shape(self.sizes().slice(0, static_cast<size_t>(dim)));
  for (int64_t s : inferred) shape.push_back(s);
  for (int64_t d = dim + 1; d < self.dim(); ++d) shape.push_back(self.sizes()[d]);
  return view(self, shape);
}

Tensor slice(const Tensor& self, int64_t dim, std::optional<int64_t> start, std::optional<int64_t> end, int64_t step) {
  EMBER_CHECK_KIND(Index, self.dim() > 0, "slice() cannot be applied to a 0-dim tensor.");
  dim = wrapDim(dim, self.dim());
  EMBER_CHECK(step > 0, "slice step must be positive");
  const int64_t size = self.sizes()[dim];
  int64_t lo = start.value_or(0), hi = end.value_or(std::numeric_limits<int64_t>::max());
  if (lo < 0) lo += size;
  if (hi < 0) hi += size;
  lo = std::clamp<int64_t>(lo, 0, size);
  hi = std::clamp<int64_t>(hi, lo, size);
  DimVector sizes(self.sizes()), strides(self.strides());
  const int64_t offset = self.storage_offset() + lo * strides[dim];
  sizes[dim] = (hi - lo + step - 1) / step;
  strides[dim] *= step;
  return makeView(self, sizes, strides, offset);
}

Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length) {
  EMBER_CHECK(self.dim() > 0, "narrow() cannot be applied to a 0-dim tensor.");
  const int64_t size = self.size(dim);
  if (start != size) start = wrapDim(start, size);
  EMBER_CHECK(length >= 0 && start <= size - length, "start (", start, ") + length (", length,
              ") exceeds dimension size (", size, ").");
  return slice(self, dim, start, start + length, 1);
}

Tensor select(const Tensor& self, int64_t dim, int64_t index) {
  EMBER_CHECK_KIND(Index, self.dim() > 0, "select() cannot be applied to a 0-dim tensor.");
  dim = wrapDim(dim, self.dim());
  const int64_t size = self.sizes()[dim];
  EMBER_CHECK_KIND(Index, index >= -size && index < size, "select(): index ", index,
                   " out of range for tensor of size ", self.sizes(), " at dimension ", dim);
  if (index < 0) index += size;
  DimVector sizes(self.sizes()), strides(self.strides());
  const int64_t offset = self.storage_offset() + index * strides[dim];
  sizes.erase(sizes.begin() + dim);
  strides.erase(strides.begin() + dim);
  return makeView(self, sizes, strides, offset);
}

std::vector<Tensor> split(const Tensor& self, int64_t split_size, int64_t dim) {
  EMBER_CHECK(self.dim() != 0, "split expects at least a 1-dimensional tensor");
  EMBER_CHECK(split_size >= 0, "split expects split_size be non-negative, but got split_size=", split_size);
  const int64_t size = self.size(dim);
  EMBER_CHECK(split_size > 0 || size == 0,
              "split_size can only be 0 if dimension size is 0, but got dimension size of ", size);
  int64_t n = split_size == 0 ? 1 : std::max<int64_t>((size + split_size - 1) / split_size, 1);
  const int64_t last = split_size - (split_size * n - size);
  std::vector<Tensor> out;
  out.reserve(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) out.push_back(narrow(self, dim, i * split_size, i < n - 1 ? split_size : last));
  return out;
}

std::vector<Tensor> split_with_sizes(const Tensor& self, IntArrayRef split_sizes, int64_t dim) {
  EMBER_CHECK(self.dim() != 0, "split expects at least a 1-dimensional tensor");
  const int64_t size = self.size(dim);
  std::vector<Tensor> out;
  out.reserve(split_sizes.size());
  int64_t start = 0;
  for (int64_t len : split_sizes) {
    EMBER_CHECK(len >= 0, "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=",
                split_sizes);
    out.push_back(slice(self, dim, start, start + len, 1));
    start += len;
  }
  EMBER_CHECK(start == size, "split_with_sizes expects split_sizes to sum exactly to ", size,
              " (input tensor's size at dimension ", dim, "), but got split_sizes=", split_sizes);
  return out;
}

std::vector<Tensor> split(const Tensor& self, IntArrayRef split_sizes, int64_t dim) {
  return split_with_sizes(self, split_sizes, dim);
}

std::vector<Tensor> chunk(const Tensor& self, int64_t chunks, int64_t dim) {
  EMBER_CHECK(self.dim() > 0, "chunk expects at least a 1-dimensional tensor");
  EMBER_CHECK(chunks > 0, "chunk expects `chunks` to be greater than 0, got: ", chunks);
  const int64_t size = self.size(dim);
  const int64_t splitSize = (size + chunks - 1) / chunks;
  if (splitSize == 0 && size == 0) {
    // split() would return a single piece; chunk keeps the requested number of empty pieces.
    DimVector sizes(static_cast<size_t>(chunks), 0);
    return split_with_sizes(self, sizes, dim);
  }
  return split(self, splitSize, dim);
}

std::vector<Tensor> unbind(const Tensor& self, int64_t dim) {
  EMBER_CHECK_KIND(Index, self.dim() > 0, "Dimension specified as 0 but tensor has no dimensions");
  dim = wrapDim(dim, self.dim());
  const int64_t size = self.sizes()[dim];
  std::vector<Tensor> out;
  out.reserve(static_cast<size_t>(size));
  for (int64_t i = 0; i < size; ++i) out.push_back(select(self, dim, i));
  return out;
}

Tensor diagonal(const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2) {
  const int64_t d1 = wrapDim(dim1, self.dim()), d2 = wrapDim(dim2, self.dim());
  EMBER_CHECK(d1 != d2, "diagonal dimensions cannot be identical ", dim1, ", ", dim2);
  const int64_t s1 = self.sizes()[d1], s2 = self.sizes()[d2];
  int64_t diagSize = offset >= 0 ? std::min(s1, s2 - offset) : std::min(s1 + offset, s2);
  diagSize = std::max<int64_t>(diagSize, 0);
  int64_t storageOffset = self.storage_offset();
  if (diagSize > 0) storageOffset += offset >= 0 ? offset * self.strides()[d2] : -offset * self.strides()[d1];
  DimVector sizes(self.sizes()), strides(self.strides());
  const int64_t hi = std::max(d1, d2), lo = std::min(d1, d2);
  sizes.erase(sizes.begin() + hi);
  strides.erase(strides.begin() + hi);
  sizes.erase(sizes.begin() + lo);
  strides.erase(strides.begin() + lo);
  sizes.push_back(diagSize);
  strides.push_back(self.strides()[d1] + self.strides()[d2]);
  return makeView(self, sizes, strides, storageOffset);
}

Tensor unfold(const Tensor& self, int64_t dimension, int64_t size, int64_t step) {
  const int64_t nd = self.dim();
  dimension = wrapDim(dimension, nd);
  const int64_t maxSize = nd == 0 ? 1 : self.sizes()[dimension];
  EMBER_CHECK(size <= maxSize, "maximum size for tensor at dimension ", dimension, " is ", maxSize, " but size is ",
              size);
  EMBER_CHECK(step > 0, "step is ", step, " but must be > 0");
  DimVector sizes(self.sizes()), strides(self.strides());
  if (nd > 0) {
    sizes[dimension] = (self.sizes()[dimension] - size) / step + 1;
    strides[dimension] = step * self.strides()[dimension];
  }
  sizes.push_back(size);
  strides.push_back(nd == 0 ? 1 : self.strides()[dimension]);
  return makeView(self, sizes, strides, self.storage_offset());
}

// ---- Tensor methods ----
Tensor Tensor::alias() const { return ember::alias(*this); }
Tensor Tensor::as_strided(IntArrayRef size, IntArrayRef stride, std::optional<int64_t> storage_offset) const {
  return ember::as_strided(*this, size, stride, storage_offset);
}
Tensor Tensor::view(IntArrayRef size) const { return ember::view(*this, size); }
Tensor Tensor::reshape(IntArrayRef shape) const { return ember::reshape(*this, shape); }
Tensor Tensor::view_as(const Tensor& other) const { return ember::view_as(*this, other); }
Tensor Tensor::reshape_as(const Tensor& other) const { return ember::reshape_as(*this, other); }
Tensor Tensor::transpose(int64_t dim0, int64_t dim1) const { return ember::transpose(*this, dim0, dim1); }
Tensor Tensor::swapaxes(int64_t axis0, int64_t axis1) const { return ember::swapaxes(*this, axis0, axis1); }
Tensor Tensor::swapdims(int64_t dim0, int64_t dim1) const { return ember::swapdims(*this, dim0, dim1); }
Tensor Tensor::t() const { return ember::t(*this); }
Tensor Tensor::numpy_T() const { return ember::numpy_T(*this); }
Tensor Tensor::mT() const { return ember::mT(*this); }
Tensor Tensor::adjoint() const { return ember::adjoint(*this); }
Tensor Tensor::permute(IntArrayRef dims) const { return ember::permute(*this, dims); }
Tensor Tensor::movedim(IntArrayRef source, IntArrayRef destination) const {
  return ember::movedim(*this, source, destination);
}
Tensor Tensor::movedim(int64_t source, int64_t destination) const { return ember::movedim(*this, source, destination); }
Tensor Tensor::moveaxis(IntArrayRef source, IntArrayRef destination) const {
  return ember::moveaxis(*this, source, destination);
}
Tensor Tensor::moveaxis(int64_t source, int64_t destination) const {
  return ember::moveaxis(*this, source, destination);
}
Tensor Tensor::expand(IntArrayRef size, bool implicit) const { return ember::expand(*this, size, implicit); }
Tensor Tensor::expand_as(const Tensor& other) const { return ember::expand_as(*this, other); }
Tensor Tensor::squeeze() const { return ember::squeeze(*this); }
Tensor Tensor::squeeze(int64_t dim) const { return ember::squeeze(*this, dim); }
Tensor Tensor::unsqueeze(int64_t dim) const { return ember::unsqueeze(*this, dim); }
Tensor Tensor::flatten(int64_t start_dim, int64_t end_dim) const { return ember::flatten(*this, start_dim, end_dim); }
Tensor Tensor::unflatten(int64_t dim, IntArrayRef sizes) const { return ember::unflatten(*this, dim, sizes); }
Tensor Tensor::slice(int64_t dim, std::optional<int64_t> start, std::optional<int64_t> end, int64_t step) const {
  return ember::slice(*this, dim, start, end, step);
}
Tensor Tensor::narrow(int64_t dim, int64_t start, int64_t length) const {
  return ember::narrow(*this, dim, start, length);
}
Tensor Tensor::select(int64_t dim, int64_t index) const { return ember::select(*this, dim, index); }
std::vector<Tensor> Tensor::split(int64_t split_size, int64_t dim) const { return ember::split(*this, split_size, dim); }
std::vector<Tensor> Tensor::split(IntArrayRef split_sizes, int64_t dim) const {
  return ember::split(*this, split_sizes, dim);
}
std::vector<Tensor> Tensor::split_with_sizes(IntArrayRef split_sizes, int64_t dim) const {
  return ember::split_with_sizes(*this, split_sizes, dim);
}
std::vector<Tensor> Tensor::chunk(int64_t chunks, int64_t dim) const { return ember::chunk(*this, chunks, dim); }
std::vector<Tensor> Tensor::unbind(int64_t dim) const { return ember::unbind(*this, dim); }
Tensor Tensor::diagonal(int64_t offset, int64_t dim1, int64_t dim2) const {
  return ember::diagonal(*this, offset, dim1, dim2);
}
Tensor Tensor::unfold(int64_t dimension, int64_t size, int64_t step) const {
  return ember::unfold(*this, dimension, size, step);
}

}  // namespace ember
