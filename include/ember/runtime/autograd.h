// Eager autograd: the graph of backward nodes that operator calls record, and the engine that
// runs it (torch.autograd.grad, Tensor.backward). See docs/internals/autograd.md.
//
// Nodes are recorded in one place, the interpreter's operator call (recordedCall below): when
// grad mode is on and a tensor input requires grad, the op runs, then a node computing its
// inputs' gradients with the op's derivative formula (src/runtime/autograd/formulas.cpp,
// written in TorchScript) is attached to its outputs.
//
//   Tensor x = ...; x.set_requires_grad(true);
//   Tensor y = ...;  // computed from x by a TorchScript program
//   std::vector<Tensor> g = ember::autograd::grad({y}, {x});
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ember/core/function.h"
#include "ember/core/ivalue.h"
#include "ember/core/operator.h"
#include "ember/tensor.h"

namespace ember::autograd {

class Node;

// A hook on the gradient of a tensor (Tensor.register_hook): called with the gradient before it
// is used; a defined result replaces it.
using TensorHook = std::function<Tensor(const Tensor&)>;

// An input of a backward node: the node receiving a gradient, and which of its inputs.
struct Edge {
  std::shared_ptr<Node> fn;
  uint32_t inputNr = 0;
  bool valid() const { return fn != nullptr; }
};

// A backward function: from the gradients of the forward op's outputs (one each; undefined
// stands for zeros) to the gradients of its differentiable inputs (one per next edge).
class Node : public std::enable_shared_from_this<Node> {
 public:
  Node();
  // Frees the graph behind it iteratively: a chain of a million nodes must not overflow the stack.
  virtual ~Node();
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  // PyTorch's name of the node ("MulBackward0", "AccumulateGrad").
  virtual std::string name() const = 0;
  virtual std::vector<Tensor> apply(std::vector<Tensor>&& gradOutputs) = 0;
  // Frees saved tensors (after a backward without retain_graph).
  virtual void releaseVariables() {}
  // How many gradients apply takes (the forward op's outputs).
  virtual size_t numInputs() const = 0;

  const std::vector<Edge>& nextEdges() const { return nextEdges_; }
  std::vector<Edge>& mutableNextEdges() { return nextEdges_; }
  // Creation order: the engine runs later nodes first when several are ready, as PyTorch does.
  uint64_t sequenceNr() const { return sequenceNr_; }

  // Hooks of the non-leaf tensors this node produced: (output number, hook), run by the engine
  // on the gradient arriving for that output before the node runs.
  void addTensorPreHook(uint32_t outputNr, TensorHook hook) { tensorPreHooks_.emplace_back(outputNr, std::move(hook)); }
  const std::vector<std::pair<uint32_t, TensorHook>>& tensorPreHooks() const { return tensorPreHooks_; }

 private:
  std::vector<Edge> nextEdges_;
  uint64_t sequenceNr_;
  std::vector<std::pair<uint32_t, TensorHook>> tensorPreHooks_;
};

namespace detail {
inline std::atomic<bool> gMayBeActive{false};
}  // namespace detail

// Whether autograd may have work to do: set (never cleared) when a tensor is first marked as
// requiring grad through requires_grad_, torch.tensor(..., requires_grad=True), an archive, or
// setRequiresGrad. The interpreter reads it once per operator call.
inline bool mayBeActive() { return detail::gMayBeActive.load(std::memory_order_relaxed); }
inline void markActive() { detail::gMayBeActive.store(true, std::memory_order_relaxed); }

// x.requires_grad_(r) for C++ code (Tensor::set_requires_grad only sets the flag, and does not
// turn recording on). Refuses what PyTorch refuses (non-floating dtypes, non-leaves).
void setRequiresGrad(const Tensor& t, bool requiresGrad = true);
// No grad_fn (a tensor that does not require grad is a leaf too).
bool isLeaf(const Tensor& t);

// Where the gradient of `t` goes: its grad_fn and output number, or its AccumulateGrad node when
// it is a leaf that requires grad; an invalid edge otherwise.
Edge gradientEdge(const Tensor& t);

// torch.autograd.grad. gradOutputs may be empty or hold undefined tensors (then ones for
// one-element outputs). retainGraph defaults to createGraph. Undefined results for unused inputs
// when allowUnused.
std::vector<Tensor> grad(const std::vector<Tensor>& outputs, const std::vector<Tensor>& inputs,
                         const std::vector<Tensor>& gradOutputs = {}, std::optional<bool> retainGraph = std::nullopt,
                         bool createGraph = false, bool allowUnused = false);

// Tensor.backward / torch.autograd.backward: accumulates into the .grad of the leaves.
void backward(const std::vector<Tensor>& tensors, const std::vector<Tensor>& gradTensors = {},
              std::optional<bool> retainGraph = std::nullopt, bool createGraph = false);

// x.grad (undefined when absent) and its setter.
Tensor gradOf(const Tensor& t);
void setGrad(const Tensor& t, const Tensor& grad);
// x.grad_fn's name, or "" for a leaf.
std::string gradFnName(const Tensor& t);

// x.register_hook(hook): the hook sees (and may replace) every gradient computed for `t` in
// backward and grad, before it is accumulated or passed on. Refused for a tensor that does not
// require grad, as PyTorch does.
void registerHook(const Tensor& t, TensorHook hook);
// x.retain_grad(): a non-leaf's .grad is filled by backward (summed over calls); a no-op for a
// leaf. retainsGrad: whether retain_grad was called on this non-leaf.
void retainGrad(const Tensor& t);
bool retainsGrad(const Tensor& t);

// Runs `op` on the top nIn values of `stack` (schema = the operator's, or nullptr for an op
// autograd must not look at), with autograd: bumps the version of tensors it writes, refuses
// in-place writes autograd cannot record, and records a backward node when grad mode is on and
// an input requires grad. The interpreter calls it instead of `op` once autogradMayBeActive().
void recordedCall(const jit::FunctionSchema* schema, const jit::NodeOperation& op, jit::Stack& stack, size_t nIn);

// Calls the registered operator `name` ("aten::add.Tensor") through recordedCall, so the call is
// recorded like one a program makes (used by the engine to sum gradients under create_graph).
// The result is on top of the stack.
void callOperator(const char* name, jit::Stack& stack);

// The derivative formulas are TorchScript source compiled by the frontend, a layer above the
// runtime; it installs this compiler (source -> its compiled defs) when it is linked.
using FormulaCompiler = std::vector<std::shared_ptr<jit::Function>> (*)(const std::string& source);
void setFormulaCompiler(FormulaCompiler compiler);

}  // namespace ember::autograd
