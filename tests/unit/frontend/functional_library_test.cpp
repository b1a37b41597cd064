// The functional library (src/frontend/functional_library*): every function compiles on top of
// ember's operators, calls are prim::CallFunction of PyTorch's qualified names, functions are
// compiled once and shared (also when several threads compile at once), and the compile-time
// choices (BroadcastingList arguments, constant return_indices, overloads) work. Results are
// compared with PyTorch in tests/compat/functional.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "ember/api/compilation_unit.h"
#include "ember/core/operator.h"
#include "ember/core/symbols.h"
#include "ember/runtime/graph_function.h"
#include "ember/tensor.h"
#include "frontend/compile.h"
#include "frontend/functional_library.h"

namespace ember::jit {
namespace {

// Functions whose operators ember does not have yet (function -> operator): they must fail to
// compile with an unknown operator, and leave this list when the operators arrive. (Other tests
// of this binary register PyTorch's schemas without kernels: then they compile.)
const std::map<std::string, std::string> kMissingOperators = {{"unique", "unique_dim"},
                                                              {"unique_consecutive", "unique_consecutive"}};

bool registered(const std::string& op) {
  return !OperatorRegistry::global().getAllOperatorsFor(Symbol::aten(op)).empty();
}

TEST(FunctionalLibrary, EveryFunctionCompiles) {
  for (const char* module : {"torch.nn.functional", "torch.functional"}) {
    std::vector<std::string> names = functionalLibraryNames(module);
    EXPECT_FALSE(names.empty()) << module;
    for (const std::string& name : names) {
      // Asking for a function compiles it.
      if (auto missing = kMissingOperators.find(name); missing != kMissingOperators.end() && !registered(missing->second)) {
        try {
          functionalLibraryFunctions(module, name);
          ADD_FAILURE() << module << "." << name << " compiles now: remove it from kMissingOperators";
        } catch (const std::exception& e) {
          EXPECT_NE(std::string(e.what()).find("Unknown builtin op"), std::string::npos) << e.what();
        }
        continue;
      }
      try {
        std::vector<Function*> fns = functionalLibraryFunctions(module, name);
        EXPECT_FALSE(fns.empty()) << name;
        for (Function* fn : fns) EXPECT_TRUE(fn->graph() != nullptr) << module << "." << name;
      } catch (const std::exception& e) {
        ADD_FAILURE() << module << "." << name << ": " << e.what();
      }
    }
  }
}

TEST(FunctionalLibrary, ListsThePublicFunctions) {
  std::vector<std::string> names = functionalLibraryNames("torch.nn.functional");
  std::set<std::string> set(names.begin(), names.end());
  for (const char* expected : {"relu", "dropout", "cross_entropy", "interpolate", "max_pool2d", "batch_norm"})
    EXPECT_TRUE(set.count(expected)) << expected;
  for (const std::string& n : names) EXPECT_NE(n[0], '_') << n;  // helpers are private
  EXPECT_EQ(functionalLibraryValue("torch.nn.functional", "_reduction_enum"), nullptr);
  EXPECT_EQ(functionalLibraryValue("torch.nn.functional", "conv2d"), nullptr);  // an operator
}

Node* findCall(const Graph& g) {
  for (Node* n : g.nodes())
    if (n->kind() == prim::CallFunction) return n;
  return nullptr;
}

Function* calledFunction(const std::shared_ptr<CompilationUnit>& cu) {
  Node* call = findCall(*cu->findFunction("fn")->graph());
  EXPECT_NE(call, nullptr);
  if (!call) return nullptr;
  return call->input(0)->type()->expectRef<FunctionType>().function();
}

TEST(FunctionalLibrary, CallsAreCallFunctionsOfPyTorchsQualifiedNames) {
  auto a = compile("def fn(x: Tensor):\n    return F.relu(x)\n");
  auto b = compile("def fn(x: Tensor):\n    return torch.nn.functional.relu(x, inplace=False)\n");
  Function* fa = calledFunction(a);
  ASSERT_NE(fa, nullptr);
  EXPECT_EQ(fa->qualname(), "__torch__.torch.nn.functional.relu");
  EXPECT_EQ(fa, calledFunction(b));  // compiled once, shared by programs
  auto n = compile("def fn(x: Tensor):\n    return torch.norm(x)\n");
  Function* fn = calledFunction(n);
  ASSERT_NE(fn, nullptr);
  EXPECT_EQ(fn->name(), "norm");  // an overload: named as its set, mangled qualified name
  EXPECT_EQ(fn->qualname().rfind("__torch__.torch.functional.", 0), 0u);
  auto t = compile("def fn(x: Tensor):\n    return F.threshold(x, 0.5, 1.0)\n");
  Function* ft = calledFunction(t);
  ASSERT_NE(ft, nullptr);
  EXPECT_EQ(ft->name(), "_threshold");  // PyTorch's F.threshold
}

TEST(FunctionalLibrary, RunsWithDefaultsAndKeywords) {
  auto cu = compile(
      "def fn(x: Tensor):\n"
      "    return F.leaky_relu(x, negative_slope=0.5) + F.dropout(x, p=0.9, training=False)\n");
  Tensor x = tensor(std::vector<double>{-2.0, 4.0}, kFloat);
  Tensor y = (*cu->findFunction("fn"))({IValue(x)}).toTensor().to(kDouble).contiguous();
  EXPECT_DOUBLE_EQ(y.data_ptr<double>()[0], -3.0);  // -2 * 0.5 + -2
  EXPECT_DOUBLE_EQ(y.data_ptr<double>()[1], 8.0);
}

TEST(FunctionalLibrary, ArgumentChecksRaiseAtRunTime) {
  auto cu = compile("def fn(x: Tensor):\n    return F.dropout(x, 1.5)\n");
  try {
    (*cu->findFunction("fn"))({IValue(zeros({2}))});
    FAIL() << "expected an error";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("dropout probability has to be between 0 and 1, but got 1.5"),
              std::string::npos)
        << e.what();
  }
}

TEST(FunctionalLibrary, ReturnIndicesMustBeConstant) {
  auto cu = compile("def fn(x: Tensor):\n    return F.max_pool2d(x, 2, return_indices=True)\n");
  IValue r = (*cu->findFunction("fn"))({IValue(zeros({1, 1, 4, 4}))});
  ASSERT_TRUE(r.isTuple());
  EXPECT_EQ(r.toTupleRef().elements.size(), 2u);
  try {
    compile("def fn(x: Tensor, flag: bool):\n    return F.max_pool2d(x, 2, return_indices=flag)\n");
    FAIL() << "expected a compile error";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("return_indices must be a constant"), std::string::npos) << e.what();
  }
}

TEST(FunctionalLibrary, OverloadsPickTheMatchingSignature) {
  auto cu = compile(
      "def fn(x: Tensor):\n"
      "    a = F.interpolate(x, scale_factor=2.0)\n"
      "    b = F.interpolate(x, size=[3, 5])\n"
      "    return a.size(2) * 10 + b.size(3)\n");
  EXPECT_EQ((*cu->findFunction("fn"))({IValue(zeros({1, 1, 2, 2}))}).toInt(), 45);
}

TEST(FunctionalLibrary, ThreadsCompilingAtOnceShareOneFunction) {
  std::vector<Function*> seen(4, nullptr);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < seen.size(); ++i) {
    threads.emplace_back([&seen, i] {
      auto cu = compile("def fn(x: Tensor):\n    return F.gaussian_nll_loss(x, x, x.abs())\n");
      (*cu->findFunction("fn"))({IValue(ones({3}))});
      seen[i] = calledFunction(cu);
    });
  }
  for (auto& t : threads) t.join();
  for (Function* f : seen) EXPECT_EQ(f, seen[0]);
  EXPECT_NE(seen[0], nullptr);
}

}  // namespace
}  // namespace ember::jit
