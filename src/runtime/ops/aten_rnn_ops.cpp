// aten:: recurrent-network operators (lstm, gru, rnn_tanh, rnn_relu in their `.input` and `.data`
// overloads, the four cells, and the packing of padded sequences) with PyTorch 1.13's schemas,
// bound to the rnn family of the tensor library.
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/rnn.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

void ret3(Stack& s, size_t n, std::tuple<Tensor, Tensor, Tensor> r) {
  dropArgs(s, n);
  s.emplace_back(std::move(std::get<0>(r)));
  s.emplace_back(std::move(std::get<1>(r)));
  s.emplace_back(std::move(std::get<2>(r)));
}

// (Tensor input, Tensor[] hx, Tensor[] params, bool has_biases, int num_layers, float dropout,
//  bool train, bool bidirectional, bool batch_first) -> (Tensor, Tensor, Tensor)
void lstmInput(Stack& s) {
  IValue* a = args(s, 9);
  std::vector<Tensor> hx = tensorListArg(a[1]), params = tensorListArg(a[2]);
  auto r = lstm(tensorArg(a[0]), hx, params, boolArg(a[3]), intArg(a[4]), doubleArg(a[5]), boolArg(a[6]),
                boolArg(a[7]), boolArg(a[8]));
  ret3(s, 9, std::move(r));
}
// (Tensor data, Tensor batch_sizes, Tensor[] hx, Tensor[] params, bool has_biases, int num_layers,
//  float dropout, bool train, bool bidirectional) -> (Tensor, Tensor, Tensor)
void lstmData(Stack& s) {
  IValue* a = args(s, 9);
  std::vector<Tensor> hx = tensorListArg(a[2]), params = tensorListArg(a[3]);
  auto r = lstm(tensorArg(a[0]), tensorArg(a[1]), hx, params, boolArg(a[4]), intArg(a[5]), doubleArg(a[6]),
                boolArg(a[7]), boolArg(a[8]));
  ret3(s, 9, std::move(r));
}

using DenseLayer = std::tuple<Tensor, Tensor> (*)(const Tensor&, const Tensor&, ArrayRef<Tensor>, bool, int64_t,
                                                  double, bool, bool, bool);
using PackedLayer = std::tuple<Tensor, Tensor> (*)(const Tensor&, const Tensor&, const Tensor&, ArrayRef<Tensor>,
                                                   bool, int64_t, double, bool, bool);

// (Tensor input, Tensor hx, Tensor[] params, bool has_biases, int num_layers, float dropout,
//  bool train, bool bidirectional, bool batch_first) -> (Tensor, Tensor)
template <DenseLayer F>
void layerInput(Stack& s) {
  IValue* a = args(s, 9);
  std::vector<Tensor> params = tensorListArg(a[2]);
  auto r = F(tensorArg(a[0]), tensorArg(a[1]), params, boolArg(a[3]), intArg(a[4]), doubleArg(a[5]), boolArg(a[6]),
             boolArg(a[7]), boolArg(a[8]));
  ret2(s, 9, std::move(r));
}
// (Tensor data, Tensor batch_sizes, Tensor hx, Tensor[] params, bool has_biases, int num_layers,
//  float dropout, bool train, bool bidirectional) -> (Tensor, Tensor)
template <PackedLayer F>
void layerData(Stack& s) {
  IValue* a = args(s, 9);
  std::vector<Tensor> params = tensorListArg(a[3]);
  auto r = F(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), params, boolArg(a[4]), intArg(a[5]), doubleArg(a[6]),
             boolArg(a[7]), boolArg(a[8]));
  ret2(s, 9, std::move(r));
}

// (Tensor input, Tensor[] hx, Tensor w_ih, Tensor w_hh, Tensor? b_ih=None, Tensor? b_hh=None)
void lstmCellOp(Stack& s) {
  IValue* a = args(s, 6);
  std::vector<Tensor> hx = tensorListArg(a[1]);
  auto r = lstm_cell(tensorArg(a[0]), hx, tensorArg(a[2]), tensorArg(a[3]), optTensorUndefArg(a[4]),
                     optTensorUndefArg(a[5]));
  ret2(s, 6, std::move(r));
}

