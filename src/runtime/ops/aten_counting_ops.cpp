// aten:: bindings of ember/tensor/ops/counting.h: the unique family, bincount, histc,
// histogram, searchsorted, bucketize, isin, mode, quantile / nanquantile, logcumsumexp, with
// PyTorch 1.13's schemas and their out= forms.
#include <array>

#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/counting.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// Replaces the n arguments by the K results; with kOut the results are written into the last K
// arguments (the out= tensors) and those are returned. kExact: out= must have the result's dtype
// (PyTorch's rule for most of these ops), else a dtype the result casts to.
template <size_t K, bool kOut, bool kExact = true>
void finishN(Stack& s, size_t n, std::array<Tensor, K> results) {
  if constexpr (kOut) {
    IValue* a = args(s, n);
    for (size_t k = 0; k < K; ++k) {
      Tensor out = tensorArg(a[n - K + k]);
      writeOut(out, results[k], kExact);
      results[k] = std::move(out);
    }
  }
  dropArgs(s, n);
  for (auto& r : results) s.emplace_back(std::move(r));
}
template <bool kOut, bool kExact = true>
void finish1(Stack& s, size_t n, Tensor r) {
  finishN<1, kOut, kExact>(s, n, {std::move(r)});
}
template <size_t K, bool kOut, bool kExact = true, typename Tuple>
void finishTuple(Stack& s, size_t n, Tuple&& t) {
  std::array<Tensor, K> arr;
  std::apply([&](auto&&... xs) {
    size_t i = 0;
    ((arr[i++] = std::move(xs)), ...);
  }, std::forward<Tuple>(t));
  finishN<K, kOut, kExact>(s, n, std::move(arr));
}

// ---- unique ----
template <bool kOut>
void unique2Op(Stack& s) {
  const size_t n = kOut ? 7 : 4;
  IValue* a = args(s, n);
  finishTuple<3, kOut, false>(s, n, _unique2(tensorArg(a[0]), boolArg(a[1]), boolArg(a[2]), boolArg(a[3])));
}
template <bool kOut>
void uniqueOp(Stack& s) {
  const size_t n = kOut ? 5 : 3;
  IValue* a = args(s, n);
  finishTuple<2, kOut, false>(s, n, _unique(tensorArg(a[0]), boolArg(a[1]), boolArg(a[2])));
}
template <bool kOut>
void uniqueDimOp(Stack& s) {
  const size_t n = kOut ? 8 : 5;
  IValue* a = args(s, n);
  finishTuple<3, kOut, false>(s, n,
                       unique_dim(tensorArg(a[0]), intArg(a[1]), boolArg(a[2]), boolArg(a[3]), boolArg(a[4])));
}
template <bool kOut>
void uniqueConsecutiveOp(Stack& s) {
  const size_t n = kOut ? 7 : 4;
  IValue* a = args(s, n);
  finishTuple<3, kOut, false>(s, n, unique_consecutive(tensorArg(a[0]), boolArg(a[1]), boolArg(a[2]), optIntArg(a[3])));
}
template <bool kOut>
void uniqueDimConsecutiveOp(Stack& s) {
  const size_t n = kOut ? 7 : 4;
  IValue* a = args(s, n);
  finishTuple<3, kOut, false>(s, n, unique_dim_consecutive(tensorArg(a[0]), intArg(a[1]), boolArg(a[2]), boolArg(a[3])));
}

// ---- histograms ----
template <bool kOut>
void bincountOp(Stack& s) {
  const size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  finish1<kOut, false>(s, n, bincount(tensorArg(a[0]), optTensorArg(a[1]), intArg(a[2])));
}
template <bool kOut>
void histcOp(Stack& s) {
  const size_t n = kOut ? 5 : 4;
  IValue* a = args(s, n);
  finish1<kOut>(s, n, histc(tensorArg(a[0]), intArg(a[1]), scalarArg(a[2]), scalarArg(a[3])));
}
// histogram.bins_tensor(self, Tensor bins, *, Tensor? weight, bool density)
template <bool kOut>
void histogramBinsOp(Stack& s) {
  const size_t n = kOut ? 6 : 4;
  IValue* a = args(s, n);
  finishTuple<2, kOut>(s, n, histogram(tensorArg(a[0]), tensorArg(a[1]), optTensorArg(a[2]), boolArg(a[3])));
}
// histogram.bin_ct(self, int bins, *, float[]? range, Tensor? weight, bool density)
template <bool kOut>
void histogramCountOp(Stack& s) {
  const size_t n = kOut ? 7 : 5;
  IValue* a = args(s, n);
  finishTuple<2, kOut>(
      s, n, histogram(tensorArg(a[0]), intArg(a[1]), optDoubleListArg(a[2]), optTensorArg(a[3]), boolArg(a[4])));
}

