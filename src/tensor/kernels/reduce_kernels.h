// Vectorised inner loops of the float32/float64 reductions: sums (sum, nansum, mean), extremes
// (amax/amin, max/min without indices) and softmax/log_softmax rows. reduce.isa.cpp is compiled
// once per instruction set; reduceKernels() hands out the table for the CPU's capability.
// Every entry is indexed [dtype slot][variant], the slot from reduceSlot() (0 float, 1 double).
//
//   double s = sum[slot][skipNan](data, n)            // n contiguous values; NaN counts as 0 when skipNan
//   sumRows[slot][skipNan](acc, rows, stride, m, n)   // acc[j] += rows[r * stride + j] for r < m, j < n,
//                                                     //   acc in double
//   extremeRun[slot][isMax](&acc, data, n)            // acc = the extreme of acc and n contiguous values
//   extremeRows[slot][isMax](acc, rows, stride, m, n) // acc[j] = the extreme of acc[j] and every
//                                                     //   rows[r * stride + j], r < m
//   argExtremeRun[slot][isMax](&value, &index, data, n) // the extreme of n >= 1 contiguous values
//                                                     //   and the first index holding it
//   softmaxRow[slot][isLog](dst, src, n)              // one contiguous row of (log_)softmax
//
// Extremes: NaN wins over every number (as PyTorch's max/amax; argmax reports the first NaN's
// index). Accumulators of extremes have the input's type.
//
// Summation order: several independent vector accumulators in the input's precision over short
// blocks, each block's total added in double. The error stays near that of a cascade (pairwise)
// sum, which is what PyTorch's reductions use; the exact bits may differ from it and between
// instruction sets. Row accumulation (sumRows) adds four rows in the input precision, then in
// double: more accurate than either.
#pragma once

#include <cstdint>

#include "ember/tensor/scalar_type.h"
#include "tensor/cpu_capability.h"

namespace ember {

using FloatSumFn = double (*)(const void* data, int64_t n);
using SumRowsFn = void (*)(double* acc, const void* rows, int64_t rowStride, int64_t nrows, int64_t n);
using ExtremeFn = void (*)(void* acc, const void* data, int64_t n);
using ExtremeRowsFn = void (*)(void* acc, const void* rows, int64_t rowStride, int64_t nrows, int64_t n);
using ArgExtremeFn = void (*)(void* value, int64_t* index, const void* data, int64_t n);
using SoftmaxRowFn = void (*)(void* dst, const void* src, int64_t n);

struct ReduceKernels {
  FloatSumFn sum[2][2];
  SumRowsFn sumRows[2][2];
  ExtremeFn extremeRun[2][2];
  ExtremeRowsFn extremeRows[2][2];
  ArgExtremeFn argExtremeRun[2][2];
  SoftmaxRowFn softmaxRow[2][2];
};

// The slot of a Float or Double dtype in the tables (-1 for other dtypes).
constexpr int reduceSlot(ScalarType t) { return t == ScalarType::Float ? 0 : t == ScalarType::Double ? 1 : -1; }

const ReduceKernels& reduceKernels();

namespace isa_DEFAULT { const ReduceKernels& reduceKernels(); }
namespace isa_AVX2 { const ReduceKernels& reduceKernels(); }
namespace isa_AVX512 { const ReduceKernels& reduceKernels(); }

}  // namespace ember
