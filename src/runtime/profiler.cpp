#include "ember/runtime/profiler.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace ember::jit {

std::atomic<bool> OpProfiler::on_{false};
std::atomic<bool> OpProfiler::shapes_{false};

namespace {

// Each thread adds to a buffer of its own; the registry keeps every buffer (also after its thread
// exits) so that entries() can add them up. A buffer's mutex is only contended while a report
// is being made.
struct Buffer {
  std::mutex mu;
  std::unordered_map<std::string, OpProfileEntry> byKey;
};

struct Registry {
  std::mutex mu;
  std::vector<std::shared_ptr<Buffer>> buffers;
};

Registry& registry() {
  static Registry* r = new Registry();  // never destroyed: threads may record during exit
  return *r;
}

Buffer& threadBuffer() {
  thread_local std::shared_ptr<Buffer> buffer = [] {
    auto b = std::make_shared<Buffer>();
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mu);
    r.buffers.push_back(b);
    return b;
  }();
  return *buffer;
}

std::string formatSeconds(double s) {
  char buf[32];
  if (s >= 1) std::snprintf(buf, sizeof buf, "%.3f s", s);
  else if (s >= 1e-3) std::snprintf(buf, sizeof buf, "%.3f ms", s * 1e3);
  else std::snprintf(buf, sizeof buf, "%.3f us", s * 1e6);
  return buf;
}

}  // namespace

void OpProfiler::enable(bool recordShapes) {
  shapes_.store(recordShapes, std::memory_order_relaxed);
  on_.store(true, std::memory_order_relaxed);
}

void OpProfiler::disable() { on_.store(false, std::memory_order_relaxed); }

void OpProfiler::reset() {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mu);
  for (auto& b : r.buffers) {
    std::lock_guard<std::mutex> bl(b->mu);
    b->byKey.clear();
  }
}

void OpProfiler::record(const std::string& name, std::string shapes, double seconds) {
  Buffer& b = threadBuffer();
  std::string key = name;
  key.push_back('\0');
  key += shapes;
  std::lock_guard<std::mutex> lock(b.mu);
  OpProfileEntry& e = b.byKey[key];
  if (e.calls == 0) {
    e.name = name;
    e.shapes = std::move(shapes);
  }
  ++e.calls;
  e.seconds += seconds;
}

std::vector<OpProfileEntry> OpProfiler::entries() {
  std::unordered_map<std::string, OpProfileEntry> total;
  {
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mu);
    for (auto& b : r.buffers) {
      std::lock_guard<std::mutex> bl(b->mu);
      for (const auto& [key, e] : b->byKey) {
        OpProfileEntry& t = total[key];
        if (t.calls == 0) {
          t.name = e.name;
          t.shapes = e.shapes;
        }
        t.calls += e.calls;
        t.seconds += e.seconds;
      }
    }
  }
  std::vector<OpProfileEntry> out;
  out.reserve(total.size());
  for (auto& [key, e] : total) out.push_back(std::move(e));
  std::sort(out.begin(), out.end(), [](const OpProfileEntry& a, const OpProfileEntry& b) {
    if (a.seconds != b.seconds) return a.seconds > b.seconds;
    return a.name != b.name ? a.name < b.name : a.shapes < b.shapes;
  });
  return out;
}

std::string OpProfiler::table(size_t maxRows) {
  std::vector<OpProfileEntry> all = entries();
  double sum = 0;
  for (const auto& e : all) sum += e.seconds;
  size_t nameWidth = 4, shapeWidth = 0;
  size_t rows = std::min(maxRows, all.size());
  for (size_t i = 0; i < rows; ++i) {
    nameWidth = std::max(nameWidth, all[i].name.size());
    shapeWidth = std::max(shapeWidth, all[i].shapes.size());
  }
  if (shapeWidth > 0) shapeWidth = std::max<size_t>(shapeWidth, 12);
  std::string out;
  char line[128];
  auto pad = [](const std::string& s, size_t w) { return s + std::string(w > s.size() ? w - s.size() : 0, ' '); };
  out += pad("name", nameWidth) + "  ";
  if (shapeWidth) out += pad("input shapes", shapeWidth) + "  ";
  std::snprintf(line, sizeof line, "%8s  %12s  %12s  %6s\n", "calls", "total", "average", "share");
  out += line;
  for (size_t i = 0; i < rows; ++i) {
    const OpProfileEntry& e = all[i];
    out += pad(e.name, nameWidth) + "  ";
    if (shapeWidth) out += pad(e.shapes, shapeWidth) + "  ";
    std::snprintf(line, sizeof line, "%8lld  %12s  %12s  %5.1f%%\n", static_cast<long long>(e.calls),
                  formatSeconds(e.seconds).c_str(), formatSeconds(e.seconds / static_cast<double>(e.calls)).c_str(),
                  sum > 0 ? 100.0 * e.seconds / sum : 0.0);
    out += line;
  }
  if (all.size() > rows) out += "(" + std::to_string(all.size() - rows) + " more rows)\n";
  out += "total time in operators: " + formatSeconds(sum) + "\n";
  return out;
}

}  // namespace ember::jit
