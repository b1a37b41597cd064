// Module, Object and Method: attributes, parameters, buffers, submodules, methods defined from IR
// text graphs (as the frontend will attach compiled ones), and concurrent calls.
#include <gtest/gtest.h>

#include <thread>

#include "ember/core/symbols.h"
#include "ember/jit.h"
#include "ember/tensor.h"

namespace ember::jit {
namespace {

float elem(const Tensor& t, int64_t i) { return static_cast<const float*>(t.contiguous().data_ptr())[i]; }

bool haveOps(const std::shared_ptr<Graph>& g) {
  for (Node* n : g->nodes())
    if (n->kind() != prim::Constant && !n->maybeOperator() && n->kind() != prim::CallMethod) return false;
  return true;
}

std::shared_ptr<Graph> parseMethod(const std::string& ir, const std::shared_ptr<CompilationUnit>& cu) {
  auto g = std::make_shared<Graph>();
  IRParseOptions options;
  options.resolveClass = [cu](const std::string& name) -> TypePtr { return cu->findType(name); };
  parseIR(ir, *g, options);
  return g;
}

// y = x * weight + bias (elementwise), scaled by the float attribute `scale`.
const char* kAffineForward = R"IR(
graph(%self : __torch__.Affine, %x : Tensor):
  %one : int = prim::Constant[value=1]()
  %w : Tensor = prim::GetAttr[name="weight"](%self)
  %b : Tensor = prim::GetAttr[name="bias"](%self)
  %s : float = prim::GetAttr[name="scale"](%self)
  %y : Tensor = aten::mul(%x, %w)
  %z : Tensor = aten::add(%y, %b, %one)
  %r : Tensor = aten::mul(%z, %s)
  return (%r))IR";

// Net: forward(x) = affine(x) + x
const char* kNetForward = R"IR(
graph(%self : __torch__.Net, %x : Tensor):
  %one : int = prim::Constant[value=1]()
  %m : __torch__.Affine = prim::GetAttr[name="affine"](%self)
  %y : Tensor = prim::CallMethod[name="forward"](%m, %x)
  %r : Tensor = aten::add(%y, %x, %one)
  return (%r))IR";

struct Fixture {
  std::shared_ptr<CompilationUnit> cu = std::make_shared<CompilationUnit>();
  Module affine{"__torch__.Affine", cu};
  Module net{"__torch__.Net", cu};
  bool runnable = true;

  Fixture() {
    affine.register_parameter("weight", full({3}, 2.0));
    affine.register_parameter("bias", full({3}, 1.0));
    affine.register_buffer("steps", zeros({1}, kLong));
    affine.register_attribute("scale", FloatType::get(), 0.5);
    auto g = parseMethod(kAffineForward, cu);
    runnable = haveOps(g);
    affine.define_method("forward", g);
    net.register_module("affine", affine);
    net.register_parameter("gain", full({1}, 3.0));
    net.define_method("forward", parseMethod(kNetForward, cu));
  }
};

TEST(Module, AttributesParametersBuffers) {
  Fixture f;
  EXPECT_TRUE(f.affine.hasattr("weight"));
  EXPECT_FALSE(f.affine.hasattr("nope"));
  EXPECT_DOUBLE_EQ(f.affine.attr("scale").toDouble(), 0.5);
  f.affine.setattr("scale", 0.25);
  EXPECT_DOUBLE_EQ(f.affine.attr("scale").toDouble(), 0.25);
  EXPECT_THROW(f.affine.setattr("scale", "text"), Error);  // wrong type
  EXPECT_THROW(f.affine.attr("nope"), Error);
  EXPECT_EQ(f.affine.attr("nope", 7).toInt(), 7);
  EXPECT_THROW(f.affine.register_parameter("scale", ones({1})), Error);  // was a plain attribute

  std::vector<std::string> names;
  for (const auto& p : f.net.named_parameters()) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"gain", "affine.weight", "affine.bias"}));
  names.clear();
  for (const auto& p : f.net.named_parameters(/*recurse=*/false)) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"gain"}));
  auto buffers = f.net.named_buffers();
  ASSERT_EQ(buffers.size(), 1u);
  EXPECT_EQ(buffers[0].name, "affine.steps");
  EXPECT_EQ(buffers[0].value.scalar_type(), kLong);
  // Parameters are the tensors themselves, not copies.
  EXPECT_EQ(f.net.parameters()[1].data_ptr(), f.affine.attr("weight").toTensor().data_ptr());
}

