// bincount, histc and histogram (equal bins or given edges).
//
// Histograms follow PyTorch's bin placement exactly: with equal bins an element's bin is
// computed by linear interpolation over [leftmost, rightmost] in the input's dtype
// (histogram then corrects it against the actual edges, histc does not), with given edges
// by binary search; the rightmost edge belongs to the last bin, elements outside the range
// and NaN are skipped. Large inputs are split into a fixed number of chunks counted in
// parallel into partial histograms, added in chunk order.
#include <algorithm>
#include <cmath>
#include <vector>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/parallel.h"
#include "ember/tensor/ops/counting.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"

namespace ember {

namespace {

enum class BinSearch { Linear, LinearLocal, Binary };

// hist[bin(x)] += weight(x) over elements [begin, end) of input; all tensors contiguous, of dtype T.
template <typename T>
void fillHistogram(const Tensor& input, const Tensor& edges, const Tensor& weight, T* h, BinSearch search,
                   int64_t begin, int64_t end) {
  const T* x = static_cast<const T*>(input.data_ptr());
  const T* e = static_cast<const T*>(edges.data_ptr());
  const T* w = weight.defined() ? static_cast<const T*>(weight.data_ptr()) : nullptr;
  const int64_t nEdges = edges.numel();
  const T left = e[0], right = e[nEdges - 1];
  for (int64_t i = begin; i < end; ++i) {
    const T v = x[i];
    if (!(v >= left && v <= right)) continue;
    int64_t pos;
    if (search == BinSearch::Binary) {
      pos = std::upper_bound(e, e + nEdges, v) - e - 1;
    } else {
      // Each step rounds to T, as PyTorch's kernel computes in the input dtype (bfloat16 too).
      const T offset = static_cast<T>(v - left), scaled = static_cast<T>(offset * static_cast<T>(nEdges - 1));
      pos = static_cast<int64_t>(static_cast<T>(scaled / static_cast<T>(right - left)));
      if (search == BinSearch::LinearLocal) {
        const int64_t lo = std::max<int64_t>(0, pos - 1), hi = std::min<int64_t>(pos + 2, nEdges);
        pos = std::upper_bound(e + lo, e + hi, v) - e - 1;
      }
    }
    if (pos == nEdges - 1) pos -= 1;
    h[pos] = static_cast<T>(h[pos] + (w ? w[i] : T(1)));
  }
}

// Splits [0, n) into a fixed number of chunks (independent of the thread count, so results are
// reproducible), fills one partial histogram per chunk in parallel, and adds them in order.
template <typename T, typename Fill>
void chunkedHistogram(int64_t n, int64_t bins, T* out, Fill fill) {
  constexpr int64_t kChunk = 1 << 16;
  const int64_t chunks = std::min<int64_t>((n + kChunk - 1) / kChunk, 64);
  if (chunks <= 1 || chunks * bins > (int64_t{1} << 22)) {  // small input, or too many bins to copy
    fill(out, int64_t{0}, n);
    return;
  }
  std::vector<T> partial(static_cast<size_t>(chunks * bins), T(0));
  const int64_t per = (n + chunks - 1) / chunks;
  parallelFor(0, chunks, 1, [&](int64_t b, int64_t e) {
    for (int64_t c = b; c < e; ++c) fill(partial.data() + c * bins, c * per, std::min(n, (c + 1) * per));
  });
  for (int64_t c = 0; c < chunks; ++c)
    for (int64_t k = 0; k < bins; ++k) out[k] = static_cast<T>(out[k] + partial[c * bins + k]);
}

Tensor histogramCore(const Tensor& self, const Tensor& edges, const std::optional<Tensor>& weight, BinSearch search) {
  Tensor hist = zeros({edges.numel() - 1}, self.dtype());
  Tensor in = ember::contiguous(self), ed = ember::contiguous(edges);
  Tensor w = weight ? ember::contiguous(*weight) : Tensor();
  visitFloatingDtype(self.dtype(), [&]<typename T>() {
    // bfloat16 reaches here from histc and from bins given as edges (as in PyTorch).
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, BFloat16>) {
      chunkedHistogram<T>(in.numel(), hist.numel(), static_cast<T*>(hist.data_ptr()),
                          [&](T* h, int64_t b, int64_t e) { fillHistogram<T>(in, ed, w, h, search, b, e); });
    } else {
      throwUnsupportedDtype("histogramdd", self.dtype());
    }
  }, "histogramdd");
  return hist;
}

// The data's (min, max), NaN when any element is NaN.
std::pair<double, double> dataRange(const Tensor& self) {
  Tensor flat = reshape(ember::to(self, kDouble), {-1});
  const double* p = ember::contiguous(flat).data_ptr<double>();
  double lo = p[0], hi = p[0];
  for (int64_t i = 0; i < flat.numel(); ++i) {
    if (std::isnan(p[i])) return {p[i], p[i]};
    lo = std::min(lo, p[i]);
    hi = std::max(hi, p[i]);
  }
  return {lo, hi};
}

// PyTorch 1.13 bins bfloat16 only against given edges.
void checkHistogramInput(const Tensor& self, const std::optional<Tensor>& weight, bool givenEdges) {
  const bool ok = self.dtype() == kFloat || self.dtype() == kDouble || (givenEdges && self.dtype() == kBFloat16);
  if (!ok) throwUnsupportedDtype(self.dtype() == ScalarType::Half && givenEdges ? "histogram_cpu" : "histogramdd",
                                 self.dtype());
  if (weight) {
    EMBER_CHECK(weight->dtype() == self.dtype(), "torch.histogramdd: if weight tensor is provided, it should have the "
                "same dtype as the input tensor");
    EMBER_CHECK(weight->sizes() == self.sizes(), "torch.histogramdd: if weight tensor is provided it should have the "
                "same shape as the input tensor excluding its innermost dimension");
  }
}

Tensor applyDensity(const Tensor& hist, const Tensor& edges) {
  const int64_t n = edges.numel();
  Tensor widths = sub(narrow(edges, 0, 1, n - 1), narrow(edges, 0, 0, n - 1));
  return div(div(hist, sum(hist)), widths);
}

}  // namespace

