#include "ember/core/symbol.h"

#include <gtest/gtest.h>

#include <thread>

#include "ember/error.h"

#include "ember/core/symbols.h"

namespace ember::jit {
namespace {

TEST(SymbolTest, BuiltinConstantsMatchInternedNames) {
  EXPECT_EQ(Symbol::fromQualString("prim::Constant"), prim::Constant);
  EXPECT_EQ(Symbol::fromQualString("aten::add"), aten::add);
  EXPECT_EQ(Symbol::fromQualString("attr::value"), attr::value);
  EXPECT_EQ(prim::If.toQualString(), "prim::If");
  EXPECT_EQ(prim::Loop.toUnqualString(), "Loop");
  EXPECT_EQ(aten::__is__.toQualString(), "aten::__is__");
  EXPECT_NE(prim::Constant, prim::If);
}

TEST(SymbolTest, NamespacesAndPredicates) {
  Symbol s = Symbol::fromQualString("aten::my_new_op");
  EXPECT_TRUE(s.is_aten());
  EXPECT_FALSE(s.is_prim());
  EXPECT_EQ(s.nsName(), "aten");
  EXPECT_EQ(s.ns(), namespaces::aten);
  EXPECT_EQ(s.ns().toQualString(), "namespaces::aten");
  EXPECT_TRUE(prim::Constant.is_prim());
  EXPECT_TRUE(attr::value.is_attr());
  EXPECT_TRUE(Symbol::onnx("Add").is_onnx());
  EXPECT_TRUE(Symbol::scope("x").is_scope());
  EXPECT_TRUE(Symbol::user("x").is_user());
  Symbol custom = Symbol::fromQualString("my_ns::op");
  EXPECT_EQ(custom.nsName(), "my_ns");
  EXPECT_FALSE(custom.is_aten());
  EXPECT_EQ(custom.ns().toQualString(), "namespaces::my_ns");
}

TEST(SymbolTest, InterningIsStable) {
  Symbol a = Symbol::fromQualString("user::foo");
  Symbol b = Symbol::fromNamespaceAndName("user", "foo");
  EXPECT_EQ(a, b);
  EXPECT_EQ(std::hash<Symbol>()(a), std::hash<Symbol>()(b));
  EXPECT_EQ(a.toQualString(), "user::foo");
  // Names may themselves contain "::" after the namespace separator.
  EXPECT_EQ(Symbol::fromQualString("a::b::c").toUnqualString(), "b::c");
}

TEST(SymbolTest, RejectsMalformedNames) {
  EXPECT_THROW(Symbol::fromQualString("noNamespace"), Error);
  EXPECT_THROW(Symbol::fromQualString("::name"), Error);
  EXPECT_THROW(Symbol::fromQualString("aten::"), Error);
  EXPECT_THROW(Symbol(0x7fffffff).toQualString(), Error);
}

TEST(SymbolTest, ConcurrentInterningAgrees) {
  constexpr int kThreads = 4, kNames = 500;
  std::vector<std::vector<Symbol>> results(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < kNames; ++i) results[t].push_back(Symbol::fromQualString("conc::n" + std::to_string(i)));
    });
  for (auto& th : threads) th.join();
  for (int t = 1; t < kThreads; ++t) EXPECT_EQ(results[t], results[0]);
  for (int i = 0; i < kNames; ++i) EXPECT_EQ(results[0][i].toQualString(), "conc::n" + std::to_string(i));
}

TEST(SymbolTest, UsableInSwitch) {
  auto classify = [](Symbol s) {
    switch (s.id()) {
      case prim::If.id():
        return 1;
      case prim::Loop.id():
        return 2;
      default:
        return 0;
    }
  };
  EXPECT_EQ(classify(Symbol::fromQualString("prim::If")), 1);
  EXPECT_EQ(classify(Symbol::fromQualString("prim::Loop")), 2);
  EXPECT_EQ(classify(aten::add), 0);
}

}  // namespace
}  // namespace ember::jit
