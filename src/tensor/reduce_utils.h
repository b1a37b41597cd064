// Shared machinery of the reduce family: which dims a reduction covers, the output geometry,
// and one generic driver that walks (kept dims) x (reduced dims) for any reduction "op".
//
// An op is a small struct:
//   using acc_t = ...;
//   acc_t identity() const;
//   void step(acc_t& acc, In x, int64_t idx) const;            // idx: linear position in the reduced space
//   void run(acc_t& acc, const In* p, int64_t stride, int64_t n, int64_t idx0) const;  // n steps
//   acc_t merge(const acc_t& earlier, const acc_t& later) const;
//   Out finish(const acc_t& acc) const;
// Reduced dims are walked in row-major order, so idx is the index PyTorch reports for argmax
// and friends; merge() gets partials in that order, so ties resolve to the first index.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <new>
#include <optional>
#include <type_traits>
#include <vector>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/parallel.h"
#include "ember/tensor/tensor.h"

namespace ember::reduce_detail {

// Bit d set: dim d is reduced. Tensors have at most 64 dims.
using DimMask = uint64_t;
constexpr int64_t kMaxDims = 64;

// Builds the mask of `dims` (negative dims wrap). An empty list reduces every dim when
// `emptyMeansAll` (sum/mean/amax in 1.13), none otherwise. Duplicates are errors.
DimMask makeDimMask(IntArrayRef dims, int64_t ndim, bool emptyMeansAll = true);
inline DimMask allDims(int64_t ndim) { return ndim >= 64 ? ~DimMask{0} : ((DimMask{1} << ndim) - 1); }
inline bool isReduced(DimMask m, int64_t d) { return (m >> d) & 1; }

// Output sizes of a reduction over `mask`.
DimVector reducedSizes(IntArrayRef sizes, DimMask mask, bool keepdim);

// Allocates the output of a reduction: contiguous, with keepdim-shaped sizes (reduced dims of
// size 1), which the driver writes. `view(keepdim)` gives the user-facing result.
struct ReduceOutput {
  Tensor keep;  // keepdim-shaped, contiguous
  DimMask mask;
  Tensor view(bool keepdim) const;
};
ReduceOutput makeReduceOutput(const Tensor& in, DimMask mask, ScalarType dtype);

// Geometry of one reduction: kept dims (input and output strides) and reduced dims, each
// coalesced, in row-major order. Strides in elements.
struct ReducePlan {
  DimVector keptSizes, keptIn, keptOut;
  DimVector redSizes, redIn;
  int64_t outNumel = 1;
  int64_t redNumel = 1;
};
ReducePlan makePlan(const Tensor& in, const Tensor& outKeep, DimMask mask);

// Walks a row-major multi-index over `sizes` keeping two offsets (strides a and b) in step.
class IndexWalker {
 public:
  IndexWalker(IntArrayRef sizes, IntArrayRef stridesA, IntArrayRef stridesB, int64_t start);
  int64_t a() const { return a_; }
  int64_t b() const { return b_; }
  void next();

