#include "reduce_utils.h"

#include <cstring>

#include "ember/tensor/ops/factory.h"
#include "strided_loop.h"

namespace ember::reduce_detail {

DimMask makeDimMask(IntArrayRef dims, int64_t ndim, bool emptyMeansAll) {
  EMBER_CHECK(ndim <= kMaxDims, "only tensors with up to 64 dims are supported");
  if (dims.empty()) return emptyMeansAll ? allDims(ndim) : DimMask{0};
  DimMask mask = 0;
  for (int64_t d : dims) {
    int64_t w = wrapDim(d, ndim);
    if (ndim == 0) w = 0;
    EMBER_CHECK(!isReduced(mask, w), "dim ", w, " appears multiple times in the list of dims");
    mask |= DimMask{1} << w;
  }
  // A 0-dim tensor has no dims to reduce: dims 0/-1 are accepted and mean "the element".
  return ndim == 0 ? DimMask{0} : mask;
}

DimVector reducedSizes(IntArrayRef sizes, DimMask mask, bool keepdim) {
  DimVector out;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (!isReduced(mask, static_cast<int64_t>(d)))
      out.push_back(sizes[d]);
    else if (keepdim)
      out.push_back(1);
  }
  return out;
}

Tensor ReduceOutput::view(bool keepdim) const {
  if (keepdim) return keep;
  DimVector sizes, strides;
  for (int64_t d = 0; d < keep.dim(); ++d) {
    if (isReduced(mask, d)) continue;
    sizes.push_back(keep.sizes()[d]);
    strides.push_back(keep.strides()[d]);
  }
  return Tensor::make(keep.storage(), keep.dtype(), sizes, strides, keep.storage_offset());
}

ReduceOutput makeReduceOutput(const Tensor& in, DimMask mask, ScalarType dtype) {
  return {empty(reducedSizes(in.sizes(), mask, true), dtype), mask};
}

namespace {
// Merges adjacent dims d, d+1 where stepping d equals stepping d+1 size times, for every stride set.
void coalesce(DimVector& sizes, DimVector& s1, DimVector* s2) {
  DimVector ns, n1, n2;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 1) continue;
    if (!ns.empty() && ns.back() != 0 && sizes[d] != 0) {
      size_t k = ns.size() - 1;
      bool ok = n1[k] == s1[d] * sizes[d] && (!s2 || n2[k] == (*s2)[d] * sizes[d]);
      if (ok) {
        ns[k] *= sizes[d];
        n1[k] = s1[d];
        if (s2) n2[k] = (*s2)[d];
        continue;
      }
    }
    ns.push_back(sizes[d]);
    n1.push_back(s1[d]);
    if (s2) n2.push_back((*s2)[d]);
  }
  sizes = ns;
  s1 = n1;
  if (s2) *s2 = n2;
}
}  // namespace

ReducePlan makePlan(const Tensor& in, const Tensor& outKeep, DimMask mask) {
  ReducePlan p;
  for (int64_t d = 0; d < in.dim(); ++d) {
    int64_t sz = in.sizes()[d];
    if (isReduced(mask, d)) {
      p.redSizes.push_back(sz);
      p.redIn.push_back(in.strides()[d]);
      p.redNumel *= sz;
    } else {
      p.keptSizes.push_back(sz);
      p.keptIn.push_back(in.strides()[d]);
      p.keptOut.push_back(outKeep.strides()[d]);
      p.outNumel *= sz;
    }
  }
  if (p.redNumel == 0) {
    p.redSizes = {0};
    p.redIn = {1};
  } else {
    coalesce(p.redSizes, p.redIn, nullptr);
  }
  if (p.outNumel != 0) coalesce(p.keptSizes, p.keptIn, &p.keptOut);
  return p;
}

IndexWalker::IndexWalker(IntArrayRef sizes, IntArrayRef stridesA, IntArrayRef stridesB, int64_t start)
    : sizes_(sizes), sa_(stridesA), sb_(stridesB), idx_(sizes.size(), 0) {
  for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0 && start > 0; --d) {
    idx_[d] = start % sizes[d];
    start /= sizes[d];
    a_ += idx_[d] * sa_[d];
    b_ += idx_[d] * sb_[d];
  }
}

