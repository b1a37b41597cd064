// Nested tensors as the transformer fast path uses them: made from a padded batch and its mask
// (_nested_tensor_from_mask), checked for left alignment, and turned back into a padded tensor
// (to_padded_tensor). Representation: padded tensor + sequence lengths (see transformer.h).
#include <algorithm>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/transformer.h"

namespace ember {
namespace {

void checkMask(const Tensor& t, const Tensor& mask) {
  EMBER_CHECK(mask.dtype() == kBool, "Expected mask to be of ScalarType Bool, but got ", mask.dtype(), " instead.");
  EMBER_CHECK(t.dim() == 3 && mask.dim() == 2 && t.size(0) == mask.size(0) && t.size(1) == mask.size(1),
              "Size of Tensor and Mask do not match");
}

// Number of leading Trues of each row, and whether nothing but Falses follows them.
std::vector<int64_t> maskLengths(const Tensor& mask, bool* leftAligned) {
  Tensor m = mask.contiguous();
  const bool* p = m.data_ptr<bool>();
  const int64_t rows = m.size(0), cols = m.size(1);
  std::vector<int64_t> lengths(static_cast<size_t>(rows));
  *leftAligned = true;
  for (int64_t b = 0; b < rows; ++b) {
    const bool* row = p + b * cols;
    int64_t lead = 0;
    while (lead < cols && row[lead]) ++lead;
    const int64_t count = std::count(row, row + cols, true);
    if (count != lead) *leftAligned = false;
    lengths[b] = count;
  }
  return lengths;
}

}  // namespace

Tensor makeNested(const Tensor& padded, std::vector<int64_t> lengths) {
  EMBER_ASSERT(padded.dim() >= 2 && static_cast<int64_t>(lengths.size()) == padded.size(0), "bad nested shape");
  Tensor r = padded.is_contiguous() ? padded.clone() : padded.contiguous();
  for (size_t b = 0; b < lengths.size(); ++b) {
    const int64_t len = lengths[b];
    EMBER_ASSERT(len >= 0 && len <= r.size(1), "nested length out of range");
    if (len < r.size(1)) r.select(0, static_cast<int64_t>(b)).narrow(0, len, r.size(1) - len).zero_();
  }
  auto sizes = makeIntrusive<NestedSizes>();
  sizes->lengths = std::move(lengths);
  r.impl()->setNestedSizes(std::move(sizes));
  return r;
}

Tensor _nested_tensor_from_mask(const Tensor& t, const Tensor& mask, bool mask_check) {
  checkMask(t, mask);
  bool leftAligned = false;
  std::vector<int64_t> lengths = maskLengths(mask, &leftAligned);
  EMBER_CHECK(!mask_check || leftAligned, "Mask must be left-aligned without gaps");
  const int64_t longest = lengths.empty() ? 0 : *std::max_element(lengths.begin(), lengths.end());
  return makeNested(t.narrow(1, 0, longest), std::move(lengths));
}

bool _nested_tensor_from_mask_left_aligned(const Tensor& t, const Tensor& mask) {
  EMBER_CHECK(mask.dtype() == kBool, "Expected mask to be of ScalarType Bool, but got ", mask.dtype(), " instead.");
  EMBER_CHECK(t.dim() == 3 && mask.dim() == 2 && t.size(0) == mask.size(0) && t.size(1) == mask.size(1),
              "Mask size should match input size");
  bool leftAligned = false;
  maskLengths(mask, &leftAligned);
  return leftAligned;
}

Tensor to_padded_tensor(const Tensor& self, double padding, std::optional<IntArrayRef> output_size) {
  const NestedSizes* nested = self.impl()->nestedSizes();
  EMBER_CHECK(nested != nullptr,
              "Could not run 'aten::to_padded_tensor' with arguments from the 'CPU' backend: it takes a nested tensor");
  const std::vector<int64_t>& lengths = nested->lengths;
  const int64_t longest = lengths.empty() ? 0 : *std::max_element(lengths.begin(), lengths.end());
  DimVector shape(self.sizes().begin(), self.sizes().end());
  shape[1] = longest;
  if (output_size) {
    EMBER_CHECK(static_cast<int64_t>(output_size->size()) == self.dim(),
                "Length of output_size does not match NestedTensor dims. Broadcasting is not supported.");
    for (int64_t d = 0; d < self.dim(); ++d) {
      EMBER_CHECK((*output_size)[d] >= shape[d],
                  "Value in output_size is less than NestedTensor padded size. Truncation is not supported.");
      shape[d] = (*output_size)[d];
    }
  }
  Tensor out = full(shape, padding, self.dtype());
  for (size_t b = 0; b < lengths.size(); ++b) {
    const auto i = static_cast<int64_t>(b);
    Tensor dst = out.select(0, i).narrow(0, 0, lengths[b]);
    Tensor src = self.select(0, i).narrow(0, 0, lengths[b]);
    for (int64_t d = 2; d < self.dim(); ++d) dst = dst.narrow(d - 1, 0, self.size(d));
    dst.copy_(src);
  }
  return out;
}

}  // namespace ember