// histogramdd(self, bins, float[]? range, Tensor? weight, bool density) -> (Tensor, Tensor[]):
// bins an int list, one int for every dim (int_bins), or bin edge tensors (TensorList_bins).
enum BinsKind { kBinList, kBinInt, kBinTensors };
template <BinsKind K>
void histogramddOp(Stack& s) {
  IValue* a = args(s, 5);
  Tensor self = tensorArg(a[0]);
  const auto range = optDoubleListArg(a[2]);
  const auto weight = optTensorArg(a[3]);
  const bool density = boolArg(a[4]);
  std::tuple<Tensor, std::vector<Tensor>> r;
  if constexpr (K == kBinTensors) {
    EMBER_CHECK(!range, "torch.histogramdd: dimension 0's range is given together with bin edges");
    std::vector<Tensor> bins = tensorListArg(a[1]);
    r = histogramdd(self, ArrayRef<Tensor>(bins), weight, density);
  } else if constexpr (K == kBinInt) {
    const int64_t dims = self.dim() == 0 ? 0 : self.sizes()[self.dim() - 1];
    DimVector bins(static_cast<size_t>(dims), intArg(a[1]));
    r = histogramdd(self, bins, range, weight, density);
  } else {
    r = histogramdd(self, intListArg(a[1]), range, weight, density);
  }
  dropArgs(s, 5);
  s.emplace_back(std::move(std::get<0>(r)));
  const auto& edges = std::get<1>(r);
  s.emplace_back(makeTensorList(ArrayRef<Tensor>(edges.data(), edges.size())));
}

// ---- searching ----
void checkSearchOut(const IValue& out, bool int32) {
  const ScalarType dt = out.isTensor() && out.toTensor().defined() ? out.toTensor().dtype() : ScalarType::Undefined;
  EMBER_CHECK(dt == (int32 ? ScalarType::Int : ScalarType::Long),
              "torch.searchsorted(): output tensor's dtype is wrong, it can only be Int(int32) or Long(int64) "
              "depending on whether out_int32 flag is True, but we got output tensor's dtype ", dt,
              " and out_int32 flag is ", int32 ? "True" : "False");
}

// searchsorted.Tensor / .Scalar(sorted_sequence, self, *, out_int32, right, side, sorter)
template <bool kScalar, bool kOut>
void searchsortedOp(Stack& s) {
  const size_t n = kOut ? 7 : 6;
  IValue* a = args(s, n);
  Tensor seq = tensorArg(a[0]);
  const bool int32 = boolArg(a[2]), right = boolArg(a[3]);
  const auto side = optStringArg(a[4]);
  const auto sorter = optTensorArg(a[5]);
  // The Tensor overloads' out= must be int32/int64 as out_int32 says; the Scalar ones cast.
  if constexpr (kOut && !kScalar) checkSearchOut(a[n - 1], int32);
  Tensor r = kScalar ? searchsorted(seq, scalarArg(a[1]), int32, right, side, sorter)
                     : searchsorted(seq, tensorArg(a[1]), int32, right, side, sorter);
  finish1<kOut, !kScalar>(s, n, std::move(r));
}
// bucketize.Tensor / .Scalar(self, boundaries, *, out_int32, right)
template <bool kScalar, bool kOut>
void bucketizeOp(Stack& s) {
  const size_t n = kOut ? 5 : 4;
  IValue* a = args(s, n);
  Tensor boundaries = tensorArg(a[1]);
  if constexpr (kOut && !kScalar) checkSearchOut(a[n - 1], boolArg(a[2]));
  Tensor r = kScalar ? bucketize(scalarArg(a[0]), boundaries, boolArg(a[2]), boolArg(a[3]))
                     : bucketize(tensorArg(a[0]), boundaries, boolArg(a[2]), boolArg(a[3]));
  finish1<kOut, !kScalar>(s, n, std::move(r));
}
// isin.<Elements>_<Test>(elements, test, *, assume_unique, invert)
enum IsinKind { kTT, kTS, kST };
template <IsinKind K, bool kOut>
void isinOp(Stack& s) {
  const size_t n = kOut ? 5 : 4;
  IValue* a = args(s, n);
  const bool unique = boolArg(a[2]), invert = boolArg(a[3]);
  Tensor r;
  if constexpr (K == kTT) r = isin(tensorArg(a[0]), tensorArg(a[1]), unique, invert);
  else if constexpr (K == kTS) r = isin(tensorArg(a[0]), scalarArg(a[1]), unique, invert);
  else r = isin(scalarArg(a[0]), tensorArg(a[1]), unique, invert);
  finish1<kOut>(s, n, std::move(r));
}

