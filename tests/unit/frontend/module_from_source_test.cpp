// Modules and functions compiled from source and run through the public API (ember/jit.h):
// the class form archives use, methods calling methods, the same Module called from several
// threads at once, and intermediate tensors dying as soon as they are used.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "ember/jit.h"
#include "ember/tensor.h"
#include "ember/tensor/allocator.h"

namespace ember::jit {
namespace {

float elem(const Tensor& t, int64_t i) { return static_cast<const float*>(t.contiguous().data_ptr())[i]; }

const char* kScale = R"SRC(
class Scale(Module):
  __parameters__ = ["weight", ]
  __buffers__ = ["calls", ]
  weight : Tensor
  calls : Tensor
  training : bool
  factor : float
  def forward(self, x: Tensor) -> Tensor:
    y = x * self.weight
    for i in range(3):
      if i % 2 == 0:
        y = y + self.factor
    return y
  def twice(self, x: Tensor) -> Tensor:
    return self.forward(self.forward(x))
)SRC";

Module makeScale() {
  Module m = compileModule(kScale, "Scale");
  m.setattr("weight", full({4}, 2.0));
  m.setattr("calls", zeros({1}));
  m.setattr("training", false);
  m.setattr("factor", 0.5);
  return m;
}

TEST(ModuleFromSource, ClassFormWithParametersBuffersAndMethods) {
  Module m = makeScale();
  // x * 2 + 0.5 (i = 0) + 0.5 (i = 2)
  EXPECT_FLOAT_EQ(elem(m.forward({ones({4})}).toTensor(), 3), 3.0f);
  EXPECT_FLOAT_EQ(elem(m.run_method("twice", ones({4})).toTensor(), 0), 7.0f);
  auto params = m.named_parameters();
  ASSERT_EQ(params.size(), 1u);
  EXPECT_EQ(params[0].name, "weight");
  auto buffers = m.named_buffers();
  ASSERT_EQ(buffers.size(), 1u);
  EXPECT_EQ(buffers[0].name, "calls");
  EXPECT_DOUBLE_EQ(m.attr("factor").toDouble(), 0.5);
  m.setattr("factor", 1.0);
  EXPECT_FLOAT_EQ(elem(m.forward({ones({4})}).toTensor(), 0), 4.0f);
  EXPECT_THROW(compileModule(kScale, "Missing"), Error);
}

TEST(ModuleFromSource, SameModuleCalledFromSeveralThreads) {
  Module m = makeScale();
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 300; ++i) {
        float v = static_cast<float>(t * 1000 + i);
        Tensor r = (i % 2 ? m.forward({full({4}, v)}) : m.run_method("twice", full({4}, v))).toTensor();
        float once = v * 2 + 1;
        float want = i % 2 ? once : once * 2 + 1;
        if (elem(r, 1) != want) ++wrong;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
}

TEST(ModuleFromSource, FunctionsCallFunctionsThroughTheCompilationUnit) {
  auto cu = compile("def inner(x: int) -> int:\n    return x * 3\n\ndef outer(x: int) -> int:\n    return inner(x) + 1\n");
  EXPECT_EQ(cu->getFunction("outer")({IValue(int64_t{4})}).toInt(), 13);
  // What PyTorch's CompilationUnit rejects, compile() rejects.
  EXPECT_THROW(compile("class A(object):\n    pass\n"), Error);
}

// A chain of pointwise ops on a large tensor: each intermediate is moved into its only use and
// freed there, so besides the input the caller holds, at most an operand and a result are live.
TEST(ModuleFromSource, PointwiseChainHoldsAtMostThreeLargeTensors) {
  if (!allocatorCachingEnabled()) GTEST_SKIP() << "stats are only meaningful with the caching allocator";
  std::string src = "def chain(x: Tensor) -> Tensor:\n    y = x * 2.0\n";
  for (int i = 0; i < 20; ++i) src += i % 2 ? "    y = y * 0.5\n" : "    y = y + 1.0\n";
  src += "    return y\n";
  auto cu = compile(src);
  Function& chain = cu->getFunction("chain");
  const int64_t n = 1 << 20, bytes = n * 4;
  Tensor x = ones({n});
  chain({x});  // compiles the plan outside the measurement
  setAllocatorStatsEnabled(true);
  int64_t before = allocatorStats().liveBytes;
  resetPeakAllocatorStats();
  Tensor y = chain({x}).toTensor();
  int64_t peak = allocatorStats().peakLiveBytes;
  setAllocatorStatsEnabled(false);
  EXPECT_FLOAT_EQ(elem(y, n - 1), 1.0009765625f);  // y = (y + 1) * 0.5 ten times from 2: 1 + 2^-10
  EXPECT_LE(peak - before, 2 * bytes) << "peak " << peak << " before " << before;
}

}  // namespace
}  // namespace ember::jit
