// aten:: operators of torch.fft (fft_fft ... fft_ihfftn in their 1-D, 2-D and n-D forms with out=
// variants, fft_fftfreq / fft_rfftfreq, fft_fftshift / fft_ifftshift) with PyTorch 1.13's
// schemas, bound to the fft family (ember/tensor/ops/fft.h).
#include <optional>
#include <string>
#include <vector>

#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/fft.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

using Fft1Fn = Tensor (*)(const Tensor&, std::optional<int64_t>, int64_t, FftNormArg);
using FftNFn = Tensor (*)(const Tensor&, FftSizes, FftSizes, FftNormArg);

// (Tensor self, int? n=None, int dim=-1, str? norm=None[, *, Tensor(a!) out])
template <Fft1Fn F, bool kOut>
void fft1Op(Stack& s) {
  constexpr size_t n = kOut ? 5 : 4;
  IValue* a = args(s, n);
  Tensor r = F(tensorArg(a[0]), optIntArg(a[1]), intArg(a[2]), optStringArg(a[3]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[4]);
    fftWriteOut(out, r, "fft");
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}

// (Tensor self, int[1]? s, int[1]? dim (int[1] for the 2-D forms), str? norm=None[, out])
template <FftNFn F, bool kOut>
void fftNOp(Stack& s) {
  constexpr size_t n = kOut ? 5 : 4;
  IValue* a = args(s, n);
  std::optional<DimVector> sizes = optIntListArg(a[1]), dims = optIntListArg(a[2]);
  FftSizes sv = sizes ? FftSizes(IntArrayRef(*sizes)) : std::nullopt;
  FftSizes dv = dims ? FftSizes(IntArrayRef(*dims)) : std::nullopt;
  Tensor r = F(tensorArg(a[0]), sv, dv, optStringArg(a[3]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[4]);
    fftWriteOut(out, r, "fft");
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}

using FreqFn = Tensor (*)(int64_t, double, TensorOptions);

// (int n, float d=1., *, ScalarType? dtype, Layout? layout, Device? device, bool? pin_memory)
template <FreqFn F>
void freqOp(Stack& s) {
  IValue* a = args(s, 6);
  Tensor r = F(intArg(a[0]), doubleArg(a[1]), factoryOptions(a + 2));
  ret(s, 6, std::move(r));
}
// (int n, float d=1., *, Tensor(a!) out): computed in out's dtype.
template <FreqFn F>
void freqOutOp(Stack& s) {
  IValue* a = args(s, 3);
  Tensor out = tensorArg(a[2]);
  writeOut(out, F(intArg(a[0]), doubleArg(a[1]), TensorOptions(out.dtype())));
  ret(s, 3, std::move(out));
}

using ShiftFn = Tensor (*)(const Tensor&, FftSizes);
template <ShiftFn F>
void shiftOp(Stack& s) {
  IValue* a = args(s, 2);
  std::optional<DimVector> dims = optIntListArg(a[1]);
  Tensor r = F(tensorArg(a[0]), dims ? FftSizes(IntArrayRef(*dims)) : std::nullopt);
  ret(s, 2, std::move(r));
}

template <Fft1Fn F>
void add1(std::vector<Operator>& ops, const char* name) {
  const std::string q = std::string("aten::fft_") + name, sig = "(Tensor self, int? n=None, int dim=-1, str? norm=None";
  ops.emplace_back(q + sig + ") -> Tensor", fft1Op<F, false>);
  ops.emplace_back(q + ".out" + sig + ", *, Tensor(a!) out) -> Tensor(a!)", fft1Op<F, true>);
}

template <FftNFn F>
void addN(std::vector<Operator>& ops, const char* name) {
  const std::string q = std::string("aten::fft_") + name;
  const std::string sig2 = "2(Tensor self, int[1]? s=None, int[1] dim=[-2, -1], str? norm=None";
  const std::string sigN = "n(Tensor self, int[1]? s=None, int[1]? dim=None, str? norm=None";
  const std::string outTail = ", *, Tensor(a!) out) -> Tensor(a!)";
  ops.emplace_back(q + sig2 + ") -> Tensor", fftNOp<F, false>);
  ops.emplace_back(q + "2.out" + sig2.substr(1) + outTail, fftNOp<F, true>);
  ops.emplace_back(q + sigN + ") -> Tensor", fftNOp<F, false>);
  ops.emplace_back(q + "n.out" + sigN.substr(1) + outTail, fftNOp<F, true>);
}

std::vector<Operator> fftOperators() {
  std::vector<Operator> ops;
  add1<fft_fft>(ops, "fft");
  add1<fft_ifft>(ops, "ifft");
  add1<fft_rfft>(ops, "rfft");
  add1<fft_irfft>(ops, "irfft");
  add1<fft_hfft>(ops, "hfft");
  add1<fft_ihfft>(ops, "ihfft");
  addN<fft_fftn>(ops, "fft");
  addN<fft_ifftn>(ops, "ifft");
  addN<fft_rfftn>(ops, "rfft");
  addN<fft_irfftn>(ops, "irfft");
  addN<fft_hfftn>(ops, "hfft");
  addN<fft_ihfftn>(ops, "ihfft");
  const char* factory =
      ", *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? "
      "pin_memory=None) -> Tensor";
  ops.emplace_back(std::string("aten::fft_fftfreq(int n, float d=1.") + factory, freqOp<fft_fftfreq>);
  ops.emplace_back("aten::fft_fftfreq.out(int n, float d=1., *, Tensor(a!) out) -> Tensor(a!)", freqOutOp<fft_fftfreq>);
  ops.emplace_back(std::string("aten::fft_rfftfreq(int n, float d=1.") + factory, freqOp<fft_rfftfreq>);
  ops.emplace_back("aten::fft_rfftfreq.out(int n, float d=1., *, Tensor(a!) out) -> Tensor(a!)",
                   freqOutOp<fft_rfftfreq>);
  ops.emplace_back("aten::fft_fftshift(Tensor self, int[1]? dim=None) -> Tensor", shiftOp<fft_fftshift>);
  ops.emplace_back("aten::fft_ifftshift(Tensor self, int[1]? dim=None) -> Tensor", shiftOp<fft_ifftshift>);
  return ops;
}

RegisterOperators reg(fftOperators());

}  // namespace
}  // namespace ember::jit::aten
