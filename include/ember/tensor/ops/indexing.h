// Tensor ops of the indexing family, with PyTorch 1.13 semantics and error texts.
//
// Two levels, as in PyTorch:
//  - Python-style indexing `t[...]` / `t[...] = v` through TensorIndex lists: Tensor::index and
//    Tensor::index_put_ (methods), ember::getitem / ember::setitem (free functions). Ints,
//    slices, None, Ellipsis and Python bools give views sharing self's storage; tensor indices
//    (advanced indexing) gather into a new tensor.
//  - The ATen operators that archives and IR call: aten::index.Tensor is ember::index (free
//    function over a list of optional tensors), aten::index_put_ / aten::index_put are
//    ember::index_put_ / ember::index_put, and the dim-wise ops below.
//
// Index errors are ember::Error with ErrorKind::Index where PyTorch raises IndexError; no bad
// index ever reads or writes outside a tensor's storage.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "ember/tensor/tensor.h"

namespace ember {

namespace indexing {

// Python's slice(start, stop, step); a missing part is std::nullopt (None).
struct Slice {
  std::optional<int64_t> start;
  std::optional<int64_t> stop;
  std::optional<int64_t> step;
  Slice(std::optional<int64_t> start_ = std::nullopt, std::optional<int64_t> stop_ = std::nullopt,
        std::optional<int64_t> step_ = std::nullopt)
      : start(start_), stop(stop_), step(step_) {}
};

struct EllipsisIndexType {};
inline constexpr EllipsisIndexType Ellipsis{};
// `None` in an index: inserts a new axis of size 1.
inline constexpr std::nullopt_t None = std::nullopt;

}  // namespace indexing

// One element of a Python index tuple: int, slice, None, Ellipsis, bool or Tensor.
class TensorIndex {
 public:
  enum class Kind : uint8_t { None, Ellipsis, Int, Bool, Slice, Tensor };

  TensorIndex(std::nullopt_t) : kind_(Kind::None) {}                     // NOLINT: implicit by design
  TensorIndex(indexing::EllipsisIndexType) : kind_(Kind::Ellipsis) {}    // NOLINT
  TensorIndex(bool b) : kind_(Kind::Bool), int_(b) {}                    // NOLINT
  template <typename T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  TensorIndex(T i) : kind_(Kind::Int), int_(static_cast<int64_t>(i)) {}  // NOLINT
  TensorIndex(indexing::Slice s) : kind_(Kind::Slice), slice_(s) {}     // NOLINT
  TensorIndex(Tensor t) : kind_(Kind::Tensor), tensor_(std::move(t)) {}  // NOLINT

  Kind kind() const { return kind_; }
  bool isNone() const { return kind_ == Kind::None; }
  bool isEllipsis() const { return kind_ == Kind::Ellipsis; }
  bool isInteger() const { return kind_ == Kind::Int; }
  bool isBoolean() const { return kind_ == Kind::Bool; }
  bool isSlice() const { return kind_ == Kind::Slice; }
  bool isTensor() const { return kind_ == Kind::Tensor; }
  int64_t integer() const { return int_; }
  bool boolean() const { return int_ != 0; }
  const indexing::Slice& slice() const { return slice_; }
  const Tensor& tensor() const { return tensor_; }

 private:
  Kind kind_;
  int64_t int_ = 0;
  indexing::Slice slice_;
  Tensor tensor_;
};

// ---- Python-style indexing (t[indices], t[indices] = value) ----
Tensor getitem(const Tensor& self, ArrayRef<TensorIndex> indices);
// Writes value (converted to self's dtype) into self[indices]; returns self.
const Tensor& setitem(const Tensor& self, ArrayRef<TensorIndex> indices, const Tensor& value);
const Tensor& setitem(const Tensor& self, ArrayRef<TensorIndex> indices, const Scalar& value);

// ---- advanced indexing, ATen level ----
// aten::index.Tensor(Tensor self, Tensor?[] indices) -> Tensor. An empty optional (or an
// undefined Tensor) means "the whole dim". Long, byte and bool index tensors; masks expand to
// their nonzero coordinates.
Tensor index(const Tensor& self, ArrayRef<std::optional<Tensor>> indices);
// aten::index_put_(Tensor(a!) self, Tensor?[] indices, Tensor values, bool accumulate=False).
// values must have self's dtype and broadcast to the indexing result; with accumulate,
// duplicate indices sum (serially, in index order, as PyTorch's CPU kernel).
const Tensor& index_put_(const Tensor& self, ArrayRef<std::optional<Tensor>> indices, const Tensor& values,
                         bool accumulate = false);
Tensor index_put(const Tensor& self, ArrayRef<std::optional<Tensor>> indices, const Tensor& values,
                 bool accumulate = false);

// ---- dim-wise gathers ----
Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index);
Tensor& index_select_out(Tensor& out, const Tensor& self, int64_t dim, const Tensor& index);
Tensor gather(const Tensor& self, int64_t dim, const Tensor& index, bool sparse_grad = false);
Tensor take(const Tensor& self, const Tensor& index);

// ---- scatters (in-place forms return self) ----
// reduce: "add" or "multiply" (scatter.reduce / scatter.value_reduce).
const Tensor& scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
const Tensor& scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value);
const Tensor& scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                       std::string_view reduce);
const Tensor& scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value,
                       std::string_view reduce);
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value);
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, std::string_view reduce);
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value, std::string_view reduce);
const Tensor& scatter_add_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
Tensor scatter_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);

// index_add(self, dim, index, source, *, alpha=1): self[.., index[i], ..] += alpha * source[.., i, ..].
const Tensor& index_add_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                         const Scalar& alpha = 1);
Tensor index_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                 const Scalar& alpha = 1);
// index_fill(self, dim, index, value): value is a Scalar or a 0-dim tensor.
const Tensor& index_fill_(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value);
const Tensor& index_fill_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value);
Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value);
Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value);

// ---- masks ----
// mask is bool (or deprecated uint8) and broadcasts to self (in-place) / with self (out-of-place).
const Tensor& masked_fill_(const Tensor& self, const Tensor& mask, const Scalar& value);
const Tensor& masked_fill_(const Tensor& self, const Tensor& mask, const Tensor& value);  // value: 0-dim
Tensor masked_fill(const Tensor& self, const Tensor& mask, const Scalar& value);
Tensor masked_fill(const Tensor& self, const Tensor& mask, const Tensor& value);
Tensor masked_select(const Tensor& self, const Tensor& mask);
// Coordinates of the nonzero elements: a Long tensor [n, self.dim()].
Tensor nonzero(const Tensor& self);
// nonzero(as_tuple=True) (aten::nonzero_numpy): one Long tensor of n coordinates per dim
// (a 0-dim self counts as 1-dim).
std::vector<Tensor> nonzero_numpy(const Tensor& self);

}  // namespace ember
