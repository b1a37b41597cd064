// Capturing ExportedPrograms from modules and functions compiled from source: lifted
// parameters and buffers, functionalised mutations with their output specs, symbolic sizes and
// guards, the constraint-violation and data-dependence errors, running the program and saving.
#include "ember/export/export.h"

#include <gtest/gtest.h>

#include "ember/export/serialize.h"
#include "ember/jit.h"
#include "ember/tensor.h"

namespace ember::exporter {
namespace {

using jit::IValue;
using jit::Module;

float elem(const Tensor& t, int64_t i) { return static_cast<const float*>(t.contiguous().data_ptr())[i]; }

const char* kCounter = R"SRC(
class Counter(Module):
  __parameters__ = ["weight", ]
  __buffers__ = ["count", ]
  weight : Tensor
  count : Tensor
  training : bool
  def forward(self, x: Tensor) -> Tensor:
    self.count.add_(1)
    y = torch.relu(x * self.weight)
    x.mul_(2)
    return y + self.count
)SRC";

Module makeCounter() {
  Module m = jit::compileModule(kCounter, "Counter");
  m.setattr("weight", full({3}, 2.0));
  m.setattr("count", zeros({3}));
  m.setattr("training", false);
  return m;
}

size_t count(const ExportedProgram& ep, const std::string& target) {
  auto c = ep.operatorCounts();
  return c.count(target) ? static_cast<size_t>(c.at(target)) : 0;
}

TEST(Export, LiftsStateAndFunctionalisesMutations) {
  Module m = makeCounter();
  Tensor x = ones({2, 3});
  ExportedProgram ep = exportModule(m, {x});
  const auto& in = ep.signature.inputSpecs;
  ASSERT_EQ(in.size(), 3u);
  EXPECT_EQ(in[0].kind, InputKind::PARAMETER);
  EXPECT_EQ(in[0].target, "weight");
  EXPECT_EQ(in[1].kind, InputKind::BUFFER);
  EXPECT_EQ(in[2].kind, InputKind::USER_INPUT);
  const auto& out = ep.signature.outputSpecs;
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].kind, OutputKind::BUFFER_MUTATION);
  EXPECT_EQ(out[0].target, "count");
  EXPECT_EQ(out[1].kind, OutputKind::USER_INPUT_MUTATION);
  EXPECT_EQ(out[2].kind, OutputKind::USER_OUTPUT);
  // In-place ops are recorded in their functional form.
  EXPECT_EQ(count(ep, "aten.add_.Tensor") + count(ep, "aten.mul_.Tensor"), 0u);
  EXPECT_EQ(count(ep, "aten.mul.Tensor"), 2u);
  EXPECT_EQ(count(ep, "aten.relu.default"), 1u);
  // Capture leaves the module and the example input alone.
  EXPECT_FLOAT_EQ(elem(m.attr("count").toTensor(), 0), 0.0f);
  EXPECT_FLOAT_EQ(elem(x, 0), 1.0f);
  std::string text = ep.graph.str();
  EXPECT_NE(text.find("= placeholder[target=p_weight]"), std::string::npos) << text;
  EXPECT_NE(text.find("call_function[target=aten.relu.default](args = (%mul,), kwargs = {})"), std::string::npos)
      << text;
  EXPECT_NE(ep.str().find("b_count: BUFFER target='count'"), std::string::npos) << ep.str();
}

TEST(Export, ModuleRunsAndAppliesMutations) {
  Module m = makeCounter();
  ExportedProgram ep = exportModule(m, {ones({2, 3})});
  ExportedModule em = ep.module();
  Tensor x = full({2, 3}, -1.0);
  Tensor y = em.forward({x}).toTensor();
  // relu(-2) + count(1) = 1; the input was doubled in place; the buffer counts calls.
  EXPECT_FLOAT_EQ(elem(y, 0), 1.0f);
  EXPECT_FLOAT_EQ(elem(x, 0), -2.0f);
  em.forward({x});
  EXPECT_FLOAT_EQ(elem(em.state().at("count"), 0), 2.0f);
  // Eager gives the same.
  Module eager = makeCounter();
  Tensor x2 = full({2, 3}, -1.0);
  EXPECT_FLOAT_EQ(elem(eager.forward({x2}).toTensor(), 0), 1.0f);
}

