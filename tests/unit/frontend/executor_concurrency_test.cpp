// One module called from 8 threads at once while the profiling executor profiles, specialises,
// bails out, evicts and runs out of its fusion strategy: every result must be the tensor library's
// own answer (checked against PyTorch by tests/compat/tensor), whatever plan ran it.
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <string>
#include <thread>

#include "ember/jit.h"
#include "ember/runtime/graph_executor.h"
#include "ember/runtime/graph_function.h"
#include "ember/tensor.h"

namespace ember::jit {
namespace {

const char* kScaleShift = R"SRC(
class ScaleShift(Module):
  __parameters__ = ["weight", ]
  weight : Tensor
  training : bool
  def forward(self, x: Tensor) -> Tensor:
    y = x * self.weight
    if x.dim() > 1:
      y = y + x.size(0)
    return torch.relu(y - 1.0)
)SRC";

// What forward computes, with the tensor library directly.
Tensor expected(const Tensor& x, const Tensor& weight) {
  Tensor y = mul(x, weight.to(x.scalar_type()));
  if (x.dim() > 1) y = add(y, Scalar(x.size(0)));
  return relu(sub(y, Scalar(1.0)));
}

struct Settings {
  FusionStrategy strategy = getFusionStrategy();
  int64_t maxSpecializations = getMaxSpecializations();
  ~Settings() {
    setFusionStrategy(strategy);
    setMaxSpecializations(maxSpecializations);
  }
};

void runEightThreads(Module& m, const Tensor& weight) {
  std::atomic<int> wrong{0};
  std::mutex errorMutex;
  std::string error;  // the first call that threw
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 150; ++i) {
        int k = t + i;
        ScalarType dt = k % 7 == 0 ? kDouble : kFloat;
        Tensor x = k % 5 == 0 ? rand({4}, dt) : rand({1 + k % 6, 4}, dt);
        if (k % 11 == 0) x = rand({4, 1 + k % 3}, dt).t();  // not contiguous
        Tensor r;
        try {
          r = m.forward({x}).toTensor();
        } catch (const std::exception& e) {
          std::lock_guard<std::mutex> lock(errorMutex);
          if (error.empty()) error = e.what();
          ++wrong;
          continue;
        }
        Tensor want = expected(x, weight);
        if (r.scalar_type() != want.scalar_type() || r.sizes() != want.sizes() ||
            max(abs(sub(r, want))).item<double>() > 1e-6)
          ++wrong;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0) << error;
}

TEST(ExecutorConcurrency, EightThreadsOnOneModuleWithFlippingShapes) {
  Settings settings;
  for (const FusionStrategy& strategy :
       {FusionStrategy{{FusionBehavior::Static, 2}, {FusionBehavior::Dynamic, 10}},
        FusionStrategy{{FusionBehavior::Static, 1}, {FusionBehavior::Dynamic, 2}}}) {
    for (int64_t bound : {8, 2}) {
      setFusionStrategy(strategy);
      setMaxSpecializations(bound);
      Module m = compileModule(kScaleShift, "ScaleShift");
      Tensor weight = rand({4});
      m.setattr("weight", weight);
      m.setattr("training", false);
      // Specialised for one shape first (threads profiling together would merge their shapes
      // into one unguarded specialisation), so the threads' calls fail its guard.
      for (int i = 0; i < 2; ++i) m.forward({rand({3, 4})});
      runEightThreads(m, weight);
      // The calls did go through guards that failed and through several specialisations.
      Function& forward = m.get_method("forward").function();
      ASSERT_TRUE(forward.isGraphFunction());
      GraphExecutorState s = static_cast<GraphFunction&>(forward).getExecutor().debugState();
      EXPECT_GT(s.bailouts, 0);
      EXPECT_GT(s.specializations, 1);
      EXPECT_LE(s.liveSpecializations, bound);
    }
  }
}

}  // namespace
}  // namespace ember::jit
