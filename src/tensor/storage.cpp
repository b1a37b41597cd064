#include "ember/tensor/storage.h"

#include <cstring>

#include "ember/error.h"
#include "ember/tensor/allocator.h"
#include "ember/tensor/autograd_hooks.h"
#include "tensor/object_pool.h"
#include "tensor/storage_watch.h"

namespace ember {

void* StorageImpl::operator new(size_t size) { return detail::ObjectPool<StorageImpl>::allocate(size); }
void StorageImpl::operator delete(void* p, size_t size) { detail::ObjectPool<StorageImpl>::release(p, size); }

StorageImpl::StorageImpl(size_t nbytes) : data_(allocateCpu(nbytes)), nbytes_(nbytes) {}

StorageImpl::StorageImpl(void* data, size_t nbytes, std::function<void()> deleter, Device device)
    : data_(data), nbytes_(nbytes), deleter_(std::move(deleter)), device_(device) {
  if (!deleter_) deleter_ = [] {};  // non-owning wrap: mark as external all the same
}

StorageImpl::~StorageImpl() {
  if (detail::ImplFreedHook hook = detail::gStorageImplFreed.load(std::memory_order_relaxed)) hook(this);
  detail::watchedStorageFreed(this);
  if (deleter_) deleter_();
  else freeCpu(data_);
}

void StorageImpl::resize(size_t nbytes) {
  EMBER_CHECK(ownsMemory(), "Trying to resize storage that is not resizable");
  if (nbytes <= nbytes_) {
    nbytes_ = nbytes;
    return;
  }
  void* fresh = allocateCpu(nbytes);
  if (nbytes_) std::memcpy(fresh, data_, nbytes_);
  freeCpu(data_);
  data_ = fresh;
  nbytes_ = nbytes;
}

}  // namespace ember
