// How long libgomp's idle workers spin before they sleep, for the `ember` tool.
//
// After every parallel region libgomp's workers spin waiting for the next one: GOMP_SPINCOUNT
// PAUSE iterations, 300,000 by default, which is milliseconds on cores whose PAUSE takes ~140
// cycles (Sapphire Rapids). On a VM whose two vCPUs share a core, that spinning slows the serial
// work between regions about 2x: the LSTM archive at 2 threads took 19.5 ms against 8.8 ms with
// OMP_WAIT_POLICY=PASSIVE (docs/performance.md). libgomp reads its variables when it is loaded,
// before main runs, so the tool sets a shorter spin and executes itself again, unless the user
// chose a wait policy or spin count.
#include <unistd.h>

#include <cstdlib>

#include "commands.h"

namespace ember::cli {

namespace {
// ~0.1-0.5 ms of spinning: long enough to catch the next region of a layer sequence, short
// enough to leave the core to the caller's serial work (bench/lstm figures in docs/performance.md).
constexpr const char* kSpinCount = "10000";
}  // namespace

void shortenOpenmpSpinWait(char** argv) {
  if (std::getenv("OMP_WAIT_POLICY") || std::getenv("GOMP_SPINCOUNT")) return;
  if (setenv("GOMP_SPINCOUNT", kSpinCount, 1) != 0) return;
  setenv("EMBER_SET_GOMP_SPINCOUNT", "1", 1);  // for `ember bench`, whose PyTorch keeps the default
  execv("/proc/self/exe", argv);
  // The exec failed (no /proc): run on with libgomp's defaults; the variable set above only
  // reaches child processes.
  unsetenv("GOMP_SPINCOUNT");
  unsetenv("EMBER_SET_GOMP_SPINCOUNT");
}

}  // namespace ember::cli