// ---- ranks ----
template <bool kOut>
void modeOp(Stack& s) {
  const size_t n = kOut ? 5 : 3;
  IValue* a = args(s, n);
  finishTuple<2, kOut>(s, n, mode(tensorArg(a[0]), intArg(a[1]), boolArg(a[2])));
}
// quantile(self, q, int? dim, bool keepdim, *, str interpolation), q a Tensor or a float.
template <bool kNan, bool kScalarQ, bool kOut>
void quantileOp(Stack& s) {
  const size_t n = kOut ? 6 : 5;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  const auto dim = optIntArg(a[2]);
  const bool keepdim = boolArg(a[3]);
  const std::string_view interp = stringArg(a[4]);
  Tensor r;
  if constexpr (kScalarQ) {
    const double q = doubleArg(a[1]);
    r = kNan ? nanquantile(self, q, dim, keepdim, interp) : quantile(self, q, dim, keepdim, interp);
  } else {
    Tensor q = tensorArg(a[1]);
    r = kNan ? nanquantile(self, q, dim, keepdim, interp) : quantile(self, q, dim, keepdim, interp);
  }
  finish1<kOut>(s, n, std::move(r));
}
template <bool kOut>
void logcumsumexpOp(Stack& s) {
  const size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  finish1<kOut>(s, n, logcumsumexp(tensorArg(a[0]), intArg(a[1])));
}

#define EMBER_OUT1 ", *, Tensor(a!) out) -> Tensor(a!)"
#define EMBER_OUT1_KW ", Tensor(a!) out) -> Tensor(a!)"
#define EMBER_OUT3                                                                                           \
  ", *, Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) out2) -> (Tensor(a!), Tensor(b!), Tensor(c!))"
#define EMBER_QUANTILE(name, fn)                                                                               \
  {"aten::" name "(Tensor self, Tensor q, int? dim=None, bool keepdim=False, *, str interpolation=\"linear\") " \
   "-> Tensor",                                                                                               \
   quantileOp<fn, false, false>},                                                                            \
      {"aten::" name ".scalar(Tensor self, float q, int? dim=None, bool keepdim=False, *, str "               \
       "interpolation=\"linear\") -> Tensor",                                                                 \
       quantileOp<fn, true, false>},                                                                         \
      {"aten::" name ".out(Tensor self, Tensor q, int? dim=None, bool keepdim=False, *, str "                 \
       "interpolation=\"linear\"" EMBER_OUT1_KW,                                                              \
       quantileOp<fn, false, true>},                                                                         \
  {                                                                                                          \
    "aten::" name ".scalar_out(Tensor self, float q, int? dim=None, bool keepdim=False, *, str "              \
                  "interpolation=\"linear\"" EMBER_OUT1_KW,                                                   \
        quantileOp<fn, true, true>                                                                           \
  }

