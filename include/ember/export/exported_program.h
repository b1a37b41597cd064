// ExportedProgram: the top-level Export IR object. It bundles the functional FX graph with the
// graph signature (which placeholders are parameters, buffers, constants or user inputs, which
// outputs are user outputs or buffer / user-input mutations), the state_dict and constants the
// lifted placeholders are bound to, the range constraints of the symbolic sizes, the guards the
// capture assumed, the module call graph and the pytree specs of inputs and outputs.
//
//   ExportedProgram ep = exporter::exportModule(module, {x}, {{0, 0, Dim{"batch", 2, 64}}});
//   std::cout << ep.str();                        // graph, signature, range constraints
//   IValue y = ep.module().forward({x2});         // runs through ember's interpreter
//   exporter::save(ep, "model.pt2e");
//   ExportedProgram back = exporter::load("model.pt2e");
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ember/core/ivalue.h"
#include "ember/export/fx_graph.h"
#include "ember/export/sym_expr.h"
#include "ember/tensor/tensor.h"

namespace ember::jit {
class GraphFunction;
}

namespace ember::exporter {

enum class InputKind : uint8_t { USER_INPUT, PARAMETER, BUFFER, CONSTANT_TENSOR };
enum class OutputKind : uint8_t { USER_OUTPUT, BUFFER_MUTATION, USER_INPUT_MUTATION };
const char* toString(InputKind k);
const char* toString(OutputKind k);
InputKind parseInputKind(const std::string& s);
OutputKind parseOutputKind(const std::string& s);

struct InputSpec {
  InputKind kind;
  std::string name;    // the placeholder
  std::string target;  // state_dict / constants key for lifted inputs, "" for user inputs
};

struct OutputSpec {
  OutputKind kind;
  std::string name;    // the node returned ("" when a literal is returned)
  std::string target;  // the mutated buffer, or the mutated user input's placeholder
};

struct GraphSignature {
  std::vector<InputSpec> inputSpecs;
  std::vector<OutputSpec> outputSpecs;
  std::string str() const;
};

// Structure of a pytree: leaves, tuples, lists, dicts with string keys.
struct TreeSpec {
  enum class Type : uint8_t { Leaf, Tuple, List, Dict };
  Type type = Type::Leaf;
  std::vector<TreeSpec> children;
  std::vector<std::string> keys;  // Dict
  size_t numLeaves() const;
  // `TreeSpec(tuple, [*, TreeSpec(list, [*, *])])`, leaves as `*`.
  std::string str() const;
  static TreeSpec parse(const std::string& text);
  // Leaves of `v` in order; checks the structure matches (what: "input", "output").
  std::vector<jit::IValue> flatten(const jit::IValue& v, const char* what) const;
  jit::IValue unflatten(const std::vector<jit::IValue>& leaves) const;
  // The spec of `v`: containers become nodes, everything else a leaf.
  static TreeSpec of(const jit::IValue& v);
};

struct ModuleCallEntry {
  std::string fqn;  // "" for the root
  TreeSpec inSpec;
  TreeSpec outSpec;
};

class ExportedModule;

class ExportedProgram {
 public:
  FxGraph graph;
  GraphSignature signature;
  std::map<std::string, Tensor> stateDict;   // parameters and buffers by their paths
  std::map<std::string, Tensor> constants;   // lifted constant tensors
  SymRanges rangeConstraints;                // symbol -> [min, max]
  std::vector<SymBool> guards;               // assumed during capture, checked on every call
  std::vector<ModuleCallEntry> moduleCallGraph;
  std::string methodName = "forward";

  const TreeSpec& inSpec() const { return moduleCallGraph.at(0).inSpec; }
  const TreeSpec& outSpec() const { return moduleCallGraph.at(0).outSpec; }

  // Graph, signature, range constraints and guards, as torch prints an ExportedProgram.
  std::string str() const;
  // A runnable module (ep.module()): the graph compiled for ember's interpreter, with its own
  // copy of the buffers, which calls update as the program's mutations say.
  ExportedModule module() const;
  // Checks `args` against the input specs: structure, dtypes, static sizes, symbol ranges and
  // guards; throws ember::Error saying which input and dimension is wrong.
  SymValues checkInputs(const std::vector<jit::IValue>& flatUserInputs) const;
  // A copy of the program with every node whose target has an entry in the core-ATen
  // decomposition table rewritten (see decompositions.h).
  ExportedProgram run_decompositions() const;
  ExportedProgram clone() const;
  // Targets of call_function nodes with their counts, e.g. {"aten.addmm.default": 1}.
  std::map<std::string, int> operatorCounts() const;
};

class ExportedModule {
 public:
  ExportedModule() = default;
  // Runs the program on positional inputs (a pytree matching inSpec()), applies the buffer and
  // input mutations, and returns the user outputs rebuilt with outSpec().
  jit::IValue forward(const std::vector<jit::IValue>& args);
  // The module's current parameters and buffers by path (buffers change when the program
  // mutates them).
  std::map<std::string, Tensor>& state();

 private:
  friend class ExportedProgram;
  struct State;
  std::shared_ptr<State> state_;
};

}  // namespace ember::exporter
