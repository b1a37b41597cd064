// The inter-op thread pool: runs forked functions (prim::fork) and the continuations of
// interpreters that suspended at `wait`. Separate from the intra-op pool of the tensor library
// (ember/tensor/parallel.h), which parallelises single kernels.
#pragma once

#include <cstddef>
#include <functional>

namespace ember::jit {

using Task = std::function<void()>;

// Queues `task` on the pool (started on first use). Tasks must not throw: an escaping exception
// is swallowed so that a worker never dies.
void launchInterOpTask(Task task);

// Number of worker threads; setting it is only possible before the first task runs (PyTorch's
// torch.set_num_interop_threads has the same rule). Throws ember::Error otherwise.
void setNumInterOpThreads(size_t n);
size_t getNumInterOpThreads();

}  // namespace ember::jit
