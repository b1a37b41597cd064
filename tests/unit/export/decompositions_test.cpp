// The core-ATen decomposition table: linear, layer_norm, softmax, dropout and flatten rewritten
// into the operators PyTorch's dispatcher records, with the same results when run.
#include "ember/export/decompositions.h"

#include <gtest/gtest.h>

#include "ember/export/export.h"
#include "ember/jit.h"
#include "ember/tensor.h"

namespace ember::exporter {
namespace {

const char* kNet = R"SRC(
def f(x: Tensor, w: Tensor, b: Tensor, g: Tensor) -> Tensor:
    y = torch.nn.functional.linear(x, w, b)
    y = torch.nn.functional.layer_norm(y, [3], g, b)
    y = torch.softmax(y, 1)
    y = torch.dropout(y, 0.5, False)
    return torch.flatten(y.unsqueeze(2), 1)
)SRC";

TEST(Decompositions, CompositeOpsBecomeCoreAtenOps) {
  auto cu = jit::compile(kNet);
  std::vector<jit::IValue> args = {arange(8, kFloat).view({2, 4}), full({3, 4}, 0.25), full({3}, 0.5), full({3}, 2.0)};
  ExportOptions o;
  o.dynamic = {{0, 0, Dim{"batch", 2, 32}}};
  ExportedProgram ep = exportFunction(cu->getFunction("f"), args, o);
  ExportedProgram core = ep.run_decompositions();
  auto ops = core.operatorCounts();
  EXPECT_EQ(ops.count("aten.linear.default"), 0u);
  EXPECT_EQ(ops["aten.addmm.default"], 1);
  EXPECT_EQ(ops["aten.t.default"], 1);
  EXPECT_EQ(ops["aten.native_layer_norm.default"], 1);
  EXPECT_EQ(ops["aten._softmax.default"], 1);
  EXPECT_EQ(ops.count("aten.dropout.default"), 0u);
  EXPECT_EQ(ops["aten.view.default"], 1);  // flatten
  EXPECT_EQ(ep.operatorCounts()["aten.linear.default"], 1);  // the original is unchanged
  for (int64_t b : {2, 5}) {
    std::vector<jit::IValue> in = args;
    in[0] = randn({b, 4});
    Tensor want = ep.module().forward(in).toTensor();
    Tensor got = core.module().forward(in).toTensor();
    ASSERT_EQ(got.sizes()[0], b);
    Tensor a = got.contiguous(), e = want.contiguous();
    ASSERT_EQ(a.numel(), e.numel());
    for (int64_t i = 0; i < a.numel(); ++i)
      EXPECT_NEAR(static_cast<const float*>(a.data_ptr())[i], static_cast<const float*>(e.data_ptr())[i], 1e-5);
  }
}

}  // namespace
}  // namespace ember::exporter