Tensor bincount(const Tensor& self, const std::optional<Tensor>& weights, int64_t minlength) {
  if (!isIntegralType(self.dtype(), false)) throwUnsupportedDtype("bincount_cpu", self.dtype());
  EMBER_CHECK(minlength >= 0, "minlength should be >= 0");
  EMBER_CHECK(self.dim() == 1, "bincount only supports 1-d non-negative integral inputs.");
  if (weights)
    EMBER_CHECK(weights->dim() == 1 && weights->sizes()[0] == self.sizes()[0],
                "weights should be 1-d and have the same length as input");
  Tensor idx = ember::contiguous(ember::to(self, kLong));
  const int64_t* p = idx.data_ptr<int64_t>();
  int64_t length = minlength;
  for (int64_t i = 0; i < idx.numel(); ++i) {
    EMBER_CHECK(p[i] >= 0, "bincount only supports 1-d non-negative integral inputs.");
    length = std::max(length, p[i] + 1);
  }
  if (!weights) {
    Tensor out = zeros({length}, kLong);
    chunkedHistogram<int64_t>(idx.numel(), length, out.data_ptr<int64_t>(), [&](int64_t* o, int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i) ++o[p[i]];
    });
    return out;
  }
  const ScalarType dt = weights->dtype() == kFloat ? kFloat : kDouble;
  Tensor w = ember::contiguous(ember::to(*weights, dt));
  Tensor out = zeros({length}, dt);
  visitFloatingDtype(dt, [&]<typename T>() {
    const T* wp = w.data_ptr<T>();
    chunkedHistogram<T>(idx.numel(), length, out.data_ptr<T>(), [&](T* o, int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i) o[p[i]] = static_cast<T>(o[p[i]] + wp[i]);
    });
  });
  return out;
}

Tensor histc(const Tensor& self, int64_t bins, const Scalar& min, const Scalar& max) {
  if (!isFloatingType(self.dtype()) || self.dtype() == ScalarType::Half)
    throwUnsupportedDtype("histogram_cpu", self.dtype());
  EMBER_CHECK(bins > 0, "torch.histogram(): bins must be > 0, but got ", bins, " for dimension 0");
  double lo = min.toDouble(), hi = max.toDouble();
  if (lo == hi && self.numel() > 0) std::tie(lo, hi) = dataRange(self);
  if (lo == hi) {
    lo -= 1;
    hi += 1;
  }
  EMBER_CHECK(std::isfinite(lo) && std::isfinite(hi), "torch.histc: range of [", lo, ", ", hi, "] is not finite");
  EMBER_CHECK(lo < hi, "torch.histc: max must be larger than min");
  Tensor edges = linspace(lo, hi, bins + 1, self.dtype());
  return histogramCore(self, edges, std::nullopt, BinSearch::Linear);
}