void IndexWalker::next() {
  for (int64_t d = static_cast<int64_t>(sizes_.size()) - 1; d >= 0; --d) {
    a_ += sa_[d];
    b_ += sb_[d];
    if (++idx_[d] < sizes_[d]) return;
    a_ -= sa_[d] * sizes_[d];
    b_ -= sb_[d] * sizes_[d];
    idx_[d] = 0;
  }
}

void runReducePlan(const ReducePlan& plan, const ReduceSteps& steps) {
  const int64_t nk = static_cast<int64_t>(plan.keptSizes.size());

  // Few outputs, long reductions: split each reduction into chunks, merge partials in order.
  if (plan.outNumel < get_num_threads() && plan.redNumel >= 2 * kReduceGrain && !inParallelRegion()) {
    IndexWalker w(plan.keptSizes, plan.keptIn, plan.keptOut, 0);
    for (int64_t o = 0; o < plan.outNumel; ++o, w.next()) steps.chunked(w.a(), w.b());
    return;
  }

  // Outer reduction: the innermost kept dim is contiguous in input and output while the reduced
  // dims are strided. Each task keeps the accumulators of a block of blockCols columns and adds
  // the reduced rows into them one after another: the input is read in contiguous runs of blockCols
  // elements (wide enough for the prefetcher, unlike a walk down one column at a time).
  const int64_t nr = static_cast<int64_t>(plan.redSizes.size());
  if (nk >= 1 && nr >= 1 && plan.keptIn[nk - 1] == 1 && plan.keptOut[nk - 1] == 1 && plan.redIn[nr - 1] != 1 &&
      plan.redNumel > 0) {
    // Blocks as wide as the rows up to 16 KiB of accumulators (half the L1 cache, the other half
    // streams the input; runs that cross pages keep the prefetcher going), narrower when that
    // leaves threads without work.
    const int64_t cols = plan.keptSizes[nk - 1];
    const int64_t outerNumel = plan.outNumel / cols;
    int64_t blockCols = std::min<int64_t>(cols, std::max<int64_t>(64, 16384 / steps.accSize));
    const int64_t threads = inParallelRegion() ? 1 : get_num_threads();
    if (outerNumel < threads) blockCols = std::min(blockCols, std::max<int64_t>(64, (cols / threads + 63) / 64 * 64));
    blockCols = std::min(blockCols, steps.maxBlockCols);
    const int64_t colBlocks = (cols + blockCols - 1) / blockCols;
    IntArrayRef outerSizes(plan.keptSizes.data(), nk - 1), outerIn(plan.keptIn.data(), nk - 1),
        outerOut(plan.keptOut.data(), nk - 1);
    const int64_t grain = std::max<int64_t>(1, kReduceGrain / (plan.redNumel * blockCols));
    parallelFor(0, outerNumel * colBlocks, grain, [&](int64_t b, int64_t e) {
      for (int64_t t = b; t < e; ++t) {
        const int64_t ob = t / colBlocks, cb = t % colBlocks;
        IndexWalker ow(outerSizes, outerIn, outerOut, ob);
        const int64_t c0 = cb * blockCols, nc = std::min(blockCols, cols - c0);
        steps.outerBlock(ow.a() + c0, ow.b() + c0, nc);
      }
    });
    return;
  }

  const int64_t grain = std::max<int64_t>(1, kReduceGrain / std::max<int64_t>(1, plan.redNumel));
  parallelFor(0, plan.outNumel, grain, [&](int64_t b, int64_t e) { steps.whole(b, e); });
}

