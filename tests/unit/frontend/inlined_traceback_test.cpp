// Tracebacks of compiled programs through the graph executor, which inlines calls: every call
// still shows as a frame (Note [Inlined call stack] in ir.h; formatted by runtime/traceback.cpp).
#include <gtest/gtest.h>

#include "ember/jit.h"

namespace ember::jit {
namespace {

// The executor inlines g into f, yet the traceback still shows f's call of g, then g's failing
// line, as PyTorch's does (Note [Inlined call stack]).
TEST(Traceback, InlinedCallsKeepTheirFrames) {
  auto cu = compile(
      "def g(x: int) -> int:\n"
      "    return 10 // x\n"
      "def f(x: int) -> int:\n"
      "    y = x - 1\n"
      "    return g(y)\n",
      "prog.py");
  try {
    cu->getFunction("f")({IValue(1)});
    FAIL() << "expected ZeroDivisionError";
  } catch (const Error& e) {
    std::string text = e.what();
    size_t outer = text.find("File \"prog.py\", line 5, in f");
    size_t inner = text.find("File \"prog.py\", line 2, in g");
    EXPECT_NE(outer, std::string::npos) << text;
    EXPECT_NE(inner, std::string::npos) << text;
    EXPECT_LT(outer, inner) << "most recent call last: " << text;
  }
}

}  // namespace
}  // namespace ember::jit