const char* kReshape = R"SRC(
def f(x: Tensor, w: Tensor) -> Tensor:
    b = x.size(0)
    y = x.view(b, -1)
    if x.size(1) > 2:
        y = y * 2
    return torch.matmul(y, w)
)SRC";

TEST(Export, DynamicBatchIsSymbolicAndRunsOnOtherSizes) {
  auto cu = jit::compile(kReshape);
  ExportOptions o;
  o.dynamic = {{0, 0, Dim{"batch", 2, 64}}};
  ExportedProgram ep = exportFunction(cu->getFunction("f"), {ones({4, 3, 2}), ones({6, 5})}, o);
  EXPECT_EQ(ep.rangeConstraints.at("batch").min, 2);
  std::string text = ep.graph.str();
  EXPECT_NE(text.find("aten.sym_size.int"), std::string::npos) << text;
  EXPECT_NE(ep.str().find("batch: VR[2, 64]"), std::string::npos);
  const FxNode* out = ep.graph.outputNode()->args[0].list[0].node;
  EXPECT_EQ(out->val.tensor.sizes[0].str(), "batch") << out->val.str();
  EXPECT_EQ(out->val.tensor.sizes[1].str(), "5");
  ExportedModule em = ep.module();
  for (int64_t b : {2, 7, 64}) {
    Tensor y = em.forward({ones({b, 3, 2}), ones({6, 5})}).toTensor();
    ASSERT_EQ(y.sizes()[0], b);
    EXPECT_FLOAT_EQ(elem(y, 0), 12.0f);
  }
  EXPECT_THROW(em.forward({ones({65, 3, 2}), ones({6, 5})}), Error);
  EXPECT_THROW(em.forward({ones({4, 4, 2}), ones({6, 5})}), Error);  // static size changed
}

const char* kPinned = R"SRC(
def f(x: Tensor, w: Tensor) -> Tensor:
    return x + w
)SRC";

TEST(Export, KeywordArgumentsAndDynamicDimsByName) {
  auto cu = jit::compile(kReshape);
  ExportOptions o;
  o.kwargs = {{"w", IValue(ones({6, 5}))}};
  DynamicDim d;
  d.inputName = "x";
  d.spec = Dim{"batch", 2, 8};
  o.dynamic = {d};
  ExportedProgram ep = exportFunction(cu->getFunction("f"), {ones({4, 3, 2})}, o);
  EXPECT_EQ(ep.rangeConstraints.at("batch").max, 8);
  EXPECT_EQ(ep.module().forward({ones({3, 3, 2}), ones({6, 5})}).toTensor().sizes()[0], 3);
  o.kwargs = {{"nope", IValue(1)}};
  EXPECT_THROW(exportFunction(cu->getFunction("f"), {ones({4, 3, 2})}, o), Error);
  o.kwargs = {{"x", IValue(ones({4, 3, 2}))}};
  EXPECT_THROW(exportFunction(cu->getFunction("f"), {ones({4, 3, 2})}, o), Error);  // given twice
}

TEST(Export, DynamicDimensionForcedToConstantIsAnError) {
  auto cu = jit::compile(kPinned);
  ExportOptions o;
  o.dynamic = {{0, 0, Dim{"batch", 2, 64}}};
  try {
    exportFunction(cu->getFunction("f"), {ones({4, 3}), ones({4, 3})}, o);
    FAIL() << "expected a constraint violation";
  } catch (const ConstraintViolation& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("batch"), std::string::npos) << msg;
    EXPECT_NE(msg.find("forced to the constant 4"), std::string::npos) << msg;
    EXPECT_NE(msg.find("Suggested fix"), std::string::npos) << msg;
  }
  // An example size of 1 in a dynamic dimension is refused up front.
  EXPECT_THROW(exportFunction(cu->getFunction("f"), {ones({1, 3}), ones({1, 3})}, o), Error);
}