TEST(Module, SubmodulesAndTraversal) {
  Fixture f;
  Module outer("__torch__.Outer", f.cu);
  outer.register_module("net", f.net);
  auto children = outer.named_children();
  ASSERT_EQ(children.size(), 1u);
  EXPECT_EQ(children[0].name, "net");
  EXPECT_TRUE(children[0].value._ivalue() == f.net._ivalue());
  std::vector<std::string> names;
  for (const auto& m : outer.named_modules()) names.push_back(m.name);
  EXPECT_EQ(names, (std::vector<std::string>{"", "net", "net.affine"}));
  EXPECT_EQ(outer.modules().size(), 3u);
  names.clear();
  for (const auto& a : outer.named_attributes()) names.push_back(a.name);
  EXPECT_EQ(names, (std::vector<std::string>{"net", "net.affine", "net.gain", "net.affine.weight",
                                             "net.affine.bias", "net.affine.steps", "net.affine.scale"}));
}

TEST(Module, TrainAndEval) {
  Fixture f;
  EXPECT_TRUE(f.net.is_training());  // no attribute yet: training, as in PyTorch
  f.net.eval();
  EXPECT_FALSE(f.net.is_training());
  EXPECT_FALSE(f.affine.is_training());  // recursive
  f.net.train();
  EXPECT_TRUE(f.affine.attr("training").toBool());
}

TEST(Module, ForwardAndMethods) {
  Fixture f;
  if (!f.runnable) GTEST_SKIP() << "prim::GetAttr / aten::mul / aten::add are not registered";
  Tensor x = full({3}, 4.0);
  // affine: (4 * 2 + 1) * 0.5 = 4.5; net: 4.5 + 4 = 8.5
  EXPECT_FLOAT_EQ(elem(f.affine.forward({x}).toTensor(), 0), 4.5f);
  EXPECT_FLOAT_EQ(elem(f.net.forward({x}).toTensor(), 2), 8.5f);
  EXPECT_FLOAT_EQ(elem(f.net({x}).toTensor(), 1), 8.5f);
  EXPECT_FLOAT_EQ(elem(f.net.run_method("forward", x).toTensor(), 0), 8.5f);
  EXPECT_FLOAT_EQ(elem(f.net.get_method("forward")({}, {{"x", x}}).toTensor(), 0), 8.5f);
  // Attribute changes are visible to later calls.
  f.affine.setattr("scale", 1.0);
  EXPECT_FLOAT_EQ(elem(f.net.forward({x}).toTensor(), 0), 13.0f);
  // Stack-level call.
  Stack s{x};
  f.net.get_method("forward").run(s);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_FLOAT_EQ(elem(s[0].toTensor(), 0), 13.0f);

  EXPECT_EQ(f.net.get_methods().size(), 1u);
  EXPECT_FALSE(f.net.find_method("backward").has_value());
  EXPECT_THROW(f.net.get_method("backward"), Error);
  EXPECT_THROW(f.net.forward({}), Error);            // missing argument
  EXPECT_THROW(f.net.forward({IValue(3)}), Error);   // wrong type
}

TEST(Module, ConcurrentForwardCalls) {
  Fixture f;
  if (!f.runnable) GTEST_SKIP() << "prim::GetAttr / aten::mul / aten::add are not registered";
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 250; ++i) {
        float v = static_cast<float>(t * 100 + i);
        Tensor r = f.net.forward({full({3}, v)}).toTensor();
        // (v * 2 + 1) * 0.5 + v
        if (elem(r, 2) != (v * 2 + 1) * 0.5f + v) ++wrong;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
}

TEST(Object, ClassInstanceWithMethod) {
  auto cu = std::make_shared<CompilationUnit>();
  auto cls = ClassType::create("__torch__.Counter");
  cu->registerType(cls);
  cls->addAttribute("n", IntType::get());
  Object obj(cu, cls);
  obj.setattr("n", 41);
  EXPECT_EQ(obj.attr("n").toInt(), 41);
  auto g = parseMethod(R"IR(
graph(%self : __torch__.Counter):
  %n : int = prim::GetAttr[name="n"](%self)
  return (%n))IR", cu);
  if (!haveOps(g)) GTEST_SKIP() << "prim::GetAttr is not registered";
  obj.define_method("get", g);
  EXPECT_EQ(obj.run_method("get").toInt(), 41);
  // The same object seen through an IValue finds its unit again.
  Object again(obj._ivalue());
  EXPECT_EQ(again.compilationUnit(), cu);
  EXPECT_EQ(again.run_method("get").toInt(), 41);
  EXPECT_THROW(Module{obj}, Error);  // not a module class
}

}  // namespace
}  // namespace ember::jit
