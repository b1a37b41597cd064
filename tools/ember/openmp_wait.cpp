// How long libgomp's idle workers spin before they sleep, for the `ember` tool.
//
// After every parallel region libgomp's workers spin waiting for the next one: GOMP_SPINCOUNT
// PAUSE iterations, 300,000 by default, which is milliseconds on cores whose PAUSE takes ~140
// cycles (Sapphire Rapids). Where two of the process's CPUs are hardware threads of one core, that
// spinning slows the serial work between regions about 2x: on such a VM the LSTM archive at 2
// threads took 19.5 ms against 8.8 ms with OMP_WAIT_POLICY=PASSIVE (docs/performance.md). So
// there the tool sets a shorter spin and executes itself again (libgomp reads its variables when
// it is loaded, before main runs), unless the user chose a wait policy or spin count. Where the
// CPUs are separate cores the default stays: a sleeping worker must be woken for the next
// region, and on a VM whose other vCPU is busy that wake took long enough to make models at 2
// threads slower than at 1 (mobilenet_v2 31-43 ms with the short spin against 13.0-13.5 with the
// default, same minutes, Cascade Lake VM, 2026-11-29).
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <string>

#include "commands.h"

namespace ember::cli {

namespace {
// ~0.1-0.5 ms of spinning: long enough to catch the next region of a layer sequence, short
// enough to leave a shared core to the caller's serial work (bench/lstm figures in
// docs/performance.md).
constexpr const char* kSpinCount = "10000";

// Whether `cpu`'s hardware-thread siblings (a sysfs CPU list such as "0-1" or "0,4") hold another
// CPU of `allowed`.
bool siblingAllowed(int cpu, const std::string& siblings, const cpu_set_t& allowed) {
  size_t pos = 0;
  while (pos < siblings.size()) {
    size_t used = 0;
    int first = 0, last = 0;
    try {
      first = last = std::stoi(siblings.substr(pos), &used);
      pos += used;
      if (pos < siblings.size() && siblings[pos] == '-') {
        last = std::stoi(siblings.substr(pos + 1), &used);
        pos += used + 1;
      }
    } catch (const std::exception&) {
      return true;  // unreadable: assume shared cores, the tool's earlier behaviour
    }
    for (int c = std::max(first, 0); c <= last && c < CPU_SETSIZE; ++c)
      if (c != cpu && CPU_ISSET(c, &allowed)) return true;
    if (pos < siblings.size() && siblings[pos] == ',') ++pos;
    else break;
  }
  return false;
}

// Whether two CPUs this process may run on are hardware threads of one core (true when the
// topology cannot be read).
bool cpusShareCores() {
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0) return true;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (!CPU_ISSET(cpu, &allowed)) continue;
    std::ifstream file("/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/topology/thread_siblings_list");
    std::string siblings;
    if (!std::getline(file, siblings)) return true;
    if (siblingAllowed(cpu, siblings, allowed)) return true;
  }
  return false;
}

}  // namespace

void shortenOpenmpSpinWait(char** argv) {
  if (std::getenv("OMP_WAIT_POLICY") || std::getenv("GOMP_SPINCOUNT")) return;
  if (!cpusShareCores()) return;
  if (setenv("GOMP_SPINCOUNT", kSpinCount, 1) != 0) return;
  setenv("EMBER_SET_GOMP_SPINCOUNT", "1", 1);  // for `ember bench`, whose PyTorch keeps the default
  execv("/proc/self/exe", argv);
  // The exec failed (no /proc): run on with libgomp's defaults; the variable set above only
  // reaches child processes.
  unsetenv("GOMP_SPINCOUNT");
  unsetenv("EMBER_SET_GOMP_SPINCOUNT");
}

}  // namespace ember::cli
