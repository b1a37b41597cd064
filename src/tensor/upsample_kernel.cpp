// The separable upsampling kernel. Contiguous inputs: each output row combines a few input rows
// that were first interpolated along W (cached, since neighbouring output rows share them),
// with vector blends; output = sum_d w_d * (sum_h w_h * (sum_w w_w * x)), PyTorch's order.
// Channels-last inputs: each output pixel combines whole channel vectors the same way. Nearest
// modes only copy, so they serve integer dtypes exactly.
#include <algorithm>
#include <vector>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/parallel.h"
#include "tensor/nn_rows.h"
#include "tensor/upsample_utils.h"

namespace ember::upsample {

namespace {

using nn::RowOps;

template <typename T>
void nearestContiguous(const Plan& p, const T* in, T* out) {
  const int64_t rows = p.batch * p.channels * p.out[0] * p.out[1];
  const int64_t OW = p.out[2], inPlane = p.in[0] * p.in[1] * p.in[2];
  const int64_t* iw = p.taps[2].idx.data();
  parallelFor(0, rows, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, OW)), [&](int64_t r0, int64_t r1) {
    for (int64_t r = r0; r < r1; ++r) {
      const int64_t plane = r / (p.out[0] * p.out[1]), oh = r % p.out[1], od = r / p.out[1] % p.out[0];
      const T* src = in + plane * inPlane + (p.taps[0].idx[od] * p.in[1] + p.taps[1].idx[oh]) * p.in[2];
      T* dst = out + r * OW;
      for (int64_t ow = 0; ow < OW; ++ow) dst[ow] = src[iw[ow]];
    }
  });
}

template <typename T>
void nearestChannelsLast(const Plan& p, const T* in, T* out) {
  const int64_t C = p.channels, outPix = p.out[0] * p.out[1] * p.out[2], inPix = p.in[0] * p.in[1] * p.in[2];
  parallelFor(0, p.batch * outPix, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, C)), [&](int64_t q0,
                                                                                                   int64_t q1) {
    for (int64_t q = q0; q < q1; ++q) {
      const int64_t n = q / outPix, r = q % outPix;
      const int64_t od = r / (p.out[1] * p.out[2]), oh = r / p.out[2] % p.out[1], ow = r % p.out[2];
      const int64_t pix = (p.taps[0].idx[od] * p.in[1] + p.taps[1].idx[oh]) * p.in[2] + p.taps[2].idx[ow];
      const T* src = in + (n * inPix + pix) * C;
      std::copy(src, src + C, out + q * C);
    }
  });
}

// Input rows interpolated along W, for the rows a run of output rows reads.
template <typename T>
class RowCache {
 public:
  static constexpr int kSlots = 4;
  RowCache(const Plan& p, const T* in) : p_(p), in_(in) {
    for (auto& b : buf_) b.resize(static_cast<size_t>(p.out[2]));
    keys_.fill(-1);
  }
  // The W-interpolated input row `row` (plane-relative: id * H + ih) of plane `plane`.
  const T* get(int64_t plane, int64_t row) {
    const int64_t key = plane * p_.in[0] * p_.in[1] + row;
    for (int s = 0; s < kSlots; ++s)
      if (keys_[s] == key) return buf_[s].data();
    const int s = next_;
    next_ = (next_ + 1) % kSlots;
    keys_[s] = key;
    interpolate(in_ + key * p_.in[2], buf_[s].data());
    return buf_[s].data();
  }

 private:
  void interpolate(const T* src, T* dst) const {
    using C = opmath_t<T>;
    const Taps& t = p_.taps[2];
    const int64_t n = t.count;
    if (n == 2) {  // linear: the common case, without the inner tap loop
      for (int64_t ow = 0; ow < p_.out[2]; ++ow) {
        const int64_t* idx = &t.idx[ow * 2];
        const double* w = &t.w[ow * 2];
        dst[ow] = static_cast<T>(static_cast<C>(src[idx[0]]) * static_cast<C>(w[0]) +
                                 static_cast<C>(src[idx[1]]) * static_cast<C>(w[1]));
      }
      return;
    }
    for (int64_t ow = 0; ow < p_.out[2]; ++ow) {
      const int64_t* idx = &t.idx[ow * n];
      const double* w = &t.w[ow * n];
      C acc = static_cast<C>(src[idx[0]]) * static_cast<C>(w[0]);
      for (int64_t j = 1; j < n; ++j) acc += static_cast<C>(src[idx[j]]) * static_cast<C>(w[j]);
      dst[ow] = static_cast<T>(acc);
    }
  }

  const Plan& p_;
  const T* in_;
  std::array<std::vector<T>, kSlots> buf_;
  std::array<int64_t, kSlots> keys_;
  int next_ = 0;
};

// dst = sum_j w_j * rows_j, accumulated in order: dst = r0 * w0, then dst += r_j * w_j.
template <typename T>
void combine(T* dst, int64_t n, const Taps& t, int64_t o, const auto& rowOf) {
  using C = opmath_t<T>;
  const int64_t cnt = t.count;
  if (cnt == 1) {
    const T* r = rowOf(t.idx[o]);
    if (r != dst) std::copy(r, r + n, dst);
    return;
  }
  RowOps<T>::scaleShift(dst, rowOf(t.idx[o * cnt]), n, static_cast<C>(t.w[o * cnt]), C(0));
  for (int64_t j = 1; j < cnt; ++j)
    RowOps<T>::blend(dst, dst, rowOf(t.idx[o * cnt + j]), n, C(1), static_cast<C>(t.w[o * cnt + j]));
}

