// cat and stack: concatenation with PyTorch 1.13's rules: dtypes promote across all inputs,
// legacy empty 1-D tensors (shape [0]) are skipped for shapes, 0-dim inputs are rejected, and
// the result is channels-last when every input suggests it.
#include <algorithm>

#include "elementwise.h"  // resizeOutput
#include "ember/tensor/ops/shape.h"
#include "tensor/storage_watch.h"

namespace ember {

namespace {

bool isLegacyEmpty(const Tensor& t) { return t.dim() == 1 && t.sizes()[0] == 0; }

// PyTorch's is_channels_last_strides_2d/3d: whether strides walk C innermost, then W, H(, D), N.
bool stridesLikeChannelsLast(IntArrayRef sizes, IntArrayRef strides) {
  static constexpr int64_t order4[] = {1, 3, 2, 0};
  static constexpr int64_t order5[] = {1, 4, 3, 2, 0};
  ArrayRef<int64_t> order = sizes.size() == 4 ? ArrayRef<int64_t>(order4, 4) : ArrayRef<int64_t>(order5, 5);
  if (strides[1] == 0) return false;
  int64_t min = 0;
  for (int64_t d : order) {
    if (sizes[d] == 0 || strides[d] < min) return false;
    if (d == 0 && min == strides[1]) return false;  // ambiguous N111-like layouts count as NCHW
    min = strides[d];
    if (sizes[d] > 1) min *= sizes[d];
  }
  return true;
}

// suggest_memory_format: ChannelsLast(3d) for 4-D (5-D) tensors whose strides look like it.
MemoryFormat suggestMemoryFormat(const Tensor& t) {
  if (t.dim() == 4 && stridesLikeChannelsLast(t.sizes(), t.strides())) return MemoryFormat::ChannelsLast;
  if (t.dim() == 5 && stridesLikeChannelsLast(t.sizes(), t.strides())) return MemoryFormat::ChannelsLast3d;
  return MemoryFormat::Contiguous;
}

DimVector stridesFor(IntArrayRef sizes, MemoryFormat format) {
  if (format == MemoryFormat::Contiguous) return contiguousStrides(sizes);
  // Channels innermost, then the spatial dims from last to first, then the batch dim.
  DimVector strides(sizes.size());
  int64_t s = 1;
  strides[1] = s;
  s *= std::max<int64_t>(sizes[1], 1);
  for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 2; --d) {
    strides[d] = s;
    s *= std::max<int64_t>(sizes[d], 1);
  }
  strides[0] = s;
  return strides;
}

// Whether two tensors' element spans share any byte (a conservative overlap test).
bool spansOverlap(const Tensor& a, const Tensor& b) {
  if (a.numel() == 0 || b.numel() == 0 || !a.is_alias_of(b)) return false;
  auto span = [](const Tensor& t) {
    const char* begin = static_cast<const char*>(t.data_ptr());
    int64_t last = 0;
    for (int64_t d = 0; d < t.dim(); ++d) last += (t.sizes()[d] - 1) * t.strides()[d];
    return std::make_pair(begin, begin + (last + 1) * static_cast<int64_t>(t.element_size()));
  };
  auto [ab, ae] = span(a);
  auto [bb, be] = span(b);
  return ab < be && bb < ae;
}

struct CatPlan {
  DimVector sizes;
  int64_t dim = 0;
  ScalarType dtype = ScalarType::Float;
  MemoryFormat format = MemoryFormat::Contiguous;
  const Tensor* reference = nullptr;  // first input that is not a legacy empty tensor
};

CatPlan planCat(ArrayRef<Tensor> tensors, int64_t dim) {
  EMBER_CHECK(!tensors.empty(), "torch.cat(): expected a non-empty list of Tensors");
  CatPlan plan;
  for (size_t i = 0; i < tensors.size(); ++i) {
    EMBER_CHECK(tensors[i].defined(), "torch.cat(): expected defined tensors, got an undefined one at position ", i);
    EMBER_CHECK(tensors[i].dim() > 0, "zero-dimensional tensor (at position ", i, ") cannot be concatenated");
    plan.dtype = i == 0 ? tensors[i].dtype() : promoteTypes(plan.dtype, tensors[i].dtype());
  }
  bool formatAgreed = true;
  std::optional<MemoryFormat> format;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const Tensor& t = tensors[i];
    if (isLegacyEmpty(t)) continue;
    if (!plan.reference) {
      plan.reference = &t;
      plan.dim = wrapDim(dim, t.dim());
      plan.sizes = DimVector(t.sizes());
      plan.sizes[plan.dim] = 0;
    }
    const Tensor& ref = *plan.reference;
    EMBER_CHECK(t.dim() == ref.dim(), "Tensors must have same number of dimensions: got ", ref.dim(), " and ",
                t.dim());
    for (int64_t d = 0; d < t.dim(); ++d) {
      if (d == plan.dim) continue;
      EMBER_CHECK(t.sizes()[d] == ref.sizes()[d], "Sizes of tensors must match except in dimension ", plan.dim,
                  ". Expected size ", ref.sizes()[d], " but got size ", t.sizes()[d], " for tensor number ", i,
                  " in the list.");
    }
    plan.sizes[plan.dim] += t.sizes()[plan.dim];
    MemoryFormat f = suggestMemoryFormat(t);
    if (format && *format != f) formatAgreed = false;
    format = f;
  }
  if (!plan.reference) {
    plan.sizes = DimVector{0};  // every input is a legacy empty tensor
    plan.dim = 0;
  }
  plan.format = formatAgreed && format ? *format : MemoryFormat::Contiguous;
  return plan;
}

