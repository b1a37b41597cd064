// torch.hann_window, hamming_window, blackman_window, bartlett_window and kaiser_window with
// PyTorch 1.13's schemas, the out= forms included (they compute in the out tensor's dtype).
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/windows.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// The window's own arguments (length, periodic, and the float parameters), with defaults.
struct WindowArgs {
  int64_t length = 0;
  bool periodic = true;
  double p1 = 0, p2 = 0;
};

enum class Window { Hann, Hamming, Blackman, Bartlett, Kaiser };

Tensor makeWindow(Window kind, const WindowArgs& a, int nParams, TensorOptions options) {
  switch (kind) {
    case Window::Hann: return hann_window(a.length, a.periodic, options);
    case Window::Hamming:
      return hamming_window(a.length, a.periodic, nParams >= 1 ? a.p1 : 0.54, nParams >= 2 ? a.p2 : 0.46, options);
    case Window::Blackman: return blackman_window(a.length, a.periodic, options);
    case Window::Bartlett: return bartlett_window(a.length, a.periodic, options);
    case Window::Kaiser: return kaiser_window(a.length, a.periodic, nParams >= 1 ? a.p1 : 12.0, options);
  }
  return Tensor();
}

// (length[, periodic[, p1[, p2]]], then either the four factory options or `out`).
template <Window kKind, bool kPeriodic, int kParams, bool kOut>
void windowOp(Stack& s) {
  constexpr size_t nOwn = 1 + (kPeriodic ? 1 : 0) + kParams;
  constexpr size_t n = nOwn + (kOut ? 1 : 4);
  IValue* a = args(s, n);
  WindowArgs w;
  w.length = intArg(a[0]);
  if (kPeriodic) w.periodic = boolArg(a[1]);
  if (kParams >= 1) w.p1 = doubleArg(a[kPeriodic ? 2 : 1]);
  if (kParams >= 2) w.p2 = doubleArg(a[kPeriodic ? 3 : 2]);
  if constexpr (kOut) {
    Tensor out = tensorArg(a[nOwn]);
    Tensor r = makeWindow(kKind, w, kParams, TensorOptions(out.scalar_type()));
    writeOut(out, r);
    ret(s, n, std::move(out));
  } else {
    ret(s, n, makeWindow(kKind, w, kParams, factoryOptions(a + nOwn)));
  }
}

#define EMBER_FACTORY_TAIL "*, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor"
#define EMBER_OUT_TAIL "*, Tensor(a!) out) -> Tensor(a!)"

// The four schemas every window has: plain, periodic, and their out= forms.
#define EMBER_WINDOW_OPS(name, kind)                                                                          \
  {"aten::" name "(int window_length, " EMBER_FACTORY_TAIL, windowOp<kind, false, 0, false>},                 \
      {"aten::" name ".periodic(int window_length, bool periodic, " EMBER_FACTORY_TAIL,                       \
       windowOp<kind, true, 0, false>},                                                                        \
      {"aten::" name ".out(int window_length, " EMBER_OUT_TAIL, windowOp<kind, false, 0, true>},             \
      {"aten::" name ".periodic_out(int window_length, bool periodic, " EMBER_OUT_TAIL, windowOp<kind, true, 0, true>}

RegisterOperators reg({
    EMBER_WINDOW_OPS("hann_window", Window::Hann),
    EMBER_WINDOW_OPS("hamming_window", Window::Hamming),
    EMBER_WINDOW_OPS("blackman_window", Window::Blackman),
    EMBER_WINDOW_OPS("bartlett_window", Window::Bartlett),
    EMBER_WINDOW_OPS("kaiser_window", Window::Kaiser),
    {"aten::hamming_window.periodic_alpha(int window_length, bool periodic, float alpha, " EMBER_FACTORY_TAIL,
     windowOp<Window::Hamming, true, 1, false>},
    {"aten::hamming_window.periodic_alpha_beta(int window_length, bool periodic, float alpha, float beta, "
     EMBER_FACTORY_TAIL,
     windowOp<Window::Hamming, true, 2, false>},
    {"aten::hamming_window.periodic_alpha_out(int window_length, bool periodic, float alpha, " EMBER_OUT_TAIL,
     windowOp<Window::Hamming, true, 1, true>},
    {"aten::hamming_window.periodic_alpha_beta_out(int window_length, bool periodic, float alpha, float beta, "
     EMBER_OUT_TAIL,
     windowOp<Window::Hamming, true, 2, true>},
    {"aten::kaiser_window.beta(int window_length, bool periodic, float beta, " EMBER_FACTORY_TAIL,
     windowOp<Window::Kaiser, true, 1, false>},
    {"aten::kaiser_window.beta_out(int window_length, bool periodic, float beta, " EMBER_OUT_TAIL,
     windowOp<Window::Kaiser, true, 1, true>},
});

}  // namespace
}  // namespace ember::jit::aten
