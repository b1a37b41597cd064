#include "runtime/interop_pool.h"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "ember/error.h"

namespace ember::jit {
namespace {

class InterOpPool {
 public:
  explicit InterOpPool(size_t n) {
    workers_.reserve(n);
    for (size_t i = 0; i < n; ++i) workers_.emplace_back([this] { work(); });
  }
  ~InterOpPool() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    for (auto& t : workers_) t.join();
  }
  void launch(Task task) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      queue_.push_back(std::move(task));
    }
    wake_.notify_one();
  }
  size_t size() const { return workers_.size(); }

 private:
  void work() {
    for (;;) {
      Task task;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return stop_ || !queue_.empty(); });
        if (queue_.empty()) return;  // stopping and drained
        task = std::move(queue_.front());
        queue_.pop_front();
      }
      try {
        task();
      } catch (...) {  // NOLINT: a task's failure belongs to its future, never to the worker
      }
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Task> queue_;
  std::vector<std::thread> workers_;
  bool stop_ = false;
};

std::mutex gConfigMutex;
size_t gRequestedThreads = 0;  // 0: default
bool gStarted = false;

size_t defaultThreads() { return std::max<size_t>(2, std::thread::hardware_concurrency()); }

InterOpPool& pool() {
  static InterOpPool* instance = [] {
    std::lock_guard<std::mutex> lock(gConfigMutex);
    gStarted = true;
    // Leaked on purpose: workers may still be finishing tasks while static destructors run.
    return new InterOpPool(gRequestedThreads ? gRequestedThreads : defaultThreads());
  }();
  return *instance;
}

}  // namespace

void launchInterOpTask(Task task) { pool().launch(std::move(task)); }

void setNumInterOpThreads(size_t n) {
  std::lock_guard<std::mutex> lock(gConfigMutex);
  EMBER_CHECK(n > 0, "Number of inter-op threads must be positive");
  EMBER_CHECK(!gStarted, "Error: cannot set number of interop threads after parallel work has started or "
              "set_num_interop_threads called");
  gRequestedThreads = n;
}

size_t getNumInterOpThreads() {
  std::lock_guard<std::mutex> lock(gConfigMutex);
  if (gStarted) return pool().size();
  return gRequestedThreads ? gRequestedThreads : defaultThreads();
}

}  // namespace ember::jit
