// pixel_shuffle, pixel_unshuffle and channel_shuffle: views that split and permute dims, then
// one copy into the result (channels-last inputs give channels-last results, as in PyTorch).
#include "ember/tensor/ops/nn_misc.h"
#include "ember/tensor/ops/shape.h"
#include "tensor/nn_layout.h"

namespace ember {

namespace {

void append(DimVector& v, std::initializer_list<int64_t> xs) {
  for (int64_t x : xs) v.push_back(x);
}

// The result laid out like PyTorch lays it out for this input.
Tensor materialise(const Tensor& view, const Tensor& input, IntArrayRef sizes) {
  const bool cl = nn::isChannelsLast(input) && sizes.size() == 4;
  Tensor out = nn::emptyIn(sizes, input.dtype(), cl);
  out.copy_(view.reshape(sizes));
  return out;
}

}  // namespace

Tensor pixel_shuffle(const Tensor& self, int64_t upscale_factor) {
  EMBER_CHECK(self.dim() >= 3, "pixel_shuffle expects input to have at least 3 dimensions, but got input with ",
              self.dim(), " dimension(s)");
  EMBER_CHECK(upscale_factor > 0, "pixel_shuffle expects a positive upscale_factor, but got ", upscale_factor);
  const int64_t r = upscale_factor, c = self.size(-3), h = self.size(-2), w = self.size(-1);
  EMBER_CHECK(c % (r * r) == 0, "pixel_shuffle expects its input's 'channel' dimension to be divisible by the square "
              "of upscale_factor, but input.size(-3)=", c, " is not divisible by ", r * r);
  const int64_t nd = self.dim();
  DimVector split(self.sizes().slice(0, static_cast<size_t>(nd - 3)));
  const size_t lead = split.size();
  append(split, {c / (r * r), r, r, h, w});
  DimVector perm;
  for (size_t i = 0; i < lead; ++i) perm.push_back(static_cast<int64_t>(i));
  const int64_t L = static_cast<int64_t>(lead);
  append(perm, {L, L + 3, L + 1, L + 4, L + 2});
  DimVector outSizes(self.sizes().slice(0, lead));
  append(outSizes, {c / (r * r), h * r, w * r});
  return materialise(self.reshape(split).permute(perm), self, outSizes);
}

Tensor pixel_unshuffle(const Tensor& self, int64_t downscale_factor) {
  EMBER_CHECK(self.dim() >= 3, "pixel_unshuffle expects input to have at least 3 dimensions, but got input with ",
              self.dim(), " dimension(s)");
  EMBER_CHECK(downscale_factor > 0, "pixel_unshuffle expects a positive downscale_factor, but got ",
              downscale_factor);
  const int64_t r = downscale_factor, c = self.size(-3), h = self.size(-2), w = self.size(-1);
  EMBER_CHECK(h % r == 0, "pixel_unshuffle expects height to be divisible by downscale_factor, but input.size(-2)=", h,
              " is not divisible by ", r);
  EMBER_CHECK(w % r == 0, "pixel_unshuffle expects width to be divisible by downscale_factor, but input.size(-1)=", w,
              " is not divisible by ", r);
  const size_t lead = static_cast<size_t>(self.dim() - 3);
  DimVector split(self.sizes().slice(0, lead));
  append(split, {c, h / r, r, w / r, r});
  DimVector perm;
  for (size_t i = 0; i < lead; ++i) perm.push_back(static_cast<int64_t>(i));
  const int64_t L = static_cast<int64_t>(lead);
  append(perm, {L, L + 2, L + 4, L + 1, L + 3});
  DimVector outSizes(self.sizes().slice(0, lead));
  append(outSizes, {c * r * r, h / r, w / r});
  return materialise(self.reshape(split).permute(perm), self, outSizes);
}

Tensor channel_shuffle(const Tensor& self, int64_t groups) {
  EMBER_CHECK(self.dim() > 2, "channel_shuffle expects input with > 2 dims, but got input with sizes ", self.sizes());
  EMBER_CHECK(groups > 0, "Number of groups to divide channels in must be positive. Value of groups:", groups);
  const int64_t c = self.size(1);
  EMBER_CHECK(c % groups == 0, "Number of channels must be divisible by groups. Got ", c, " channels and ", groups,
              " groups.");
  DimVector split{self.size(0), groups, c / groups};
  for (int64_t d = 2; d < self.dim(); ++d) split.push_back(self.size(d));
  return materialise(self.reshape(split).transpose(1, 2), self, self.sizes());
}

}  // namespace ember
