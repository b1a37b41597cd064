// The Python printer: turns graphs back into TorchScript source in PyTorch 1.13's dialect, the
// text that `fn.code` / `module.code` show and that archives store under `code/`:
//
//   def forward(self,
//       x: Tensor) -> Tensor:
//     _0 = torch.add(torch.mul(x, 2), 1)
//     return torch.relu(_0)
//
// Values used once whose node sits where a tree walk expects it are inlined into their user;
// other values get names derived from their debug names (`x.3` -> `x`, `x0`, `x1`, ...;
// unnamed -> `_0`, `_1`, ...). Tensors and non-ASCII strings go into the constant table and print
// as `CONSTANTS.cN`. Classes print with their attributes and methods; NamedTuples, interfaces and
// enums as class declarations. The names of other classes a printed text refers to are collected
// as dependencies (for the archive writer's file order).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ember/core/function.h"
#include "ember/core/ivalue.h"
#include "ember/core/type.h"

namespace ember::jit {

class Graph;
class Node;
struct FunctionSchema;

struct PythonPrintOptions {
  // Spells class names (the archive writer's mangled names); nullptr prints qualified names.
  TypePrinter typePrinter;
  // Archives must be importable: reject what the importer cannot read back (closures, functions
  // returning several values).
  bool enforceImportable = false;
  // The schema of an operator node whose kind has no registered operator (tools printing graphs
  // of ops ember does not implement); without it such calls print every input positionally.
  std::function<const FunctionSchema*(const Node&)> schemaFallback;
};

namespace printer_detail {
class PrinterImpl;
}

class PythonPrinter {
 public:
  // `constantTable` receives the values printed as `CONSTANTS.cN` (shared between printers of
  // one archive so that indices are unique).
  explicit PythonPrinter(std::vector<IValue>& constantTable, PythonPrintOptions options = {});
  ~PythonPrinter();
  PythonPrinter(const PythonPrinter&) = delete;
  PythonPrinter& operator=(const PythonPrinter&) = delete;

  // A free function, or a method as printed inside its class (`self: __torch__.M`).
  void printFunction(const Function& fn);
  // A method on its own, as `module.forward.code` shows it (`self` without annotation).
  void printMethod(const Function& fn);
  // A graph with an explicit schema (`printFirstArgumentType` false gives the method form).
  void printGraph(const Graph& graph, const FunctionSchema& schema, bool printFirstArgumentType = true);
  // Classes (modules with __parameters__/__buffers__), NamedTuples, interfaces, enums.
  void printNamedType(const TypePtr& type);

  std::string str() const;
  // Named types the printed code refers to, in first-use order, without duplicates.
  const std::vector<TypePtr>& dependencies() const;

 private:
  std::unique_ptr<printer_detail::PrinterImpl> impl_;
};

// The code of a free function named `name` whose schema is derived from the graph (arguments
// named after the inputs' debug names), as PyTorch prints a function created from a graph.
// Constants that need the table print as CONSTANTS.cN and are appended to `constants` if given.
std::string pythonPrint(const Graph& graph, const std::string& name, std::vector<IValue>* constants = nullptr);

}  // namespace ember::jit
