// SmallVector<T, N>: a vector of trivially copyable elements that keeps up to N of them
// inline. Tensor sizes and strides use it so that tensors of up to 5 dims never allocate.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <type_traits>

#include "ember/array_ref.h"

namespace ember {

template <typename T, size_t N>
class SmallVector {
  static_assert(std::is_trivially_copyable_v<T>, "SmallVector holds trivially copyable types");

 public:
  using value_type = T;
  using iterator = T*;
  using const_iterator = const T*;

  SmallVector() = default;
  explicit SmallVector(size_t n, T value = T()) { assign(n, value); }
  SmallVector(std::initializer_list<T> list) { assign(list.begin(), list.end()); }
  SmallVector(ArrayRef<T> a) { assign(a.begin(), a.end()); }  // NOLINT: implicit by design
  template <typename It, typename = decltype(*std::declval<It>())>
  SmallVector(It first, It last) { assign(first, last); }
  SmallVector(const SmallVector& other) { assign(other.begin(), other.end()); }
  SmallVector(SmallVector&& other) noexcept { moveFrom(other); }
  SmallVector& operator=(const SmallVector& other) {
    if (this != &other) assign(other.begin(), other.end());
    return *this;
  }
  SmallVector& operator=(SmallVector&& other) noexcept {
    if (this != &other) {
      release();
      moveFrom(other);
    }
    return *this;
  }
  ~SmallVector() { release(); }

  T* data() { return data_; }
  const T* data() const { return data_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  size_t capacity() const { return capacity_; }
  bool isInline() const { return data_ == inline_; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  T& back() { return data_[size_ - 1]; }
  const T& back() const { return data_[size_ - 1]; }
  T& front() { return data_[0]; }
  operator ArrayRef<T>() const { return ArrayRef<T>(data_, size_); }  // NOLINT
  ArrayRef<T> ref() const { return ArrayRef<T>(data_, size_); }

  void reserve(size_t n) {
    if (n <= capacity_) return;
    size_t cap = std::max(n, capacity_ * 2);
    T* heap = static_cast<T*>(std::malloc(cap * sizeof(T)));
    if (!heap) throw std::bad_alloc();
    if (size_) std::memcpy(heap, data_, size_ * sizeof(T));
    release();
    data_ = heap;
    capacity_ = cap;
  }
  void resize(size_t n, T value = T()) {
    reserve(n);
    for (size_t i = size_; i < n; ++i) data_[i] = value;
    size_ = n;
  }
  void clear() { size_ = 0; }
  void push_back(T v) {
    if (size_ == capacity_) reserve(size_ + 1);
    data_[size_++] = v;
  }
  void pop_back() { --size_; }
  T* insert(T* pos, T v) {
    size_t idx = pos - data_;
    push_back(v);
    std::rotate(data_ + idx, data_ + size_ - 1, data_ + size_);
    return data_ + idx;
  }
  T* erase(T* pos) {
    std::copy(pos + 1, end(), pos);
    --size_;
    return pos;
  }
  void assign(size_t n, T value) {
    size_ = 0;
    resize(n, value);
  }
  template <typename It>
  void assign(It first, It last) {
    size_ = 0;
    reserve(static_cast<size_t>(std::distance(first, last)));
    for (; first != last; ++first) data_[size_++] = static_cast<T>(*first);
  }
  friend bool operator==(const SmallVector& a, const SmallVector& b) {
    return a.size_ == b.size_ && std::equal(a.begin(), a.end(), b.begin());
  }

 private:
  void release() {
    if (data_ != inline_) std::free(data_);
    data_ = inline_;
    capacity_ = N;
  }
  void moveFrom(SmallVector& other) {
    if (other.data_ == other.inline_) {
      std::memcpy(inline_, other.inline_, other.size_ * sizeof(T));
      data_ = inline_;
      capacity_ = N;
    } else {
      data_ = other.data_;
      capacity_ = other.capacity_;
      other.data_ = other.inline_;
      other.capacity_ = N;
    }
    size_ = other.size_;
    other.size_ = 0;
  }

  T* data_ = inline_;
  size_t size_ = 0;
  size_t capacity_ = N;
  T inline_[N];
};

using DimVector = SmallVector<int64_t, 5>;

}  // namespace ember
