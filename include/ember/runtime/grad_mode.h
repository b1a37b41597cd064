// Grad mode, as torch.is_grad_enabled / torch.no_grad know it: a per-thread flag, on by default.
// With it off, operator calls record no autograd history (ember/runtime/autograd.h); programs
// also observe it (nn.MultiheadAttention and the Transformer layers take their fused fast path
// only with it off, as under torch.no_grad()).
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

// Sets grad mode for its lifetime (torch.set_grad_enabled as a context manager).
class GradModeGuard {
 public:
  explicit GradModeGuard(bool enabled) : previous_(isGradEnabled()) { setGradEnabled(enabled); }
  ~GradModeGuard() { setGradEnabled(previous_); }
  GradModeGuard(const GradModeGuard&) = delete;
  GradModeGuard& operator=(const GradModeGuard&) = delete;

 private:
  bool previous_;
};

}  // namespace ember::jit
