// Shared pieces of the rnn family: the kinds of cell and the one-direction step loop that every
// recurrent layer op runs (rnn_recurrence.cpp), driven by the layer stack (rnn_layers.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "ember/tensor/tensor.h"

namespace ember::rnn {

enum class CellKind : uint8_t { Lstm, Gru, Tanh, Relu };

// Gates per hidden unit: 4 (i, f, g, o) for LSTM, 3 (r, z, n) for GRU, 1 otherwise.
inline int64_t gateCount(CellKind k) { return k == CellKind::Lstm ? 4 : k == CellKind::Gru ? 3 : 1; }

// The weights of one direction of one layer; biases and w_hr may be undefined.
struct DirectionParams {
  Tensor w_ih, w_hh, b_ih, b_hh, w_hr;
};

// Rows of every time step in the packed layout: step t owns rows [rowStart[t], rowStart[t] +
// batchSizes[t]) of the data. A dense [T, B, *] input is the packed layout with every batch
// size B.
struct StepLayout {
  std::vector<int64_t> batchSizes;
  std::vector<int64_t> rowStart;
  int64_t rows = 0;
};
StepLayout denseLayout(int64_t steps, int64_t batch);
// Checks a packed sequence's batch_sizes (1-D int64 on the CPU, positive, non-increasing,
// summing to `rows`, the first at most `batch`).
StepLayout packedLayout(const Tensor& batchSizes, int64_t rows);

// Runs one direction of one layer over x [rows, in] (contiguous, packed layout `layout`):
// writes h_t into out[:, outCol : outCol + hOut] for every row, and leaves the final states in
// hN [B, hOut] and, for LSTM, cN [B, H]. hN/cN start as copies of the initial states; sequences
// that end early (packed input) keep the state of their last step, as PyTorch returns it.
void runDirection(CellKind kind, const DirectionParams& p, const Tensor& x, const StepLayout& layout, bool reverse,
                  const Tensor& out, int64_t outCol, Tensor& hN, Tensor& cN);

}  // namespace ember::rnn
