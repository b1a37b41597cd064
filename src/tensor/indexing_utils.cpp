#include "indexing_utils.h"

#include <algorithm>
#include <array>

#include "complex_dispatch.h"
#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/shape.h"
#include "strided_loop.h"

namespace ember::indexing_detail {

Tensor makeView(const Tensor& t, IntArrayRef sizes, IntArrayRef strides, int64_t storageOffset) {
  return Tensor(makeIntrusive<TensorImpl>(t.storage(), t.dtype(), storageOffset, sizes, strides));
}

Tensor selectView(const Tensor& t, int64_t dim, int64_t index) {
  DimVector sizes(t.sizes()), strides(t.strides());
  int64_t offset = t.storage_offset() + index * strides[dim];
  sizes.erase(sizes.begin() + dim);
  strides.erase(strides.begin() + dim);
  return makeView(t, sizes, strides, offset);
}

Tensor unsqueezeView(const Tensor& t, int64_t dim) {
  DimVector sizes(t.sizes()), strides(t.strides());
  int64_t stride = dim >= t.dim() ? 1 : sizes[dim] * strides[dim];
  sizes.insert(sizes.begin() + dim, 1);
  strides.insert(strides.begin() + dim, stride);
  return makeView(t, sizes, strides, t.storage_offset());
}

Tensor expandView(const Tensor& t, IntArrayRef sizes) {
  const int64_t nd = static_cast<int64_t>(sizes.size()), td = t.dim();
  EMBER_CHECK(nd >= td, "expand(", scalarTypeName(t.dtype()), "{", t.sizes(), "}, size=", sizes,
              "): the number of sizes provided (", nd, ") must be greater or equal to the number of dimensions in the tensor (",
              td, ")");
  DimVector strides(static_cast<size_t>(nd), 0);
  for (int64_t i = 0; i < nd; ++i) {
    int64_t j = i - (nd - td);
    if (j < 0) continue;
    if (t.sizes()[j] == sizes[i]) {
      strides[i] = t.strides()[j];
    } else {
      EMBER_CHECK(t.sizes()[j] == 1, "The expanded size of the tensor (", sizes[i],
                  ") must match the existing size (", t.sizes()[j], ") at non-singleton dimension ", i,
                  ".  Target sizes: ", sizes, ".  Tensor sizes: ", t.sizes());
    }
  }
  return makeView(t, sizes, strides, t.storage_offset());
}

Tensor permuteView(const Tensor& t, IntArrayRef perm) {
  DimVector sizes, strides;
  for (int64_t p : perm) {
    sizes.push_back(t.sizes()[p]);
    strides.push_back(t.strides()[p]);
  }
  return makeView(t, sizes, strides, t.storage_offset());
}

DimVector broadcastShapes(IntArrayRef a, IntArrayRef b) {
  const size_t n = std::max(a.size(), b.size());
  DimVector out(n);
  for (size_t i = 0; i < n; ++i) {
    int64_t da = i < n - a.size() ? 1 : a[i - (n - a.size())];
    int64_t db = i < n - b.size() ? 1 : b[i - (n - b.size())];
    EMBER_CHECK(da == db || da == 1 || db == 1, "The size of tensor a (", da, ") must match the size of tensor b (", db,
                ") at non-singleton dimension ", i);
    out[i] = da == 1 ? db : da;
  }
  return out;
}

bool broadcastable(IntArrayRef from, IntArrayRef to) {
  if (from.size() > to.size()) return false;
  for (size_t i = 0; i < from.size(); ++i) {
    int64_t f = from[from.size() - 1 - i], t = to[to.size() - 1 - i];
    if (f != t && f != 1) return false;
  }
  return true;
}

Tensor emptyLike(IntArrayRef sizes, ScalarType dtype) { return empty(sizes, TensorOptions(dtype)); }

Tensor contiguousOf(const Tensor& t) { return t.is_contiguous() ? t : ember::contiguous(t); }

Tensor longTensor(IntArrayRef values, IntArrayRef sizes) {
  Tensor t = emptyLike(sizes, kLong);
  EMBER_ASSERT(static_cast<int64_t>(values.size()) == t.numel(), "longTensor size mismatch");
  if (!values.empty()) std::memcpy(t.data_ptr(), values.data(), values.size() * sizeof(int64_t));
  return t;
}

void checkIndexDtype(const Tensor& index, bool allowInt, const char* message) {
  ScalarType t = index.dtype();
  EMBER_CHECK(t == kLong || (allowInt && t == kInt), message);
}

void gatherByOffsets(const Tensor& out, const Tensor& src, IntArrayRef srcStrides, const Tensor& offsets,
                     IntArrayRef offStrides) {
  if (out.numel() == 0) return;
  const int64_t elem = static_cast<int64_t>(out.element_size());
  StridedLoop<3> loop(out.sizes(), {out.strides(), srcStrides, offStrides}, {elem, elem, 8});
  std::array<char*, 3> base{static_cast<char*>(out.data_ptr()), static_cast<char*>(src.data_ptr()),
                            static_cast<char*>(offsets.data_ptr())};
  visitElementWidth(out.element_size(), [&]<typename U>() {
    loop.runParallel(base, [&](char* const* p, const int64_t* s, int64_t n) {
      char* o = p[0];
      const char* in = p[1];
      const char* off = p[2];
      for (int64_t i = 0; i < n; ++i, o += s[0], in += s[1], off += s[2])
        std::memcpy(o, in + loadIndex(off, true) * static_cast<int64_t>(sizeof(U)), sizeof(U));
    });
  });
}

DimVector byteStrides(const Tensor& t) {
  if (t.dim() == 0) return DimVector{static_cast<int64_t>(t.element_size())};
  DimVector s(t.strides());
  for (auto& v : s) v *= static_cast<int64_t>(t.element_size());
  return s;
}

Tensor atLeast1d(const Tensor& t) { return t.dim() == 0 ? makeView(t, {1}, {1}, t.storage_offset()) : t; }

void resizeOut(const Tensor& out, IntArrayRef sizes) {
  if (out.sizes() == sizes) return;  // kernels write through out's own strides
  size_t bytes = static_cast<size_t>(computeNumel(sizes)) * out.element_size();
  out.impl()->setStorage(Storage::allocate(bytes));
  out.impl()->setSizesAndStrides(sizes, contiguousStrides(sizes), 0);
}

void fillWith(const Tensor& t, const Scalar& value) {
  if (t.numel() == 0) return;
  visitDtypeOrComplex(t.dtype(), [&]<typename T>() {
    const T v = scalarAs<T>(value);
    const int64_t elem = static_cast<int64_t>(sizeof(T));
    StridedLoop<1> loop(t.sizes(), {t.strides()}, {elem});
    loop.runParallel({static_cast<char*>(t.data_ptr())}, [&](char* const* p, const int64_t* s, int64_t n) {
      char* d = p[0];
      for (int64_t i = 0; i < n; ++i, d += s[0]) std::memcpy(d, &v, sizeof(T));
    });
  });
}

Scalar scalarOf(const Tensor& t) {
  EMBER_ASSERT(t.numel() == 1, "scalarOf needs one element");
  return visitDtypeOrComplex(t.dtype(), [&]<typename T>() -> Scalar {
    T v;
    std::memcpy(&v, t.data_ptr(), sizeof(T));
    if constexpr (kIsComplexElement<T>) return Scalar(std::complex<double>(v.real(), v.imag()));
    else if constexpr (std::is_same_v<T, bool>) return Scalar(v);
    else if constexpr (std::is_integral_v<T>) return Scalar(static_cast<int64_t>(v));
    else if constexpr (std::is_floating_point_v<T>) return Scalar(static_cast<double>(v));
    else return Scalar(static_cast<double>(static_cast<float>(v)));
  });
}

bool parseScatterReduce(std::string_view reduce) {
  if (reduce == "add") return false;
  if (reduce == "multiply") return true;
  EMBER_ERROR("reduce argument must be either add or multiply.");
}

}  // namespace ember::indexing_detail