TEST(Export, TwoDimsThatMustBeEqualSuggestOneDim) {
  auto cu = jit::compile(kPinned);
  ExportOptions o;
  o.dynamic = {{0, 0, Dim{"a", 2, 64}}, {1, 0, Dim{"b", 2, 64}}};
  try {
    exportFunction(cu->getFunction("f"), {ones({4, 3}), ones({4, 3})}, o);
    FAIL() << "expected a constraint violation";
  } catch (const ConstraintViolation& e) {
    EXPECT_NE(std::string(e.what()).find("use one Dim"), std::string::npos) << e.what();
  }
  o.dynamic = {{0, 0, Dim{"a", 2, 64}}, {1, 0, Dim{"a", 2, 64}}};
  ExportedProgram ep = exportFunction(cu->getFunction("f"), {ones({4, 3}), ones({4, 3})}, o);
  EXPECT_EQ(ep.module().forward({ones({9, 3}), ones({9, 3})}).toTensor().sizes()[0], 9);
}

const char* kDataDependent = R"SRC(
def f(x: Tensor, w: Tensor) -> Tensor:
    if bool(x.sum() > 0):
        y = x * w + 1
    else:
        y = x - w
    return y * 2

def g(x: Tensor) -> Tensor:
    n = int(x.sum())
    for i in range(n):
        x = x + 1
    return x
)SRC";

TEST(Export, DataDependentIfBecomesCond) {
  auto cu = jit::compile(kDataDependent);
  Tensor w = full({3}, 2.0);
  ExportedProgram ep = exportFunction(cu->getFunction("f"), {ones({3}), w});
  EXPECT_EQ(ep.operatorCounts()["higher_order.cond"], 1);
  ASSERT_EQ(ep.graph.submodules.size(), 2u);
  std::string text = ep.graph.str();
  EXPECT_NE(text.find("get_attr[target=true_graph_0]"), std::string::npos) << text;
  EXPECT_NE(text.find("call_function[target=higher_order.cond](args = (%gt, %true_graph_0, %false_graph_0, [%x, %w])"),
            std::string::npos)
      << text;
  EXPECT_EQ(ep.graph.submodules.at("true_graph_0")->placeholders().size(), 2u);
  for (ExportedProgram* p : {&ep}) {
    ExportedProgram back = loadFromBytes(saveToBytes(*p));
    for (float v : {1.0f, -1.0f}) {
      Tensor x = full({3}, v);
      Tensor want = cu->getFunction("f")({x, w}).toTensor();
      EXPECT_FLOAT_EQ(elem(p->module().forward({x, w}).toTensor(), 0), elem(want, 0)) << v;
      EXPECT_FLOAT_EQ(elem(back.module().forward({x, w}).toTensor(), 0), elem(want, 0)) << v;
    }
  }
  EXPECT_FLOAT_EQ(elem(ep.module().forward({full({3}, -1.0), w}).toTensor(), 0), -6.0f);  // (-1 - 2) * 2
}

const char* kCondDynamic = R"SRC(
def f(x: Tensor) -> Tensor:
    if bool(x.mean() > 0):
        y = x.view(x.size(0), -1) * 2
    else:
        y = x.reshape(-1, 4) + 1
    return y
)SRC";

TEST(Export, CondBranchesSeeDynamicSizes) {
  auto cu = jit::compile(kCondDynamic);
  ExportOptions o;
  o.dynamic = {{0, 0, Dim{"batch", 2, 16}}};
  ExportedProgram ep = exportFunction(cu->getFunction("f"), {ones({3, 2, 2})}, o);
  EXPECT_EQ(ep.operatorCounts()["higher_order.cond"], 1);
  std::string text = ep.graph.str();
  EXPECT_NE(text.find("# true_graph_0"), std::string::npos);
  // The branch reads the batch size from its own placeholder.
  EXPECT_NE(ep.graph.submodules.at("true_graph_0")->str().find("aten.sym_size.int"), std::string::npos) << text;
  ExportedProgram back = loadFromBytes(saveToBytes(ep));
  for (int64_t b : {2, 7}) {
    for (float v : {1.0f, -1.0f}) {
      Tensor x = full({b, 2, 2}, v);
      Tensor want = cu->getFunction("f")({x}).toTensor();
      Tensor got = back.module().forward({x}).toTensor();
      ASSERT_EQ(got.sizes()[0], b);
      EXPECT_FLOAT_EQ(elem(got, 0), elem(want, 0));
    }
  }
}

