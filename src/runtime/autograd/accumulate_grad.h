// AccumulateGrad: the node at the end of every path to a leaf that requires grad. It adds the
// gradient it receives into the leaf's .grad (in place without create_graph, as PyTorch does, so
// earlier references to .grad see the sum; out of place and recorded with create_graph).
#pragma once

#include <mutex>

#include "ember/runtime/autograd.h"

namespace ember::autograd {

class AccumulateGrad : public Node {
 public:
  explicit AccumulateGrad(Tensor leaf) : leaf_(std::move(leaf)) {}
  std::string name() const override { return "AccumulateGrad"; }
  std::vector<Tensor> apply(std::vector<Tensor>&& gradOutputs) override;
  size_t numInputs() const override { return 1; }
  const Tensor& leaf() const { return leaf_; }

 private:
  Tensor leaf_;
  std::mutex mutex_;  // backward passes of several threads may reach one leaf at once
};

// The sum of two gradients; recorded through the operator call path when grad mode is on.
Tensor addGradients(const Tensor& a, const Tensor& b);

}  // namespace ember::autograd
