// The profiling executor's specialisation on a module's `training` flag and the batch-norm fusion
// it enables (runtime/training_flags.h, passes/fuse_batch_norm_epilogue.h), on a module compiled
// from source: conv2d -> batch_norm(self.training) -> += identity -> relu. Expected values were
// computed by PyTorch 1.13 (/usr/bin/python3, torch.conv2d / torch.batch_norm on the same inputs),
// in eval mode, after switching to train() (running statistics updated), and back in eval mode.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "ember/frontend/compile.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/jit.h"
#include "ember/runtime/grad_mode.h"
#include "ember/runtime/graph_executor.h"
#include "ember/runtime/graph_function.h"
#include "ember/tensor.h"

namespace ember::jit {
namespace {

const char* kConvBn = R"SRC(
class ConvBn(Module):
  __parameters__ = ["weight", "bn_weight", "bn_bias", ]
  __buffers__ = ["running_mean", "running_var", "num_batches_tracked", ]
  weight : Tensor
  bn_weight : Tensor
  bn_bias : Tensor
  running_mean : Tensor
  running_var : Tensor
  num_batches_tracked : Tensor
  training : bool
  def forward(self, x: Tensor, identity: Tensor) -> Tensor:
    y = torch.conv2d(x, self.weight, None, [1, 1], [1, 1], [1, 1], 1)
    if self.training:
      self.num_batches_tracked.add_(1)
    y = torch.batch_norm(y, self.bn_weight, self.bn_bias, self.running_mean, self.running_var, self.training, 0.1, 1e-5, False)
    y += identity
    return torch.relu(y)
)SRC";

Tensor wave(int64_t n, double step, bool cosine, IntArrayRef shape) {
  Tensor t = arange(n, kFloat) * step;
  return (cosine ? t.cos() : t.sin()).reshape(shape);
}

Module makeConvBn() {
  Module m = compileModule(kConvBn, "ConvBn");
  m.setattr("weight", wave(81, 0.23, true, {3, 3, 3, 3}) * 0.3);
  m.setattr("bn_weight", tensor<float>({1.5f, 0.5f, -1.0f}));
  m.setattr("bn_bias", tensor<float>({0.1f, -0.2f, 0.3f}));
  m.setattr("running_mean", tensor<float>({0.2f, -0.1f, 0.05f}));
  m.setattr("running_var", tensor<float>({1.2f, 0.8f, 2.0f}));
  m.setattr("num_batches_tracked", zeros({}, kLong));
  m.setattr("training", false);
  return m;
}

// Element i of t's flattened values, as a double.
double at(const Tensor& t, int64_t i) { return t.contiguous().to(kDouble).data_ptr<double>()[i]; }

double sumOf(const Tensor& t) { return at(t.sum(), 0); }

struct Expected {
  double sum;
  float at[5];  // elements 0, 9, 44, 56, 65 of the flattened result
};

void expectMatches(const Tensor& r, const Expected& e, const char* what) {
  SCOPED_TRACE(what);
  ASSERT_EQ(r.sizes(), IntArrayRef({2, 3, 5, 5}));
  EXPECT_NEAR(sumOf(r), e.sum, 1e-4);
  const int64_t idx[5] = {0, 9, 44, 56, 65};
  for (int i = 0; i < 5; ++i) EXPECT_NEAR(at(r, idx[i]), e.at[i], 1e-5) << "element " << idx[i];
}

int64_t bailoutsOf(Module& m) {
  Function& forward = m.get_method("forward").function();
  EXPECT_TRUE(forward.isGraphFunction());
  return static_cast<GraphFunction&>(forward).getExecutor().debugState().bailouts;
}

const Expected kEval{77.354691, {2.0907788f, 0.0404343f, 0.4246538f, 0.7062684f, 1.2531019f}};
const Expected kTrain{82.114822, {2.2727222f, 0.1976869f, 0.2540148f, 0.5627260f, 1.3549826f}};
const Expected kEvalAfterTrain{77.567406, {2.1077132f, 0.0565377f, 0.4025398f, 0.6964557f, 1.2603786f}};

TEST(TrainingFlagSpecialization, EvalPlanFusesAndTrainAfterProfilingTakesTheFallback) {
  Module m = makeConvBn();
  Tensor x = wave(150, 0.37, false, {2, 3, 5, 5}), id = wave(150, 0.11, true, {2, 3, 5, 5});
  for (int i = 0; i < 4; ++i) expectMatches(m.forward({x, id}).toTensor(), kEval, "eval");
  // The plan read the flag as a constant: the training branch is gone and the chain is one node.
  std::shared_ptr<Graph> plan = lastExecutedOptimizedGraph();
  ASSERT_TRUE(plan);
  FileCheck()
      .check("prim::TypeCheck")
      .check("prim::GetAttr[name=\"training\"](%self")
      .check("aten::__not__")
      .check("prim::If")
      .check("ember::conv2d_bn_fused")
      .checkNot("aten::batch_norm")
      .checkNot("aten::add_")
      .checkNot("num_batches_tracked")
      .check("prim::FallbackGraph")
      .run(plan->toString());

  // Switched to train() after profiling: the guard fails, and the call normalises with the batch's
  // statistics and updates the running ones, as PyTorch does.
  m.setattr("training", true);
  const int64_t before = bailoutsOf(m);
  expectMatches(m.forward({x, id}).toTensor(), kTrain, "train");
  const Tensor rm = m.attr("running_mean").toTensor(), rv = m.attr("running_var").toTensor();
  EXPECT_NEAR(at(rm, 0), 0.18801498, 1e-6);
  EXPECT_NEAR(at(rm, 1), -0.08248914, 1e-6);
  EXPECT_NEAR(at(rm, 2), 0.05196650, 1e-6);
  EXPECT_NEAR(at(rv, 0), 1.19875324, 1e-5);
  EXPECT_NEAR(at(rv, 1), 0.84203100, 1e-5);
  EXPECT_NEAR(at(rv, 2), 1.92551267, 1e-5);
  EXPECT_EQ(at(m.attr("num_batches_tracked").toTensor(), 0), 1);
  EXPECT_EQ(bailoutsOf(m), before + 1);

  // Back in eval mode: the fused plan's guard passes again and reads the updated statistics.
  m.setattr("training", false);
  for (int i = 0; i < 2; ++i) expectMatches(m.forward({x, id}).toTensor(), kEvalAfterTrain, "eval after train");
  EXPECT_EQ(at(m.attr("num_batches_tracked").toTensor(), 0), 1);
}

TEST(TrainingFlagSpecialization, ParametersRequiringGradUnderGradModeKeepTheUnfusedGraph) {
  Module m = makeConvBn();
  Tensor wm = wave(81, 0.23, true, {3, 3, 3, 3}) * 0.3;
  wm.set_requires_grad(true);
  m.setattr("weight", wm);
  Tensor x = wave(150, 0.37, false, {2, 3, 5, 5}), id = wave(150, 0.11, true, {2, 3, 5, 5});
  for (int i = 0; i < 4; ++i) expectMatches(m.forward({x, id}).toTensor().detach(), kEval, "eval with grad");
  std::shared_ptr<Graph> plan = lastExecutedOptimizedGraph();
  ASSERT_TRUE(plan);
  FileCheck().checkNot("ember::conv2d_bn_fused").run(plan->toString());

  // The same module under no_grad: an inference plan, guarded on grad mode staying off.
  Module n = makeConvBn();
  Tensor wn = wave(81, 0.23, true, {3, 3, 3, 3}) * 0.3;
  wn.set_requires_grad(true);
  n.setattr("weight", wn);
  {
    NoGradGuard noGrad;
    for (int i = 0; i < 4; ++i) expectMatches(n.forward({x, id}).toTensor(), kEval, "eval under no_grad");
    FileCheck()
        .check("aten::is_grad_enabled")
        .check("ember::conv2d_bn_fused")
        .run(lastExecutedOptimizedGraph()->toString());
  }
  // Grad mode back on: the guard fails and the call runs the fallback.
  const int64_t before = bailoutsOf(n);
  expectMatches(n.forward({x, id}).toTensor().detach(), kEval, "eval with grad after no_grad");
  EXPECT_EQ(bailoutsOf(n), before + 1);
}

// Both branches of `if self.use_res` read the batch norm's flag (as mobilenet_v2's blocks do);
// only one branch runs while profiling, and the read it never reached must not undo the flag.
const char* kBranches = R"SRC(
class Branches(Module):
  __parameters__ = ["weight", "bias", ]
  __buffers__ = ["running_mean", "running_var", ]
  weight : Tensor
  bias : Tensor
  running_mean : Tensor
  running_var : Tensor
  training : bool
  use_res : bool
  def forward(self, x: Tensor) -> Tensor:
    if self.use_res:
      return x + torch.batch_norm(x, self.weight, self.bias, self.running_mean, self.running_var, self.training, 0.1, 1e-5, False)
    return torch.relu(torch.batch_norm(x, self.weight, self.bias, self.running_mean, self.running_var, self.training, 0.1, 1e-5, False))
)SRC";

