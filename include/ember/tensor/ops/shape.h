// Tensor ops of the shape family: copying and dtype conversion, views (which share storage
// with their base: in-place writes through a view are seen by the base), and shape ops that
// produce new tensors. Semantics, argument order and error texts follow PyTorch 1.13.
#pragma once

#include <optional>
#include <vector>

#include "ember/tensor/ops/factory.h"  // MemoryFormat
#include "ember/tensor/tensor.h"

namespace ember {

// ---- copying and conversion ----
// Copies src into self, broadcasting src to self's shape and converting its dtype (float ->
// integer truncates toward zero; NaN and out-of-range values follow PyTorch on x86).
// Partially overlapping self/src and self with internal overlap are errors, as in PyTorch.
Tensor& copy_(Tensor& self, const Tensor& src, bool non_blocking = false);
const Tensor& copy_(const Tensor& self, const Tensor& src, bool non_blocking = false);
// Returns self when nothing changes and copy is false; otherwise a new tensor laid out like
// empty_like(self, memory_format) (preserve: self's strides when self is dense, else dense
// strides in the order of self's).
Tensor to(const Tensor& self, ScalarType dtype, bool non_blocking = false, bool copy = false,
          std::optional<MemoryFormat> memory_format = std::nullopt);
Tensor type_as(const Tensor& self, const Tensor& other);
// Self when already laid out as asked, else a copy that is.
Tensor contiguous(const Tensor& self, MemoryFormat memory_format = MemoryFormat::Contiguous);
// A copy laid out like empty_like(self, memory_format) (preserve by default).
Tensor clone(const Tensor& self, std::optional<MemoryFormat> memory_format = std::nullopt);
// An alias of self's storage with the same geometry and requires_grad false.
Tensor detach(const Tensor& self);

// ---- views: results alias self's storage ----
// The sizes `shape` (which may hold one -1) stands for, for a tensor of `numel` elements.
DimVector inferSize(IntArrayRef shape, int64_t numel);
Tensor alias(const Tensor& self);
// A view with explicit geometry over self's storage (storage_offset defaults to self's).
Tensor as_strided(const Tensor& self, IntArrayRef size, IntArrayRef stride,
                  std::optional<int64_t> storage_offset = std::nullopt);
// A view with new sizes; fails when a new dim would span non-uniformly strided memory.
Tensor view(const Tensor& self, IntArrayRef size);
// A view when possible (as view), else a contiguous copy.
Tensor reshape(const Tensor& self, IntArrayRef shape);
Tensor view_as(const Tensor& self, const Tensor& other);
Tensor reshape_as(const Tensor& self, const Tensor& other);
Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1);
Tensor swapaxes(const Tensor& self, int64_t axis0, int64_t axis1);
Tensor swapdims(const Tensor& self, int64_t dim0, int64_t dim1);
Tensor t(const Tensor& self);          // <= 2-D only
Tensor numpy_T(const Tensor& self);    // tensor.T: all dims reversed
Tensor mT(const Tensor& self);         // tensor.mT: last two dims swapped
Tensor adjoint(const Tensor& self);    // conjugate transpose; a transpose for real dtypes
Tensor permute(const Tensor& self, IntArrayRef dims);
Tensor movedim(const Tensor& self, IntArrayRef source, IntArrayRef destination);
Tensor movedim(const Tensor& self, int64_t source, int64_t destination);
Tensor moveaxis(const Tensor& self, IntArrayRef source, IntArrayRef destination);
Tensor moveaxis(const Tensor& self, int64_t source, int64_t destination);
// Size-1 dims (and new leading dims) broadcast to `size` with stride 0; -1 keeps a size.
Tensor expand(const Tensor& self, IntArrayRef size, bool implicit = false);
Tensor expand_as(const Tensor& self, const Tensor& other);
Tensor squeeze(const Tensor& self);
Tensor squeeze(const Tensor& self, int64_t dim);
Tensor unsqueeze(const Tensor& self, int64_t dim);
// Returns self itself when start_dim == end_dim (as PyTorch does); otherwise reshape.
Tensor flatten(const Tensor& self, int64_t start_dim = 0, int64_t end_dim = -1);
Tensor unflatten(const Tensor& self, int64_t dim, IntArrayRef sizes);
// aten::slice: Python-style clamping of start/end, step > 0.
Tensor slice(const Tensor& self, int64_t dim = 0, std::optional<int64_t> start = std::nullopt,
             std::optional<int64_t> end = std::nullopt, int64_t step = 1);
Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length);
Tensor select(const Tensor& self, int64_t dim, int64_t index);
std::vector<Tensor> split(const Tensor& self, int64_t split_size, int64_t dim = 0);
std::vector<Tensor> split(const Tensor& self, IntArrayRef split_sizes, int64_t dim = 0);
std::vector<Tensor> split_with_sizes(const Tensor& self, IntArrayRef split_sizes, int64_t dim = 0);
std::vector<Tensor> chunk(const Tensor& self, int64_t chunks, int64_t dim = 0);
std::vector<Tensor> unbind(const Tensor& self, int64_t dim = 0);
Tensor diagonal(const Tensor& self, int64_t offset = 0, int64_t dim1 = 0, int64_t dim2 = 1);
// Tensor.unfold: windows of `size` elements every `step` along `dimension`, as a new last dim.
Tensor unfold(const Tensor& self, int64_t dimension, int64_t size, int64_t step);

// ---- shape ops producing new tensors ----
// Concatenates along dim. The dtype promotes across all inputs; 1-D tensors of size 0 are
// skipped for shape checks (legacy behaviour); 0-dim inputs are errors. The _out forms resize
// `out` (if its shape differs) and require the promoted dtype to be castable to out's dtype.
Tensor cat(ArrayRef<Tensor> tensors, int64_t dim = 0);
Tensor& cat_out(Tensor& out, ArrayRef<Tensor> tensors, int64_t dim = 0);
// Joins equally-sized tensors along a new dim.
Tensor stack(ArrayRef<Tensor> tensors, int64_t dim = 0);
Tensor& stack_out(Tensor& out, ArrayRef<Tensor> tensors, int64_t dim = 0);

// Reverses the order of elements along each of dims (a copy, laid out like empty_like(self)).
Tensor flip(const Tensor& self, IntArrayRef dims);
// Rotates elements along dims by shifts (the flattened tensor when dims is empty).
Tensor roll(const Tensor& self, IntArrayRef shifts, IntArrayRef dims = {});
// Tensor.repeat: tiles self repeats[i] times along dim i (new leading dims allowed).
Tensor repeat(const Tensor& self, IntArrayRef repeats);
// torch.tile: repeat with dims left-padded with 1s to self.dim().
Tensor tile(const Tensor& self, IntArrayRef dims);
// Lower/upper triangle of the last two dims (others zeroed); diagonal shifts the boundary.
Tensor tril(const Tensor& self, int64_t diagonal = 0);
Tensor triu(const Tensor& self, int64_t diagonal = 0);
const Tensor& tril_(const Tensor& self, int64_t diagonal = 0);
const Tensor& triu_(const Tensor& self, int64_t diagonal = 0);

}  // namespace ember
