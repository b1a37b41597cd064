// AutogradMeta: what autograd knows about a tensor beyond its requires_grad flag (.grad,
// grad_fn, output number, the AccumulateGrad of a leaf, the base of a view), and the version
// counters of storages (shared by all views of a storage). Both live in tables keyed by the
// TensorImpl / StorageImpl, filled only for tensors autograd touches and cleaned up through the
// tensor library's free hooks (ember/tensor/autograd_hooks.h), so tensors outside autograd
// carry nothing and the tensor structs do not change.
//
// TensorImpl's requires_grad flag is true for every tensor that requires grad, leaf or not; a
// tensor is a leaf when it has no grad_fn here.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "ember/runtime/autograd.h"

namespace ember::autograd {

struct AutogradMeta {
  Tensor grad;                           // .grad, undefined when absent
  std::shared_ptr<Node> gradFn;          // null for a leaf
  uint32_t outputNr = 0;                 // which output of gradFn this tensor is
  std::weak_ptr<Node> gradAccumulator;   // a leaf's AccumulateGrad (which holds the leaf)
  // Produced by a view op from a tensor with history, and that base: in-place ops on the view
  // would have to rewrite the base's history, which ember does not do yet (record.cpp).
  bool isView = false;
  Tensor viewBase;
  // The storage version when the view's grad_fn was set: a later write into the storage (through
  // the base or another view) makes the view's history stale (copy_slices.h).
  uint32_t viewVersion = 0;
  // A leaf's hooks (register_hook), run before its AccumulateGrad; a non-leaf's are on its grad_fn.
  std::vector<TensorHook> hooks;
  bool retainsGrad = false;  // retain_grad() was called on this non-leaf
};

// The tensor's state, or nullptr.
AutogradMeta* autogradMeta(const TensorImpl* impl);
AutogradMeta& ensureAutogradMeta(const TensorImpl* impl);
// Makes the tensor a leaf again (detach_): drops grad_fn and view state, keeps .grad.
void clearHistory(const TensorImpl* impl);

inline bool hasHistory(const Tensor& t) {
  const AutogradMeta* m = autogradMeta(t.impl());
  return m && m->gradFn;
}
inline bool isLeafRequiringGrad(const Tensor& t) { return t.requires_grad() && !hasHistory(t); }

uint32_t versionOf(const StorageImpl* storage);
void bumpVersion(const StorageImpl* storage);

}  // namespace ember::autograd
