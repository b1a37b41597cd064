// The step loop of one direction of one recurrent layer. The input projection of all steps is
// one GEMM up front; each step then runs one GEMM for the hidden projection into a gate buffer
// allocated once, and a fused pointwise pass that applies the gate nonlinearities (the vectorised
// sigmoid/tanh kernels of the unary family) and updates the states in place. Nothing is
// allocated per step.
#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/shape.h"
#include "tensor/blas_backend.h"
#include "tensor/kernels/unary_kernels.h"
#include "tensor/rnn_utils.h"

namespace ember::rnn {

StepLayout denseLayout(int64_t steps, int64_t batch) {
  StepLayout l;
  l.batchSizes.assign(static_cast<size_t>(steps), batch);
  l.rowStart.resize(static_cast<size_t>(steps));
  for (int64_t t = 0; t < steps; ++t) l.rowStart[t] = t * batch;
  l.rows = steps * batch;
  return l;
}

StepLayout packedLayout(const Tensor& batchSizes, int64_t rows) {
  EMBER_CHECK(batchSizes.dim() == 1, "batch_sizes should always be a 1D tensor, but got ", batchSizes.dim(), "D");
  EMBER_CHECK(batchSizes.dtype() == kLong, "batch_sizes should always be an int64 tensor, but got ",
              batchSizes.dtype());
  Tensor bs = batchSizes.contiguous();
  const int64_t* v = bs.data_ptr<int64_t>();
  StepLayout l;
  for (int64_t t = 0; t < bs.numel(); ++t) {
    EMBER_CHECK(v[t] > 0 && (t == 0 || v[t] <= v[t - 1]),
                "batch_sizes must be positive and non-increasing, as pack_padded_sequence makes them");
    l.batchSizes.push_back(v[t]);
    l.rowStart.push_back(l.rows);
    l.rows += v[t];
  }
  EMBER_CHECK(!l.batchSizes.empty(), "Expected sequence length to be larger than 0 in RNN");
  EMBER_CHECK(l.rows == rows, "packed data has ", rows, " rows but batch_sizes sum to ", l.rows);
  return l;
}

namespace {

template <typename T>
void applyKernel(UnaryKernelFn fn, T* dst, const T* src, int64_t n) {
  char* ptrs[2] = {reinterpret_cast<char*>(dst), reinterpret_cast<char*>(const_cast<T*>(src))};
  const int64_t strides[2] = {sizeof(T), sizeof(T)};
  fn(ptrs, strides, n, UnaryParams{});
}

// Everything one step needs, fixed for the whole loop.
template <typename T>
struct StepState {
  CellKind kind;
  int64_t gates, hidden, hOut;  // G*H, H, output size (proj_size or H)
  const T* whh;                 // [G*H, hOut]
  const T* bhh;                 // [G*H] or null
  const T* whr;                 // [hOut, H] or null
  T* g;                         // gate buffer [B, G*H]
  T* hFull;                     // LSTM with projection: o * tanh(c) before projecting [B, H]
  T* h;                         // [B, hOut]
  T* c;                         // [B, H] (LSTM)
  UnaryKernelFn sigmoid, tanh;
};

template <typename T>
void lstmRow(const StepState<T>& s, T* g, const T* xi, int64_t r) {
  const int64_t H = s.hidden;
  for (int64_t j = 0; j < 4 * H; ++j) g[j] += xi[j];
  applyKernel(s.sigmoid, g, g, 2 * H);
  applyKernel(s.tanh, g + 2 * H, g + 2 * H, H);
  applyKernel(s.sigmoid, g + 3 * H, g + 3 * H, H);
  T* c = s.c + r * H;
  for (int64_t j = 0; j < H; ++j) c[j] = g[H + j] * c[j] + g[j] * g[2 * H + j];
  T* h = s.hFull ? s.hFull + r * H : s.h + r * s.hOut;
  applyKernel(s.tanh, h, c, H);
  for (int64_t j = 0; j < H; ++j) h[j] = g[3 * H + j] * h[j];
}

template <typename T>
void gruRow(const StepState<T>& s, T* g, const T* xi, int64_t r) {
  const int64_t H = s.hidden;
  for (int64_t j = 0; j < 2 * H; ++j) g[j] += xi[j];
  applyKernel(s.sigmoid, g, g, 2 * H);
  T* n = g + 2 * H;
  for (int64_t j = 0; j < H; ++j) n[j] = xi[2 * H + j] + n[j] * g[j];
  applyKernel(s.tanh, n, n, H);
  T* h = s.h + r * H;
  for (int64_t j = 0; j < H; ++j) h[j] = (h[j] - n[j]) * g[H + j] + n[j];
}

template <typename T>
void simpleRow(const StepState<T>& s, T* g, const T* xi, int64_t r) {
  const int64_t H = s.hidden;
  T* h = s.h + r * H;
  for (int64_t j = 0; j < H; ++j) g[j] += xi[j];
  if (s.kind == CellKind::Tanh) {
    applyKernel(s.tanh, h, g, H);
  } else {
    for (int64_t j = 0; j < H; ++j) h[j] = (std::isnan(g[j]) || g[j] > T(0)) ? g[j] : T(0);
  }
}

// c[0:nb, 0:n] += a[0:nb, 0:k] w^T for w [n, k] row-major. A single row (batch 1, the common
// inference case) is a matrix-vector product: GEMM routines pack the whole weight on every
// call, GEMV streams it once.
template <typename T>
void addProduct(int64_t nb, int64_t n, int64_t k, const T* a, const T* w, T* c) {
  if (nb == 1) {
    if constexpr (std::is_same_v<T, float>) {
      cblas_sgemv(CblasRowMajor, CblasNoTrans, static_cast<int>(n), static_cast<int>(k), 1.f, w, static_cast<int>(k),
                  a, 1, 1.f, c, 1);
    } else {
      cblas_dgemv(CblasRowMajor, CblasNoTrans, static_cast<int>(n), static_cast<int>(k), 1.0, w, static_cast<int>(k),
                  a, 1, 1.0, c, 1);
    }
    return;
  }
  blas::gemm(scalarTypeOf<T>(), nb, n, k, 1, {a, k, false}, {w, k, true}, 1, c, n);
}

// One step over the first nb rows: gates = h W_hh^T + b_hh (as addmm: the bias, then the
// product added to it), then the cell update.
template <typename T>
void step(const StepState<T>& s, const T* xp, int64_t nb) {
  for (int64_t r = 0; r < nb; ++r) {
    T* g = s.g + r * s.gates;
    if (s.bhh) {
      std::memcpy(g, s.bhh, sizeof(T) * s.gates);
    } else {
      std::fill(g, g + s.gates, T(0));
    }
  }
  addProduct(nb, s.gates, s.hOut, s.h, s.whh, s.g);
  for (int64_t r = 0; r < nb; ++r) {
    T* g = s.g + r * s.gates;
    const T* xi = xp + r * s.gates;
    switch (s.kind) {
      case CellKind::Lstm: lstmRow(s, g, xi, r); break;
      case CellKind::Gru: gruRow(s, g, xi, r); break;
      default: simpleRow(s, g, xi, r); break;
    }
  }
  if (s.hFull) {
    std::fill(s.h, s.h + nb * s.hOut, T(0));
    addProduct(nb, s.hOut, s.hidden, s.hFull, s.whr, s.h);
  }
}

const void* ptrOrNull(const Tensor& t) { return t.defined() ? t.data_ptr() : nullptr; }

template <typename T>
void runTyped(CellKind kind, const DirectionParams& p, const Tensor& xp, const StepLayout& layout, bool reverse,
              const Tensor& out, int64_t outCol, Tensor& hN, Tensor& cN) {
  const int64_t batch = hN.size(0);
  Tensor whh = p.w_hh.contiguous();
  Tensor bhh = p.b_hh.defined() ? p.b_hh.contiguous() : Tensor();
  Tensor whr = p.w_hr.defined() ? p.w_hr.contiguous() : Tensor();
  StepState<T> s{};
  s.kind = kind;
  s.gates = whh.size(0);
  s.hidden = s.gates / gateCount(kind);
  s.hOut = whh.size(1);
  Tensor gates = empty({batch, s.gates}, scalarTypeOf<T>());
  Tensor hFull = whr.defined() ? empty({batch, s.hidden}, scalarTypeOf<T>()) : Tensor();
  s.whh = whh.data_ptr<T>();
  s.bhh = static_cast<const T*>(ptrOrNull(bhh));
  s.whr = static_cast<const T*>(ptrOrNull(whr));
  s.g = gates.data_ptr<T>();
  s.hFull = hFull.defined() ? hFull.data_ptr<T>() : nullptr;
  s.h = hN.data_ptr<T>();
  s.c = cN.defined() ? cN.data_ptr<T>() : nullptr;
  s.sigmoid = floatUnaryKernel(UnaryOp::Sigmoid, scalarTypeOf<T>());
  s.tanh = floatUnaryKernel(UnaryOp::Tanh, scalarTypeOf<T>());
  const T* xpData = xp.data_ptr<T>();
  T* outData = out.data_ptr<T>() + outCol;
  const int64_t outStride = out.stride(0);
  const auto steps = static_cast<int64_t>(layout.batchSizes.size());
  for (int64_t i = 0; i < steps; ++i) {
    const int64_t t = reverse ? steps - 1 - i : i;
    const int64_t nb = layout.batchSizes[t], row0 = layout.rowStart[t];
    if (nb == 0) continue;
    step(s, xpData + row0 * s.gates, nb);
    for (int64_t r = 0; r < nb; ++r) std::memcpy(outData + (row0 + r) * outStride, s.h + r * s.hOut, sizeof(T) * s.hOut);
  }
}

}  // namespace

void runDirection(CellKind kind, const DirectionParams& p, const Tensor& x, const StepLayout& layout, bool reverse,
                  const Tensor& out, int64_t outCol, Tensor& hN, Tensor& cN) {
  // The projection of every step's input at once: the largest GEMM of the layer.
  Tensor xp = linear(x, p.w_ih, p.b_ih).contiguous();
  visitFloatingDtype(x.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      runTyped<T>(kind, p, xp, layout, reverse, out, outCol, hN, cN);
    } else {
      throwUnsupportedDtype("rnn", x.dtype());
    }
  });
}

}  // namespace ember::rnn
