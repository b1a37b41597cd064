// Winograd weight transforms into oneDNN's layouts (see conv_winograd_weights.h).
//
// Each 3x3 kernel g becomes U = G g G^T (alpha x alpha values, alpha = 4 for F(2x2, 3x3), 6 for
// F(4x4, 3x3)), with the G matrices oneDNN's kernels pair with their input and output
// transforms. U[a][b] for input channel i and output channel o goes to
//   aaOio:      [a][b][O/ob][I/ib][ib][ob]
//   aaOBiOo:    [a][b][O/(ob*ob2)][I/ib][ib][ob2][ob]
//   OBaaIBOIio: [O/(ob*ob2)][a][b][I/(ib*ib2)][ob2][ib2][ib][ob]
// (ib, ob: the channel blocks; ib2, ob2: the blocks of blocks, all from the layout's wino_desc),
// so a block of ob output channels of one (a, b, i) is always one contiguous run: the transform
// works on such blocks, with the output channels in the innermost loop.
#include "tensor/conv_winograd_weights.h"

#include <algorithm>
#include <cstring>

#include "ember/tensor/parallel.h"

namespace ember::conv {
namespace {

constexpr int kMaxAlpha = 6;
constexpr int kMaxBlock = 64;

// oneDNN's transform matrices (alpha x 3), in the scaling its kernels expect.
constexpr float kG2x2[4][3] = {{1.0f, 0.0f, 0.0f}, {0.5f, 0.5f, 0.5f}, {0.5f, -0.5f, 0.5f}, {0.0f, 0.0f, 1.0f}};
constexpr float kG4x4[6][3] = {{1.13777777777778f, 0.f, 0.f},
                               {-0.688403361344538f, -0.430252100840336f, -0.26890756302521f},
                               {-0.688403361344538f, 0.430252100840336f, -0.26890756302521f},
                               {0.119514472455649f, 0.179271708683473f, 0.26890756302521f},
                               {0.119514472455649f, -0.179271708683473f, 0.26890756302521f},
                               {0.f, 0.f, 1.f}};

struct Layout {
  dnnl_wino_memory_format_t format;
  int64_t alpha, I, O, ib, ob, ib2, ob2;
  const float (*G)[3];

  // Between the runs of (a, b) and (a, b + 1) (of (a, b) = (0, alpha - 1) and (1, 0) too), for
  // the same channels: every layout keeps a and b together as one index a * alpha + b.
  int64_t planeStride() const { return format == dnnl_wino_wei_OBaaIBOIio ? I * ob * ob2 : I * O; }

