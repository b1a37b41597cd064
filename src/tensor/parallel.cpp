#include "ember/tensor/parallel.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <thread>

#include "ember/error.h"

// libgomp's entry for a parallel region: what GCC emits for `#pragma omp parallel` (GOMP_4.0
// ABI), called directly so that every compiler uses the OpenMP runtime oneDNN uses (Debian's
// libdnnl links libgomp): clang's own `#pragma omp` would target LLVM's libomp, a second set of
// workers.
extern "C" void GOMP_parallel(void (*fn)(void*), void* data, unsigned numThreads, unsigned flags);

namespace ember {
namespace {

thread_local bool tInParallel = false;

int initialThreads() {
  if (const char* env = std::getenv("OMP_NUM_THREADS")) {
    int n = std::atoi(env);
    if (n > 0) return n;
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

// A job is split into `chunks` pieces; every participant (the caller included) claims pieces
// with an atomic counter until none remain.
struct Job {
  FunctionRef<void(int64_t, int64_t)>* fn = nullptr;
  int64_t begin = 0, end = 0, chunkSize = 0, chunks = 0;
  std::atomic<int64_t> next{0};
  std::atomic<int64_t> done{0};
  std::mutex errorMu;
  std::exception_ptr error;

  void work() {
    for (;;) {
      int64_t c = next.fetch_add(1, std::memory_order_relaxed);
      if (c >= chunks) return;
      int64_t b = begin + c * chunkSize, e = std::min(end, b + chunkSize);
      try {
        (*fn)(b, e);
      } catch (...) {
        std::lock_guard<std::mutex> lock(errorMu);
        if (!error) error = std::current_exception();
      }
      done.fetch_add(1, std::memory_order_acq_rel);
    }
  }
};

// What every thread of a parallel region runs (the caller included).
void regionBody(void* data) {
  const bool outer = tInParallel;
  tInParallel = true;
  static_cast<Job*>(data)->work();
  tInParallel = outer;
}

// Parallel regions run on OpenMP's threads, the same threads oneDNN's kernels use, so the
// process has one set of workers. With a separate pool of its own, OpenMP's workers kept
// spinning after a convolution (libgomp's default wait policy spins for milliseconds) while the
// pool's workers ran the following batch_norm/relu on the same cores: mobilenet_v2 on 2 threads
// took 3-5x longer than with OMP_WAIT_POLICY=PASSIVE. Idle workers spin briefly and then sleep,
// as libgomp (and PyTorch, which runs its ops on OpenMP too) does; OMP_WAIT_POLICY is honoured.
class ThreadPool {
 public:
  ThreadPool() : numThreads_(initialThreads()) {}
  ~ThreadPool() = delete;  // lives for the whole process

  int numThreads() const { return numThreads_.load(std::memory_order_relaxed); }
  void setNumThreads(int n) {
    EMBER_CHECK(n > 0, "set_num_threads expects a positive integer, got ", n);
    numThreads_.store(n, std::memory_order_relaxed);
  }

  void run(int64_t begin, int64_t end, int64_t grain, FunctionRef<void(int64_t, int64_t)> fn) {
    std::lock_guard<std::mutex> serial(runMu_);  // one parallel region at a time
    int threads = numThreads();
    int64_t range = end - begin;
    int64_t chunks = std::min<int64_t>(threads, (range + grain - 1) / std::max<int64_t>(grain, 1));
    if (chunks <= 1) {
      fn(begin, end);
      return;
    }
    Job job;
    job.fn = &fn;
    job.begin = begin;
    job.end = end;
    job.chunks = chunks;
    job.chunkSize = (range + chunks - 1) / chunks;
    // Chunks are claimed from a counter, so the job completes even if OpenMP gives the region
    // fewer threads than asked for; Job::work catches every exception (none may leave a region).
    GOMP_parallel(&regionBody, &job, static_cast<unsigned>(chunks), 0);
    if (job.error) std::rethrow_exception(job.error);
  }

 private:
  std::atomic<int> numThreads_;
  std::mutex runMu_;
};

ThreadPool& threadPool() {
  static ThreadPool* pool = new ThreadPool();
  return *pool;
}

}  // namespace

void set_num_threads(int n) { threadPool().setNumThreads(n); }
int get_num_threads() { return threadPool().numThreads(); }
bool inParallelRegion() { return tInParallel; }

namespace detail {
void parallelForImpl(int64_t begin, int64_t end, int64_t grain, FunctionRef<void(int64_t, int64_t)> fn) {
  threadPool().run(begin, end, grain, fn);
}
}  // namespace detail

}  // namespace ember
