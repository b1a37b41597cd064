// aten:: operators of the smaller NN families with PyTorch 1.13's schemas: embedding (and
// embedding_renorm_, what F.embedding's max_norm calls), embedding_bag and its underscore forms,
// dropout and its variants (in-place forms included), native_dropout, pixel_shuffle /
// pixel_unshuffle / channel_shuffle, cosine_similarity, pairwise_distance, frobenius_norm, and
// _softmax / _log_softmax.
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/nn_misc.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

void pushFour(Stack& s, size_t n, std::tuple<Tensor, Tensor, Tensor, Tensor> r) {
  dropArgs(s, n);
  s.emplace_back(std::move(std::get<0>(r)));
  s.emplace_back(std::move(std::get<1>(r)));
  s.emplace_back(std::move(std::get<2>(r)));
  s.emplace_back(std::move(std::get<3>(r)));
}

// ---- embedding ----
template <bool kOut>
void embeddingOp(Stack& s) {
  IValue* a = args(s, kOut ? 6 : 5);
  finishOut<5, kOut>(s, embedding(tensorArg(a[0]), tensorArg(a[1]), intArg(a[2]), boolArg(a[3]), boolArg(a[4])));
}
void embeddingRenormOp(Stack& s) {
  IValue* a = args(s, 4);
  Tensor self = tensorArg(a[0]);
  embedding_renorm_(self, tensorArg(a[1]), doubleArg(a[2]), doubleArg(a[3]));
  ret(s, 4, std::move(self));
}
// (weight, indices, offsets, scale_grad_by_freq, mode, sparse, per_sample_weights?,
//  include_last_offset[, padding_idx][, out0..out3]); kPadding: 0 none, 1 int, 2 int?.
template <int kPadding, bool kOut>
void embeddingBagOp(Stack& s) {
  constexpr size_t nIn = kPadding ? 9 : 8, n = nIn + (kOut ? 4 : 0);
  IValue* a = args(s, n);
  int64_t padding = -1;
  if constexpr (kPadding == 1) padding = intArg(a[8]);
  if constexpr (kPadding == 2) {
    // The public overload's padding_idx counts from the end when negative (-1 is the last row);
    // _embedding_bag's -1 means none.
    if (std::optional<int64_t> p = optIntArg(a[8])) {
      const int64_t rows = a[0].toTensor().size(0);  // tensorArg would move the weight out
      EMBER_CHECK(*p >= -rows && *p < rows, "padding_idx must be within the number of embeddings, ", -rows,
                  " through ", rows - 1, ", but got ", *p);
      padding = *p < 0 ? *p + rows : *p;
    }
  }
  auto r = _embedding_bag(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), boolArg(a[3]), intArg(a[4]),
                          boolArg(a[5]), optTensorUndefArg(a[6]), boolArg(a[7]), padding);
  if constexpr (kOut) {
    Tensor o[4] = {tensorArg(a[nIn]), tensorArg(a[nIn + 1]), tensorArg(a[nIn + 2]), tensorArg(a[nIn + 3])};
    writeOut(o[0], std::get<0>(r));
    writeOut(o[1], std::get<1>(r));
    writeOut(o[2], std::get<2>(r));
    writeOut(o[3], std::get<3>(r));
    r = {o[0], o[1], o[2], o[3]};
  }
  pushFour(s, n, std::move(r));
}

// ---- dropout ----
using DropoutFn = Tensor (*)(const Tensor&, double, bool);
using DropoutInplaceFn = Tensor& (*)(Tensor&, double, bool);
template <DropoutFn F>
void dropoutOp(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = F(tensorArg(a[0]), doubleArg(a[1]), boolArg(a[2]));
  ret(s, 3, std::move(r));
}
template <DropoutInplaceFn F>
void dropoutInplaceOp(Stack& s) {
  IValue* a = args(s, 3);
  Tensor self = tensorArg(a[0]);
  F(self, doubleArg(a[1]), boolArg(a[2]));
  ret(s, 3, std::move(self));
}
template <bool kOut>
void nativeDropoutOp(Stack& s) {
  constexpr size_t n = kOut ? 5 : 3;
  IValue* a = args(s, n);
  auto r = native_dropout(tensorArg(a[0]), doubleArg(a[1]), optBoolArg(a[2]));
  if constexpr (kOut) {
    ret2Out(s, n, tensorArg(a[3]), tensorArg(a[4]), std::move(r));
  } else {
    ret2(s, n, std::move(r));
  }
}

