// The operator profiler: while it is on, the interpreter times every operator call (every thread)
// and adds it to a table keyed by the operator's name and, optionally, its input shapes, like
// PyTorch's `torch.autograd.profiler.profile(record_shapes=...).key_averages()`. Off, it costs one
// relaxed load and a predictable branch per operator call.
//
//   jit::OpProfiler::enable();
//   model.forward(inputs);
//   std::cerr << jit::OpProfiler::table();
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ember::jit {

struct OpProfileEntry {
  std::string name;    // "aten::conv2d"
  std::string shapes;  // "[1, 3, 224, 224], [64, 3, 7, 7], []" when shapes are recorded, else ""
  int64_t calls = 0;
  double seconds = 0;  // total wall time inside the operator
};

class OpProfiler {
 public:
  // Starts collecting (adding to what was collected before, see reset). With `recordShapes`, calls
  // with different input shapes are counted apart.
  static void enable(bool recordShapes = false);
  static void disable();
  static bool enabled() { return on_.load(std::memory_order_relaxed); }
  static bool recordsShapes() { return shapes_.load(std::memory_order_relaxed); }
  static void reset();
  // Everything collected so far, most total time first.
  static std::vector<OpProfileEntry> entries();
  // The entries as a text table (name, shapes, calls, total, average, share of the total), at
  // most `maxRows` rows.
  static std::string table(size_t maxRows = 30);

  // Called by the interpreter for each timed call.
  static void record(const std::string& name, std::string shapes, double seconds);

 private:
  static std::atomic<bool> on_;
  static std::atomic<bool> shapes_;
};

}  // namespace ember::jit
