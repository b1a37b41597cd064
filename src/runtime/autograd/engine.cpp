// The backward engine: from root gradients, runs the graph of nodes in dependency order
// (a node runs once every node that feeds it has run), summing the gradients that reach each
// node's inputs. torch.autograd.grad captures the gradients reaching the given inputs and runs
// only the nodes on paths to them; backward() runs everything and accumulates into leaves.
//
// Runs on the calling thread; the ops of the formulas use the shared intra-op pool.
#include <algorithm>
#include <queue>
#include <unordered_map>
#include <unordered_set>

#include "ember/runtime/grad_mode.h"
#include "ember/tensor/ops/shape_extra.h"
#include "runtime/autograd/accumulate_grad.h"
#include "runtime/autograd/autograd_meta.h"
#include "runtime/autograd/saved_tensor.h"

namespace ember::autograd {

namespace {

struct Target {
  Node* node;
  uint32_t inputNr;
};

class GraphTask {
 public:
  GraphTask(bool keepGraph, std::vector<Target> targets, bool accumulate)
      : keepGraph_(keepGraph), targets_(std::move(targets)), accumulate_(accumulate) {}

  // Runs the graph from the root edges with their gradients; returns the captured gradients.
  std::vector<Tensor> run(const std::vector<Edge>& roots, const std::vector<Tensor>& rootGrads) {
    std::vector<Node*> order = collect(roots);
    computeNeeded(order);
    for (Node* n : order)
      if (needed_[n])
        for (const Edge& e : n->nextEdges())
          if (e.fn) ++deps_[e.fn.get()];
    for (size_t i = 0; i < roots.size(); ++i) {
      if (!roots[i].fn) continue;
      addToBuffer(roots[i].fn.get(), roots[i].inputNr, rootGrads[i]);
      owners_[roots[i].fn.get()] = roots[i].fn;
    }
    auto later = [](Node* a, Node* b) { return a->sequenceNr() < b->sequenceNr(); };
    std::priority_queue<Node*, std::vector<Node*>, decltype(later)> ready(later);
    std::unordered_set<Node*> queued;
    for (const Edge& r : roots)
      if (r.fn && deps_[r.fn.get()] == 0 && queued.insert(r.fn.get()).second) ready.push(r.fn.get());
    captured_.assign(targets_.size(), Tensor());
    while (!ready.empty()) {
      Node* n = ready.top();
      ready.pop();
      std::vector<Tensor> grads = std::move(buffers_[n]);
      buffers_.erase(n);
      runTensorHooks(n, grads);
      capture(n, grads);
      if (!needed_[n]) continue;
      std::vector<Tensor> outs = execute(n, std::move(grads));
      const auto& edges = n->nextEdges();
      for (size_t i = 0; i < edges.size(); ++i) {
        const Edge& e = edges[i];
        if (!e.fn) continue;
        if (i < outs.size() && outs[i].defined()) addToBuffer(e.fn.get(), e.inputNr, outs[i]);
        owners_.emplace(e.fn.get(), e.fn);
        if (--deps_[e.fn.get()] == 0 && queued.insert(e.fn.get()).second) ready.push(e.fn.get());
      }
    }
    return std::move(captured_);
  }

 private:
  std::vector<Node*> collect(const std::vector<Edge>& roots) {
    std::vector<Node*> order, stack;
    std::unordered_set<Node*> seen;
    for (const Edge& r : roots)
      if (r.fn && seen.insert(r.fn.get()).second) stack.push_back(r.fn.get());
    while (!stack.empty()) {
      Node* n = stack.back();
      stack.pop_back();
      order.push_back(n);
      for (const Edge& e : n->nextEdges())
        if (e.fn && seen.insert(e.fn.get()).second) stack.push_back(e.fn.get());
    }
    return order;
  }

  // Without targets every node runs. With targets, a node runs if some target is reachable
  // from it through its next edges (the targets' own nodes run only if further targets need it).
  void computeNeeded(const std::vector<Node*>& order) {
    if (accumulate_) {
      for (Node* n : order) needed_[n] = true;
      return;
    }
    // Walked up from the targets through the nodes using them (sequence numbers are not a
    // topological order: a view's history regenerated when an op reads it is created after
    // that op's node).
    std::unordered_map<Node*, std::vector<Node*>> users;
    for (Node* n : order) {
      needed_[n] = false;
      for (const Edge& e : n->nextEdges())
        if (e.fn) users[e.fn.get()].push_back(n);
    }
    std::vector<Node*> work;
    for (const Target& t : targets_) work.push_back(t.node);
    while (!work.empty()) {
      Node* m = work.back();
      work.pop_back();
      auto it = users.find(m);
      if (it == users.end()) continue;
      for (Node* u : it->second)
        if (!needed_[u]) {
          needed_[u] = true;
          work.push_back(u);
        }
    }
  }

  void addToBuffer(Node* n, uint32_t inputNr, const Tensor& g) {
    std::vector<Tensor>& buf = buffers_[n];
    if (buf.size() < std::max<size_t>(n->numInputs(), inputNr + 1)) buf.resize(std::max<size_t>(n->numInputs(), inputNr + 1));
    buf[inputNr] = buf[inputNr].defined() ? addGradients(buf[inputNr], g) : g;
  }

