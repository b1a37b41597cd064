// ArrayRef<T>: a non-owning view of contiguous elements, like std::span<const T> but also
// constructible from a braced list (`t.view({2, 3})`) and from a single element (the
// "broadcasting list" convention of PyTorch schemas: `int[2] stride=1`).
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <ostream>
#include <vector>

#include "ember/error.h"

namespace ember {

template <typename T>
class ArrayRef {
 public:
  using value_type = T;
  using const_iterator = const T*;
  using iterator = const T*;

  constexpr ArrayRef() = default;
  constexpr ArrayRef(const T& one) : data_(&one), size_(1) {}  // NOLINT: implicit by design
  constexpr ArrayRef(const T* data, size_t size) : data_(data), size_(size) {}
  constexpr ArrayRef(const T* begin, const T* end) : data_(begin), size_(end - begin) {}
  // The list must outlive the ArrayRef: fine for call arguments, wrong for locals.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winit-list-lifetime"
#endif
  constexpr ArrayRef(const std::initializer_list<T>& list)  // NOLINT
      : data_(list.begin() == list.end() ? nullptr : list.begin()), size_(list.size()) {}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
  template <typename Container,
            typename = decltype(std::declval<const Container&>().data()),
            typename = std::enable_if_t<std::is_same_v<
                std::remove_cv_t<std::remove_pointer_t<decltype(std::declval<const Container&>().data())>>, T>>>
  constexpr ArrayRef(const Container& c) : data_(c.data()), size_(c.size()) {}  // NOLINT

  constexpr const T* data() const { return data_; }
  constexpr size_t size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr const T* begin() const { return data_; }
  constexpr const T* end() const { return data_ + size_; }
  constexpr const T& operator[](size_t i) const { return data_[i]; }
  const T& at(size_t i) const {
    EMBER_CHECK_KIND(Index, i < size_, "ArrayRef index ", i, " out of range for size ", size_);
    return data_[i];
  }
  constexpr const T& front() const { return data_[0]; }
  constexpr const T& back() const { return data_[size_ - 1]; }
  constexpr ArrayRef slice(size_t start, size_t n) const { return ArrayRef(data_ + start, n); }
  constexpr ArrayRef slice(size_t start) const { return ArrayRef(data_ + start, size_ - start); }
  std::vector<T> vec() const { return std::vector<T>(begin(), end()); }

  bool equals(ArrayRef other) const {
    if (size_ != other.size_) return false;
    for (size_t i = 0; i < size_; ++i)
      if (!(data_[i] == other.data_[i])) return false;
    return true;
  }
  friend bool operator==(ArrayRef a, ArrayRef b) { return a.equals(b); }

 private:
  const T* data_ = nullptr;
  size_t size_ = 0;
};

using IntArrayRef = ArrayRef<int64_t>;

// Prints like PyTorch prints sizes: [2, 3].
template <typename T>
std::ostream& operator<<(std::ostream& os, ArrayRef<T> a) {
  os << "[";
  for (size_t i = 0; i < a.size(); ++i) os << (i ? ", " : "") << a[i];
  return os << "]";
}

}  // namespace ember
