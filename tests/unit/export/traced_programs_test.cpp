// Programs as torch.jit.trace writes them: sizes held in 0-dim tensors (prim::NumToTensor,
// arithmetic on them, aten::Int back) export with dynamic sizes, and an in-place dropout on a
// flatten view (efficientnet's classifier) leaves the view readable.
#include <gtest/gtest.h>

#include "ember/export/export.h"
#include "ember/export/serialize.h"
#include "ember/jit.h"
#include "ember/tensor.h"

namespace ember::exporter {
namespace {

using jit::IValue;

const char* kTraced = R"SRC(
def shuffle(x: Tensor) -> Tensor:
    batch = ops.prim.NumToTensor(torch.size(x, 0))
    channels = ops.prim.NumToTensor(torch.size(x, 1))
    per_group = torch.floor_divide(channels, 2)
    y = torch.view(x, [int(batch), 2, int(per_group), -1])
    y = torch.contiguous(torch.transpose(y, 1, 2))
    return torch.view(y, [int(batch), -1])

def flatten_inplace(x: Tensor) -> Tensor:
    y = x.clone()
    z = torch.flatten(y, 1)
    z.mul_(2)
    return z + 1
)SRC";

float at(const Tensor& t, int64_t i) { return static_cast<const float*>(t.contiguous().data_ptr())[i]; }

TEST(TracedPrograms, SizesInTensorsStaySymbolic) {
  auto cu = jit::compile(kTraced);
  jit::Function& fn = cu->getFunction("shuffle");
  ExportOptions o;
  o.dynamic = {{0, 0, Dim{"batch", 2, 64}}};
  ExportedProgram ep = exportFunction(fn, {arange(48, kFloat).reshape({3, 4, 4})}, o);
  std::string text = ep.graph.str();
  EXPECT_EQ(text.find("c_tensor_constant"), std::string::npos) << text;  // no size baked in as a constant
  EXPECT_EQ(text.find("floor_divide"), std::string::npos) << text;       // computed on SymInts, not recorded
  ExportedProgram back = loadFromBytes(saveToBytes(ep));
  for (int64_t b : {2, 7}) {
    Tensor x = arange(b * 16, kFloat).reshape({b, 4, 4});
    Tensor want = fn({x}).toTensor();
    Tensor got = back.module().forward({x}).toTensor();
    ASSERT_EQ(got.sizes(), want.sizes());
    for (int64_t i = 0; i < want.numel(); ++i) EXPECT_FLOAT_EQ(at(got, i), at(want, i)) << b << " " << i;
  }
}

TEST(TracedPrograms, MutatedFlattenViewIsReadable) {
  auto cu = jit::compile(kTraced);
  jit::Function& fn = cu->getFunction("flatten_inplace");
  Tensor x = arange(12, kFloat).reshape({2, 3, 2});
  ExportedProgram ep = exportFunction(fn, {x});
  Tensor want = fn({x}).toTensor();
  Tensor got = ep.module().forward({x}).toTensor();
  ASSERT_EQ(got.sizes(), want.sizes());
  for (int64_t i = 0; i < want.numel(); ++i) EXPECT_FLOAT_EQ(at(got, i), at(want, i)) << i;
}

}  // namespace
}  // namespace ember::exporter