const char* kWhile = R"SRC(
def f(x: Tensor, step: Tensor) -> Tensor:
    y = x.clone()
    while bool(y.sum() < 100):
        y = y * 2 + step
    return y - 1
)SRC";

TEST(Export, DataDependentWhileBecomesWhileLoop) {
  auto cu = jit::compile(kWhile);
  Tensor step = full({2}, 0.5);
  ExportedProgram ep = exportFunction(cu->getFunction("f"), {ones({2}), step});
  EXPECT_EQ(ep.operatorCounts()["higher_order.while_loop"], 1) << ep.graph.str();
  ASSERT_EQ(ep.graph.submodules.count("body_graph_0"), 1u);
  std::string text = ep.graph.str();
  EXPECT_NE(text.find("get_attr[target=body_graph_0]"), std::string::npos) << text;
  ExportedProgram back = loadFromBytes(saveToBytes(ep));
  for (float v : {1.0f, 30.0f, 200.0f}) {  // several iterations, one, none
    Tensor x = full({2}, v);
    Tensor want = cu->getFunction("f")({x, step}).toTensor();
    EXPECT_FLOAT_EQ(elem(ep.module().forward({x, step}).toTensor(), 0), elem(want, 0)) << v;
    EXPECT_FLOAT_EQ(elem(back.module().forward({x, step}).toTensor(), 0), elem(want, 0)) << v;
  }
}

TEST(Export, OtherDataDependenceIsAClearError) {
  auto cu = jit::compile(kDataDependent);
  try {
    exportFunction(cu->getFunction("g"), {ones({3})});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("data-dependent control flow"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("for i in range(n)"), std::string::npos) << e.what();
  }
}

const char* kShapeBranch = R"SRC(
def f(x: Tensor) -> Tensor:
    if x.size(0) > 4:
        return x * 2
    return x + 1
)SRC";

TEST(Export, ShapeBranchesAreSpecialisedWithAGuard) {
  auto cu = jit::compile(kShapeBranch);
  ExportOptions o;
  o.dynamic = {{0, 0, Dim{"n", 2, 100}}};
  ExportedProgram ep = exportFunction(cu->getFunction("f"), {ones({8})}, o);
  ASSERT_EQ(ep.guards.size(), 1u);
  EXPECT_EQ(ep.guards[0].str(), "n > 4");
  EXPECT_EQ(count(ep, "aten.mul.Tensor"), 1u);
  ExportedModule em = ep.module();
  EXPECT_FLOAT_EQ(elem(em.forward({ones({6})}).toTensor(), 0), 2.0f);
  EXPECT_THROW(em.forward({ones({3})}), Error);  // the guard does not hold
}

TEST(Export, SaveLoadRoundTrip) {
  Module m = makeCounter();
  ExportedProgram ep = exportModule(m, {ones({2, 3})});
  std::string bytes = saveToBytes(ep);
  ExportedProgram back = loadFromBytes(bytes);
  EXPECT_EQ(back.graph.str(), ep.graph.str());
  EXPECT_EQ(back.signature.str(), ep.signature.str());
  EXPECT_EQ(back.inSpec().str(), ep.inSpec().str());
  Tensor x = full({2, 3}, 3.0);
  Tensor y = back.module().forward({x}).toTensor();
  EXPECT_FLOAT_EQ(elem(y, 0), 7.0f);  // relu(3 * 2) + 1
  EXPECT_THROW(loadFromBytes("not a zip"), Error);
}

TEST(Export, SaveLoadKeepsSymbolsAndGuards) {
  auto cu = jit::compile(kShapeBranch);
  ExportOptions o;
  o.dynamic = {{0, 0, Dim{"n", 2, 100}}};
  ExportedProgram ep = exportFunction(cu->getFunction("f"), {ones({8})}, o);
  ExportedProgram back = loadFromBytes(saveToBytes(ep));
  EXPECT_EQ(back.rangeConstraints.at("n").max, 100);
  ASSERT_EQ(back.guards.size(), 1u);
  EXPECT_EQ(back.guards[0].str(), "n > 4");
  EXPECT_THROW(back.module().forward({ones({2})}), Error);
}

}  // namespace
}  // namespace ember::exporter

