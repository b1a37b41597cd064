// Grad mode, as torch.is_grad_enabled / torch.no_grad know it: a per-thread flag, on by default.
// ember computes no gradients, but programs observe the flag (nn.MultiheadAttention and the
// Transformer layers take their fused fast path only with it off, as under torch.no_grad()), so
// it is kept exactly as PyTorch keeps it.
//
//   {
//     ember::jit::NoGradGuard noGrad;   // like `with torch.no_grad():`
//     out = model.forward({x});
//   }
#pragma once

namespace ember::jit {

bool isGradEnabled();
void setGradEnabled(bool enabled);

// Turns grad mode off for its lifetime and restores the previous mode after.
class NoGradGuard {
 public:
  NoGradGuard() : previous_(isGradEnabled()) { setGradEnabled(false); }
  ~NoGradGuard() { setGradEnabled(previous_); }
  NoGradGuard(const NoGradGuard&) = delete;
  NoGradGuard& operator=(const NoGradGuard&) = delete;

 private:
  bool previous_;
};

}  // namespace ember::jit
