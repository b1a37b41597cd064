#include "ember/tensor/parallel.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "ember/error.h"

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

class ThreadPool {
 public:
  ThreadPool() : numThreads_(initialThreads()) {}
  ~ThreadPool() = delete;  // lives for the whole process (workers may outlive static destructors)

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
    ensureWorkers(threads - 1);
    Job job;
    job.fn = &fn;
    job.begin = begin;
    job.end = end;
    job.chunks = chunks;
    job.chunkSize = (range + chunks - 1) / chunks;
    {
      std::lock_guard<std::mutex> lock(mu_);
      job_ = &job;
      ++generation_;
    }
    cv_.notify_all();
    tInParallel = true;
    job.work();
    tInParallel = false;
    // Wait until every chunk is finished and no worker still touches the job.
    std::unique_lock<std::mutex> lock(mu_);
    doneCv_.wait(lock, [&] { return job.done.load() == job.chunks && active_ == 0; });
    job_ = nullptr;
    lock.unlock();
    if (job.error) std::rethrow_exception(job.error);
  }

 private:
  void ensureWorkers(int n) {
    while (static_cast<int>(workers_.size()) < n) workers_.emplace_back([this] { workerLoop(); });
  }

  void workerLoop() {
    tInParallel = true;
    uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      cv_.wait(lock, [&] { return generation_ != seen; });
      seen = generation_;
      Job* job = job_;
      if (!job) continue;
      ++active_;
      lock.unlock();
      job->work();
      lock.lock();
      --active_;
      doneCv_.notify_all();
    }
  }

  std::atomic<int> numThreads_;
  std::mutex runMu_;
  std::mutex mu_;
  std::condition_variable cv_, doneCv_;
  Job* job_ = nullptr;
  uint64_t generation_ = 0;
  int active_ = 0;
  std::vector<std::thread> workers_;
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
