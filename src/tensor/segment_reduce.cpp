// segment_reduce over lengths or offsets: data viewed as [outer, axis, inner], each segment of
// each outer row reduced into one output row; outer rows run in parallel.
#include <cmath>
#include <limits>
#include <vector>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/segment.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/parallel.h"

namespace ember {

namespace {

enum class SegReduce { Max, Min, Sum, Mean, Prod };

SegReduce parseSegReduce(std::string_view r) {
  if (r == "max") return SegReduce::Max;
  if (r == "min") return SegReduce::Min;
  if (r == "sum") return SegReduce::Sum;
  if (r == "mean") return SegReduce::Mean;
  if (r == "prod") return SegReduce::Prod;
  EMBER_ERROR("unsupported reduction given! ", r);
}

template <typename T>
T identity(SegReduce op) {
  switch (op) {
    case SegReduce::Max: return static_cast<T>(-std::numeric_limits<float>::infinity());
    case SegReduce::Min: return static_cast<T>(std::numeric_limits<float>::infinity());
    case SegReduce::Prod: return T(1);
    default: return T(0);
  }
}

template <typename T>
T step(SegReduce op, T acc, T x) {
  using M = opmath_t<T>;
  const M a = static_cast<M>(acc), v = static_cast<M>(x);
  switch (op) {
    case SegReduce::Max: return std::isnan(v) ? x : static_cast<T>(std::max(a, v));
    case SegReduce::Min: return std::isnan(v) ? x : static_cast<T>(std::min(a, v));
    case SegReduce::Prod: return static_cast<T>(a * v);
    default: return static_cast<T>(a + v);
  }
}

// lengths as a contiguous int64 [outer, segments] tensor.
Tensor segmentLengths(const Tensor& data, int64_t axis, const std::optional<Tensor>& lengths,
                      const std::optional<Tensor>& offsets) {
  EMBER_CHECK(lengths || offsets, "segment_reduce(): Either lengths or offsets must be defined.");
  Tensor l;
  if (lengths) {
    l = *lengths;
  } else {
    const Tensor& o = *offsets;
    EMBER_CHECK(o.dim() >= 1, "segment_reduce(): offsets must have at least one dimension");
    const int64_t n = o.sizes()[o.dim() - 1];
    EMBER_CHECK(n >= 1, "segment_reduce(): offsets must not be empty");
    l = sub(narrow(o, -1, 1, n - 1), narrow(o, -1, 0, n - 1));
  }
  EMBER_CHECK(!isFloatingType(l.dtype()) && l.dtype() != kBool, "segment_reduce(): lengths must be integers");
  EMBER_CHECK(l.dim() == axis + 1, "segment_reduce(): Expected axis to be the last dimension of lengths but got ",
              axis, ".");
  for (int64_t d = 0; d < axis; ++d)
    EMBER_CHECK(l.sizes()[d] == data.sizes()[d], "segment_reduce(): Expected data and lengths to have the same "
                "size in dimension ", d);
  const int64_t segments = l.sizes()[axis];
  return reshape(ember::contiguous(ember::to(l, kLong)), {l.numel() / std::max<int64_t>(segments, 1), segments});
}

}  // namespace

Tensor segment_reduce(const Tensor& data, std::string_view reduce, const std::optional<Tensor>& lengths,
                      const std::optional<Tensor>& indices, const std::optional<Tensor>& offsets, int64_t axis,
                      bool unsafe, const std::optional<Scalar>& initial) {
  const SegReduce op = parseSegReduce(reduce);
  EMBER_CHECK(!indices, "segment_reduce(): indices based reduction is not supported yet.");
  axis = wrapDim(axis, data.dim());
  if (!isFloatingType(data.dtype())) throwUnsupportedDtype("_segment_reduce_cpu", data.dtype());
  Tensor lens = segmentLengths(data, axis, lengths, offsets);
  const int64_t axisLen = data.sizes()[axis];
  const int64_t outer = lens.sizes()[0], segments = lens.sizes()[1];
  const int64_t* lp = lens.data_ptr<int64_t>();
  for (int64_t r = 0; r < outer; ++r) {
    int64_t total = 0;
    for (int64_t k = 0; k < segments; ++k) {
      EMBER_CHECK(lp[r * segments + k] >= 0, "lengths contains negative value!");
      total += lp[r * segments + k];
    }
    EMBER_CHECK(unsafe || total == axisLen, "segment_reduce(): Expected all rows of lengths along axis to sum to "
                "data.size(lengths.dim()-1) when !unsafe.");
    EMBER_CHECK(total <= axisLen, "segment_reduce(): lengths exceed data.size(axis)");
  }
  DimVector outShape(data.sizes().begin(), data.sizes().end());
  outShape[axis] = segments;
  Tensor out = empty(outShape, data.dtype());
  Tensor src = ember::contiguous(data);
  int64_t innerSize = 1;  // elements per position along axis
  for (int64_t d = axis + 1; d < data.dim(); ++d) innerSize *= data.sizes()[d];
  visitFloatingDtype(data.dtype(), [&]<typename T>() {
    const T* x = static_cast<const T*>(src.data_ptr());
    T* o = static_cast<T*>(out.data_ptr());
    const T init = initial ? static_cast<T>(initial->toDouble()) : identity<T>(op);
    parallelFor(0, outer, 1, [&](int64_t b, int64_t e) {
      for (int64_t r = b; r < e; ++r) {
        int64_t start = 0;
        for (int64_t k = 0; k < segments; ++k) {
          const int64_t len = lp[r * segments + k];
          for (int64_t in = 0; in < innerSize; ++in) {
            T acc = init;
            for (int64_t j = start; j < start + len; ++j) acc = step(op, acc, x[(r * axisLen + j) * innerSize + in]);
            // An empty segment is `initial` when given (PyTorch divides only non-empty ones), else 0/0.
            if (op == SegReduce::Mean && (len > 0 || !initial)) acc = static_cast<T>(static_cast<opmath_t<T>>(acc) / static_cast<opmath_t<T>>(len));
            o[(r * segments + k) * innerSize + in] = acc;
          }
          start += len;
        }
      }
    });
  }, "_segment_reduce_cpu");
  return out;
}

}  // namespace ember
