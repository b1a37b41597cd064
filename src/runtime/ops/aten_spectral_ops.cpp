// aten:: spectral operators (stft in both overloads, istft, view_as_real, view_as_complex) with
// PyTorch 1.13's schemas, bound to the spectral family. torchaudio's Spectrogram and
// MelSpectrogram graphs call aten::stft(..., return_complex=True) and then aten::abs on the
// complex result, which the unary family hands to complexAbs.
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/spectral.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// (Tensor self, int n_fft, int? hop_length=None, int? win_length=None, Tensor? window=None,
//  bool normalized=False, bool? onesided=None, bool? return_complex=None) -> Tensor
void stftOp(Stack& s) {
  IValue* a = args(s, 8);
  Tensor r = stft(tensorArg(a[0]), intArg(a[1]), optIntArg(a[2]), optIntArg(a[3]), optTensorUndefArg(a[4]),
                  boolArg(a[5]), optBoolArg(a[6]), optBoolArg(a[7]));
  ret(s, 8, std::move(r));
}

// (..., Tensor? window=None, bool center=True, str pad_mode="reflect", bool normalized=False,
//  bool? onesided=None, bool? return_complex=None) -> Tensor
void stftCenterOp(Stack& s) {
  IValue* a = args(s, 10);
  Tensor r = stft(tensorArg(a[0]), intArg(a[1]), optIntArg(a[2]), optIntArg(a[3]), optTensorUndefArg(a[4]),
                  boolArg(a[5]), stringArg(a[6]), boolArg(a[7]), optBoolArg(a[8]), optBoolArg(a[9]));
  ret(s, 10, std::move(r));
}

// (Tensor self, int n_fft, int? hop_length=None, int? win_length=None, Tensor? window=None,
//  bool center=True, bool normalized=False, bool? onesided=None, int? length=None,
//  bool return_complex=False) -> Tensor
void istftOp(Stack& s) {
  IValue* a = args(s, 10);
  Tensor r = istft(tensorArg(a[0]), intArg(a[1]), optIntArg(a[2]), optIntArg(a[3]), optTensorUndefArg(a[4]),
                   boolArg(a[5]), boolArg(a[6]), optBoolArg(a[7]), optIntArg(a[8]), boolArg(a[9]));
  ret(s, 10, std::move(r));
}

RegisterOperators reg({
    {"aten::stft(Tensor self, int n_fft, int? hop_length=None, int? win_length=None, Tensor? window=None, bool "
     "normalized=False, bool? onesided=None, bool? return_complex=None) -> Tensor",
     stftOp},
    {"aten::stft.center(Tensor self, int n_fft, int? hop_length=None, int? win_length=None, Tensor? window=None, bool "
     "center=True, str pad_mode=\"reflect\", bool normalized=False, bool? onesided=None, bool? return_complex=None) "
     "-> Tensor",
     stftCenterOp},
    {"aten::istft(Tensor self, int n_fft, int? hop_length=None, int? win_length=None, Tensor? window=None, bool "
     "center=True, bool normalized=False, bool? onesided=None, int? length=None, bool return_complex=False) -> Tensor",
     istftOp},
    {"aten::view_as_real(Tensor(a) self) -> Tensor(a)", unaryOp<view_as_real>},
    {"aten::view_as_complex(Tensor(a) self) -> Tensor(a)", unaryOp<view_as_complex>},
});

}  // namespace
}  // namespace ember::jit::aten
