// StridedLoop: the iteration core under every elementwise kernel. It walks N operands of one
// shape, each with its own byte strides (0 along broadcast dims), calling
//
//   inner(char* const* ptrs, const int64_t* byteStrides, int64_t n)
//
// once per run of the innermost dimension. Dims are reordered so the first operand (usually
// the output) is walked in memory order, and adjacent dims that are contiguous for every
// operand are merged, so a contiguous op becomes one call with n = numel.
#pragma once

#include <algorithm>
#include <array>
#include <numeric>
#include <type_traits>

#include "ember/small_vector.h"
#include "ember/tensor/parallel.h"

namespace ember {

template <size_t N>
class StridedLoop {
 public:
  // shape: the common iteration shape. elemStrides[k]: operand k's strides in elements, one
  // per dim of shape (0 where broadcast). elemSizes[k]: operand k's element size in bytes.
  StridedLoop(IntArrayRef shape, const std::array<IntArrayRef, N>& elemStrides,
              const std::array<int64_t, N>& elemSizes) {
    const int64_t ndim = static_cast<int64_t>(shape.size());
    numel_ = 1;
    for (int64_t s : shape) numel_ *= s;
    // Order dims innermost first by operand 0's stride, ties broken by later operands.
    SmallVector<int64_t, 6> order(static_cast<size_t>(ndim));
    std::iota(order.begin(), order.end(), 0);
    std::reverse(order.begin(), order.end());  // start from row-major order (last dim innermost)
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      for (size_t k = 0; k < N; ++k) {
        int64_t sa = elemStrides[k][a], sb = elemStrides[k][b];
        if (sa == 0 || sb == 0) continue;  // broadcast dims say nothing about order
        if (sa != sb) return sa < sb;
      }
      return false;
    });
    for (int64_t d : order) {
      if (shape[d] == 1) continue;  // size-1 dims never advance
      shape_.push_back(shape[d]);
      for (size_t k = 0; k < N; ++k) strides_[k].push_back(elemStrides[k][d] * elemSizes[k]);
    }
    coalesce();
    if (shape_.empty()) {  // 0-dim or all size-1: one element
      shape_.push_back(1);
      for (size_t k = 0; k < N; ++k) strides_[k].push_back(0);
    }
  }

  int64_t numel() const { return numel_; }
  int64_t ndim() const { return static_cast<int64_t>(shape_.size()); }
  int64_t innerSize() const { return shape_[0]; }
  // Byte stride of operand k along the innermost (coalesced) dim.
  int64_t innerStride(size_t k) const { return strides_[k][0]; }
  bool isContiguousFor(size_t k, int64_t elemSize) const { return ndim() == 1 && strides_[k][0] == elemSize; }

  // `inner` is called through a FunctionRef, once per innermost run: the walk below is compiled
  // once per operand count, not once per kernel and dtype (libember.so's size), at the cost of
  // one indirect call per run.
  using Inner = FunctionRef<void(char* const*, const int64_t*, int64_t)>;

  // Runs `inner` (a callable or a function) over linear positions [begin, end) of the space.
  // A plain function is referred to through a local pointer to it (FunctionRef keeps the address
  // of what it is given).
  template <typename F>
  void run(const std::array<char*, N>& base, int64_t begin, int64_t end, F&& inner) const {
    if constexpr (std::is_function_v<std::remove_reference_t<F>>) {
      auto* fn = &inner;
      runRef(base, begin, end, Inner(fn));
    } else {
      runRef(base, begin, end, Inner(inner));
    }
  }

  // Runs over the whole space, split across the thread pool when it is large.
  template <typename F>
  void runParallel(const std::array<char*, N>& base, F&& inner, int64_t grain = kGrainSize) const {
    if constexpr (std::is_function_v<std::remove_reference_t<F>>) {
      auto* fn = &inner;
      runParallelRef(base, Inner(fn), grain);
    } else {
      runParallelRef(base, Inner(inner), grain);
    }
  }

  void runParallelRef(const std::array<char*, N>& base, Inner inner, int64_t grain = kGrainSize) const {
    parallelFor(0, numel_, grain, [&](int64_t b, int64_t e) { runRef(base, b, e, inner); });
  }

  void runRef(const std::array<char*, N>& base, int64_t begin, int64_t end, Inner inner) const {
    runRowsRef(base, begin, end, InnerRows([&](char* const* ptrs, const int64_t* strides, int64_t n, int64_t rows,
                                                const int64_t* rowStrides) {
      eachRun(ptrs, strides, n, rows, rowStrides, inner);
    }));
  }

  // A block of runs (runRowsRef's arguments) one run at a time, for kernels written per run.
  static void eachRun(char* const* ptrs, const int64_t* strides, int64_t n, int64_t rows, const int64_t* rowStrides,
                      Inner inner) {
    std::array<char*, N> row;
    for (size_t k = 0; k < N; ++k) row[k] = ptrs[k];
    for (int64_t r = 0; r < rows; ++r) {
      inner(row.data(), strides, n);
      for (size_t k = 0; k < N; ++k) row[k] += rowStrides[k];
    }
  }

  // The same walk handing out blocks of whole innermost runs: inner(ptrs, byteStrides, n, rows,
  // rowByteStrides) covers `rows` runs of n elements, run r of operand k starting at
  // ptrs[k] + r * rowByteStrides[k] (the second dim's stride). Kernels that loop over the rows
  // themselves skip the indirect call and the walk per run: broadcasts over short rows
  // ([12, 49, 49] - [12, 49, 1]) spent most of their time there.
  using InnerRows = FunctionRef<void(char* const*, const int64_t*, int64_t, int64_t, const int64_t*)>;

  template <typename F>
  void runRowsParallel(const std::array<char*, N>& base, F&& inner, int64_t grain = kGrainSize) const {
    if constexpr (std::is_function_v<std::remove_reference_t<F>>) {
      auto* fn = &inner;
      runRowsParallelRef(base, InnerRows(fn), grain);
    } else {
      runRowsParallelRef(base, InnerRows(inner), grain);
    }
  }

  void runRowsParallelRef(const std::array<char*, N>& base, InnerRows inner, int64_t grain = kGrainSize) const {
    parallelFor(0, numel_, grain, [&](int64_t b, int64_t e) { runRowsRef(base, b, e, inner); });
  }

  void runRowsRef(const std::array<char*, N>& base, int64_t begin, int64_t end, InnerRows inner) const {
    if (begin >= end) return;
    const int64_t nd = ndim();
    DimVector idx(static_cast<size_t>(nd), 0);
    std::array<char*, N> ptrs = base;
    int64_t rem = begin;
    for (int64_t d = 0; d < nd; ++d) {
      idx[d] = rem % shape_[d];
      rem /= shape_[d];
      for (size_t k = 0; k < N; ++k) ptrs[k] += idx[d] * strides_[k][d];
    }
    std::array<int64_t, N> innerStrides, rowStrides{};
    for (size_t k = 0; k < N; ++k) {
      innerStrides[k] = strides_[k][0];
      if (nd > 1) rowStrides[k] = strides_[k][1];
    }
    int64_t pos = begin;
    while (pos < end) {
      const int64_t n = std::min(shape_[0] - idx[0], end - pos);
      // Whole runs from here on: as many as the second dim has left and the range covers.
      int64_t rows = 1;
      if (nd > 1 && idx[0] == 0 && n == shape_[0]) rows = std::min(shape_[1] - idx[1], (end - pos) / shape_[0]);
      inner(ptrs.data(), innerStrides.data(), n, rows, rowStrides.data());
      pos += n * rows;
      if (pos >= end) break;
      // Onto the last run done, then carry into the outer dims as past any run.
      if (rows > 1) {
        idx[1] += rows - 1;
        for (size_t k = 0; k < N; ++k) ptrs[k] += (rows - 1) * strides_[k][1];
      }
      for (size_t k = 0; k < N; ++k) ptrs[k] -= idx[0] * strides_[k][0];
      idx[0] = 0;
      for (int64_t d = 1; d < nd; ++d) {
        ++idx[d];
        for (size_t k = 0; k < N; ++k) ptrs[k] += strides_[k][d];
        if (idx[d] < shape_[d]) break;
        for (size_t k = 0; k < N; ++k) ptrs[k] -= shape_[d] * strides_[k][d];
        idx[d] = 0;
      }
    }
  }

 private:
  void coalesce() {
    size_t out = 0;
    for (size_t d = 1; d < shape_.size(); ++d) {
      bool mergeable = true;
      for (size_t k = 0; k < N && mergeable; ++k)
        mergeable = strides_[k][out] * shape_[out] == strides_[k][d];
      if (mergeable) {
        shape_[out] *= shape_[d];
      } else {
        ++out;
        shape_[out] = shape_[d];
        for (size_t k = 0; k < N; ++k) strides_[k][out] = strides_[k][d];
      }
    }
    if (!shape_.empty()) {
      shape_.resize(out + 1);
      for (size_t k = 0; k < N; ++k) strides_[k].resize(out + 1);
    }
  }

  DimVector shape_;
  std::array<DimVector, N> strides_;
  int64_t numel_ = 1;
};

}  // namespace ember
