// Pass benchmark: every pass of the registry timed on generated graphs of 10,000 and 20,000
// nodes, a straight-line chain of pointwise ops (untyped, and with a complete input type for shape
// propagation) and a program of nested ifs and loops, printing
// milliseconds per pass and the 20k/10k ratio (about 2 for a linear pass; 4 would be quadratic).
// Each measurement is the median of 5 runs, each on a fresh copy of the graph. There is no
// PyTorch counterpart: this guards ember's compile-time scaling, not a comparison. The passes
// that report no change flag themselves (dce, lower_all_tuples, canonicalize) are timed with the
// two prints the registry compares to find one. The machine's load shows as noise: rerun before
// reading much into a single ratio.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "passes/pass_registry.h"

using namespace ember::jit;

namespace {

// %x -> add, mul, relu, sub, ... : `nodes` pointwise ops on a Tensor.
std::string straightLine(int nodes) {
  std::string text = "graph(%x : Tensor, %n : int, %c : bool):\n  %one : int = prim::Constant[value=1]()\n";
  std::string cur = "%x";
  static const char* kOps[] = {"aten::add(%s, %s, %%one)", "aten::mul(%s, %s)", "aten::relu(%s)",
                               "aten::sub(%s, %s, %%one)"};
  char line[128];
  for (int i = 0; i < nodes; ++i) {
    std::string next = "%v" + std::to_string(i);
    std::snprintf(line, sizeof line, kOps[i % 4], cur.c_str(), cur.c_str());
    text += "  " + next + " : Tensor = " + line + "\n";
    cur = next;
  }
  return text + "  return (" + cur + ")\n";
}

// The straight line with a complete input type, so shape propagation runs every op on
// representative tensors and batch_mm sees typed values.
std::string typedStraightLine(int nodes) {
  std::string text = straightLine(nodes);
  text.replace(text.find("%x : Tensor"), 11, "%x : Float(4, 4, strides=[4, 1], requires_grad=0, device=cpu)");
  return text;
}

// Segments of: if (c) { 4 ops } else { 4 ops }; for n { 4 ops; if (c) { 2 ops } else {} ; int
// counter arithmetic } ..., about `nodes` nodes in all.
std::string nested(int nodes) {
  std::string text =
      "graph(%x : Tensor, %n : int, %c : bool):\n  %one : int = prim::Constant[value=1]()\n"
      "  %true : bool = prim::Constant[value=1]()\n";
  std::string cur = "%x";
  int count = 0, id = 0;
  auto fresh = [&] { return "%t" + std::to_string(id++); };
  auto chain = [&](std::string& out, std::string v, int len, const std::string& indent) {
    for (int i = 0; i < len; ++i) {
      std::string next = fresh();
      out += indent + next +
             " : Tensor = " + (i % 2 ? "aten::relu(" + v + ")" : "aten::add(" + v + ", " + v + ", %one)") + "\n";
      v = next;
      ++count;
    }
    return v;
  };
  while (count < nodes) {
    std::string r = fresh();
    text += "  " + r + " : Tensor = prim::If(%c)\n    block0():\n";
    std::string a = chain(text, cur, 4, "      ");
    text += "      -> (" + a + ")\n    block1():\n";
    std::string b = chain(text, cur, 4, "      ");
    text += "      -> (" + b + ")\n";
    ++count;
    std::string l = fresh(), body = fresh(), i = fresh();
    text += "  " + l + " : Tensor = prim::Loop(%n, %true, " + r + ")\n    block0(" + i + " : int, " + body +
            " : Tensor):\n";
    std::string v = chain(text, body, 4, "      ");
    std::string inner = fresh();
    text += "      " + inner + " : Tensor = prim::If(%c)\n        block0():\n";
    std::string w = chain(text, v, 2, "          ");
    text += "          -> (" + w + ")\n        block1():\n          -> (" + v + ")\n";
    text += "      -> (%true, " + inner + ")\n";
    count += 2;
    cur = l;
  }
  return text + "  return (" + cur + ")\n";
}

double medianMs(const PassInfo& pass, const Graph& graph) {
  std::vector<double> ms;
  for (int r = 0; r < 5; ++r) {
    std::shared_ptr<Graph> g = graph.copy();
    ms.push_back(runPass(pass, g).milliseconds);
  }
  std::sort(ms.begin(), ms.end());
  return ms[2];
}

void benchShape(const char* shape, std::string (*generate)(int)) {
  auto small = std::make_shared<Graph>(), large = std::make_shared<Graph>();
  parseIR(generate(10000), *small);
  parseIR(generate(20000), *large);
  std::printf("%s graph: %zu and %zu nodes\n", shape, countNodes(*small), countNodes(*large));
  std::printf("  %-38s %10s %10s %7s\n", "pass", "10k ms", "20k ms", "ratio");
  for (const PassInfo& pass : registeredPasses()) {
    double a = medianMs(pass, *small), b = medianMs(pass, *large);
    std::printf("  %-38s %10.3f %10.3f %7.2f\n", pass.name.c_str(), a, b, a > 0 ? b / a : 0.0);
    std::fflush(stdout);
  }
}

}  // namespace

int main() {
  benchShape("straight-line", straightLine);
  benchShape("nested if/loop", nested);
  benchShape("typed straight-line", typedStraightLine);
  return 0;
}