namespace ember::exporter {
namespace {

const char* kViews = R"SRC(
def f(x: Tensor) -> Tensor:
    y = x.clone()
    y[:, 1:3].add_(1)
    y[0].mul_(2)
    return y

def stale(x: Tensor) -> Tensor:
    y = x.clone()
    v = y.view(-1)
    y.add_(1)
    return v * 2
)SRC";

TEST(Export, MutatedViewsRebuildTheirBase) {
  auto cu = jit::compile(kViews);
  Tensor x = arange(12, kFloat).view({3, 4});
  ExportedProgram ep = exportFunction(cu->getFunction("f"), {x});
  auto ops = ep.operatorCounts();
  // y[:, 1:3] is two slices (dimension 0 whole, then 1:3): each is rebuilt.
  EXPECT_EQ(ops["aten.slice_scatter.default"], 2) << ep.graph.str();
  EXPECT_EQ(ops["aten.select_scatter.default"], 1) << ep.graph.str();
  EXPECT_EQ(ops.count("aten.add_.Tensor") + ops.count("aten.mul_.Tensor"), 0u);
  Tensor want = cu->getFunction("f")({x}).toTensor();
  Tensor got = ep.module().forward({x}).toTensor();
  for (int64_t i = 0; i < 12; ++i) EXPECT_FLOAT_EQ(elem(got, i), elem(want, i)) << i;
  EXPECT_FLOAT_EQ(elem(got, 1), 4.0f);  // (1 + 1) * 2
}

TEST(Export, ReadingATensorChangedThroughAnAliasIsAnError) {
  auto cu = jit::compile(kViews);
  try {
    exportFunction(cu->getFunction("stale"), {ones({2, 2})});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("shares memory with a tensor that was changed in place"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace ember::exporter

namespace ember::exporter {
namespace {

const char* kPytrees = R"SRC(
def f(xs: Tuple[Tensor, Tensor], n: int, scale: float) -> Dict[str, Tensor]:
    a, b = xs
    return {"sum": (a + b) * scale, "rep": a.repeat(n, 1)}
)SRC";

TEST(Export, PytreeInputsAndOutputsAndSpecialisedScalars) {
  auto cu = jit::compile(kPytrees);
  IValue xs = jit::makeTuple({ones({2, 3}), full({2, 3}, 2.0)});
  ExportedProgram ep = exportFunction(cu->getFunction("f"), {xs, IValue(int64_t{2}), IValue(0.5)});
  EXPECT_EQ(ep.inSpec().str(), "TreeSpec(tuple, [TreeSpec(tuple, [*, *]), *, *])");
  EXPECT_EQ(ep.outSpec().str(), "TreeSpec(dict, ['sum', 'rep'], [*, *])");
  size_t users = 0;
  for (const InputSpec& s : ep.signature.inputSpecs) users += s.kind == InputKind::USER_INPUT;
  EXPECT_EQ(users, 4u);  // two tensors, n, scale
  ExportedModule em = ep.module();
  IValue out = em.forward({jit::makeTuple({full({2, 3}, 3.0), ones({2, 3})}), IValue(int64_t{2}), IValue(0.5)});
  ASSERT_TRUE(out.isGenericDict());
  Tensor sum = out.toDictRef().at(IValue("sum")).toTensor();
  EXPECT_FLOAT_EQ(elem(sum, 0), 2.0f);
  EXPECT_EQ(out.toDictRef().at(IValue("rep")).toTensor().sizes()[0], 4);
  // Scalars were specialised: another value is refused, as is a different structure.
  EXPECT_THROW(em.forward({xs, IValue(int64_t{3}), IValue(0.5)}), Error);
  EXPECT_THROW(em.forward({ones({2, 3}), IValue(int64_t{2}), IValue(0.5)}), Error);
}

}  // namespace
}  // namespace ember::exporter
