// grid_sampler_2d / grid_sampler_3d (F.grid_sample) and affine_grid_generator (F.affine_grid).
// Each output position reads its (x, y[, z]) from the grid, maps it from [-1, 1] to input pixel
// coordinates (align_corners: -1 and 1 are the centres of the corner pixels, otherwise their
// outer edges), moves it inside the image by the padding mode and interpolates there; taps
// outside the image read zero. Computed in the input's dtype, as PyTorch's CPU kernels do.
#include <cmath>
#include <limits>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/sampling.h"
#include "ember/tensor/parallel.h"

namespace ember {

namespace {

enum Mode : int64_t { kBilinear = 0, kNearest = 1, kBicubic = 2 };
enum Padding : int64_t { kZeros = 0, kBorder = 1, kReflection = 2 };

template <typename T>
T unnormalize(T coord, int64_t size, bool alignCorners) {
  if (alignCorners) return (coord + 1) / 2 * static_cast<T>(size - 1);
  return ((coord + 1) * static_cast<T>(size) - 1) / 2;
}

template <typename T>
T clip(T coord, int64_t size) {
  return std::min(static_cast<T>(size - 1), std::max(coord, static_cast<T>(0)));
}

// Folds a coordinate into [twiceLow / 2, twiceHigh / 2] as a pair of mirrors at the bounds would.
template <typename T>
T reflect(T coord, int64_t twiceLow, int64_t twiceHigh) {
  if (twiceLow == twiceHigh) return static_cast<T>(0);
  const T low = static_cast<T>(twiceLow) / 2, span = static_cast<T>(twiceHigh - twiceLow) / 2;
  const T dist = std::fabs(coord - low);
  const T extra = std::fmod(dist, span);
  const int64_t flips = static_cast<int64_t>(std::floor(dist / span));
  return flips % 2 == 0 ? extra + low : span - extra + low;
}

// The padding mode applied to a pixel coordinate; non-finite or huge ones become a far-away
// pixel (-100) so that the integer conversions below stay defined.
template <typename T>
T padCoord(T coord, int64_t size, int64_t padding, bool alignCorners) {
  if (padding == kBorder) {
    coord = clip(coord, size);
  } else if (padding == kReflection) {
    coord = alignCorners ? reflect(coord, 0, 2 * (size - 1)) : reflect(coord, -1, 2 * size - 1);
    coord = clip(coord, size);
  }
  if (!(std::fabs(coord) < static_cast<T>(std::numeric_limits<int32_t>::max() / 2))) coord = static_cast<T>(-100);
  return coord;
}

template <typename T>
T sourceCoord(T coord, int64_t size, int64_t padding, bool alignCorners) {
  return padCoord(unnormalize(coord, size, alignCorners), size, padding, alignCorners);
}

// Cubic convolution weights (A = -0.75) of the taps at -1, 0, 1, 2 around fraction t.
template <typename T>
void cubicWeights(T t, T w[4]) {
  const T a = static_cast<T>(-0.75);
  auto inner = [a](T x) { return ((a + 2) * x - (a + 3)) * x * x + 1; };        // |x| <= 1
  auto outer = [a](T x) { return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a; };  // 1 < |x| < 2
  w[0] = outer(t + 1);
  w[1] = inner(t);
  w[2] = inner(1 - t);
  w[3] = outer(2 - t);
}

struct Geom2d {
  int64_t n, c, h, w, oh, ow;
};

template <typename T>
void sample2d(const T* in, const T* grid, T* out, const Geom2d& g, int64_t mode, int64_t padding, bool ac,
              bool nanOnNonFinite) {
  const int64_t plane = g.h * g.w, outPlane = g.oh * g.ow;
  auto at = [&](const T* p, int64_t y, int64_t x) -> T {
    return (x >= 0 && x < g.w && y >= 0 && y < g.h) ? p[y * g.w + x] : T(0);
  };
  parallelFor(
      0, g.n * outPlane, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, 4 * g.c)), [&](int64_t q0, int64_t q1) {
        for (int64_t q = q0; q < q1; ++q) {
          const int64_t n = q / outPlane, pos = q % outPlane;
          const T gx = grid[q * 2], gy = grid[q * 2 + 1];
          const T* inN = in + n * g.c * plane;
          T* outN = out + n * g.c * outPlane + pos;
          if (mode == kBicubic) {
            const T x = unnormalize(gx, g.w, ac), y = unnormalize(gy, g.h, ac);
            const T x0 = std::floor(x), y0 = std::floor(y);
            T wx[4], wy[4];
            cubicWeights(x - x0, wx);
            cubicWeights(y - y0, wy);
            int64_t xs[4], ys[4];
            for (int i = 0; i < 4; ++i) {
              xs[i] = static_cast<int64_t>(padCoord(x0 - 1 + i, g.w, padding, ac));
              ys[i] = static_cast<int64_t>(padCoord(y0 - 1 + i, g.h, padding, ac));
            }
            for (int64_t c = 0; c < g.c; ++c) {
              const T* p = inN + c * plane;
              T acc = 0;
              for (int i = 0; i < 4; ++i) {
                const T row = at(p, ys[i], xs[0]) * wx[0] + at(p, ys[i], xs[1]) * wx[1] + at(p, ys[i], xs[2]) * wx[2] +
                              at(p, ys[i], xs[3]) * wx[3];
                acc += row * wy[i];
              }
              outN[c * outPlane] = acc;
            }
            continue;
          }
          if (nanOnNonFinite && mode == kBilinear && padding == kZeros && !(std::isfinite(gx) && std::isfinite(gy))) {
            for (int64_t c = 0; c < g.c; ++c) outN[c * outPlane] = std::numeric_limits<T>::quiet_NaN();
            continue;
          }
          const T x = sourceCoord(gx, g.w, padding, ac), y = sourceCoord(gy, g.h, padding, ac);
          if (mode == kNearest) {
            const int64_t xi = static_cast<int64_t>(std::nearbyint(x)), yi = static_cast<int64_t>(std::nearbyint(y));
            for (int64_t c = 0; c < g.c; ++c) outN[c * outPlane] = at(inN + c * plane, yi, xi);
            continue;
          }
          const T xw = std::floor(x), yn = std::floor(y);
          const int64_t x0 = static_cast<int64_t>(xw), y0 = static_cast<int64_t>(yn);
          const T nw = (xw + 1 - x) * (yn + 1 - y), ne = (x - xw) * (yn + 1 - y), sw = (xw + 1 - x) * (y - yn),
                  se = (x - xw) * (y - yn);
          for (int64_t c = 0; c < g.c; ++c) {
            const T* p = inN + c * plane;
            outN[c * outPlane] =
                at(p, y0, x0) * nw + at(p, y0, x0 + 1) * ne + at(p, y0 + 1, x0) * sw + at(p, y0 + 1, x0 + 1) * se;
          }
        }
      });
}

