// AutogradMeta: what a tensor carries for autograd besides its requires_grad flag. The tensor
// library only stores it; the engine that reads and writes it is the runtime's
// (ember/runtime/autograd.h, src/runtime/autograd/). It lives here because every TensorImpl may
// own one, and the graph's nodes are only forward-declared: the tensor layer never calls them.
//
// A tensor without AutogradMeta is a leaf with no .grad; most tensors never get one, so the
// cost for programs that never differentiate is one null pointer per TensorImpl.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "ember/intrusive_ptr.h"

namespace ember {

class TensorImpl;
namespace autograd {
class Node;
}  // namespace autograd

struct AutogradMeta {
  // The accumulated gradient (.grad); null when absent.
  IntrusivePtr<TensorImpl> grad;
  // The node that computes this tensor's gradient's contribution to its inputs (grad_fn); null
  // for a leaf.
  std::shared_ptr<autograd::Node> gradFn;
  // Which output of gradFn this tensor is.
  uint32_t outputNr = 0;
  // The AccumulateGrad node of a leaf that requires grad; weak, because that node holds the leaf.
  std::weak_ptr<autograd::Node> gradAccumulator;
  // Produced by a view op from a tensor that requires grad, and that tensor: an in-place op on
  // the view would have to rewrite the base's history, which ember does not do yet, so it is
  // recorded as a node that fails in backward (src/runtime/autograd/record.cpp).
  bool isView = false;
  IntrusivePtr<TensorImpl> viewBase;
};

namespace detail {
// Set (never cleared) the first time any tensor is marked as requiring grad. The operator call
// path reads it to decide in one load whether autograd can be involved at all.
inline std::atomic<bool> gAnyRequiresGrad{false};
}  // namespace detail

// Whether autograd may have work to do in this process (some tensor has required grad).
inline bool autogradMayBeActive() { return detail::gAnyRequiresGrad.load(std::memory_order_relaxed); }

}  // namespace ember