std::tuple<Tensor, Tensor> histogram(const Tensor& self, int64_t bins, std::optional<std::vector<double>> range,
                                     const std::optional<Tensor>& weight, bool density) {
  checkHistogramInput(self, weight, false);
  EMBER_CHECK(bins > 0, "torch.histogramdd(): bins must be > 0, but got ", bins, " for dimension 0");
  double lo = 0, hi = 1;
  if (range) {
    EMBER_CHECK(range->size() == 2, "torch.histogramdd: for a 1-dimensional histogram range should have 2 elements, "
                "but got ", range->size());
    lo = (*range)[0];
    hi = (*range)[1];
  } else if (self.numel() > 0) {
    std::tie(lo, hi) = dataRange(self);
  }
  EMBER_CHECK(std::isfinite(lo) && std::isfinite(hi), "torch.histogramdd: dimension 0's range [", lo, ", ", hi,
              "] is not finite");
  EMBER_CHECK(lo <= hi, "torch.histogramdd: min should not exceed max, but got min ", lo, " max ", hi,
              " for dimension 0");
  if (lo == hi) {
    lo -= 0.5;
    hi += 0.5;
  }
  Tensor edges = linspace(lo, hi, bins + 1, self.dtype());
  Tensor hist = histogramCore(self, edges, weight, BinSearch::LinearLocal);
  return {density ? applyDensity(hist, edges) : hist, edges};
}

std::tuple<Tensor, Tensor> histogram(const Tensor& self, const Tensor& bins, const std::optional<Tensor>& weight,
                                     bool density) {
  checkHistogramInput(self, weight, true);
  EMBER_CHECK(bins.dim() == 1, "torch.histogramdd: bins tensor should have one dimension, but got ", bins.dim(),
              " dimensions in the bins tensor for dimension 0");
  EMBER_CHECK(bins.dtype() == self.dtype(), "torch.histogramdd: input tensor and bins tensors should have the same "
              "dtype, but got input ", self.dtype(), " and bins ", bins.dtype());
  EMBER_CHECK(bins.numel() > 0, "torch.histogramdd: bins tensor should have at least 1 element, but got ",
              bins.numel(), " elements for dimension 0");
  Tensor edges = ember::clone(bins, MemoryFormat::Contiguous);
  if (bins.numel() == 1) return {zeros({0}, self.dtype()), edges};
  Tensor hist = histogramCore(self, edges, weight, BinSearch::Binary);
  return {density ? applyDensity(hist, edges) : hist, edges};
}

// ---- histogramdd: the same bin placement per dim; an element counts when every dim is in range ----

namespace {

template <typename T>
void fillHistogramdd(const Tensor& rows, const std::vector<Tensor>& edges, const Tensor& weight, const Tensor& hist,
                     BinSearch search) {
  const int64_t n = rows.sizes()[0], dims = rows.sizes()[1];
  const T* x = static_cast<const T*>(rows.data_ptr());
  const T* w = weight.defined() ? static_cast<const T*>(weight.data_ptr()) : nullptr;
  T* h = static_cast<T*>(hist.data_ptr());
  std::vector<const T*> e(static_cast<size_t>(dims));
  std::vector<int64_t> nEdges(static_cast<size_t>(dims)), stride(static_cast<size_t>(dims), 1);
  for (int64_t d = 0; d < dims; ++d) {
    e[d] = static_cast<const T*>(edges[d].data_ptr());
    nEdges[d] = edges[d].numel();
  }
  for (int64_t d = dims - 2; d >= 0; --d) stride[d] = stride[d + 1] * (nEdges[d + 1] - 1);
  for (int64_t i = 0; i < n; ++i) {
    int64_t flat = 0;
    bool inRange = true;
    for (int64_t d = 0; d < dims && inRange; ++d) {
      const T v = x[i * dims + d], left = e[d][0], right = e[d][nEdges[d] - 1];
      if (!(v >= left && v <= right)) {
        inRange = false;
        break;
      }
      int64_t pos;
      if (search == BinSearch::Binary) {
        pos = std::upper_bound(e[d], e[d] + nEdges[d], v) - e[d] - 1;
      } else {
        pos = static_cast<int64_t>((v - left) * static_cast<T>(nEdges[d] - 1) / (right - left));
        const int64_t lo = std::max<int64_t>(0, pos - 1), hi = std::min<int64_t>(pos + 2, nEdges[d]);
        pos = std::upper_bound(e[d] + lo, e[d] + hi, v) - e[d] - 1;
      }
      if (pos == nEdges[d] - 1) pos -= 1;
      flat += pos * stride[d];
    }
    if (inRange) h[flat] = static_cast<T>(h[flat] + (w ? w[i] : T(1)));
  }
}

// self as contiguous [N, D] rows, with the checks both overloads share.
Tensor histogramddRows(const Tensor& self, const std::optional<Tensor>& weight, int64_t binDims, bool givenEdges) {
  checkHistogramInput(self, std::nullopt, givenEdges);
  EMBER_CHECK(self.dim() >= 2, "torch.histogramdd: input tensor should have at least 2 dimensions, but got ",
              self.dim());
  const int64_t dims = self.sizes()[self.dim() - 1];
  EMBER_CHECK(binDims == dims, "torch.histogramdd: expected ", dims, " sequences of bin edges for each of the ",
              dims, " dimensions of the histogram but got ", binDims);
  if (weight) {
    EMBER_CHECK(weight->dtype() == self.dtype(), "torch.histogramdd: if weight tensor is provided, it should have "
                "the same dtype as the input tensor");
    EMBER_CHECK(weight->dim() == self.dim() - 1 && weight->numel() * dims == self.numel(),
                "torch.histogramdd: if weight tensor is provided it should have the same shape as the input tensor "
                "excluding its innermost dimension");
  }
  int64_t n = 1;  // rows: the product of the other dims (also when dims is 0)
  for (int64_t d = 0; d + 1 < self.dim(); ++d) n *= self.sizes()[d];
  return ember::contiguous(reshape(self, {n, dims}));
}

std::tuple<Tensor, std::vector<Tensor>> histogramddCore(const Tensor& rows, std::vector<Tensor> edges,
                                                        const std::optional<Tensor>& weight, bool density,
                                                        BinSearch search) {
  DimVector shape;
  for (const Tensor& e : edges) shape.push_back(std::max<int64_t>(e.numel() - 1, 0));
  Tensor hist = zeros(shape, rows.dtype());
  Tensor w = weight ? ember::contiguous(*weight) : Tensor();
  if (hist.numel() > 0 && !edges.empty()) {  // PyTorch counts nothing in a 0-dimensional histogram
    visitFloatingDtype(rows.dtype(), [&]<typename T>() {
      if constexpr (!std::is_same_v<T, Half>) fillHistogramdd<T>(rows, edges, w, hist, search);
    });
  }
  if (density) {
    Tensor scaled = div(hist, sum(hist));
    for (size_t d = 0; d < edges.size(); ++d) {
      const int64_t n = edges[d].numel();
      DimVector view(edges.size(), 1);
      view[d] = n - 1;
      scaled = div(scaled, reshape(sub(narrow(edges[d], 0, 1, n - 1), narrow(edges[d], 0, 0, n - 1)), view));
    }
    hist = scaled;
  }
  return {hist, edges};
}

}  // namespace

