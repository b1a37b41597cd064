// Storage: a refcounted, 64-byte aligned byte buffer that tensors view. It either owns memory
// from the caching allocator or wraps external memory (a mapped archive) with a deleter.
#pragma once

#include <cstddef>
#include <functional>

#include "ember/intrusive_ptr.h"
#include "ember/tensor/device.h"

namespace ember {

class StorageImpl : public RefCounted {
 public:
  // Owning storage of nbytes from the CPU allocator (uninitialised).
  explicit StorageImpl(size_t nbytes);
  // Wraps memory owned elsewhere; `deleter` runs when the last reference goes.
  StorageImpl(void* data, size_t nbytes, std::function<void()> deleter, Device device = Device());
  ~StorageImpl() override;
  StorageImpl(const StorageImpl&) = delete;
  static void* operator new(size_t size);  // pooled per thread, like TensorImpl
  static void operator delete(void* p, size_t size);
  StorageImpl& operator=(const StorageImpl&) = delete;

  void* data() const { return data_; }
  size_t nbytes() const { return nbytes_; }
  Device device() const { return device_; }
  bool ownsMemory() const { return !deleter_; }
  // Grows an owning storage, keeping its contents (for resize_ and out= results).
  void resize(size_t nbytes);

 private:
  void* data_ = nullptr;
  size_t nbytes_ = 0;
  std::function<void()> deleter_;
  Device device_;
};

class Storage {
 public:
  Storage() = default;
  explicit Storage(IntrusivePtr<StorageImpl> impl) : impl_(std::move(impl)) {}
  static Storage allocate(size_t nbytes) { return Storage(makeIntrusive<StorageImpl>(nbytes)); }
  static Storage wrap(void* data, size_t nbytes, std::function<void()> deleter, Device device = Device()) {
    return Storage(makeIntrusive<StorageImpl>(data, nbytes, std::move(deleter), device));
  }

  bool defined() const { return static_cast<bool>(impl_); }
  void* data() const { return impl_->data(); }
  size_t nbytes() const { return impl_->nbytes(); }
  Device device() const { return impl_->device(); }
  StorageImpl* impl() const { return impl_.get(); }
  bool isAlias(const Storage& other) const { return impl_ == other.impl_; }
  uint32_t useCount() const { return impl_.useCount(); }

 private:
  IntrusivePtr<StorageImpl> impl_;
};

}  // namespace ember