TEST(TrainingFlagSpecialization, ReadsInBranchesNotTakenKeepTheFlag) {
  Module m = compileModule(kBranches, "Branches");
  m.setattr("weight", tensor<float>({2.0f, -1.0f}));
  m.setattr("bias", tensor<float>({0.5f, 0.25f}));
  m.setattr("running_mean", tensor<float>({1.0f, -2.0f}));
  m.setattr("running_var", tensor<float>({3.0f, 0.5f}));
  m.setattr("training", false);
  m.setattr("use_res", false);
  Tensor x = wave(2 * 2 * 3 * 3, 0.7, false, {2, 2, 3, 3}) * 3.0;
  Tensor r;
  for (int i = 0; i < 3; ++i) r = m.forward({x}).toTensor();
  // Evaluation batch norm by its definition: (x - mean) / sqrt(var + eps) * weight + bias, then relu.
  const double w[2] = {2.0, -1.0}, b[2] = {0.5, 0.25}, mean[2] = {1.0, -2.0}, var[2] = {3.0, 0.5};
  for (int64_t i = 0; i < 36; ++i) {
    const int64_t c = (i / 9) % 2;
    const double want = std::max(0.0, (at(x, i) - mean[c]) / std::sqrt(var[c] + 1e-5) * w[c] + b[c]);
    EXPECT_NEAR(at(r, i), want, 1e-5) << "element " << i;
  }
  FileCheck()
      .check("prim::GetAttr[name=\"training\"](%self")
      .check("ember::batch_norm_fused")
      .checkNot("aten::batch_norm")
      .check("prim::FallbackGraph")
      .run(lastExecutedOptimizedGraph()->toString());
}

}  // namespace
}  // namespace ember::jit
