// Intrusive reference counting: the count lives in the object (RefCounted), so a pointer is
// one word and IValue can hold any heap payload in its 8-byte slot.
#pragma once

#include <atomic>
#include <cstdint>
#include <utility>

namespace ember {

class RefCounted {
 public:
  RefCounted() = default;
  RefCounted(const RefCounted&) : refcount_(0) {}
  RefCounted& operator=(const RefCounted&) { return *this; }
  virtual ~RefCounted() = default;

  void incref() const { refcount_.fetch_add(1, std::memory_order_relaxed); }
  // Returns true when this was the last reference. A count of 1 means no other thread can hold
  // a reference, so the common last release needs no atomic read-modify-write.
  bool decref() const {
    if (refcount_.load(std::memory_order_acquire) == 1) return true;
    return refcount_.fetch_sub(1, std::memory_order_acq_rel) == 1;
  }
  // For a freshly constructed object that no other thread can see yet.
  void initRefcountToOne() const { refcount_.store(1, std::memory_order_relaxed); }
  uint32_t refcount() const { return refcount_.load(std::memory_order_relaxed); }

 private:
  mutable std::atomic<uint32_t> refcount_{0};
};

template <typename T>
class IntrusivePtr {
 public:
  IntrusivePtr() = default;
  IntrusivePtr(std::nullptr_t) {}  // NOLINT
  explicit IntrusivePtr(T* p) : ptr_(p) {
    if (ptr_) ptr_->incref();
  }
  IntrusivePtr(const IntrusivePtr& o) : ptr_(o.ptr_) {
    if (ptr_) ptr_->incref();
  }
  IntrusivePtr(IntrusivePtr&& o) noexcept : ptr_(o.ptr_) { o.ptr_ = nullptr; }
  template <typename U, typename = std::enable_if_t<std::is_convertible_v<U*, T*>>>
  IntrusivePtr(IntrusivePtr<U> o) : ptr_(o.release()) {}  // NOLINT
  ~IntrusivePtr() { reset(); }

  IntrusivePtr& operator=(IntrusivePtr o) noexcept {
    std::swap(ptr_, o.ptr_);
    return *this;
  }

  // Takes over a pointer whose reference was already counted (see release()).
  static IntrusivePtr reclaim(T* p) {
    IntrusivePtr r;
    r.ptr_ = p;
    return r;
  }
  // Gives up ownership without decrementing: pair with reclaim().
  T* release() {
    T* p = ptr_;
    ptr_ = nullptr;
    return p;
  }
  void reset() {
    if (ptr_ && ptr_->decref()) delete ptr_;
    ptr_ = nullptr;
  }

  T* get() const { return ptr_; }
  T* operator->() const { return ptr_; }
  T& operator*() const { return *ptr_; }
  explicit operator bool() const { return ptr_ != nullptr; }
  uint32_t useCount() const { return ptr_ ? ptr_->refcount() : 0; }
  friend bool operator==(const IntrusivePtr& a, const IntrusivePtr& b) { return a.ptr_ == b.ptr_; }

 private:
  template <typename U>
  friend class IntrusivePtr;
  T* ptr_ = nullptr;
};

template <typename T, typename... Args>
IntrusivePtr<T> makeIntrusive(Args&&... args) {
  T* p = new T(std::forward<Args>(args)...);
  p->initRefcountToOne();  // no atomic increment: the object is not shared yet
  return IntrusivePtr<T>::reclaim(p);
}

}  // namespace ember