  // Where the run of ob output channels from block `oBlock` for (a, b) = (0, 0) and input
  // channel i starts (the other (a, b) follow at planeStride() apart).
  int64_t runStart(int64_t i, int64_t oBlock) const {
    const int64_t nbI = I / ib, iBlock = i / ib, iIn = i % ib;
    switch (format) {
      case dnnl_wino_wei_aaOio:
        return ((oBlock * nbI + iBlock) * ib + iIn) * ob;
      case dnnl_wino_wei_aaOBiOo: {
        const int64_t chunk = oBlock / ob2, inChunk = oBlock % ob2;
        return ((chunk * nbI + iBlock) * ib * ob2 + iIn * ob2 + inChunk) * ob;
      }
      default: {  // OBaaIBOIio
        const int64_t oChunk = oBlock / ob2, oIn = oBlock % ob2, iChunk = iBlock / ib2, iBlockIn = iBlock % ib2;
        return oChunk * alpha * alpha * planeStride() + (((iChunk * ob2 + oIn) * ib2 + iBlockIn) * ib + iIn) * ob;
      }
    }
  }
};

bool readLayout(const dnnl_memory_desc_t& md, const Tensor& weight, Layout& l) {
  if (md.format_kind != dnnl_format_kind_wino || md.data_type != dnnl_f32) return false;
  const dnnl_wino_desc_t& w = md.format_desc.wino_desc;
  l = Layout{w.wino_format, w.alpha, w.ic, w.oc, w.ic_block, w.oc_block, w.ic2_block, w.oc2_block, nullptr};
  if (w.r != 3 || w.adj_scale != 1.0f || weight.dim() != 4 || weight.size(2) != 3 || weight.size(3) != 3) return false;
  if (l.I != weight.size(1) || l.O != weight.size(0)) return false;  // padded channels: left to oneDNN
  if (l.ib <= 0 || l.ob <= 0 || l.ob > kMaxBlock || l.ob % 4 != 0 || l.I % l.ib != 0 || l.O % l.ob != 0) return false;
  const bool twoByTwo = l.alpha == 4 && (l.format == dnnl_wino_wei_aaOio || l.format == dnnl_wino_wei_aaOBiOo);
  const bool fourByFour = l.alpha == 6 && l.format == dnnl_wino_wei_OBaaIBOIio;
  if (!twoByTwo && !fourByFour) return false;
  if (l.format != dnnl_wino_wei_aaOio && (l.ob2 <= 0 || (l.O / l.ob) % l.ob2 != 0)) return false;
  if (fourByFour && (l.ib2 <= 0 || (l.I / l.ib) % l.ib2 != 0)) return false;
  const size_t bytes = static_cast<size_t>(l.alpha * l.alpha * l.I * l.O) * sizeof(float);
  if (static_cast<size_t>(w.size) != bytes) return false;
  l.G = twoByTwo ? kG2x2 : kG4x4;
  return true;
}

// Four floats (GCC's vector extension on the baseline's SSE registers).
typedef float V4 __attribute__((vector_size(16)));

V4 load4(const float* p) {
  V4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// U = G g G^T for the ob kernels (o0 .. o0 + ob) of input channel i, given as g[t][o] (tap t
// of output channel o0 + o), into their runs, four output channels at a time (ob is a multiple
// of 4: oneDNN's blocks are 8 or 16).
void transformKernels(const Layout& l, const float* g, int64_t i, int64_t oBlock, float* out) {
  const int64_t A = l.alpha, ob = l.ob;
  const int64_t base = l.runStart(i, oBlock), plane = l.planeStride();
  for (int64_t o = 0; o < ob; o += 4) {
    // Rows first: R[k][b] = sum_l g[k][l] * G[b][l]; then U[a][b] = sum_k G[a][k] * R[k][b].
    V4 rows[3][kMaxAlpha];
    for (int k = 0; k < 3; ++k) {
      const V4 g0 = load4(g + (k * 3) * ob + o), g1 = load4(g + (k * 3 + 1) * ob + o),
               g2 = load4(g + (k * 3 + 2) * ob + o);
      for (int64_t b = 0; b < A; ++b) rows[k][b] = g0 * l.G[b][0] + g1 * l.G[b][1] + g2 * l.G[b][2];
    }
    for (int64_t a = 0; a < A; ++a)
      for (int64_t b = 0; b < A; ++b) {
        const V4 u = rows[0][b] * l.G[a][0] + rows[1][b] * l.G[a][1] + rows[2][b] * l.G[a][2];
        std::memcpy(out + base + (a * A + b) * plane + o, &u, sizeof u);
      }
  }
}

}  // namespace

bool winogradWeightsInto(const Tensor& weight, const dnnl_memory_desc_t& layout, float* out) {
  Layout l;
  if (weight.dtype() != kFloat || !weight.is_contiguous() || !readLayout(layout, weight, l)) return false;
  const float* w = weight.data_ptr<float>();
  const int64_t blocks = l.I * (l.O / l.ob);
  parallelFor(0, blocks, std::max<int64_t>(1, 4096 / (l.ob * l.alpha * l.alpha)), [&](int64_t b0, int64_t b1) {
    float g[9 * kMaxBlock];
    for (int64_t b = b0; b < b1; ++b) {
      const int64_t i = b % l.I, oBlock = b / l.I;
      for (int64_t o = 0; o < l.ob; ++o)
        for (int t = 0; t < 9; ++t) g[t * l.ob + o] = w[((oBlock * l.ob + o) * l.I + i) * 9 + t];
      transformKernels(l, g, i, oBlock, out);
    }
  });
  return true;
}

}  // namespace ember::conv
