// Tensor ops of the rnn family: the recurrent layers of torch.nn (LSTM, GRU, RNN with tanh or
// relu) as ATen exposes them, their single-step cells, and the packing of variable-length
// sequences (pack_padded_sequence / pad_packed_sequence).
//
// Layers take the flat parameter list nn.LSTM/GRU/RNN keep: for each layer, for each direction
// (forward, then reverse): w_ih [G*H, in], w_hh [G*H, out], then b_ih, b_hh [G*H] when
// has_biases, then w_hr [proj, H] for an LSTM with projections (G = 4 for LSTM, 3 for GRU, 1 for
// RNN; out = proj_size or H). An LSTM has projections when hx[0] and hx[1] differ in their last
// size, as in PyTorch. Hidden states are [num_layers * num_directions, batch, size] with index
// layer * num_directions + direction. Inputs are [seq, batch, in] ([batch, seq, in] with
// batch_first); the unbatched 2-D form of torch.nn is turned into a batch of one by the modules
// themselves before they call these ops, as in PyTorch.
//
// The `data, batch_sizes` overloads run packed sequences (PackedSequence.data and its
// batch_sizes, non-increasing): only the first batch_sizes[t] sequences advance at step t.
// Dropout (probability `dropout`) applies to the outputs of all but the last layer when `train`,
// drawing from the default generator as PyTorch does.
//
// float32 and float64. Gate numerics follow ATen's CPU cells: gates = (h W_hh^T + b_hh) +
// (x W_ih^T + b_ih), with the input projection of all time steps computed as one GEMM.
#pragma once

#include <tuple>

#include "ember/tensor/tensor.h"

namespace ember {

// ---- layers: (output, h_n[, c_n]) ----
std::tuple<Tensor, Tensor, Tensor> lstm(const Tensor& input, ArrayRef<Tensor> hx, ArrayRef<Tensor> params,
                                        bool has_biases, int64_t num_layers, double dropout, bool train,
                                        bool bidirectional, bool batch_first);
std::tuple<Tensor, Tensor, Tensor> lstm(const Tensor& data, const Tensor& batch_sizes, ArrayRef<Tensor> hx,
                                        ArrayRef<Tensor> params, bool has_biases, int64_t num_layers, double dropout,
                                        bool train, bool bidirectional);
std::tuple<Tensor, Tensor> gru(const Tensor& input, const Tensor& hx, ArrayRef<Tensor> params, bool has_biases,
                               int64_t num_layers, double dropout, bool train, bool bidirectional, bool batch_first);
std::tuple<Tensor, Tensor> gru(const Tensor& data, const Tensor& batch_sizes, const Tensor& hx, ArrayRef<Tensor> params,
                               bool has_biases, int64_t num_layers, double dropout, bool train, bool bidirectional);
std::tuple<Tensor, Tensor> rnn_tanh(const Tensor& input, const Tensor& hx, ArrayRef<Tensor> params, bool has_biases,
                                    int64_t num_layers, double dropout, bool train, bool bidirectional,
                                    bool batch_first);
std::tuple<Tensor, Tensor> rnn_tanh(const Tensor& data, const Tensor& batch_sizes, const Tensor& hx,
                                    ArrayRef<Tensor> params, bool has_biases, int64_t num_layers, double dropout,
                                    bool train, bool bidirectional);
std::tuple<Tensor, Tensor> rnn_relu(const Tensor& input, const Tensor& hx, ArrayRef<Tensor> params, bool has_biases,
                                    int64_t num_layers, double dropout, bool train, bool bidirectional,
                                    bool batch_first);
std::tuple<Tensor, Tensor> rnn_relu(const Tensor& data, const Tensor& batch_sizes, const Tensor& hx,
                                    ArrayRef<Tensor> params, bool has_biases, int64_t num_layers, double dropout,
                                    bool train, bool bidirectional);

// ---- cells: one step for a batch [B, in] with hidden [B, H]; biases may be undefined ----
std::tuple<Tensor, Tensor> lstm_cell(const Tensor& input, ArrayRef<Tensor> hx, const Tensor& w_ih, const Tensor& w_hh,
                                     const Tensor& b_ih = {}, const Tensor& b_hh = {});
Tensor gru_cell(const Tensor& input, const Tensor& hx, const Tensor& w_ih, const Tensor& w_hh, const Tensor& b_ih = {},
                const Tensor& b_hh = {});
Tensor rnn_tanh_cell(const Tensor& input, const Tensor& hx, const Tensor& w_ih, const Tensor& w_hh,
                     const Tensor& b_ih = {}, const Tensor& b_hh = {});
Tensor rnn_relu_cell(const Tensor& input, const Tensor& hx, const Tensor& w_ih, const Tensor& w_hh,
                     const Tensor& b_ih = {}, const Tensor& b_hh = {});

// ---- packing ----
// input [T, B, *] ([B, T, *] with batch_first), lengths (int64, 1-D, sorted decreasing) ->
// (data [sum(lengths), *], batch_sizes int64 [max length]).
std::tuple<Tensor, Tensor> _pack_padded_sequence(const Tensor& input, const Tensor& lengths, bool batch_first);
// Inverse: (padded [T', B, *] or [B, T', *], lengths int64 [B]) with T' = max(total_length,
// longest sequence); padding positions hold padding_value.
std::tuple<Tensor, Tensor> _pad_packed_sequence(const Tensor& data, const Tensor& batch_sizes, bool batch_first,
                                                const Scalar& padding_value, int64_t total_length);

}  // namespace ember