struct Geom3d {
  int64_t n, c, d, h, w, od, oh, ow;
};

template <typename T>
void sample3d(const T* in, const T* grid, T* out, const Geom3d& g, int64_t mode, int64_t padding, bool ac) {
  const int64_t plane = g.d * g.h * g.w, outPlane = g.od * g.oh * g.ow;
  auto at = [&](const T* p, int64_t z, int64_t y, int64_t x) -> T {
    return (x >= 0 && x < g.w && y >= 0 && y < g.h && z >= 0 && z < g.d) ? p[(z * g.h + y) * g.w + x] : T(0);
  };
  parallelFor(
      0, g.n * outPlane, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, 8 * g.c)), [&](int64_t q0, int64_t q1) {
        for (int64_t q = q0; q < q1; ++q) {
          const int64_t n = q / outPlane, pos = q % outPlane;
          const T x = sourceCoord(grid[q * 3], g.w, padding, ac), y = sourceCoord(grid[q * 3 + 1], g.h, padding, ac),
                  z = sourceCoord(grid[q * 3 + 2], g.d, padding, ac);
          const T* inN = in + n * g.c * plane;
          T* outN = out + n * g.c * outPlane + pos;
          if (mode == kNearest) {
            const int64_t xi = static_cast<int64_t>(std::nearbyint(x)), yi = static_cast<int64_t>(std::nearbyint(y)),
                          zi = static_cast<int64_t>(std::nearbyint(z));
            for (int64_t c = 0; c < g.c; ++c) outN[c * outPlane] = at(inN + c * plane, zi, yi, xi);
            continue;
          }
          const T xf = std::floor(x), yf = std::floor(y), zf = std::floor(z);
          const int64_t x0 = static_cast<int64_t>(xf), y0 = static_cast<int64_t>(yf), z0 = static_cast<int64_t>(zf);
          const T wx[2] = {xf + 1 - x, x - xf}, wy[2] = {yf + 1 - y, y - yf}, wz[2] = {zf + 1 - z, z - zf};
          for (int64_t c = 0; c < g.c; ++c) {
            const T* p = inN + c * plane;
            T acc = 0;
            for (int k = 0; k < 2; ++k)
              for (int j = 0; j < 2; ++j)
                for (int i = 0; i < 2; ++i) acc += at(p, z0 + k, y0 + j, x0 + i) * (wx[i] * wy[j] * wz[k]);
            outN[c * outPlane] = acc;
          }
        }
      });
}

