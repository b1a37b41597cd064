// Hooks through which the runtime's autograd (ember/runtime/autograd.h) learns that a TensorImpl
// or a StorageImpl is freed: autograd keeps its per-tensor state (grad, grad_fn) and per-storage
// version counters in tables keyed by these objects, outside the tensor structs, so that tensors
// that never meet autograd carry nothing for it. Null (one relaxed load per free) until autograd
// is first used.
#pragma once

#include <atomic>

namespace ember::detail {

using ImplFreedHook = void (*)(const void* impl);
inline std::atomic<ImplFreedHook> gTensorImplFreed{nullptr};
inline std::atomic<ImplFreedHook> gStorageImplFreed{nullptr};

}  // namespace ember::detail
