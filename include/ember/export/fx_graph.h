// The Export IR graph: an FX-style list of nodes (placeholder, call_function, get_attr, output)
// whose arguments refer to earlier nodes, with the metadata the Export IR specification requires
// (`val`, `stack_trace`, `nn_module_stack`, `source_fn_stack`), and its FX text form:
//
//   graph():
//       %x : [num_users=1] = placeholder[target=x]
//       %add : [num_users=1] = call_function[target=aten.add.Tensor](args = (%x, 1), kwargs = {})
//       return (add,)
//
// Targets of call_function nodes are strings: `aten.<name>.<overload>` (overload `default` for
// the unnamed one), `aten.sym_size.int`, `operator.<op>` for SymInt arithmetic and
// `operator.getitem` for elements of multi-output calls.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "ember/export/sym_expr.h"
#include "ember/tensor/device.h"
#include "ember/tensor/scalar_type.h"

namespace ember::exporter {

// Tensor metadata of a value: symbolic sizes and strides, dtype, device.
struct FakeTensor {
  std::vector<SymInt> sizes;
  std::vector<SymInt> strides;
  ScalarType dtype = ScalarType::Float;
  Device device;
  // `FakeTensor(dtype=torch.float32, size=[batch, 4], device=cpu)`.
  std::string str() const;
  static std::vector<SymInt> contiguousStrides(const std::vector<SymInt>& sizes);
};

// node.meta["val"]: nothing, a fake tensor, a scalar (constant or symbolic) or a sequence.
struct MetaVal {
  enum class Kind : uint8_t { None, Tensor, Sym, List };
  Kind kind = Kind::None;
  FakeTensor tensor;
  SymExpr sym;
  std::vector<MetaVal> elements;
  static MetaVal ofTensor(FakeTensor t);
  static MetaVal ofSym(SymExpr s);
  static MetaVal ofList(std::vector<MetaVal> elements);
  std::string str() const;
};

class FxNode;

// An argument of a node: Python values, references to nodes, and sequences of them.
struct FxArg {
  enum class Kind : uint8_t { None, Bool, Int, Float, String, Node, List, Dtype, Device, Layout, MemoryFormat };
  Kind kind = Kind::None;
  int64_t i = 0;  // Bool, Int, Dtype, Layout, MemoryFormat
  double f = 0;
  std::string s;  // String, Device ("cpu")
  FxNode* node = nullptr;
  std::vector<FxArg> list;

  static FxArg none() { return {}; }
  static FxArg boolean(bool v);
  static FxArg integer(int64_t v);
  static FxArg floating(double v);
  static FxArg string(std::string v);
  static FxArg ref(FxNode* n);
  static FxArg sequence(std::vector<FxArg> items);
  static FxArg dtype(ScalarType t);
  static FxArg device(const Device& d);
  // FX's rendering: `%x`, `1`, `1.0`, `[2, %sym_size]`, `torch.float32`, `cpu`, `None`.
  std::string str() const;
};

enum class FxOp : uint8_t { Placeholder, CallFunction, GetAttr, Output };
const char* toString(FxOp op);

struct NnModuleFrame {
  std::string key;   // "L__self___layer1" style unique key
  std::string path;  // "layer1.0"
  std::string type;  // "__torch__.torch.nn.modules.linear.Linear"
};

class FxNode {
 public:
  std::string name;
  FxOp op = FxOp::CallFunction;
  std::string target;
  std::vector<FxArg> args;
  std::vector<std::pair<std::string, FxArg>> kwargs;
  // metadata
  MetaVal val;
  std::string stackTrace;
  std::vector<NnModuleFrame> nnModuleStack;
  std::vector<std::pair<std::string, std::string>> sourceFnStack;  // (node name, function or module type)

  // Nodes this node's args and kwargs refer to, in order, once each.
  std::vector<FxNode*> inputNodes() const;
  // `aten.add.Tensor` -> {"aten::add", "Tensor"}; throws for other targets.
  std::pair<std::string, std::string> atenOperator() const;
  bool isAten() const { return op == FxOp::CallFunction && target.rfind("aten.", 0) == 0; }
};

class FxGraph {
 public:
  FxGraph() = default;
  FxGraph(const FxGraph&) = delete;
  FxGraph& operator=(const FxGraph&) = delete;
  FxGraph(FxGraph&&) = default;
  FxGraph& operator=(FxGraph&&) = default;

  // A node named after `nameHint` (made unique with _1, _2 ... as FX does), appended before the
  // output node if there is one.
  FxNode* placeholder(const std::string& nameHint, MetaVal val = {});
  FxNode* callFunction(const std::string& target, std::vector<FxArg> args,
                       std::vector<std::pair<std::string, FxArg>> kwargs = {}, const std::string& nameHint = "");
  FxNode* getAttr(const std::string& target);
  FxNode* output(std::vector<FxArg> results);

  const std::vector<std::unique_ptr<FxNode>>& nodes() const { return nodes_; }
  std::vector<FxNode*> placeholders() const;
  FxNode* outputNode() const;
  FxNode* findNode(const std::string& name) const;
  // How many nodes use `n` (FX's num_users).
  size_t numUsers(const FxNode* n) const;
  // A deep copy (node names kept).
  FxGraph clone() const;
  // Appends a node as it is (its name must be free); args must refer to nodes of this graph.
  FxNode* adopt(std::unique_ptr<FxNode> n);
  // Puts the placeholders in `order` (every placeholder exactly once).
  void reorderPlaceholders(const std::vector<FxNode*>& order);
  // Removes call_function nodes nobody uses (all export targets are functional).
  void eliminateDeadCode();
  // Checks that arguments refer to earlier nodes, placeholders come first and there is one
  // output node at the end; throws ember::Error otherwise.
  void lint() const;

  // Graphs that get_attr nodes read (the branches of `higher_order.cond`), by name.
  std::map<std::string, std::unique_ptr<FxGraph>> submodules;
  // A free submodule name `base_<n>` ("true_graph_0").
  std::string submoduleName(const std::string& base) const;

  // The graph, then each submodule's under a `# name` line.
  std::string str() const;
  // The default name FX derives from a target: `aten.add.Tensor` -> `add`, `aten.sym_size.int`
  // -> `sym_size_int`, `operator.mul` -> `mul`.
  static std::string nameFor(const std::string& target);

 private:
  FxNode* append(std::unique_ptr<FxNode> n, const std::string& nameHint);
  std::string uniqueName(const std::string& hint);
  std::vector<std::unique_ptr<FxNode>> nodes_;
  std::vector<std::string> taken_;
};

std::ostream& operator<<(std::ostream& out, const FxGraph& g);

}  // namespace ember::exporter