  // Tensor hooks: a non-leaf's are on the node that produced it, a leaf's on its AccumulateGrad.
  static void runTensorHooks(Node* n, std::vector<Tensor>& grads) {
    auto apply = [&](const TensorHook& hook, uint32_t i) {
      if (i >= grads.size() || !grads[i].defined()) return;
      Tensor r = hook(grads[i]);
      if (r.defined()) grads[i] = std::move(r);
    };
    for (const auto& [outputNr, hook] : n->tensorPreHooks()) apply(hook, outputNr);
    if (auto* acc = dynamic_cast<AccumulateGrad*>(n))
      if (AutogradMeta* meta = autogradMeta(acc->leaf().impl()))
        for (size_t h = 0; h < meta->hooks.size(); ++h) apply(meta->hooks[h], 0);
  }

  void capture(Node* n, const std::vector<Tensor>& grads) {
    for (size_t i = 0; i < targets_.size(); ++i)
      if (targets_[i].node == n && targets_[i].inputNr < grads.size()) captured_[i] = grads[targets_[i].inputNr];
  }

  std::vector<Tensor> execute(Node* n, std::vector<Tensor>&& grads) {
    bool any = false;
    for (const Tensor& g : grads) any = any || g.defined();
    std::vector<Tensor> outs;
    if (any) {
      if (grads.size() < n->numInputs()) grads.resize(n->numInputs());
      outs = n->apply(std::move(grads));
    }
    if (!keepGraph_) n->releaseVariables();
    return outs;
  }

  bool keepGraph_;
  std::vector<Target> targets_;
  bool accumulate_;
  std::unordered_map<Node*, bool> needed_;
  std::unordered_map<Node*, size_t> deps_;
  std::unordered_map<Node*, std::vector<Tensor>> buffers_;
  std::unordered_map<Node*, std::shared_ptr<Node>> owners_;  // keeps nodes alive while queued
  std::vector<Tensor> captured_;
};

// Root edges and gradients of outputs, with PyTorch's checks and implicit ones for scalars.
void makeRoots(const std::vector<Tensor>& outputs, const std::vector<Tensor>& gradOutputs, std::vector<Edge>& roots,
               std::vector<Tensor>& grads) {
  EMBER_CHECK(gradOutputs.empty() || gradOutputs.size() == outputs.size(), "grad requires one gradient per output: got ",
              gradOutputs.size(), " gradients for ", outputs.size(), " outputs");
  for (size_t i = 0; i < outputs.size(); ++i) {
    const Tensor& out = outputs[i];
    EMBER_CHECK(out.defined(), "element ", i, " of tensors is None");
    EMBER_CHECK(out.requires_grad(), "element ", i, " of tensors does not require grad and does not have a grad_fn");
    Tensor g = gradOutputs.empty() ? Tensor() : gradOutputs[i];
    if (!g.defined()) {
      EMBER_CHECK(out.numel() == 1, "grad can be implicitly created only for scalar outputs");
      g = ember::ones_like(out, {}, MemoryFormat::Preserve);
    } else {
      EMBER_CHECK(g.sizes() == out.sizes(), "Mismatch in shape: grad_output[", i, "] has a shape of ", g.sizes(),
                  " and output[", i, "] has a shape of ", out.sizes(), ".");
    }
    roots.push_back(gradientEdge(out));
    grads.push_back(std::move(g));
  }
}

}  // namespace

std::vector<Tensor> grad(const std::vector<Tensor>& outputs, const std::vector<Tensor>& inputs,
                         const std::vector<Tensor>& gradOutputs, std::optional<bool> retainGraph, bool createGraph,
                         bool allowUnused) {
  std::vector<Edge> roots;
  std::vector<Tensor> rootGrads;
  makeRoots(outputs, gradOutputs, roots, rootGrads);
  EMBER_CHECK(!inputs.empty(), "grad requires non-empty inputs.");
  std::vector<Target> targets;
  std::vector<std::shared_ptr<Node>> keep;
  for (size_t i = 0; i < inputs.size(); ++i) {
    EMBER_CHECK(inputs[i].defined() && inputs[i].requires_grad(), "One of the differentiated Tensors does not require grad");
    Edge e = gradientEdge(inputs[i]);
    targets.push_back({e.fn.get(), e.inputNr});
    keep.push_back(e.fn);
  }
  std::vector<Tensor> result;
  {
    jit::GradModeGuard mode(createGraph);
    GraphTask task(retainGraph.value_or(createGraph), targets, false);
    result = task.run(roots, rootGrads);
  }
  for (size_t i = 0; i < result.size(); ++i) {
    EMBER_CHECK(result[i].defined() || allowUnused,
                "One of the differentiated Tensors appears to not have been used in the graph. Set allow_unused=True "
                "if this is the desired behavior.");
    if (result[i].defined() && result[i].sizes() != inputs[i].sizes())
      result[i] = ember::sum_to_size(result[i], inputs[i].sizes());
  }
  return result;
}

void backward(const std::vector<Tensor>& tensors, const std::vector<Tensor>& gradTensors,
              std::optional<bool> retainGraph, bool createGraph) {
  std::vector<Edge> roots;
  std::vector<Tensor> rootGrads;
  makeRoots(tensors, gradTensors, roots, rootGrads);
  jit::GradModeGuard mode(createGraph);
  GraphTask task(retainGraph.value_or(createGraph), {}, true);
  task.run(roots, rootGrads);
}

}  // namespace ember::autograd
