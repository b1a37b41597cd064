// Hooks through which the runtime's autograd (ember/runtime/autograd.h) learns that a TensorImpl
// or a StorageImpl is freed: autograd keeps its per-tensor state (grad, grad_fn) and per-storage
// version counters in tables keyed by these objects, outside the tensor structs, so that tensors
// that never meet autograd carry nothing for it. Null (one relaxed load per free) until autograd
// is first used.
#pragma once

#include <atomic>
#include <string>

namespace ember::detail {

using ImplFreedHook = void (*)(const void* impl);
inline std::atomic<ImplFreedHook> gTensorImplFreed{nullptr};
inline std::atomic<ImplFreedHook> gStorageImplFreed{nullptr};

// The name of a TensorImpl's grad_fn ("MulBackward0"), empty for a leaf: printing shows it as
// PyTorch does (`grad_fn=<MulBackward0>`). Installed by the runtime's autograd.
using GradFnNameHook = std::string (*)(const void* impl);
inline std::atomic<GradFnNameHook> gGradFnName{nullptr};

}  // namespace ember::detail
