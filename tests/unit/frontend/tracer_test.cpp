// The C++ tracer (ember/frontend/tracer.h): traced graphs checked with FileCheck for what
// PyTorch's tracer records (control flow flattened, constants for untraced values, in-place ops
// kept in place, several outputs as a tuple, parameters through prim::GetAttr, scripted calls as
// prim::CallFunction), and the traced graphs run on fresh inputs against the original program.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "ember/frontend/tracer.h"
#include "ember/ir/file_check.h"
#include "ember/jit.h"
#include "ember/tensor.h"

namespace ember::jit {
namespace {

std::string text(const Graph& g) {
  std::ostringstream os;
  os << g;
  return os.str();
}

IValue runGraph(const std::shared_ptr<Graph>& g, std::vector<IValue> inputs) {
  auto cu = std::make_shared<CompilationUnit>();
  Function* fn = cu->createFunction("traced", g->copy());
  Stack stack(inputs.begin(), inputs.end());
  fn->run(stack);
  return stack.back();
}

bool same(const Tensor& a, const Tensor& b) {
  if (a.sizes() != b.sizes()) return false;
  Tensor x = a.contiguous().to(ScalarType::Double), y = b.contiguous().to(ScalarType::Double);
  const double* p = static_cast<const double*>(x.data_ptr());
  const double* q = static_cast<const double*>(y.data_ptr());
  for (int64_t i = 0; i < x.numel(); ++i)
    if (std::abs(p[i] - q[i]) > 1e-5 + 1e-5 * std::abs(q[i])) return false;
  return true;
}

const char* kBranchy = R"SRC(
def f(x: Tensor, y: Tensor) -> Tensor:
    z = x * 2.0
    if x.dim() == 2:
        z = z + y
    else:
        z = z - y
    for i in range(2):
        z = torch.relu(z)
    return z
)SRC";

TEST(Tracer, FunctionFlattensControlFlowAndRerunsOnFreshInputs) {
  auto cu = compile(kBranchy);
  Function& f = cu->getFunction("f");
  tracer::TraceResult r = tracer::trace(f, {IValue(randn({2, 3})), IValue(randn({2, 3}))});
  FileCheck()
      .check("aten::mul")
      .check("aten::add")
      .checkNot("prim::If")
      .checkNot("prim::Loop")
      .checkCount("aten::relu", 2, /*exactly=*/true)
      .run(text(*r.graph));
  // A trace recorded at one shape runs on another, with the original program's results.
  Tensor a = randn({4, 5}), b = randn({4, 5});
  Stack stack{IValue(a), IValue(b)};
  f.run(stack);
  EXPECT_TRUE(same(runGraph(r.graph, {IValue(a), IValue(b)}).toTensor(), stack.back().toTensor()));
}

TEST(Tracer, SizesFlowIntoOperatorsSoTracesStayBatchGeneric) {
  auto cu = compile(R"SRC(
def flat(x: Tensor) -> Tensor:
    return x.view(x.size(0), -1).sum(1)
)SRC");
  tracer::TraceResult r = tracer::trace(cu->getFunction("flat"), {IValue(randn({2, 3, 4}))});
  FileCheck().check("aten::size").check("prim::ListConstruct").check("aten::view").run(text(*r.graph));
  // Traced with batch 2, run with batch 5.
  Tensor x = randn({5, 3, 4});
  EXPECT_TRUE(same(runGraph(r.graph, {IValue(x)}).toTensor(), x.reshape({5, 12}).sum({1})));
}

TEST(Tracer, CallableWithOperatorsByNameInPlaceAndTupleOutputs) {
  Tensor c = ones({3});
  auto fn = [&c](const std::vector<IValue>& in) -> IValue {
    IValue s = tracer::callOperator("aten::add", {in[0], in[1]});
    tracer::callOperator("aten::mul_", {s, IValue(c)});  // c is untraced: a constant
    IValue m = tracer::callOperator("aten::max", {s, IValue(int64_t(0))});
    return IValue(TupleImpl::create({s, m.toTupleRef().elements[0]}));
  };
  tracer::TraceResult r = tracer::trace(fn, {IValue(randn({3, 3})), IValue(randn({3, 3}))});
  FileCheck()
      .check("aten::add")
      .check("prim::Constant[value=")
      .check("aten::mul_")
      .check("aten::max")
      .check("prim::TupleConstruct")
      .run(text(*r.graph));
  Tensor a = randn({2, 3}), b = randn({2, 3});
  IValue out = runGraph(r.graph, {IValue(a), IValue(b)});
  ASSERT_TRUE(out.isTuple());
  Tensor expected = (a + b) * c;
  EXPECT_TRUE(same(out.toTupleRef().elements[0].toTensor(), expected));
  EXPECT_TRUE(same(out.toTupleRef().elements[1].toTensor(), std::get<0>(max(expected, 0))));
}

TEST(Tracer, ScriptedCallsStayCallsWithTheirControlFlow) {
  auto cu = compile(R"SRC(
def g(x: Tensor) -> Tensor:
    if bool(x.sum() > 0):
        return x + 1
    return x - 1
)SRC");
  Function& g = cu->getFunction("g");
  auto fn = [&g](const std::vector<IValue>& in) {
    return tracer::callOperator("aten::neg", {tracer::callFunction(g, {in[0]})});
  };
  tracer::TraceResult r = tracer::trace(fn, {IValue(ones({2}))});
  FileCheck().check("prim::CallFunction").check("aten::neg").run(text(*r.graph));
  // The branch not taken while tracing is still there: a negative input takes it.
  Tensor x = full({2}, -3.0);
  EXPECT_TRUE(same(runGraph(r.graph, {IValue(x)}).toTensor(), full({2}, 4.0)));
}

TEST(Tracer, ModuleParametersAreSharedAndReadThroughGetAttr) {
  Module m = compileModule(R"SRC(
class Scale(Module):
  __parameters__ = ["weight", ]
  weight : Tensor
  training : bool
  def forward(self, x: Tensor) -> Tensor:
    return torch.matmul(x, self.weight).tanh()
)SRC", "Scale");
  m.setattr("weight", randn({3, 2}));
  m.setattr("training", false);
  std::vector<std::string> warnings;
  Module traced = tracer::traceModule(m, {IValue(randn({4, 3}))}, "forward", &warnings);
  EXPECT_TRUE(warnings.empty());
  FileCheck()
      .check("prim::GetAttr[name=\"weight\"]")
      .check("aten::matmul")
      .check("aten::tanh")
      .run(text(*traced.get_method("forward").graph()));
  // Same tensor, not a copy: a write through the original is seen by the trace.
  m.attr("weight").toTensor().mul_(2.0);
  Tensor x = randn({5, 3});
  EXPECT_TRUE(same(traced.forward({IValue(x)}).toTensor(), m.forward({IValue(x)}).toTensor()));
}

TEST(Tracer, DataDependentConversionsWarnAndConstantOutputsToo) {
  auto cu = compile(R"SRC(
def h(x: Tensor) -> Tensor:
    n = int(x.sum())
    return x * n
)SRC");
  tracer::TraceResult r = tracer::trace(cu->getFunction("h"), {IValue(ones({2}))});
  ASSERT_FALSE(r.warnings.empty());
  EXPECT_NE(r.warnings[0].find("Converting a tensor to a Python integer"), std::string::npos);
  Tensor c = ones({2});
  tracer::TraceResult k = tracer::trace([&c](const std::vector<IValue>&) { return IValue(c); }, {IValue(ones({2}))});
  ASSERT_EQ(k.warnings.size(), 1u);
  EXPECT_NE(k.warnings[0].find("does not depend on its inputs"), std::string::npos);
  EXPECT_FALSE(tracer::isTracing());
}

TEST(Tracer, OperatorsByNameRunUntracedToo) {
  EXPECT_FALSE(tracer::isTracing());
  Tensor a = randn({2, 3});
  IValue out = tracer::callOperator("aten::mul", {IValue(a), IValue(3.0)});
  EXPECT_TRUE(same(out.toTensor(), a * 3.0));
  IValue m = tracer::callOperator("aten::max", {IValue(a), IValue(int64_t(1))});
  ASSERT_TRUE(m.isTuple());
  EXPECT_TRUE(same(m.toTupleRef().elements[0].toTensor(), std::get<0>(max(a, 1))));
}

TEST(Tracer, UnknownOperatorIsAnError) {
  auto fn = [](const std::vector<IValue>& in) { return tracer::callOperator("aten::no_such_op", {in[0]}); };
  EXPECT_THROW(tracer::trace(fn, {IValue(ones({2}))}), Error);
  EXPECT_FALSE(tracer::isTracing());
}

}  // namespace
}  // namespace ember::jit
