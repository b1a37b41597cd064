// The single-step recurrent cells (lstm_cell, gru_cell, rnn_tanh_cell, rnn_relu_cell), composed
// from tensor ops in the order ATen's CPU cells use, so that results round the same way. The
// layer ops (rnn_layers.cpp) run their own fused step loop instead.
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/rnn.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/unary.h"

namespace ember {
namespace {

// Wording of ATen's check_rnn_cell_forward_input / _hidden: users see it from nn.*Cell.
void checkInput(const Tensor& input, const Tensor& w_ih) {
  EMBER_CHECK(input.size(1) == w_ih.size(1), "input has inconsistent input_size: got ", input.size(1), " expected ",
              w_ih.size(1));
}

void checkHidden(const Tensor& input, const Tensor& hx, int64_t hiddenSize, int label) {
  EMBER_CHECK(input.size(0) == hx.size(0), "Input batch size ", input.size(0), " doesn't match hidden", label,
              " batch size ", hx.size(0));
  EMBER_CHECK(hx.size(1) == hiddenSize, "hidden", label, " has inconsistent hidden_size: got ", hx.size(1),
              ", expected ", hiddenSize);
}

// The gate layout the cell splits its products into: w_ih [G*H, in], w_hh [G*H, H], biases
// [G*H]. (Checked after PyTorch's own input and hidden checks, so theirs come first.)
void checkWeights(const Tensor& w_ih, const Tensor& w_hh, const Tensor& b_ih, const Tensor& b_hh, int64_t gates) {
  EMBER_CHECK(w_ih.dim() == 2 && w_hh.dim() == 2, "expected 2-D weights, got ", w_ih.dim(), "-D and ", w_hh.dim(),
              "-D");
  const int64_t rows = gates * w_hh.size(1);
  EMBER_CHECK(w_ih.size(0) == rows && w_hh.size(0) == rows, "expected weights with ", rows, " rows (", gates,
              " gates of hidden size ", w_hh.size(1), "), got ", w_ih.size(0), " and ", w_hh.size(0));
  for (const Tensor* b : {&b_ih, &b_hh}) {
    EMBER_CHECK(!b->defined() || (b->dim() == 1 && b->size(0) == rows), "expected biases of size [", rows, "]");
  }
}

// Simple cells: nonlinearity((h W_hh^T + b_hh) + (x W_ih^T + b_ih)).
Tensor simpleGates(const Tensor& input, const Tensor& hx, const Tensor& w_ih, const Tensor& w_hh, const Tensor& b_ih,
                   const Tensor& b_hh) {
  checkInput(input, w_ih);
  checkHidden(input, hx, w_hh.size(1), 0);
  checkWeights(w_ih, w_hh, b_ih, b_hh, 1);
  Tensor gates = linear(hx, w_hh, b_hh);
  gates.add_(linear(input, w_ih, b_ih));
  return gates;
}

}  // namespace

std::tuple<Tensor, Tensor> lstm_cell(const Tensor& input, ArrayRef<Tensor> hx, const Tensor& w_ih, const Tensor& w_hh,
                                     const Tensor& b_ih, const Tensor& b_hh) {
  EMBER_CHECK(hx.size() == 2, "lstm_cell expects two hidden states");
  checkInput(input, w_ih);
  const int64_t hiddenSize = w_hh.size(1);
  checkHidden(input, hx[0], hiddenSize, 0);
  checkHidden(input, hx[1], hiddenSize, 0);
  checkWeights(w_ih, w_hh, b_ih, b_hh, 4);
  Tensor gates = linear(hx[0], w_hh, b_hh);
  gates.add_(linear(input, w_ih, b_ih));
  std::vector<Tensor> g = chunk(gates, 4, 1);
  Tensor ingate = g[0].sigmoid_();
  Tensor forgetgate = g[1].sigmoid_();
  Tensor cellgate = g[2].tanh_();
  Tensor outgate = g[3].sigmoid_();
  Tensor cy = mul(forgetgate, hx[1]);
  cy.add_(mul(ingate, cellgate));
  Tensor hy = mul(outgate, tanh(cy));
  return {hy, cy};
}

Tensor gru_cell(const Tensor& input, const Tensor& hx, const Tensor& w_ih, const Tensor& w_hh, const Tensor& b_ih,
                const Tensor& b_hh) {
  checkInput(input, w_ih);
  checkHidden(input, hx, w_hh.size(1), 0);
  checkWeights(w_ih, w_hh, b_ih, b_hh, 3);
  std::vector<Tensor> ig = chunk(linear(input, w_ih, b_ih), 3, 1);
  std::vector<Tensor> hg = chunk(linear(hx, w_hh, b_hh), 3, 1);
  Tensor resetgate = hg[0].add_(ig[0]).sigmoid_();
  Tensor inputgate = hg[1].add_(ig[1]).sigmoid_();
  Tensor newgate = add(ig[2], hg[2].mul_(resetgate)).tanh_();
  return sub(hx, newgate).mul_(inputgate).add_(newgate);
}

Tensor rnn_tanh_cell(const Tensor& input, const Tensor& hx, const Tensor& w_ih, const Tensor& w_hh, const Tensor& b_ih,
                     const Tensor& b_hh) {
  return simpleGates(input, hx, w_ih, w_hh, b_ih, b_hh).tanh_();
}

Tensor rnn_relu_cell(const Tensor& input, const Tensor& hx, const Tensor& w_ih, const Tensor& w_hh, const Tensor& b_ih,
                     const Tensor& b_hh) {
  Tensor gates = simpleGates(input, hx, w_ih, w_hh, b_ih, b_hh);
  return relu_(gates);
}

}  // namespace ember
