// Operators only the interpreter tests use (namespace `itest::`), so that the tests of control
// flow, calls and fork/wait do not depend on the operator libraries, plus helpers that parse
// and run IR text.
//
//   itest::add/sub/mul(int a, int b) -> int, itest::lt/eq(int a, int b) -> bool
//   itest::rem(int a, int b) -> int          Python's a % b
//   itest::floordiv(int a, int b) -> int     "division by 0" for b == 0
//   itest::divmod(int a, int b) -> (int, int)
//   itest::tadd(Tensor a, Tensor b) -> Tensor, itest::tscale(Tensor a, float s) -> Tensor
//   itest::record(int x) -> int              appends x to recorded() (a side effect DCE keeps)
//   itest::sleep_add1(int x, int ms) -> int  sleeps, then x + 1
//   itest::raise(str msg, str cls) -> ()     throws JitException(msg, cls)
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "ember/core/ivalue.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

namespace ember::jit::itest {

std::vector<int64_t> recorded();
void clearRecorded();

inline std::shared_ptr<Graph> parseGraph(const std::string& ir, const IRParseOptions& options = {},
                                         std::unordered_map<std::string, Value*>* values = nullptr) {
  auto g = std::make_shared<Graph>();
  parseIR(ir, *g, options, values);
  return g;
}

// Emits Code for the graph as is (no passes) and runs it on `inputs`; returns the outputs.
Stack runCodeOf(const std::shared_ptr<Graph>& graph, Stack inputs);
Stack runIR(const std::string& ir, Stack inputs);

}  // namespace ember::jit::itest