std::tuple<Tensor, std::vector<Tensor>> histogramdd(const Tensor& self, IntArrayRef bins,
                                                    std::optional<std::vector<double>> range,
                                                    const std::optional<Tensor>& weight, bool density) {
  Tensor rows = histogramddRows(self, weight, static_cast<int64_t>(bins.size()), false);
  const int64_t dims = rows.sizes()[1];
  if (range)
    EMBER_CHECK(static_cast<int64_t>(range->size()) == 2 * dims, "torch.histogramdd: for a ", dims,
                "-dimensional histogram range should have ", 2 * dims, " elements, but got ", range->size());
  std::vector<Tensor> edges;
  for (int64_t d = 0; d < dims; ++d) {
    EMBER_CHECK(bins[d] > 0, "torch.histogramdd(): bins must be > 0, but got ", bins[d], " for dimension ", d);
    double lo = 0, hi = 1;
    if (range) {
      lo = (*range)[2 * d];
      hi = (*range)[2 * d + 1];
    } else if (rows.sizes()[0] > 0) {
      std::tie(lo, hi) = dataRange(select(rows, 1, d));
    }
    EMBER_CHECK(std::isfinite(lo) && std::isfinite(hi), "torch.histogramdd: dimension ", d, "'s range [", lo, ", ",
                hi, "] is not finite");
    EMBER_CHECK(lo <= hi, "torch.histogramdd: min should not exceed max, but got min ", lo, " max ", hi,
                " for dimension ", d);
    if (lo == hi) {
      lo -= 0.5;
      hi += 0.5;
    }
    edges.push_back(linspace(lo, hi, bins[d] + 1, rows.dtype()));
  }
  return histogramddCore(rows, std::move(edges), weight, density, BinSearch::LinearLocal);
}

std::tuple<Tensor, std::vector<Tensor>> histogramdd(const Tensor& self, ArrayRef<Tensor> bins,
                                                    const std::optional<Tensor>& weight, bool density) {
  Tensor rows = histogramddRows(self, weight, static_cast<int64_t>(bins.size()), true);
  std::vector<Tensor> edges;
  for (size_t d = 0; d < bins.size(); ++d) {
    const Tensor& b = bins[d];
    EMBER_CHECK(b.dim() == 1, "torch.histogramdd: bins tensor should have one dimension, but got ", b.dim(),
                " dimensions in the bins tensor for dimension ", d);
    EMBER_CHECK(b.dtype() == self.dtype(), "torch.histogramdd: input tensor and bins tensors should have the same "
                "dtype, but got input ", self.dtype(), " and bins ", b.dtype());
    EMBER_CHECK(b.numel() > 0, "torch.histogramdd: bins tensor should have at least 1 element, but got ",
                b.numel(), " elements for dimension ", d);
    edges.push_back(ember::clone(b, MemoryFormat::Contiguous));
  }
  return histogramddCore(rows, std::move(edges), weight, density, BinSearch::Binary);
}

}  // namespace ember