template <typename T>
void interpolateContiguous(const Plan& p, const T* in, T* out) {
  const int64_t rows = p.batch * p.channels * p.out[0] * p.out[1], OW = p.out[2];
  parallelFor(0, rows, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, OW * 4)), [&](int64_t r0, int64_t r1) {
    RowCache<T> cache(p, in);
    std::vector<T> hAcc(static_cast<size_t>(OW));
    for (int64_t r = r0; r < r1; ++r) {
      const int64_t plane = r / (p.out[0] * p.out[1]), oh = r % p.out[1], od = r / p.out[1] % p.out[0];
      T* dst = out + r * OW;
      // Rows of one depth slice combined along H; then slices combined along D.
      auto slice = [&](int64_t id) -> const T* {
        T* target = p.taps[0].count == 1 ? dst : hAcc.data();
        combine<T>(target, OW, p.taps[1], oh, [&](int64_t ih) { return cache.get(plane, id * p.in[1] + ih); });
        return target;
      };
      if (p.taps[0].count == 1) {
        slice(p.taps[0].idx[od]);
        continue;
      }
      // Trilinear: hAcc is rebuilt per slice, so each slice is folded into dst right away.
      using C = opmath_t<T>;
      const Taps& td = p.taps[0];
      for (int64_t j = 0; j < td.count; ++j) {
        const T* s = slice(td.idx[od * td.count + j]);
        const C w = static_cast<C>(td.w[od * td.count + j]);
        if (j == 0) RowOps<T>::scaleShift(dst, s, OW, w, C(0));
        else RowOps<T>::blend(dst, dst, s, OW, C(1), w);
      }
    }
  });
}

template <typename T>
void interpolateChannelsLast(const Plan& p, const T* in, T* out) {
  using C = opmath_t<T>;
  const int64_t Cn = p.channels, inPix = p.in[0] * p.in[1] * p.in[2];
  const int64_t rows = p.batch * p.out[0] * p.out[1], OW = p.out[2];
  const int64_t taps = p.taps[0].count * p.taps[1].count * p.taps[2].count;
  const bool bilinear = p.taps[0].count == 1 && p.taps[1].count == 2 && p.taps[2].count == 2;
  // One task per output row (n, od, oh), so that the inner loop over ow needs no divisions.
  parallelFor(0, rows, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, OW * Cn * taps)),
              [&](int64_t r0, int64_t r1) {
    std::vector<T> wAcc(static_cast<size_t>(Cn)), hAcc(static_cast<size_t>(Cn));
    for (int64_t r = r0; r < r1; ++r) {
      const int64_t n = r / (p.out[0] * p.out[1]), od = r / p.out[1] % p.out[0], oh = r % p.out[1];
      const T* base = in + n * inPix * Cn;
      auto px = [&](int64_t id, int64_t ih, int64_t iw) { return base + ((id * p.in[1] + ih) * p.in[2] + iw) * Cn; };
      for (int64_t ow = 0; ow < OW; ++ow) {
        T* dst = out + (r * OW + ow) * Cn;
        if (bilinear) {  // one fused pass over the channels
          const int64_t id = p.taps[0].idx[od], *ih = &p.taps[1].idx[oh * 2], *iw = &p.taps[2].idx[ow * 2];
          const double *wh = &p.taps[1].w[oh * 2], *ww = &p.taps[2].w[ow * 2];
          RowOps<T>::bilinear(dst, px(id, ih[0], iw[0]), px(id, ih[0], iw[1]), px(id, ih[1], iw[0]),
                              px(id, ih[1], iw[1]), Cn, static_cast<C>(ww[0]), static_cast<C>(ww[1]),
                              static_cast<C>(wh[0]), static_cast<C>(wh[1]));
          continue;
        }
        // sum_d w_d * (sum_h w_h * (sum_w w_w * x)), one level at a time.
        auto hRow = [&](int64_t id) {
          return [&, id](int64_t ih) -> const T* {
            combine<T>(wAcc.data(), Cn, p.taps[2], ow, [&](int64_t iw) { return px(id, ih, iw); });
            return wAcc.data();
          };
        };
        if (p.taps[0].count == 1) {
          combine<T>(dst, Cn, p.taps[1], oh, hRow(p.taps[0].idx[od]));
          continue;
        }
        const Taps& td = p.taps[0];
        for (int64_t j = 0; j < td.count; ++j) {
          combine<T>(hAcc.data(), Cn, p.taps[1], oh, hRow(td.idx[od * td.count + j]));
          const C w = static_cast<C>(td.w[od * td.count + j]);
          if (j == 0) RowOps<T>::scaleShift(dst, hAcc.data(), Cn, w, C(0));
          else RowOps<T>::blend(dst, dst, hAcc.data(), Cn, C(1), w);
        }
      }
    }
  });
}

}  // namespace

void run(const Plan& p, const Tensor& input, const Tensor& out) {
  if (out.numel() == 0) return;
  const bool nearest = p.mode == Mode::Nearest || p.mode == Mode::NearestExact;
  visitNumericDtype(input.dtype(), [&]<typename T>() {
    const T* in = input.data_ptr<T>();
    T* o = out.data_ptr<T>();
    if (nearest) {
      if (p.channelsLast) nearestChannelsLast<T>(p, in, o);
      else nearestContiguous<T>(p, in, o);
    } else if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, BFloat16>) {
      if (p.channelsLast) interpolateChannelsLast<T>(p, in, o);
      else interpolateContiguous<T>(p, in, o);
    }
  });
}

}  // namespace ember::upsample
