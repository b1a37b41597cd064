// Private helpers shared by the indexing sources: raw views, shape broadcasting, reading index
// tensors and dtype-agnostic element movement.
#pragma once

#include <algorithm>
#include <array>
#include <complex>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/indexing.h"
#include "ember/tensor/parallel.h"
#include "ember/tensor/tensor.h"

namespace ember::indexing_detail {

// A view of t's storage with new geometry (no bounds checks: callers derive it from t's own).
// TODO(dedupe): use the shape family's views (select, slice, unsqueeze, expand, permute) once they land.
Tensor makeView(const Tensor& t, IntArrayRef sizes, IntArrayRef strides, int64_t storageOffset);
Tensor selectView(const Tensor& t, int64_t dim, int64_t index);
Tensor unsqueezeView(const Tensor& t, int64_t dim);
// Broadcast view of t to `sizes` (trailing alignment); PyTorch's expand() error on mismatch.
Tensor expandView(const Tensor& t, IntArrayRef sizes);
Tensor permuteView(const Tensor& t, IntArrayRef perm);

// Broadcast shape of a and b, with the given wording when they do not broadcast.
DimVector broadcastShapes(IntArrayRef a, IntArrayRef b);
bool broadcastable(IntArrayRef from, IntArrayRef to);

// Uninitialised contiguous tensor / a contiguous (possibly the same) tensor.
Tensor emptyLike(IntArrayRef sizes, ScalarType dtype);
Tensor contiguousOf(const Tensor& t);
// Long tensor made from a small vector of values.
Tensor longTensor(IntArrayRef values, IntArrayRef sizes);

// Checks index dtype is Long (or also Int when allowInt) with `what`'s message.
void checkIndexDtype(const Tensor& index, bool allowInt, const char* message);
// Reads the index element at p (Long or Int).
inline int64_t loadIndex(const char* p, bool isLong) {
  if (isLong) {
    int64_t v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  int32_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// Calls fn.template operator()<U>() with U an unsigned type of the element size, for kernels
// that only move elements (no arithmetic): one instantiation per width, not per dtype.
template <typename Fn>
decltype(auto) visitElementWidth(size_t bytes, Fn&& fn) {
  switch (bytes) {
    case 1: return fn.template operator()<uint8_t>();
    case 2: return fn.template operator()<uint16_t>();
    case 4: return fn.template operator()<uint32_t>();
    case 16: return fn.template operator()<std::complex<double>>();  // complex128
    default: return fn.template operator()<uint64_t>();
  }
}

// Walks `shape` as rows along `dim`: for every position of the other dims it calls
// row(ptrs, dimByteStrides, shape[dim]) with the operands' pointers at the row's start. Rows run
// in parallel: the ops using this write to targets that differ between rows, so the result
// stays deterministic, while elements of one row are visited in order (later duplicates win).
template <size_t N, typename Row>
void forEachRow(IntArrayRef shape, int64_t dim, const std::array<char*, N>& base,
                const std::array<DimVector, N>& byteStrides, Row&& row) {
  const int64_t nd = static_cast<int64_t>(shape.size());
  int64_t numel = 1;
  for (int64_t s : shape) numel *= s;
  if (numel == 0) return;
  const int64_t len = shape[dim];
  const int64_t rows = numel / len;
  std::array<int64_t, N> dimStrides;
  for (size_t k = 0; k < N; ++k) dimStrides[k] = byteStrides[k][dim];
  const int64_t grain = std::max<int64_t>(1, kGrainSize / std::max<int64_t>(len, 1));
  parallelFor(0, rows, grain, [&](int64_t begin, int64_t end) {
    DimVector idx(static_cast<size_t>(nd), 0);
    std::array<char*, N> ptrs = base;
    int64_t rem = begin;
    for (int64_t d = nd - 1; d >= 0; --d) {
      if (d == dim) continue;
      idx[d] = rem % shape[d];
      rem /= shape[d];
      for (size_t k = 0; k < N; ++k) ptrs[k] += idx[d] * byteStrides[k][d];
    }
    for (int64_t r = begin; r < end; ++r) {
      row(ptrs.data(), dimStrides.data(), len);
      for (int64_t d = nd - 1; d >= 0; --d) {  // odometer over the other dims, last dim fastest
        if (d == dim) continue;
        ++idx[d];
        for (size_t k = 0; k < N; ++k) ptrs[k] += byteStrides[k][d];
        if (idx[d] < shape[d]) break;
        for (size_t k = 0; k < N; ++k) ptrs[k] -= shape[d] * byteStrides[k][d];
        idx[d] = 0;
      }
    }
  });
}

// out[i] = src[i's position under srcStrides + offsets[i's position under offStrides]] over out's
// shape (strides in elements; offsets is an int64 tensor of element offsets). Parallel: it
// only reads src.
void gatherByOffsets(const Tensor& out, const Tensor& src, IntArrayRef srcStrides, const Tensor& offsets,
                     IntArrayRef offStrides);

// Byte strides of t, or of t viewed as 1-dim when it is 0-dim.
DimVector byteStrides(const Tensor& t);
// t itself, or a [1]-shaped view of it when t is 0-dim.
Tensor atLeast1d(const Tensor& t);
// Gives `out` (an out= argument) the shape `sizes`: kept when it already has it, else given fresh
// contiguous storage.
void resizeOut(const Tensor& out, IntArrayRef sizes);

// a + b and a * b as PyTorch's CPU kernels compute them: bool as or/and, integers wrapping
// (through uint64, so without signed-overflow UB), floats in opmath_t.
template <typename T>
inline T addValues(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a || b;
  else if constexpr (std::is_integral_v<T>) return static_cast<T>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
  else return static_cast<T>(static_cast<opmath_t<T>>(a) + static_cast<opmath_t<T>>(b));
}
template <typename T>
inline T mulValues(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a && b;
  else if constexpr (std::is_integral_v<T>) return static_cast<T>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
  else return static_cast<T>(static_cast<opmath_t<T>>(a) * static_cast<opmath_t<T>>(b));
}

// Fills every element of t (any geometry) with value converted to t's dtype.
void fillWith(const Tensor& t, const Scalar& value);
// Value of a 0-dim (or 1-element) tensor as a Scalar of its kind.
Scalar scalarOf(const Tensor& t);
// Parses scatter's reduce argument ("add" / "multiply"); true for multiply.
bool parseScatterReduce(std::string_view reduce);

}  // namespace ember::indexing_detail
