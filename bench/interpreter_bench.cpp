// Interpreter benchmarks (issue 5): scalar control flow, small-tensor op overhead and the spec's
// LSTM cell, run through GraphFunction (executor + interpreter). The graphs are what PyTorch 1.13
// prints for the functions in bench/torch_interpreter_bench.py, which times the same cases.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "bench_util.h"
#include "ember/ir/ir_parser.h"
#include "ember/ir/ir.h"
#include "ember/runtime/graph_function.h"
#include "ember/tensor.h"
#include "runtime/code.h"

using namespace ember;
using namespace ember::jit;
using ember::bench::medianSeconds;
using ember::bench::report;

namespace {

const char* kFizzbuzz = R"IR(
graph(%n.1 : int):
  %5 : bool = prim::Constant[value=1]()
  %total.1 : int = prim::Constant[value=0]()
  %9 : int = prim::Constant[value=15]()
  %14 : int = prim::Constant[value=4]()
  %19 : int = prim::Constant[value=3]()
  %24 : int = prim::Constant[value=1]()
  %29 : int = prim::Constant[value=5]()
  %34 : int = prim::Constant[value=2]()
  %total : int = prim::Loop(%n.1, %5, %total.1)
    block0(%i.1 : int, %total.65 : int):
      %10 : int = aten::remainder(%i.1, %9)
      %11 : bool = aten::eq(%10, %total.1)
      %total.63 : int = prim::If(%11)
        block0():
          %total.5 : int = aten::add(%total.65, %14)
          -> (%total.5)
        block1():
          %20 : int = aten::remainder(%i.1, %19)
          %21 : bool = aten::eq(%20, %total.1)
          %total.61 : int = prim::If(%21)
            block0():
              %total.11 : int = aten::add(%total.65, %24)
              -> (%total.11)
            block1():
              %30 : int = aten::remainder(%i.1, %29)
              %31 : bool = aten::eq(%30, %total.1)
              %total.59 : int = prim::If(%31)
                block0():
                  %total.17 : int = aten::add(%total.65, %34)
                  -> (%total.17)
                block1():
                  %total.23 : int = aten::add(%total.65, %i.1)
                  -> (%total.23)
              -> (%total.59)
          -> (%total.61)
      -> (%5, %total.63)
  return (%total)
)IR";
const char* kScaleLoop = R"IR(
graph(%x.1 : Tensor,
      %n.1 : int):
  %11 : int = prim::Constant[value=1]()
  %5 : bool = prim::Constant[value=1]()
  %8 : float = prim::Constant[value=0.5]()
  %10 : float = prim::Constant[value=1.]()
  %x : Tensor = prim::Loop(%n.1, %5, %x.1)
    block0(%6 : int, %x.11 : Tensor):
      %9 : Tensor = aten::mul(%x.11, %8)
      %x.5 : Tensor = aten::add(%9, %10, %11)
      -> (%5, %x.5)
  return (%x)
)IR";
const char* kLstmCell = R"IR(
graph(%x.1 : Tensor,
      %hx.1 : Tensor,
      %cx.1 : Tensor,
      %w_ih.1 : Tensor,
      %w_hh.1 : Tensor,
      %b_ih.1 : Tensor,
      %b_hh.1 : Tensor):
  %24 : int = prim::Constant[value=4]()
  %25 : int = prim::Constant[value=1]()
  %9 : Tensor = aten::t(%w_ih.1)
  %10 : Tensor = aten::mm(%x.1, %9)
  %13 : Tensor = aten::t(%w_hh.1)
  %14 : Tensor = aten::mm(%hx.1, %13)
  %16 : Tensor = aten::add(%10, %14, %25)
  %19 : Tensor = aten::add(%16, %b_ih.1, %25)
  %gates.1 : Tensor = aten::add(%19, %b_hh.1, %25)
  %26 : Tensor[] = aten::chunk(%gates.1, %24, %25)
  %ingate.1 : Tensor, %forgetgate.1 : Tensor, %cellgate.1 : Tensor, %outgate.1 : Tensor = prim::ListUnpack(%26)
  %ingate.5 : Tensor = aten::sigmoid(%ingate.1)
  %forgetgate.5 : Tensor = aten::sigmoid(%forgetgate.1)
  %cellgate.5 : Tensor = aten::tanh(%cellgate.1)
  %outgate.5 : Tensor = aten::sigmoid(%outgate.1)
  %41 : Tensor = aten::mul(%forgetgate.5, %cx.1)
  %44 : Tensor = aten::mul(%ingate.5, %cellgate.5)
  %cy.1 : Tensor = aten::add(%41, %44, %25)
  %49 : Tensor = aten::tanh(%cy.1)
  %hy.1 : Tensor = aten::mul(%outgate.5, %49)
  %53 : (Tensor, Tensor) = prim::TupleConstruct(%hy.1, %cy.1)
  return (%53)
)IR";

std::unique_ptr<GraphFunction> load(const char* name, const char* ir) {
  auto g = std::make_shared<Graph>();
  parseIR(ir, *g);
  return std::make_unique<GraphFunction>(name, g);
}

// Runs `fn` on `inputs` once to check it works here; prints why not otherwise.
bool runs(GraphFunction& fn, const Stack& inputs) {
  try {
    Stack s = inputs;
    fn.run(s);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "skipping %s: %s\n", fn.name().c_str(), e.what());
    return false;
  }
  if (std::getenv("EMBER_BENCH_LISTING")) {  // what the interpreter runs, for investigating a case
    Stack s = inputs;
    const ExecutionPlan& plan = fn.getExecutor().getPlanFor(s);
    std::cerr << *plan.graph << *plan.code;
  }
  return true;
}

void fizzbuzz() {
  auto fn = load("fizzbuzz", kFizzbuzz);
  const int64_t n = 100000;
  if (!runs(*fn, {IValue(n)})) return;
  double secs = medianSeconds([&] {
    Stack s{IValue(n)};
    fn->run(s);
  }, 3);
  report("interpreter", "fizzbuzz_per_iteration", secs / n, 1);
}

void scaleLoop() {
  auto fn = load("scale_loop", kScaleLoop);
  const int64_t n = 1000;
  Tensor x = ones({1});
  if (!runs(*fn, {x, IValue(n)})) return;
  double secs = medianSeconds([&] {
    Stack s{x, IValue(n)};
    fn->run(s);
  }, 20);
  report("interpreter", "tensor1_op_in_loop", secs / (2 * n), 1);
}

void lstmCell() {
  auto fn = load("lstm_cell", kLstmCell);
  const int64_t batch = 1, input = 64, hidden = 64;
  Stack in{randn({batch, input}), randn({batch, hidden}), randn({batch, hidden}), randn({4 * hidden, input}),
           randn({4 * hidden, hidden}), randn({4 * hidden}), randn({4 * hidden})};
  if (!runs(*fn, in)) return;
  double secs = medianSeconds([&] {
    Stack s = in;
    fn->run(s);
  }, 2000);
  report("interpreter", "lstm_cell_b1_h64", secs, 1);
}

}  // namespace

// Runs every case, or only those named on the command line (for profiling one).
int main(int argc, char** argv) {
  set_num_threads(1);
  auto wanted = [&](const char* name) {
    if (argc < 2) return true;
    for (int i = 1; i < argc; ++i)
      if (std::string(argv[i]) == name) return true;
    return false;
  };
  if (wanted("fizzbuzz")) fizzbuzz();
  if (wanted("scale_loop")) scaleLoop();
  if (wanted("lstm_cell")) lstmCell();
  return 0;
}
