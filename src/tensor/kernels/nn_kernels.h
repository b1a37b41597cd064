// Vectorised row kernels shared by the NN families (pooling, normalisation, interpolation):
// the few contiguous inner loops their float32/float64 paths spend their time in. nn.isa.cpp is
// compiled once per instruction set; nnRowKernels<T>() hands out the copy for the CPU's
// capability. Other dtypes use the scalar templates in tensor/nn_rows.h with the same contract.
//
// All pointers address contiguous runs of n elements; `acc` and `out` may alias an input.
#pragma once

#include <cstdint>

#include "tensor/cpu_capability.h"

namespace ember::nn {

template <typename T>
struct RowKernels {
  // acc[i] = max(acc[i], src[i]), a NaN in either winning (max pooling).
  void (*maxInto)(T* acc, const T* src, int64_t n);
  // dst[i] = max(rows[0][i], ..., rows[count - 1][i]) for i < n, a NaN winning (channels-last
  // max pooling: the rows are the taps' channel vectors); count >= 1.
  void (*maxOfRows)(T* dst, const T* const* rows, int64_t count, int64_t n);
  // dst[j] = max(row[2j], ..., row[2j + k - 1]) for j < n, a NaN winning (max pooling with
  // stride 2); row must stay readable one element past its last tap.
  void (*maxStride2)(T* dst, const T* row, int64_t n, int64_t k);
  // acc[i] += src[i] (sum pooling).
  void (*addInto)(T* acc, const T* src, int64_t n);
  // out[i] = in[i] * scale + shift (batch norm with per-channel terms, NCHW).
  void (*scaleShift)(T* out, const T* in, int64_t n, T scale, T shift);
  // out[i] = in[i] * scale[i] + shift[i] (batch norm, channels-last).
  void (*scaleShiftVec)(T* out, const T* in, int64_t n, const T* scale, const T* shift);
  // out[r * n + i] = (in[r * inStride + i] + b[i]) * scale for r < rows, i < n: attention's q/k/v
  // bias and scaling while gathering one head's slices of the rows (scale 1 leaves the sums as
  // they are).
  void (*addScaleRows)(T* out, const T* in, int64_t inStride, const T* b, int64_t rows, int64_t n, T scale);
  // out[i] = (in[i] * scale + shift) * w[i] + b[i]; w or b may be null (layer norm).
  void (*normAffine)(T* out, const T* in, int64_t n, T scale, T shift, const T* w, const T* b);
  // out[i] = a[i] * wa + b[i] * wb (the vertical pass of linear interpolation).
  void (*blend)(T* out, const T* a, const T* b, int64_t n, T wa, T wb);
  // out[i] = (a[i] * wa + b[i] * wb) * wc + (c[i] * wa + d[i] * wb) * wd (a bilinear tap of
  // channel vectors, in PyTorch's order of operations).
  void (*bilinear)(T* out, const T* a, const T* b, const T* c, const T* d, int64_t n, T wa, T wb, T wc, T wd);
  // sum(in) and sum((in - mean)^2) with several vector accumulators.
  T (*sum)(const T* in, int64_t n);
  T (*sumSqDev)(const T* in, int64_t n, T mean);
};

template <typename T>
const RowKernels<T>& nnRowKernels();

namespace isa_DEFAULT { template <typename T> const RowKernels<T>& nnRowKernels(); }
namespace isa_AVX2 { template <typename T> const RowKernels<T>& nnRowKernels(); }
namespace isa_AVX512 { template <typename T> const RowKernels<T>& nnRowKernels(); }

}  // namespace ember::nn
