// Write versions of watched storages, for caches of data derived from a tensor's contents (the
// convolution weights oneDNN wants reordered into a blocked layout, conv_onednn.cpp).
//
// A cache watches a storage when it derives something from it (watchStorage), and keys what it
// derived on the storage's identity and its version. The tensor library's in-place writers (the
// Elementwise in-place/out= front-end, copy_, fill_/zero_, the indexing writes, the in-place random
// fills) and the runtime's autograd (every write it records) call noteStorageWrite, which bumps
// a watched storage's version: a cached entry with an older version is stale. Writes through a
// raw data pointer are not seen (PyTorch's version counter does not see them either).
//
// The versions live in a table keyed by the StorageImpl, not in the storage itself, so tensors
// no cache watches carry nothing: for them a write costs one relaxed load of a counting filter
// picked by the address. When a watched storage is freed, its entry goes and the listeners run,
// so a cache never keeps data derived from dead weights (nor mistakes a new storage at the same
// address for the old one).
#pragma once

#include <cstdint>

#include "ember/tensor/tensor.h"

namespace ember::detail {

// Starts watching `storage` (if not already) and returns its current version.
uint32_t watchStorage(const StorageImpl* storage);
// The version of a watched storage (0 for one not watched).
uint32_t storageVersion(const StorageImpl* storage);
// Called by writers before or after writing `storage`.
void noteStorageWrite(const StorageImpl* storage);
inline void noteWrite(const Tensor& t) {
  if (t.defined()) noteStorageWrite(t.storage().impl());
}

// Called (outside any lock of this table) when a watched storage is freed.
using StorageFreedListener = void (*)(const StorageImpl* storage);
void addStorageFreedListener(StorageFreedListener listener);
// StorageImpl's destructor.
void watchedStorageFreed(const StorageImpl* storage);

}  // namespace ember::detail
