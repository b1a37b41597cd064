// The recurrent layer ops (lstm, gru, rnn_tanh, rnn_relu; dense and packed overloads): argument
// checks, the flat parameter list split per layer and direction, the layer stack with dropout
// between layers, and the batch_first / packed layouts around the step loop of
// rnn_recurrence.cpp. Both layouts run as packed rows: a dense [T, B, *] input is T steps of B
// rows each.
#include <string>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/random.h"
#include "ember/tensor/ops/rnn.h"
#include "ember/tensor/ops/shape.h"
#include "tensor/rnn_utils.h"

namespace ember {
namespace {

using rnn::CellKind;
using rnn::DirectionParams;
using rnn::StepLayout;

struct StackOptions {
  CellKind kind;
  bool hasBiases;
  int64_t numLayers;
  double dropout;
  bool train;
  bool bidirectional;
};

struct StackResult {
  Tensor out, h, c;
};

std::string shapeString(IntArrayRef s) {
  std::string r = "[";
  for (size_t i = 0; i < s.size(); ++i) r += (i ? ", " : "") + std::to_string(s[i]);
  return r + "]";
}

void checkShape(const Tensor& t, std::initializer_list<int64_t> expected, const char* what) {
  IntArrayRef want(expected);
  EMBER_CHECK(t.sizes() == want, "Expected ", what, " size ", shapeString(want), ", got ", shapeString(t.sizes()));
}

void checkDtype(const Tensor& t, ScalarType dtype) {
  // ATen reaches these mismatches inside its matrix products, hence their wording.
  EMBER_CHECK(t.dtype() == dtype, "mat1 and mat2 must have the same dtype");
}

// The layer's weights of one direction, checked against the sizes the states imply.
DirectionParams directionParams(ArrayRef<Tensor> params, size_t first, const StackOptions& o, bool hasProj,
                                int64_t inSize, int64_t hidden, int64_t hOut, ScalarType dtype) {
  const int64_t gates = rnn::gateCount(o.kind) * hidden;
  DirectionParams p;
  size_t i = first;
  p.w_ih = params[i++];
  p.w_hh = params[i++];
  if (o.hasBiases) {
    p.b_ih = params[i++];
    p.b_hh = params[i++];
  }
  if (hasProj) p.w_hr = params[i++];
  checkShape(p.w_ih, {gates, inSize}, "weight_ih");
  checkShape(p.w_hh, {gates, hOut}, "weight_hh");
  for (const Tensor* t : {&p.w_ih, &p.w_hh, &p.b_ih, &p.b_hh, &p.w_hr}) {
    if (t->defined()) checkDtype(*t, dtype);
  }
  if (o.hasBiases) {
    checkShape(p.b_ih, {gates}, "bias_ih");
    checkShape(p.b_hh, {gates}, "bias_hh");
  }
  if (hasProj) checkShape(p.w_hr, {hOut, hidden}, "weight_hr");
  return p;
}

// at::dropout(x, p, train=true) on the CPU: a Bernoulli(1 - p) mask scaled by 1 / (1 - p),
// drawn from the default generator in the same order as PyTorch draws it.
Tensor dropoutBetweenLayers(const Tensor& x, double p) {
  EMBER_CHECK(p >= 0 && p <= 1, "dropout probability has to be between 0 and 1, but got ", p);
  if (p == 1) return mul(x, zeros({}, x.dtype()));
  Tensor noise = empty_like(x);
  noise.bernoulli_(1 - p);
  noise.div_(1 - p);
  return mul(x, noise);
}

// Runs every layer over x [rows, in] in `layout`; h0 [L*D, B, hOut], c0 [L*D, B, H] (LSTM).
StackResult runStack(const StackOptions& o, const Tensor& x, const StepLayout& layout, const Tensor& h0,
                     const Tensor& c0, ArrayRef<Tensor> params) {
  const ScalarType dtype = x.dtype();
  EMBER_CHECK(dtype == kFloat || dtype == kDouble, "\"rnn\" not implemented for '", scalarTypeName(dtype), "'");
  const int64_t dirs = o.bidirectional ? 2 : 1;
  const bool isLstm = o.kind == CellKind::Lstm;
  EMBER_CHECK(h0.dim() == 3 && (!isLstm || c0.dim() == 3), "Expected hidden states of 3 dimensions, got ", h0.dim());
  const bool hasProj = isLstm && c0.size(2) != h0.size(2);
  const size_t stride = 2 + (o.hasBiases ? 2 : 0) + (hasProj ? 1 : 0);
  EMBER_CHECK(params.size() % stride == 0, "got an incorrect number of RNN parameters");
  EMBER_CHECK(o.numLayers > 0, "num_layers must be positive, got ", o.numLayers);
  EMBER_CHECK(h0.size(0) >= o.numLayers * dirs, "Expected more hidden states in stacked_rnn");
  EMBER_CHECK(static_cast<int64_t>(params.size() / stride) == o.numLayers * dirs,
              "got an incorrect number of RNN parameters");
  const int64_t batch = layout.batchSizes.empty() ? 0 : layout.batchSizes[0];
  const int64_t hOut = h0.size(2), hidden = isLstm ? c0.size(2) : hOut;
  checkShape(h0, {o.numLayers * dirs, batch, hOut}, "hidden");
  checkDtype(h0, dtype);
  if (isLstm) {
    checkShape(c0, {o.numLayers * dirs, batch, hidden}, "cell state");
    checkDtype(c0, dtype);
  }
  StackResult r;
  r.h = h0.contiguous().clone();
  if (isLstm) r.c = c0.contiguous().clone();
  Tensor layerInput = x;
  for (int64_t l = 0; l < o.numLayers; ++l) {
    Tensor out = empty({layout.rows, dirs * hOut}, dtype);
    for (int64_t d = 0; d < dirs; ++d) {
      const int64_t idx = l * dirs + d;
      DirectionParams p = directionParams(params, static_cast<size_t>(idx) * stride, o, hasProj,
                                          layerInput.size(1), hidden, hOut, dtype);
      Tensor h = r.h.select(0, idx);
      Tensor c = isLstm ? r.c.select(0, idx) : Tensor();
      rnn::runDirection(o.kind, p, layerInput, layout, d == 1, out, d * hOut, h, c);
    }
    if (o.dropout != 0 && o.train && l < o.numLayers - 1) out = dropoutBetweenLayers(out, o.dropout);
    layerInput = out;
  }
  r.out = layerInput;
  return r;
}

// [T, B, in] (or [B, T, in]) -> runs the stack -> output in the input's layout.
StackResult runDense(const StackOptions& o, const Tensor& input, const Tensor& h0, const Tensor& c0,
                     ArrayRef<Tensor> params, bool batchFirst) {
  Tensor in = batchFirst ? input.transpose(0, 1) : input;
  if (in.dim() == 2 && h0.dim() == 3) {
    // ATen runs a 2-D input as steps of 1-D inputs that broadcast against the hidden batch.
    in = in.unsqueeze(1).expand({in.size(0), h0.size(1), in.size(1)});
  }
  wrapDim(2, in.dim());  // PyTorch's IndexError for other ranks
  EMBER_CHECK(in.dim() == 3, "input must have 3 dimensions, got ", in.dim());
  const int64_t steps = in.size(0), batch = in.size(1);
  EMBER_CHECK(steps > 0, "Expected sequence length to be larger than 0 in RNN");
  Tensor x = in.contiguous().view({steps * batch, in.size(2)});
  StackResult r = runStack(o, x, rnn::denseLayout(steps, batch), h0, c0, params);
  r.out = r.out.view({steps, batch, r.out.size(1)});
  if (batchFirst) r.out = r.out.transpose(0, 1);
  return r;
}

StackResult runPacked(const StackOptions& o, const Tensor& data, const Tensor& batchSizes, const Tensor& h0,
                      const Tensor& c0, ArrayRef<Tensor> params) {
  EMBER_CHECK(data.dim() == 2, "packed data must have 2 dimensions, got ", data.dim());
  StepLayout layout = rnn::packedLayout(batchSizes, data.size(0));
  return runStack(o, data.contiguous(), layout, h0, c0, params);
}

StackOptions options(CellKind kind, bool hasBiases, int64_t numLayers, double dropout, bool train,
                     bool bidirectional) {
  return {kind, hasBiases, numLayers, dropout, train, bidirectional};
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor> lstm(const Tensor& input, ArrayRef<Tensor> hx, ArrayRef<Tensor> params,
                                        bool has_biases, int64_t num_layers, double dropout, bool train,
                                        bool bidirectional, bool batch_first) {
  EMBER_CHECK(hx.size() == 2, "lstm expects two hidden states");
  StackResult r = runDense(options(CellKind::Lstm, has_biases, num_layers, dropout, train, bidirectional), input,
                           hx[0], hx[1], params, batch_first);
  return {r.out, r.h, r.c};
}

std::tuple<Tensor, Tensor, Tensor> lstm(const Tensor& data, const Tensor& batch_sizes, ArrayRef<Tensor> hx,
                                        ArrayRef<Tensor> params, bool has_biases, int64_t num_layers, double dropout,
                                        bool train, bool bidirectional) {
  EMBER_CHECK(hx.size() == 2, "lstm expects two hidden states");
  StackResult r = runPacked(options(CellKind::Lstm, has_biases, num_layers, dropout, train, bidirectional), data,
                            batch_sizes, hx[0], hx[1], params);
  return {r.out, r.h, r.c};
}

#define EMBER_DEFINE_RNN_LAYER(name, kind)                                                                         \
  std::tuple<Tensor, Tensor> name(const Tensor& input, const Tensor& hx, ArrayRef<Tensor> params, bool has_biases, \
                                  int64_t num_layers, double dropout, bool train, bool bidirectional,              \
                                  bool batch_first) {                                                              \
    StackResult r = runDense(options(kind, has_biases, num_layers, dropout, train, bidirectional), input, hx, {},  \
                             params, batch_first);                                                                 \
    return {r.out, r.h};                                                                                           \
  }                                                                                                                \
  std::tuple<Tensor, Tensor> name(const Tensor& data, const Tensor& batch_sizes, const Tensor& hx,                 \
                                  ArrayRef<Tensor> params, bool has_biases, int64_t num_layers, double dropout,    \
                                  bool train, bool bidirectional) {                                                \
    StackResult r = runPacked(options(kind, has_biases, num_layers, dropout, train, bidirectional), data,          \
                              batch_sizes, hx, {}, params);                                                        \
    return {r.out, r.h};                                                                                           \
  }

EMBER_DEFINE_RNN_LAYER(gru, CellKind::Gru)
EMBER_DEFINE_RNN_LAYER(rnn_tanh, CellKind::Tanh)
EMBER_DEFINE_RNN_LAYER(rnn_relu, CellKind::Relu)
#undef EMBER_DEFINE_RNN_LAYER

}  // namespace ember
