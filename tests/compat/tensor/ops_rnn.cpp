// Adapters for the rnn family's differential cases (cases_rnn.py). Layer ops read their inputs
// as [input, hx..., params...] (packed: [data, batch_sizes, hx..., params...]); "kind" picks the
// op, "n_hx" the number of hidden-state tensors.
#include "ember/tensor/ops/random.h"
#include "ember/tensor/ops/rnn.h"
#include "harness.h"

namespace ember::compat {
namespace {

struct LayerArgs {
  std::string kind;
  bool hasBiases, train, bidirectional, batchFirst;
  int64_t numLayers;
  double dropout;
};

std::vector<Tensor> runLayer(const LayerArgs& a, const Tensor& x, const Tensor* batchSizes,
                             const std::vector<Tensor>& hx, const std::vector<Tensor>& params) {
  if (a.kind == "lstm") {
    auto [o, h, c] = batchSizes ? lstm(x, *batchSizes, hx, params, a.hasBiases, a.numLayers, a.dropout, a.train,
                                       a.bidirectional)
                                : lstm(x, hx, params, a.hasBiases, a.numLayers, a.dropout, a.train, a.bidirectional,
                                       a.batchFirst);
    return {o, h, c};
  }
  using Dense = std::tuple<Tensor, Tensor> (*)(const Tensor&, const Tensor&, ArrayRef<Tensor>, bool, int64_t, double,
                                               bool, bool, bool);
  using Packed = std::tuple<Tensor, Tensor> (*)(const Tensor&, const Tensor&, const Tensor&, ArrayRef<Tensor>, bool,
                                                int64_t, double, bool, bool);
  Dense dense = a.kind == "gru" ? static_cast<Dense>(gru) : a.kind == "rnn_tanh" ? static_cast<Dense>(rnn_tanh)
                                                                                 : static_cast<Dense>(rnn_relu);
  Packed packed = a.kind == "gru"        ? static_cast<Packed>(gru)
                  : a.kind == "rnn_tanh" ? static_cast<Packed>(rnn_tanh)
                                         : static_cast<Packed>(rnn_relu);
  EMBER_CHECK(!hx.empty(), "no hidden state given");
  auto [o, h] = batchSizes ? packed(x, *batchSizes, hx[0], params, a.hasBiases, a.numLayers, a.dropout, a.train,
                                    a.bidirectional)
                           : dense(x, hx[0], params, a.hasBiases, a.numLayers, a.dropout, a.train, a.bidirectional,
                                   a.batchFirst);
  return {o, h};
}

}  // namespace

EMBER_COMPAT_ADAPTER("rnn.layer") {
  LayerArgs a{stringArg(args, "kind"),         boolArg(args, "has_biases"), boolArg(args, "train"),
              boolArg(args, "bidirectional"), boolArg(args, "batch_first"), intArg(args, "num_layers"),
              doubleArg(args, "dropout")};
  const bool packed = boolArg(args, "packed"), unbatched = boolArg(args, "unbatched");
  const size_t first = packed ? 2 : 1, nHx = static_cast<size_t>(intArg(args, "n_hx"));
  std::vector<Tensor> hx(in.begin() + first, in.begin() + first + nHx);
  std::vector<Tensor> params(in.begin() + first + nHx, in.end());
  if (auto seed = optionalIntArg(args, "seed")) manual_seed(static_cast<uint64_t>(*seed));
  Tensor x = in[0];
  if (unbatched) {
    // What torch.nn's modules do with a 2-D input: a batch of one, squeezed again afterwards.
    x = x.unsqueeze(a.batchFirst ? 0 : 1);
    for (Tensor& h : hx) h = h.unsqueeze(1);
  }
  std::vector<Tensor> r = runLayer(a, x, packed ? &in[1] : nullptr, hx, params);
  if (unbatched) {
    r[0] = r[0].squeeze(a.batchFirst ? 0 : 1);
    for (size_t i = 1; i < r.size(); ++i) r[i] = r[i].squeeze(1);
  }
  return r;
}

EMBER_COMPAT_ADAPTER("rnn.cell") {
  const std::string kind = stringArg(args, "kind");
  const size_t nHx = static_cast<size_t>(intArg(args, "n_hx"));
  std::vector<Tensor> hx(in.begin() + 1, in.begin() + 1 + nHx);
  std::vector<Tensor> w(in.begin() + 1 + nHx, in.end());
  Tensor b_ih = w.size() > 2 ? w[2] : Tensor(), b_hh = w.size() > 3 ? w[3] : Tensor();
  if (kind == "lstm_cell") {
    auto [h, c] = lstm_cell(in[0], hx, w[0], w[1], b_ih, b_hh);
    return {h, c};
  }
  if (kind == "gru_cell") return {gru_cell(in[0], hx[0], w[0], w[1], b_ih, b_hh)};
  if (kind == "rnn_tanh_cell") return {rnn_tanh_cell(in[0], hx[0], w[0], w[1], b_ih, b_hh)};
  return {rnn_relu_cell(in[0], hx[0], w[0], w[1], b_ih, b_hh)};
}

EMBER_COMPAT_ADAPTER("rnn.pack") {
  auto [data, bs] = _pack_padded_sequence(in[0], in[1], boolArg(args, "batch_first"));
  return {data, bs};
}

EMBER_COMPAT_ADAPTER("rnn.pad") {
  auto [out, lengths] = _pad_packed_sequence(in[0], in[1], boolArg(args, "batch_first"),
                                             scalarArg(args, "padding_value"), intArg(args, "total_length"));
  return {out, lengths};
}

}  // namespace ember::compat