// ---- shuffles and softmax: (self, int[, out]) / (self, int, bool[, out]) ----
using IntFn = Tensor (*)(const Tensor&, int64_t);
template <IntFn F, bool kOut>
void intOp(Stack& s) {
  IValue* a = args(s, kOut ? 3 : 2);
  finishOut<2, kOut>(s, F(tensorArg(a[0]), intArg(a[1])));
}
using SoftmaxFn = Tensor (*)(const Tensor&, int64_t, bool);
template <SoftmaxFn F, bool kOut>
void softmaxOp(Stack& s) {
  IValue* a = args(s, kOut ? 4 : 3);
  finishOut<3, kOut>(s, F(tensorArg(a[0]), intArg(a[1]), boolArg(a[2])));
}

// ---- similarity and norms ----
void cosineOp(Stack& s) {
  IValue* a = args(s, 4);
  Tensor r = cosine_similarity(tensorArg(a[0]), tensorArg(a[1]), intArg(a[2]), doubleArg(a[3]));
  ret(s, 4, std::move(r));
}
void bilinearOp(Stack& s) {
  IValue* a = args(s, 4);
  Tensor r = bilinear(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), optTensorUndefArg(a[3]));
  ret(s, 4, std::move(r));
}
template <bool kOut>
void pdistOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  Tensor r = pdist(tensorArg(a[0]), doubleArg(a[1]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[2]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}
void pairwiseOp(Stack& s) {
  IValue* a = args(s, 5);
  Tensor r = pairwise_distance(tensorArg(a[0]), tensorArg(a[1]), doubleArg(a[2]), doubleArg(a[3]), boolArg(a[4]));
  ret(s, 5, std::move(r));
}
void frobeniusOp(Stack& s) {
  IValue* a = args(s, 1);
  Tensor r = frobenius_norm(tensorArg(a[0]));
  ret(s, 1, std::move(r));
}
template <bool kOut>
void frobeniusDimOp(Stack& s) {
  IValue* a = args(s, kOut ? 4 : 3);
  finishOut<3, kOut>(s, frobenius_norm(tensorArg(a[0]), intListArg(a[1]), boolArg(a[2])));
}

#define EMBER_OUT ", *, Tensor(a!) out) -> Tensor(a!)"
#define EMBER_BAG_ARGS                                                                                          \
  "(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq=False, int mode=0, bool sparse=False, " \
  "Tensor? per_sample_weights=None, bool include_last_offset=False"
#define EMBER_BAG_OUTS \
  ", *, Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) out2, Tensor(d!) out3) -> (Tensor(a!), Tensor(b!), Tensor(c!), Tensor(d!))"
#define EMBER_DROPOUT(name)                                                                       \
  {"aten::" #name "(Tensor input, float p, bool train) -> Tensor", dropoutOp<name>}, {            \
    "aten::" #name "_(Tensor(a!) self, float p, bool train) -> Tensor(a!)", dropoutInplaceOp<name##_> \
  }

RegisterOperators reg({
    {"aten::embedding(Tensor weight, Tensor indices, int padding_idx=-1, bool scale_grad_by_freq=False, bool "
     "sparse=False) -> Tensor",
     embeddingOp<false>},
    {"aten::embedding.out(Tensor weight, Tensor indices, int padding_idx=-1, bool scale_grad_by_freq=False, bool "
     "sparse=False" EMBER_OUT,
     embeddingOp<true>},
    {"aten::embedding_renorm_(Tensor(a!) self, Tensor indices, float max_norm, float norm_type) -> Tensor(a!)",
     embeddingRenormOp},
    {"aten::embedding_bag" EMBER_BAG_ARGS ") -> (Tensor, Tensor, Tensor, Tensor)", embeddingBagOp<0, false>},
    {"aten::embedding_bag.padding_idx(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq, int "
     "mode, bool sparse, Tensor? per_sample_weights, bool include_last_offset, int? padding_idx) -> (Tensor, Tensor, "
     "Tensor, Tensor)",
     embeddingBagOp<2, false>},
    {"aten::_embedding_bag" EMBER_BAG_ARGS ", int padding_idx=-1) -> (Tensor, Tensor, Tensor, Tensor)",
     embeddingBagOp<1, false>},
    {"aten::_embedding_bag.out" EMBER_BAG_ARGS ", int padding_idx=-1" EMBER_BAG_OUTS, embeddingBagOp<1, true>},
    {"aten::_embedding_bag_forward_only" EMBER_BAG_ARGS ", int padding_idx=-1) -> (Tensor, Tensor, Tensor, Tensor)",
     embeddingBagOp<1, false>},
    {"aten::_embedding_bag_forward_only.out" EMBER_BAG_ARGS ", int padding_idx=-1" EMBER_BAG_OUTS,
     embeddingBagOp<1, true>},
    EMBER_DROPOUT(dropout),
    EMBER_DROPOUT(feature_dropout),
    EMBER_DROPOUT(alpha_dropout),
    EMBER_DROPOUT(feature_alpha_dropout),
    {"aten::native_dropout(Tensor input, float p, bool? train) -> (Tensor, Tensor)", nativeDropoutOp<false>},
    {"aten::native_dropout.out(Tensor input, float p, bool? train, *, Tensor(a!) out0, Tensor(b!) out1) -> "
     "(Tensor(a!), Tensor(b!))",
     nativeDropoutOp<true>},
    {"aten::pixel_shuffle(Tensor self, int upscale_factor) -> Tensor", intOp<pixel_shuffle, false>},
    {"aten::pixel_shuffle.out(Tensor self, int upscale_factor" EMBER_OUT, intOp<pixel_shuffle, true>},
    {"aten::pixel_unshuffle(Tensor self, int downscale_factor) -> Tensor", intOp<pixel_unshuffle, false>},
    {"aten::pixel_unshuffle.out(Tensor self, int downscale_factor" EMBER_OUT, intOp<pixel_unshuffle, true>},
    {"aten::channel_shuffle(Tensor self, int groups) -> Tensor", intOp<channel_shuffle, false>},
    {"aten::channel_shuffle.out(Tensor self, int groups" EMBER_OUT, intOp<channel_shuffle, true>},
    {"aten::native_channel_shuffle(Tensor self, int groups) -> Tensor", intOp<channel_shuffle, false>},
    {"aten::cosine_similarity(Tensor x1, Tensor x2, int dim=1, float eps=1e-08) -> Tensor", cosineOp},
    {"aten::bilinear(Tensor input1, Tensor input2, Tensor weight, Tensor? bias=None) -> Tensor", bilinearOp},
    {"aten::pdist(Tensor self, float p=2.) -> Tensor", pdistOp<false>},
    {"aten::_pdist_forward(Tensor self, float p=2.) -> Tensor", pdistOp<false>},
    {"aten::_pdist_forward.out(Tensor self, float p=2., *, Tensor(a!) out) -> Tensor(a!)", pdistOp<true>},
    {"aten::pairwise_distance(Tensor x1, Tensor x2, float p=2., float eps=9.9999999999999995e-07, bool "
     "keepdim=False) -> Tensor",
     pairwiseOp},
    {"aten::frobenius_norm(Tensor self) -> Tensor", frobeniusOp},
    {"aten::frobenius_norm.dim(Tensor self, int[1] dim, bool keepdim=False) -> Tensor", frobeniusDimOp<false>},
    {"aten::frobenius_norm.out(Tensor self, int[1] dim, bool keepdim=False" EMBER_OUT, frobeniusDimOp<true>},
    {"aten::_softmax(Tensor self, int dim, bool half_to_float) -> Tensor", softmaxOp<_softmax, false>},
    {"aten::_softmax.out(Tensor self, int dim, bool half_to_float" EMBER_OUT, softmaxOp<_softmax, true>},
    {"aten::_log_softmax(Tensor self, int dim, bool half_to_float) -> Tensor", softmaxOp<_log_softmax, false>},
    {"aten::_log_softmax.out(Tensor self, int dim, bool half_to_float" EMBER_OUT, softmaxOp<_log_softmax, true>},
});

#undef EMBER_OUT
#undef EMBER_BAG_ARGS
#undef EMBER_BAG_OUTS
#undef EMBER_DROPOUT

}  // namespace
}  // namespace ember::jit::aten
