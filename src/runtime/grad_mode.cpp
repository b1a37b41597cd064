#include "ember/runtime/grad_mode.h"

namespace ember::jit {

namespace {
thread_local bool gGradEnabled = true;
}  // namespace

bool isGradEnabled() { return gGradEnabled; }
void setGradEnabled(bool enabled) { gGradEnabled = enabled; }

}  // namespace ember::jit
