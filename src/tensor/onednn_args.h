// The memory arguments of a cached oneDNN primitive, made once and reused by every call: a call
// borrows a set, points each argument at its own data (set_data_handle) and gives the set back.
// Creating the dnnl::memory objects and the map of them for every call cost a handful of
// mallocs and frees per product, ~5% of the zoo's transformer at one thread.
#pragma once

#include <dnnl.hpp>

#include <cstddef>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ember::onednn {

class ArgPool {
 public:
  using Args = std::unordered_map<int, dnnl::memory>;
  // (argument, layout) pairs: every argument the primitive takes, DNNL_ARG_SCRATCHPAD included.
  using Layouts = std::vector<std::pair<int, dnnl::memory::desc>>;

  // A set of arguments lent to one call; returned to the pool when the lease ends.
  class Lease {
   public:
    Lease(ArgPool& pool, std::unique_ptr<Args> args) : pool_(pool), args_(std::move(args)) {}
    ~Lease() { pool_.giveBack(std::move(args_)); }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;

    // Points argument `arg` (one of the pool's layouts) at `data` for this call.
    void set(int arg, const void* data) { args_->at(arg).set_data_handle(const_cast<void*>(data)); }
    const Args& args() const { return *args_; }
    size_t scratchpadBytes() const { return pool_.scratchpadBytes_; }

   private:
    ArgPool& pool_;
    std::unique_ptr<Args> args_;
  };

  // `scratchpadBytes`: the size of the DNNL_ARG_SCRATCHPAD among `layouts` (0: none).
  ArgPool(Layouts layouts, const dnnl::engine& engine, size_t scratchpadBytes)
      : layouts_(std::move(layouts)), engine_(engine), scratchpadBytes_(scratchpadBytes) {}

  // A set no other call holds: a free one, or a new one when all are lent (threads running the
  // same primitive at once each hold their own).
  Lease borrow() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!free_.empty()) {
        std::unique_ptr<Args> args = std::move(free_.back());
        free_.pop_back();
        return Lease(*this, std::move(args));
      }
    }
    auto args = std::make_unique<Args>();
    for (const auto& [arg, md] : layouts_) args->emplace(arg, dnnl::memory(md, engine_, DNNL_MEMORY_NONE));
    return Lease(*this, std::move(args));
  }

 private:
  void giveBack(std::unique_ptr<Args> args) {
    std::lock_guard<std::mutex> lock(mutex_);
    free_.push_back(std::move(args));
  }

  const Layouts layouts_;
  const dnnl::engine engine_;
  const size_t scratchpadBytes_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<Args>> free_;
};

}  // namespace ember::onednn