RegisterOperators reg({
    {"aten::_unique2(Tensor self, bool sorted=True, bool return_inverse=False, bool return_counts=False) -> "
     "(Tensor, Tensor, Tensor)",
     unique2Op<false>},
    {"aten::_unique2.out(Tensor self, bool sorted=True, bool return_inverse=False, bool return_counts=False" EMBER_OUT3,
     unique2Op<true>},
    {"aten::_unique(Tensor self, bool sorted=True, bool return_inverse=False) -> (Tensor, Tensor)", uniqueOp<false>},
    {"aten::_unique.out(Tensor self, bool sorted=True, bool return_inverse=False, *, Tensor(a!) out0, Tensor(b!) "
     "out1) -> (Tensor(a!), Tensor(b!))",
     uniqueOp<true>},
    {"aten::unique_dim(Tensor self, int dim, bool sorted=True, bool return_inverse=False, bool return_counts=False) "
     "-> (Tensor, Tensor, Tensor)",
     uniqueDimOp<false>},
    {"aten::unique_dim.out(Tensor self, int dim, bool sorted=True, bool return_inverse=False, bool "
     "return_counts=False" EMBER_OUT3,
     uniqueDimOp<true>},
    {"aten::unique_consecutive(Tensor self, bool return_inverse=False, bool return_counts=False, int? dim=None) -> "
     "(Tensor, Tensor, Tensor)",
     uniqueConsecutiveOp<false>},
    {"aten::unique_consecutive.out(Tensor self, bool return_inverse=False, bool return_counts=False, int? "
     "dim=None" EMBER_OUT3,
     uniqueConsecutiveOp<true>},
    {"aten::unique_dim_consecutive(Tensor self, int dim, bool return_inverse=False, bool return_counts=False) -> "
     "(Tensor, Tensor, Tensor)",
     uniqueDimConsecutiveOp<false>},
    {"aten::unique_dim_consecutive.out(Tensor self, int dim, bool return_inverse=False, bool "
     "return_counts=False" EMBER_OUT3,
     uniqueDimConsecutiveOp<true>},
    {"aten::bincount(Tensor self, Tensor? weights=None, int minlength=0) -> Tensor", bincountOp<false>},
    {"aten::bincount.out(Tensor self, Tensor? weights=None, int minlength=0" EMBER_OUT1, bincountOp<true>},
    {"aten::histc(Tensor self, int bins=100, Scalar min=0, Scalar max=0) -> Tensor", histcOp<false>},
    {"aten::histc.out(Tensor self, int bins=100, Scalar min=0, Scalar max=0" EMBER_OUT1, histcOp<true>},
    {"aten::histogram.bins_tensor(Tensor self, Tensor bins, *, Tensor? weight=None, bool density=False) -> (Tensor "
     "hist, Tensor bin_edges)",
     histogramBinsOp<false>},
    {"aten::histogram.bins_tensor_out(Tensor self, Tensor bins, *, Tensor? weight=None, bool density=False, "
     "Tensor(a!) hist, Tensor(b!) bin_edges) -> (Tensor(a!) hist, Tensor(b!) bin_edges)",
     histogramBinsOp<true>},
    {"aten::histogram.bin_ct(Tensor self, int bins=100, *, float[]? range=None, Tensor? weight=None, bool "
     "density=False) -> (Tensor hist, Tensor bin_edges)",
     histogramCountOp<false>},
    {"aten::histogram.bin_ct_out(Tensor self, int bins=100, *, float[]? range=None, Tensor? weight=None, bool "
     "density=False, Tensor(a!) hist, Tensor(b!) bin_edges) -> (Tensor(a!) hist, Tensor(b!) bin_edges)",
     histogramCountOp<true>},
    {"aten::histogramdd(Tensor self, int[] bins, float[]? range=None, Tensor? weight=None, bool density=False) -> "
     "(Tensor hist, Tensor[] bin_edges)",
     histogramddOp<kBinList>},
    {"aten::histogramdd.int_bins(Tensor self, int bins, float[]? range=None, Tensor? weight=None, bool "
     "density=False) -> (Tensor hist, Tensor[] bin_edges)",
     histogramddOp<kBinInt>},
    {"aten::histogramdd.TensorList_bins(Tensor self, Tensor[] bins, float[]? range=None, Tensor? weight=None, bool "
     "density=False) -> (Tensor hist, Tensor[] bin_edges)",
     histogramddOp<kBinTensors>},
    {"aten::searchsorted.Tensor(Tensor sorted_sequence, Tensor self, *, bool out_int32=False, bool right=False, "
     "str? side=None, Tensor? sorter=None) -> Tensor",
     searchsortedOp<false, false>},
    {"aten::searchsorted.Tensor_out(Tensor sorted_sequence, Tensor self, *, bool out_int32=False, bool "
     "right=False, str? side=None, Tensor? sorter=None" EMBER_OUT1_KW,
     searchsortedOp<false, true>},
    {"aten::searchsorted.Scalar(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, bool right=False, "
     "str? side=None, Tensor? sorter=None) -> Tensor",
     searchsortedOp<true, false>},
    {"aten::searchsorted.Scalar_out(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, bool "
     "right=False, str? side=None, Tensor? sorter=None" EMBER_OUT1_KW,
     searchsortedOp<true, true>},
    {"aten::bucketize.Tensor(Tensor self, Tensor boundaries, *, bool out_int32=False, bool right=False) -> Tensor",
     bucketizeOp<false, false>},
    {"aten::bucketize.Tensor_out(Tensor self, Tensor boundaries, *, bool out_int32=False, bool "
     "right=False" EMBER_OUT1_KW,
     bucketizeOp<false, true>},
    {"aten::bucketize.Scalar(Scalar self, Tensor boundaries, *, bool out_int32=False, bool right=False) -> Tensor",
     bucketizeOp<true, false>},
    {"aten::bucketize.Scalar_out(Scalar self, Tensor boundaries, *, bool out_int32=False, bool "
     "right=False" EMBER_OUT1_KW,
     bucketizeOp<true, true>},
    {"aten::isin.Tensor_Tensor(Tensor elements, Tensor test_elements, *, bool assume_unique=False, bool "
     "invert=False) -> Tensor",
     isinOp<kTT, false>},
    {"aten::isin.Tensor_Tensor_out(Tensor elements, Tensor test_elements, *, bool assume_unique=False, bool "
     "invert=False" EMBER_OUT1_KW,
     isinOp<kTT, true>},
    {"aten::isin.Tensor_Scalar(Tensor elements, Scalar test_element, *, bool assume_unique=False, bool "
     "invert=False) -> Tensor",
     isinOp<kTS, false>},
    {"aten::isin.Tensor_Scalar_out(Tensor elements, Scalar test_element, *, bool assume_unique=False, bool "
     "invert=False" EMBER_OUT1_KW,
     isinOp<kTS, true>},
    {"aten::isin.Scalar_Tensor(Scalar element, Tensor test_elements, *, bool assume_unique=False, bool "
     "invert=False) -> Tensor",
     isinOp<kST, false>},
    {"aten::isin.Scalar_Tensor_out(Scalar element, Tensor test_elements, *, bool assume_unique=False, bool "
     "invert=False" EMBER_OUT1_KW,
     isinOp<kST, true>},
    {"aten::mode(Tensor self, int dim=-1, bool keepdim=False) -> (Tensor values, Tensor indices)", modeOp<false>},
    {"aten::mode.values(Tensor self, int dim=-1, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> "
     "(Tensor(a!) values, Tensor(b!) indices)",
     modeOp<true>},
    EMBER_QUANTILE("quantile", false),
    EMBER_QUANTILE("nanquantile", true),
    {"aten::logcumsumexp(Tensor self, int dim) -> Tensor", logcumsumexpOp<false>},
    {"aten::logcumsumexp.out(Tensor self, int dim" EMBER_OUT1, logcumsumexpOp<true>},
    {"aten::_logcumsumexp(Tensor self, int dim) -> Tensor", logcumsumexpOp<false>},
    {"aten::_logcumsumexp.out(Tensor self, int dim" EMBER_OUT1, logcumsumexpOp<true>},
});

#undef EMBER_QUANTILE
#undef EMBER_OUT3
#undef EMBER_OUT1_KW
#undef EMBER_OUT1

}  // namespace
}  // namespace ember::jit::aten
