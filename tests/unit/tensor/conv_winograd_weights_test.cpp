// ember's transforms of 3x3 weights into oneDNN's Winograd layouts (conv_winograd_weights.h)
// against oneDNN's own reorder into the same layout, value for value, for every layout it
// fills: F(4x4, 3x3)'s OBaaIBOIio and F(2x2, 3x3)'s aaOBiOo and aaOio, with the block sizes
// oneDNN picks for 64 to 512 channels; and the convolutions that use them against the direct
// kernels.
#include "tensor/conv_winograd_weights.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <dnnl.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "ember/tensor.h"
#include "tensor/conv_utils.h"

namespace ember {
namespace {

using dnnl::memory;
using Tag = memory::format_tag;

// The weights layout of oneDNN's `kind` Winograd implementation ("wino_4x3", "wino_2x3") for a
// 3x3 convolution of one image; an empty desc when it offers none.
memory::desc winogradLayout(const dnnl::engine& eng, int64_t in, int64_t out, int64_t hw, std::string_view kind) {
  const auto f32 = memory::data_type::f32;
  dnnl::convolution_forward::desc d(dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_winograd,
                                    memory::desc({1, in, hw, hw}, f32, Tag::any),
                                    memory::desc({out, in, 3, 3}, f32, Tag::any),
                                    memory::desc({1, out, hw, hw}, f32, Tag::any), {1, 1}, {1, 1}, {1, 1});
  dnnl::convolution_forward::primitive_desc pd(d, eng);
  do {
    if (std::string_view(pd.impl_info_str()).find(kind) != std::string_view::npos) return pd.weights_desc();
  } while (pd.next_impl());
  return memory::desc();
}

struct Case {
  const char* kind;
  int64_t in, out, hw;
  dnnl_wino_memory_format_t format;  // the one oneDNN 2.6 picks on AVX-512
};

TEST(WinogradWeights, MatchOneDnnsReorderInEveryLayout) {
  dnnl::engine eng(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(eng);
  const std::vector<Case> cases = {
      {"wino_4x3", 64, 64, 14, dnnl_wino_wei_OBaaIBOIio},   {"wino_4x3", 128, 64, 14, dnnl_wino_wei_OBaaIBOIio},
      {"wino_4x3", 256, 256, 14, dnnl_wino_wei_OBaaIBOIio}, {"wino_2x3", 64, 64, 56, dnnl_wino_wei_aaOBiOo},
      {"wino_2x3", 128, 128, 28, dnnl_wino_wei_aaOBiOo},    {"wino_2x3", 64, 64, 14, dnnl_wino_wei_aaOio},
      {"wino_2x3", 256, 256, 14, dnnl_wino_wei_aaOio},      {"wino_2x3", 512, 256, 14, dnnl_wino_wei_aaOio},
  };
  int compared = 0, expectedLayouts = 0;
  for (const Case& c : cases) {
    const std::string what = std::string(c.kind) + " " + std::to_string(c.in) + "->" + std::to_string(c.out);
    memory::desc layout = winogradLayout(eng, c.in, c.out, c.hw, c.kind);
    if (layout.get_size() == 0) continue;  // a CPU without these kernels
    // The layout depends on the shape and the CPU's caches; each case names the one picked on
    // the AVX-512 machines here, and whichever it is, ember's values must be oneDNN's.
    if (layout.data.format_desc.wino_desc.wino_format == c.format) ++expectedLayouts;
    Tensor w = randn({c.out, c.in, 3, 3});
    memory plain(memory::desc({c.out, c.in, 3, 3}, memory::data_type::f32, Tag::oihw), eng, w.data_ptr());
    memory theirs(layout, eng), ours(layout, eng);
    dnnl::reorder(plain, theirs).execute(stream, plain, theirs);
    stream.wait();
    const size_t n = layout.get_size() / sizeof(float);
    float* mine = static_cast<float*>(ours.get_data_handle());
    std::fill(mine, mine + n, NAN);
    ASSERT_TRUE(conv::winogradWeightsInto(w, layout.data, mine)) << what;
    const float* ref = static_cast<const float*>(theirs.get_data_handle());
    double worst = 0, largest = 0;
    for (size_t i = 0; i < n; ++i) {
      worst = std::max(worst, std::abs(static_cast<double>(mine[i]) - ref[i]));  // NaN: a hole left unwritten
      if (std::isnan(mine[i])) worst = INFINITY;
      largest = std::max(largest, std::abs(static_cast<double>(ref[i])));
    }
    EXPECT_LE(worst, 1e-6 * largest) << what;
    ++compared;
  }
  // Which shapes have a Winograd implementation depends on the CPU too (the Cascade Lake Xeon
  // offers 7 of the 8): each one offered is compared.
  if (compared == 0) GTEST_SKIP() << "no Winograd kernels on this CPU";
  EXPECT_GT(expectedLayouts, 0);
}

TEST(WinogradWeights, OtherLayoutsAreLeftToOneDnn) {
  Tensor w = randn({64, 64, 3, 3});
  std::vector<float> out(64 * 64 * 9);
  memory::desc blocked({64, 64, 3, 3}, memory::data_type::f32, Tag::OIhw16i16o);
  EXPECT_FALSE(conv::winogradWeightsInto(w, blocked.data, out.data()));
  dnnl::engine eng(dnnl::engine::kind::cpu, 0);
  memory::desc layout = winogradLayout(eng, 64, 64, 14, "wino_4x3");
  if (layout.get_size() == 0) GTEST_SKIP() << "no Winograd kernels on this CPU";
  std::vector<float> big(layout.get_size() / sizeof(float));
  EXPECT_FALSE(conv::winogradWeightsInto(randn({64, 64, 5, 5}), layout.data, big.data())) << "5x5 kernels";
  EXPECT_FALSE(conv::winogradWeightsInto(randn({64, 48, 3, 3}), layout.data, big.data())) << "other channels";
  EXPECT_FALSE(conv::winogradWeightsInto(randn({64, 64, 3, 3}).to(kDouble), layout.data, big.data())) << "float64";
}

// The convolutions that take those weights (reused ones, 3x3 stride 1, 14x14 and more) agree
// with the direct kernels: F(4x4, 3x3) up to 128 channels, F(2x2, 3x3) above, and for a batch
// of two where oneDNN offers Winograd for it.
TEST(WinogradWeights, WinogradConvolutionsMatchTheDirectOnes) {
  struct Shape {
    int64_t channels, hw, batch;
  };
  for (Shape sh : {Shape{64, 28, 1}, Shape{64, 15, 2}, Shape{128, 14, 1}, Shape{256, 14, 1}, Shape{512, 14, 1}}) {
    Tensor x = contiguous(randn({sh.batch, sh.channels, sh.hw, sh.hw}), MemoryFormat::ChannelsLast);
    Tensor w = randn({sh.channels, sh.channels, 3, 3}) / static_cast<double>(sh.channels);
    const bool saved = conv::setWinograd(false);
    Tensor direct = conv2d(x, w, Tensor(), {1}, {1}, {1}, 1);
    conv::setWinograd(true);
    conv2d(x, w, Tensor(), {1}, {1}, {1}, 1);  // the weights' first use: direct
    Tensor wino = conv2d(x, w, Tensor(), {1}, {1}, {1}, 1);
    const std::string backend = lastConvolutionBackend();
    conv::setWinograd(saved);
    if (backend != "onednn_winograd" && sh.batch == 1) GTEST_SKIP() << "no Winograd kernels on this CPU";
    const double scale = max(abs(direct)).item<double>();
    EXPECT_LE(max(abs(sub(wino, direct))).item<double>(), 5e-6 * scale) << sh.channels << " channels";
  }
}

}  // namespace
}  // namespace ember