void fillCat(const Tensor& out, ArrayRef<Tensor> tensors, const CatPlan& plan) {
  if (!plan.reference) return;
  int64_t offset = 0;
  for (const Tensor& t : tensors) {
    if (isLegacyEmpty(t)) continue;
    const int64_t n = t.sizes()[plan.dim];
    if (n > 0) copy_(narrow(out, plan.dim, offset, n), t);
    offset += n;
  }
}

}  // namespace

Tensor cat(ArrayRef<Tensor> tensors, int64_t dim) {
  CatPlan plan = planCat(tensors, dim);
  Tensor out = empty_strided(plan.sizes, stridesFor(plan.sizes, plan.format), plan.dtype);
  fillCat(out, tensors, plan);
  return out;
}

Tensor& cat_out(Tensor& out, ArrayRef<Tensor> tensors, int64_t dim) {
  detail::noteWrite(out);
  CatPlan plan = planCat(tensors, dim);
  EMBER_CHECK(canCast(plan.dtype, out.dtype()), "torch.cat(): input types can't be cast to the desired output type ",
              scalarTypeName(out.dtype()));
  for (const Tensor& t : tensors)
    EMBER_CHECK(!spansOverlap(out, t),
                "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single "
                "memory location. Please clone() the tensor before performing the operation.");
  resizeOutput(out, plan.sizes, stridesFor(plan.sizes, plan.format));
  fillCat(out, tensors, plan);
  return out;
}

namespace {
std::vector<Tensor> unsqueezeForStack(ArrayRef<Tensor> tensors, int64_t& dim) {
  EMBER_CHECK(!tensors.empty(), "stack expects a non-empty TensorList");
  for (size_t i = 1; i < tensors.size(); ++i)
    EMBER_CHECK(tensors[i].sizes() == tensors[0].sizes(), "stack expects each tensor to be equal size, but got ",
                tensors[0].sizes(), " at entry 0 and ", tensors[i].sizes(), " at entry ", i);
  dim = wrapDim(dim, tensors[0].dim() + 1);
  std::vector<Tensor> parts;
  parts.reserve(tensors.size());
  for (const Tensor& t : tensors) parts.push_back(unsqueeze(t, dim));
  return parts;
}
}  // namespace

Tensor stack(ArrayRef<Tensor> tensors, int64_t dim) {
  std::vector<Tensor> parts = unsqueezeForStack(tensors, dim);
  return cat(parts, dim);
}

Tensor& stack_out(Tensor& out, ArrayRef<Tensor> tensors, int64_t dim) {
  detail::noteWrite(out);
  std::vector<Tensor> parts = unsqueezeForStack(tensors, dim);
  return cat_out(out, parts, dim);
}

}  // namespace ember