 private:
  IntArrayRef sizes_, sa_, sb_;
  DimVector idx_;
  int64_t a_ = 0, b_ = 0;
};

// Accumulates the reduced positions [begin, end) of one output into acc.
template <typename In, typename Op>
void reduceRange(const Op& op, typename Op::acc_t& acc, const In* base, const ReducePlan& plan, int64_t begin,
                 int64_t end) {
  if (begin >= end) return;
  const int64_t nd = static_cast<int64_t>(plan.redSizes.size());
  if (nd == 0) {
    op.step(acc, base[0], 0);
    return;
  }
  const int64_t inner = plan.redSizes[nd - 1];
  const int64_t innerStride = plan.redIn[nd - 1];
  if (nd == 1) {
    op.run(acc, base + begin * innerStride, innerStride, end - begin, begin);
    return;
  }
  IntArrayRef outerSizes(plan.redSizes.data(), nd - 1), outerStrides(plan.redIn.data(), nd - 1);
  int64_t pos = begin;
  IndexWalker w(outerSizes, outerStrides, outerStrides, begin / inner);
  int64_t col = begin % inner;
  while (pos < end) {
    int64_t n = std::min(inner - col, end - pos);
    op.run(acc, base + w.a() + col * innerStride, innerStride, n, pos);
    pos += n;
    col = 0;
    w.next();
  }
}

// Reductions with fewer outputs than this many per thread split each reduction in chunks.
constexpr int64_t kReduceGrain = 16384;

// The dtype-independent half of runReduceTo (reduce_utils.cpp): picks the strategy, walks the
// kept dims and splits the work over the thread pool, calling the per-op, per-dtype half through
// these references. One copy of this logic serves every reduction (libember.so's size); the
// indirect calls happen per output, per column block or per range of outputs, never per element.
struct ReduceSteps {
  int64_t accSize;  // sizeof the op's accumulator (sizes the column blocks)
  int64_t maxBlockCols;  // the most columns outerBlock accepts at once
  // Few outputs, long reductions: one output (input offset inOff) in chunks, merged, sunk at outOff.
  FunctionRef<void(int64_t inOff, int64_t outOff)> chunked;
  // Outer reduction: nc adjacent columns from input offset inOff, every reduced row, sunk at outOff.
  FunctionRef<void(int64_t inOff, int64_t outOff, int64_t nc)> outerBlock;
  // Otherwise: the outputs [begin, end) in row-major order of the kept dims, each reduced whole.
  FunctionRef<void(int64_t begin, int64_t end)> whole;
};
void runReducePlan(const ReducePlan& plan, const ReduceSteps& steps);

// Column blocks of the outer reduction keep up to 16 KiB of accumulators (runReducePlan).
template <typename Acc>
constexpr int64_t kMaxBlockCols = std::max<int64_t>(64, 16384 / static_cast<int64_t>(sizeof(Acc)));

// Runs `op` over `in`, handing each output's accumulator to sink(offset, acc), offset in
// elements of `outKeep` (keepdim-shaped). Empty reduced spaces give identity(); callers that
// must reject those check before.
template <typename In, typename Op, typename Sink>
void runReduceTo(const Op& op, const Tensor& in, const Tensor& outKeep, DimMask mask, const Sink& sink) {
  using Acc = typename Op::acc_t;
  static_assert(std::is_trivially_destructible_v<Acc>, "reduction accumulators live in raw buffers");
  ReducePlan plan = makePlan(in, outKeep, mask);
  if (plan.outNumel == 0) return;
  const In* src = static_cast<const In*>(in.data_ptr());

  auto chunked = [&](int64_t inOff, int64_t outOff) {
    const int64_t nchunks = std::min<int64_t>(plan.redNumel / kReduceGrain, 4 * get_num_threads());
    std::unique_ptr<Acc[]> partial(new Acc[static_cast<size_t>(nchunks)]);
    for (int64_t c = 0; c < nchunks; ++c) partial[c] = op.identity();
    const int64_t per = (plan.redNumel + nchunks - 1) / nchunks;
    parallelFor(0, nchunks, 1, [&](int64_t cb, int64_t ce) {
      for (int64_t c = cb; c < ce; ++c)
        reduceRange(op, partial[c], src + inOff, plan, c * per, std::min(plan.redNumel, (c + 1) * per));
    });
    Acc acc = partial[0];
    for (int64_t c = 1; c < nchunks; ++c) acc = op.merge(acc, partial[c]);
    sink(outOff, acc);
  };

  // The inner loop is the op's vector row kernel when it has one (stepRows).
  auto outerBlock = [&](int64_t inOff, int64_t outOff, int64_t nc) {
    alignas(Acc) unsigned char buf[kMaxBlockCols<Acc> * sizeof(Acc)];
    Acc* acc = reinterpret_cast<Acc*>(buf);
    for (int64_t j = 0; j < nc; ++j) new (&acc[j]) Acc(op.identity());
    const In* rowBase = src + inOff;
    const int64_t nr = static_cast<int64_t>(plan.redSizes.size());
    if constexpr (requires { op.stepRows(acc, rowBase, int64_t{0}, int64_t{1}, nc, int64_t{0}); }) {
      if (nr == 1) {  // evenly spaced rows: one call, the kernel takes several rows per pass
        op.stepRows(acc, rowBase, plan.redIn[0], plan.redNumel, nc, 0);
      } else {
        IndexWalker rw(plan.redSizes, plan.redIn, plan.redIn, 0);
        for (int64_t r = 0; r < plan.redNumel; ++r, rw.next()) op.stepRows(acc, rowBase + rw.a(), 0, 1, nc, r);
      }
    } else {
      IndexWalker rw(plan.redSizes, plan.redIn, plan.redIn, 0);
      for (int64_t r = 0; r < plan.redNumel; ++r, rw.next()) {
        const In* row = rowBase + rw.a();
        for (int64_t j = 0; j < nc; ++j) op.step(acc[j], row[j], r);
      }
    }
    for (int64_t j = 0; j < nc; ++j) sink(outOff + j, acc[j]);
  };

  auto whole = [&](int64_t b, int64_t e) {
    IndexWalker w(plan.keptSizes, plan.keptIn, plan.keptOut, b);
    for (int64_t o = b; o < e; ++o, w.next()) {
      Acc acc = op.identity();
      reduceRange(op, acc, src + w.a(), plan, 0, plan.redNumel);
      sink(w.b(), acc);
    }
  };

  runReducePlan(plan, ReduceSteps{static_cast<int64_t>(sizeof(Acc)), kMaxBlockCols<Acc>, chunked, outerBlock, whole});
}

// Runs `op` over `in`, writing op.finish(acc) into out.keep (dtype Out).
template <typename In, typename Out, typename Op>
void runReduce(const Op& op, const Tensor& in, const ReduceOutput& out) {
  Out* dst = static_cast<Out*>(out.keep.data_ptr());
  runReduceTo<In>(op, in, out.keep, out.mask,
                  [&](int64_t off, const typename Op::acc_t& acc) { dst[off] = op.finish(acc); });
}

// Calls fn(aOffset, bOffset, length, aStride, bStride) (elements) for every 1-d row along `dim`
// of a and b (same shape), in parallel over rows. A 0-dim tensor is one row of length 1.
template <typename Fn>
void forEachRow(const Tensor& a, const Tensor& b, int64_t dim, const Fn& fn) {
  if (a.dim() == 0) {
    fn(int64_t{0}, int64_t{0}, int64_t{1}, int64_t{1}, int64_t{1});
    return;
  }
  DimVector sizes, sa, sb;
  int64_t rows = 1;
  for (int64_t d = 0; d < a.dim(); ++d) {
    if (d == dim) continue;
    sizes.push_back(a.sizes()[d]);
    sa.push_back(a.strides()[d]);
    sb.push_back(b.strides()[d]);
    rows *= a.sizes()[d];
  }
  const int64_t len = a.sizes()[dim], strideA = a.strides()[dim], strideB = b.strides()[dim];
  if (rows == 0 || len == 0) return;
  const int64_t grain = std::max<int64_t>(1, kReduceGrain / len);
  parallelFor(0, rows, grain, [&](int64_t rb, int64_t re) {
    IndexWalker w(sizes, sa, sb, rb);
    for (int64_t r = rb; r < re; ++r, w.next()) fn(w.a(), w.b(), len, strideA, strideB);
  });
}

// A contiguous copy of `t` converted to `dtype` (C++ conversion rules, as PyTorch's casts).
// TODO(dedupe): use ember::Tensor::to once the shape family lands.
Tensor castContiguous(const Tensor& t, ScalarType dtype);
// Copies src into dst elementwise (same shape), converting dtype.
// TODO(dedupe): use ember::Tensor::copy_ once the shape family lands.
void copyConvert(const Tensor& dst, const Tensor& src);
// Resizes an out= tensor to `sizes` (contiguous strides unless the sizes already match),
// growing its storage when needed.
void resizeOut(const Tensor& out, IntArrayRef sizes);
// Writes `result` into `out` (resizing it). With `exactDtype`, out must have result's dtype.
void writeOut(const Tensor& out, const Tensor& result, const char* opName, bool exactDtype);
// A tensor of `sizes` filled with `value`.
Tensor fullOf(IntArrayRef sizes, double value, ScalarType dtype);
// A view of `t` with dim `d` moved last (no copy).
Tensor moveDimLast(const Tensor& t, int64_t d);
// Inverse of moveDimLast on a result laid out with the dim last.
Tensor moveLastDimTo(const Tensor& t, int64_t d);

}  // namespace ember::reduce_detail
