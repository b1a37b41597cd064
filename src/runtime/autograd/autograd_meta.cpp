// The tables of per-tensor autograd state and per-storage versions (autograd_meta.h).
#include "runtime/autograd/autograd_meta.h"

#include <mutex>
#include <unordered_map>

#include "ember/tensor/autograd_hooks.h"

namespace ember::autograd {

namespace {

struct Tables {
  std::mutex mutex;
  std::unordered_map<const void*, AutogradMeta> metas;
  std::unordered_map<const void*, uint32_t> versions;
};

Tables& tables() {
  static Tables* t = new Tables();  // never destroyed: tensors freed at exit still call the hooks
  return *t;
}

// A freed tensor's state is moved out under the lock and destroyed after it: destroying it may
// free other tensors (its .grad, its grad_fn's saved tensors), which come back here.
void tensorFreed(const void* impl) {
  Tables& t = tables();
  std::unordered_map<const void*, AutogradMeta>::node_type dead;
  {
    std::lock_guard<std::mutex> lock(t.mutex);
    if (t.metas.empty()) return;
    dead = t.metas.extract(impl);
  }
}

void storageFreed(const void* storage) {
  Tables& t = tables();
  std::lock_guard<std::mutex> lock(t.mutex);
  if (!t.versions.empty()) t.versions.erase(storage);
}

void installHooks() {
  static const bool installed = [] {
    ember::detail::gTensorImplFreed.store(tensorFreed);
    ember::detail::gStorageImplFreed.store(storageFreed);
    return true;
  }();
  (void)installed;
}

}  // namespace

AutogradMeta* autogradMeta(const TensorImpl* impl) {
  Tables& t = tables();
  std::lock_guard<std::mutex> lock(t.mutex);
  auto it = t.metas.find(impl);
  return it == t.metas.end() ? nullptr : &it->second;
}

AutogradMeta& ensureAutogradMeta(const TensorImpl* impl) {
  installHooks();
  Tables& t = tables();
  std::lock_guard<std::mutex> lock(t.mutex);
  return t.metas[impl];
}

void clearHistory(const TensorImpl* impl) {
  if (AutogradMeta* m = autogradMeta(impl)) {
    std::shared_ptr<Node> fn = std::move(m->gradFn);
    Tensor base = std::move(m->viewBase);
    m->isView = false;
  }
}

uint32_t versionOf(const StorageImpl* storage) {
  Tables& t = tables();
  std::lock_guard<std::mutex> lock(t.mutex);
  auto it = t.versions.find(storage);
  return it == t.versions.end() ? 0 : it->second;
}

void bumpVersion(const StorageImpl* storage) {
  installHooks();
  Tables& t = tables();
  std::lock_guard<std::mutex> lock(t.mutex);
  ++t.versions[storage];
}

}  // namespace ember::autograd
