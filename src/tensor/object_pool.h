// Per-thread free lists for the small objects every tensor op allocates (TensorImpl and
// StorageImpl), so creating a result costs a pointer pop instead of a malloc. Each thread keeps
// at most kMaxCached objects per type; objects may be freed on any thread. Disabled under
// AddressSanitizer so that use-after-free is still caught.
#pragma once

#include <cstddef>
#include <new>

// The TLS model of the per-thread caches: the compiler's default. initial-exec would save
// libember.so a __tls_get_addr call per access, but a library using it can only be dlopen'ed
// while glibc's small static-TLS reserve lasts, and these caches (~9 KB) do not fit in it: the
// Python extension (dlopen'ed by Python, with libember.so behind it) failed to load with "cannot
// allocate memory in static TLS block". Executables that link the static layers lose nothing:
// the linker relaxes their accesses to local-exec.
#define EMBER_TLS_FAST

namespace ember::detail {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kPoolObjects = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kPoolObjects = false;
#else
inline constexpr bool kPoolObjects = true;
#endif
#else
inline constexpr bool kPoolObjects = true;
#endif

template <typename T>
class ObjectPool {
 public:
  static void* allocate(size_t size) {
    if (kPoolObjects && size == sizeof(T) && list_.head) {
      Node* n = list_.head;
      list_.head = n->next;
      --list_.count;
      return n;
    }
    return ::operator new(size);
  }
  static void release(void* p, size_t size) {
    if (kPoolObjects && size == sizeof(T) && !list_.destroyed && list_.count < kMaxCached) {
      if (!list_.drainRegistered) registerDrain();
      auto* n = static_cast<Node*>(p);
      n->next = list_.head;
      list_.head = n;
      ++list_.count;
      return;
    }
    ::operator delete(p);
  }

 private:
  static_assert(sizeof(T) >= sizeof(void*), "pooled objects must hold a pointer");
  static constexpr int kMaxCached = 256;
  struct Node {
    Node* next;
  };
  // Trivial and constant-initialised: a thread_local with a destructor costs an init-guard
  // check (__tls_init) on every access. The free list is drained at thread exit by Drain, a
  // second thread_local touched once per thread.
  struct List {
    Node* head;
    int count;
    bool drainRegistered;
    bool destroyed;  // the thread is exiting: objects freed from here on go to operator delete
  };
  struct Drain {
    ~Drain() {
      list_.destroyed = true;
      while (list_.head) {
        Node* n = list_.head;
        list_.head = n->next;
        ::operator delete(n);
      }
      list_.count = 0;
    }
  };
  static void registerDrain() {
    list_.drainRegistered = true;
    thread_local Drain drain;
    (void)drain;
  }
  // initial-exec: a plain TLS offset instead of a __tls_get_addr call per access (the static
  // libraries are position-independent).
  static inline constinit thread_local List list_ EMBER_TLS_FAST = {};
};

}  // namespace ember::detail