void copyConvert(const Tensor& dst, const Tensor& src) {
  EMBER_ASSERT(dst.sizes() == src.sizes(), "copyConvert: shapes differ");
  if (dst.numel() == 0) return;
  StridedLoop<2> loop(dst.sizes(), {dst.strides(), src.strides()},
                      {static_cast<int64_t>(dst.element_size()), static_cast<int64_t>(src.element_size())});
  std::array<char*, 2> base{static_cast<char*>(dst.data_ptr()), static_cast<char*>(src.data_ptr())};
  visitDtype(dst.dtype(), [&]<typename D>() {
    visitDtype(src.dtype(), [&]<typename S>() {
      loop.runParallel(base, [](char* const* p, const int64_t* st, int64_t n) {
        char* d = p[0];
        const char* s = p[1];
        for (int64_t i = 0; i < n; ++i, d += st[0], s += st[1]) {
          S v;
          std::memcpy(&v, s, sizeof(S));
          D r;
          if constexpr (std::is_same_v<D, bool>)
            r = static_cast<float>(v) != 0.0f || (std::is_integral_v<S> && v != S(0));
          else if constexpr (std::is_same_v<D, Half> || std::is_same_v<D, BFloat16>)
            r = D(static_cast<float>(v));
          else if constexpr (std::is_same_v<S, Half> || std::is_same_v<S, BFloat16>)
            r = static_cast<D>(static_cast<float>(v));
          else
            r = static_cast<D>(v);
          std::memcpy(d, &r, sizeof(D));
        }
      });
    });
  });
}

Tensor castContiguous(const Tensor& t, ScalarType dtype) {
  if (t.dtype() == dtype && t.is_contiguous()) return t;
  Tensor r = empty(t.sizes(), dtype);
  copyConvert(r, t);
  return r;
}

void resizeOut(const Tensor& out, IntArrayRef sizes) {
  EMBER_CHECK(out.defined(), "out= tensor is undefined");
  if (out.sizes() == sizes) return;
  DimVector strides = contiguousStrides(sizes);
  size_t need = static_cast<size_t>(computeNumel(sizes)) * out.element_size() +
                static_cast<size_t>(out.storage_offset()) * out.element_size();
  if (need > out.storage().nbytes()) out.storage().impl()->resize(need);
  out.impl()->setSizesAndStrides(sizes, strides);
}

void writeOut(const Tensor& out, const Tensor& result, const char* opName, bool exactDtype) {
  EMBER_CHECK(out.defined(), opName, ": out= tensor is undefined");
  if (exactDtype)
    EMBER_CHECK(out.dtype() == result.dtype(), "Expected out tensor to have dtype ", scalarTypeTorchName(result.dtype()),
                ", but got ", scalarTypeTorchName(out.dtype()), " instead");
  resizeOut(out, result.sizes());
  copyConvert(out, result);
}

Tensor fullOf(IntArrayRef sizes, double value, ScalarType dtype) {
  Tensor r = empty(sizes, dtype);
  visitDtype(dtype, [&]<typename T>() {
    T v;
    if constexpr (std::is_same_v<T, bool>)
      v = value != 0.0;
    else
      v = static_cast<T>(value);
    T* p = static_cast<T*>(r.data_ptr());
    std::fill(p, p + r.numel(), v);
  });
  return r;
}

Tensor moveDimLast(const Tensor& t, int64_t d) {
  DimVector sizes(t.sizes()), strides(t.strides());
  int64_t sz = sizes[d], st = strides[d];
  sizes.erase(sizes.begin() + d);
  strides.erase(strides.begin() + d);
  sizes.push_back(sz);
  strides.push_back(st);
  return Tensor::make(t.storage(), t.dtype(), sizes, strides, t.storage_offset());
}

Tensor moveLastDimTo(const Tensor& t, int64_t d) {
  DimVector sizes(t.sizes()), strides(t.strides());
  int64_t sz = sizes.back(), st = strides.back();
  sizes.pop_back();
  strides.pop_back();
  sizes.insert(sizes.begin() + d, sz);
  strides.insert(strides.begin() + d, st);
  return Tensor::make(t.storage(), t.dtype(), sizes, strides, t.storage_offset());
}

}  // namespace ember::reduce_detail