void checkCommon(const Tensor& input, const Tensor& grid, int64_t mode, int64_t padding) {
  EMBER_CHECK(input.dim() >= 1 && grid.dim() >= 1 && input.size(0) == grid.size(0),
              "grid_sampler(): expected grid and input to have same batch size, but got input with sizes ",
              input.sizes(), " and grid with sizes ", grid.sizes());
  EMBER_CHECK(grid.size(-1) == input.dim() - 2, "grid_sampler(): expected grid to have size ", input.dim() - 2,
              " in last dimension, but got grid with sizes ", grid.sizes());
  for (int64_t d = 2; d < input.dim(); ++d)
    EMBER_CHECK(input.size(d) > 0,
                "grid_sampler(): expected input to have non-empty spatial dimensions, but input "
                "has sizes ",
                input.sizes(), " with dimension ", d, " being empty");
  EMBER_CHECK(mode >= kBilinear && mode <= kBicubic,
              "grid_sampler(): interpolation_mode must be 0 (bilinear), 1 "
              "(nearest) or 2 (bicubic), but got ",
              mode);
  EMBER_CHECK(padding >= kZeros && padding <= kReflection,
              "grid_sampler(): padding_mode must be 0 (zeros), 1 "
              "(border) or 2 (reflection), but got ",
              padding);
}

void checkDtypes(const Tensor& input, const Tensor& grid, const char* name) {
  EMBER_CHECK(input.dtype() == ScalarType::Float || input.dtype() == ScalarType::Double, name, " not implemented for ",
              input.dtype());
  EMBER_CHECK(grid.dtype() == input.dtype(), "expected scalar type ", input.dtype(), " but found ", grid.dtype());
}

}  // namespace

namespace {

Tensor sampleGrid2d(const Tensor& input, const Tensor& grid, int64_t interpolation_mode, int64_t padding_mode,
                    bool align_corners, bool nanOnNonFinite) {
  checkCommon(input, grid, interpolation_mode, padding_mode);
  EMBER_CHECK(input.dim() == 4 && grid.dim() == 4,
              "grid_sampler(): expected 4D input and grid with same number of "
              "dimensions, but got input with sizes ",
              input.sizes(), " and grid with sizes ", grid.sizes());
  checkDtypes(input, grid, "grid_sampler_2d_cpu");
  const Geom2d g{input.size(0), input.size(1), input.size(2), input.size(3), grid.size(1), grid.size(2)};
  Tensor out = empty({g.n, g.c, g.oh, g.ow}, input.dtype());
  if (out.numel() == 0) return out;
  const Tensor x = input.contiguous(), gr = grid.contiguous();
  visitFloatingDtype(input.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>)
      sample2d<T>(x.data_ptr<T>(), gr.data_ptr<T>(), out.data_ptr<T>(), g, interpolation_mode, padding_mode,
                  align_corners, nanOnNonFinite);
  });
  return out;
}

}  // namespace

Tensor grid_sampler_2d(const Tensor& input, const Tensor& grid, int64_t interpolation_mode, int64_t padding_mode,
                       bool align_corners) {
  return sampleGrid2d(input, grid, interpolation_mode, padding_mode, align_corners, true);
}