using CellFn = Tensor (*)(const Tensor&, const Tensor&, const Tensor&, const Tensor&, const Tensor&, const Tensor&);
// (Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh, Tensor? b_ih=None, Tensor? b_hh=None) -> Tensor
template <CellFn F>
void cellOp(Stack& s) {
  IValue* a = args(s, 6);
  Tensor r = F(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), tensorArg(a[3]), optTensorUndefArg(a[4]),
               optTensorUndefArg(a[5]));
  ret(s, 6, std::move(r));
}

void packPadded(Stack& s) {
  IValue* a = args(s, 3);
  auto r = _pack_padded_sequence(tensorArg(a[0]), tensorArg(a[1]), boolArg(a[2]));
  ret2(s, 3, std::move(r));
}
void packPaddedOut(Stack& s) {
  IValue* a = args(s, 5);
  Tensor out0 = tensorArg(a[3]), out1 = tensorArg(a[4]);
  ret2Out(s, 5, out0, out1, _pack_padded_sequence(tensorArg(a[0]), tensorArg(a[1]), boolArg(a[2])));
}
void padPacked(Stack& s) {
  IValue* a = args(s, 5);
  auto r = _pad_packed_sequence(tensorArg(a[0]), tensorArg(a[1]), boolArg(a[2]), scalarArg(a[3]), intArg(a[4]));
  ret2(s, 5, std::move(r));
}

#define EMBER_RNN_SCHEMAS(name)                                                                                    \
  {"aten::" #name                                                                                                  \
   ".input(Tensor input, Tensor hx, Tensor[] params, bool has_biases, int num_layers, float dropout, bool train, " \
   "bool bidirectional, bool batch_first) -> (Tensor, Tensor)",                                                    \
   layerInput<static_cast<DenseLayer>(name)>},                                                                     \
      {"aten::" #name                                                                                              \
       ".data(Tensor data, Tensor batch_sizes, Tensor hx, Tensor[] params, bool has_biases, int num_layers, float " \
       "dropout, bool train, bool bidirectional) -> (Tensor, Tensor)",                                             \
       layerData<static_cast<PackedLayer>(name)>},                                                                 \
      {"aten::" #name                                                                                              \
       "_cell(Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh, Tensor? b_ih=None, Tensor? b_hh=None) -> Tensor", \
       cellOp<name##_cell>},

RegisterOperators reg({
    {"aten::lstm.input(Tensor input, Tensor[] hx, Tensor[] params, bool has_biases, int num_layers, float dropout, "
     "bool train, bool bidirectional, bool batch_first) -> (Tensor, Tensor, Tensor)",
     lstmInput},
    {"aten::lstm.data(Tensor data, Tensor batch_sizes, Tensor[] hx, Tensor[] params, bool has_biases, int "
     "num_layers, float dropout, bool train, bool bidirectional) -> (Tensor, Tensor, Tensor)",
     lstmData},
    {"aten::lstm_cell(Tensor input, Tensor[] hx, Tensor w_ih, Tensor w_hh, Tensor? b_ih=None, Tensor? b_hh=None) -> "
     "(Tensor, Tensor)",
     lstmCellOp},
    EMBER_RNN_SCHEMAS(gru) EMBER_RNN_SCHEMAS(rnn_tanh) EMBER_RNN_SCHEMAS(rnn_relu)
    {"aten::_pack_padded_sequence(Tensor input, Tensor lengths, bool batch_first) -> (Tensor, Tensor)", packPadded},
    {"aten::_pack_padded_sequence.out(Tensor input, Tensor lengths, bool batch_first, *, Tensor(a!) out0, Tensor(b!) "
     "out1) -> (Tensor(a!), Tensor(b!))",
     packPaddedOut},
    {"aten::_pad_packed_sequence(Tensor data, Tensor batch_sizes, bool batch_first, Scalar padding_value, int "
     "total_length) -> (Tensor, Tensor)",
     padPacked},
});
#undef EMBER_RNN_SCHEMAS

}  // namespace
}  // namespace ember::jit::aten