Tensor grid_sampler_2d_cpu_fallback(const Tensor& input, const Tensor& grid, int64_t interpolation_mode,
                                    int64_t padding_mode, bool align_corners) {
  return sampleGrid2d(input, grid, interpolation_mode, padding_mode, align_corners, false);
}

Tensor grid_sampler_3d(const Tensor& input, const Tensor& grid, int64_t interpolation_mode, int64_t padding_mode,
                       bool align_corners) {
  checkCommon(input, grid, interpolation_mode, padding_mode);
  EMBER_CHECK(input.dim() == 5 && grid.dim() == 5,
              "grid_sampler(): expected 5D input and grid with same number of "
              "dimensions, but got input with sizes ",
              input.sizes(), " and grid with sizes ", grid.sizes());
  EMBER_CHECK(interpolation_mode != kBicubic, "grid_sampler(): bicubic interpolation only supports 4D input");
  checkDtypes(input, grid, "\"grid_sampler3d_cpu\"");
  const Geom3d g{input.size(0), input.size(1), input.size(2), input.size(3),
                 input.size(4), grid.size(1),  grid.size(2),  grid.size(3)};
  Tensor out = empty({g.n, g.c, g.od, g.oh, g.ow}, input.dtype());
  if (out.numel() == 0) return out;
  const Tensor x = input.contiguous(), gr = grid.contiguous();
  visitFloatingDtype(input.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>)
      sample3d<T>(x.data_ptr<T>(), gr.data_ptr<T>(), out.data_ptr<T>(), g, interpolation_mode, padding_mode,
                  align_corners);
  });
  return out;
}

Tensor grid_sampler(const Tensor& input, const Tensor& grid, int64_t interpolation_mode, int64_t padding_mode,
                    bool align_corners) {
  if (input.dim() == 4) return grid_sampler_2d(input, grid, interpolation_mode, padding_mode, align_corners);
  return grid_sampler_3d(input, grid, interpolation_mode, padding_mode, align_corners);
}

namespace {

// num_steps points from -1 to 1 (pixel centres when !align_corners), a single 0 for one step.
Tensor steps(int64_t num, bool alignCorners, const Tensor& like) {
  if (num <= 1) return zeros({1}, like.dtype());
  Tensor r = linspace(Scalar(-1), Scalar(1), num, like.dtype());
  if (!alignCorners) r = r * Scalar(static_cast<double>(num - 1) / static_cast<double>(num));
  return r;
}

}  // namespace

Tensor affine_grid_generator(const Tensor& theta, IntArrayRef size, bool align_corners) {
  EMBER_CHECK(size.size() == 4 || size.size() == 5,
              "AffineGridGenerator needs 4d (spatial) or 5d (volumetric) inputs.");
  const int64_t spatial = static_cast<int64_t>(size.size()) - 2, n = size[0];
  // base (*S, spatial + 1): x varies along the last spatial dim, then y, then z, then a 1.
  DimVector baseSizes(size.begin() + 2, size.end());
  baseSizes.push_back(spatial + 1);
  Tensor base = empty(baseSizes, theta.dtype());
  for (int64_t k = 0; k < spatial; ++k) {
    const int64_t dim = spatial - 1 - k;  // coordinate k runs along spatial dim `dim`
    DimVector shape(static_cast<size_t>(spatial), 1);
    shape[static_cast<size_t>(dim)] = size[static_cast<size_t>(2 + dim)];
    base.select(-1, k).copy_(steps(size[static_cast<size_t>(2 + dim)], align_corners, theta).reshape(shape));
  }
  base.select(-1, spatial).fill_(Scalar(1));
  int64_t positions = 1;
  for (int64_t k = 0; k < spatial; ++k) positions *= size[static_cast<size_t>(2 + k)];
  DimVector outSizes{n};
  for (int64_t k = 0; k < spatial; ++k) outSizes.push_back(size[static_cast<size_t>(2 + k)]);
  outSizes.push_back(spatial);
  return bmm(base.reshape({1, positions, spatial + 1}).expand({n, positions, spatial + 1}), theta.transpose(1, 2))
      .reshape(outSizes);
}

}  // namespace ember
