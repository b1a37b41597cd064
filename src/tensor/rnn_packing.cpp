// Packing of variable-length sequences, the tensor side of torch.nn.utils.rnn's
// pack_padded_sequence / pad_packed_sequence: step t of the packed data holds the first
// batch_sizes[t] sequences' elements, one row each.
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/rnn.h"
#include "ember/tensor/ops/shape.h"

namespace ember {
namespace {

void checkLongVector(const Tensor& t, const char* name) {
  EMBER_CHECK(t.dim() == 1 && t.dtype() == kLong, "'", name, "' argument should be a 1D CPU int64 tensor, but got ",
              t.dim(), "D cpu ", scalarTypeName(t.dtype()), " tensor");
}

}  // namespace

std::tuple<Tensor, Tensor> _pack_padded_sequence(const Tensor& input, const Tensor& lengths, bool batch_first) {
  Tensor in = batch_first ? input.transpose(0, 1) : input;
  checkLongVector(lengths, "lengths");
  Tensor len = lengths.contiguous();
  const int64_t* l = len.data_ptr<int64_t>();
  EMBER_CHECK(in.numel() > 0, "Cannot pack empty tensors.");
  const int64_t batch = in.size(1);
  EMBER_CHECK(len.size(0) == batch, "Expected `len(lengths)` to be equal to batch_size, but got ", len.size(0),
              " (batch_size=", batch, ")");
  EMBER_CHECK(l[batch - 1] > 0,
              "Length of all samples has to be greater than 0, but found an element in 'lengths' that is <= 0");
  for (int64_t b = 0; b + 1 < batch; ++b) {
    EMBER_CHECK(l[b] >= l[b + 1],
                "`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. You can pass "
                "`enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to sidestep this requirement if "
                "you do not need ONNX exportability.");
  }
  // PyTorch reads past the end of the time axis here; ember refuses instead.
  EMBER_CHECK(l[0] <= in.size(0), "the longest length in 'lengths' (", l[0], ") exceeds the sequence length ",
              in.size(0));
  const int64_t steps = l[0];
  Tensor batchSizes = empty({steps}, kLong);
  int64_t* bs = batchSizes.data_ptr<int64_t>();
  int64_t rows = 0;
  for (int64_t t = 0, n = batch; t < steps; ++t) {
    while (n > 0 && l[n - 1] <= t) --n;
    bs[t] = n;
    rows += n;
  }
  DimVector shape{rows};
  for (int64_t d = 2; d < in.dim(); ++d) shape.push_back(in.size(d));
  Tensor data = empty(shape, in.dtype());
  for (int64_t t = 0, row = 0; t < steps; row += bs[t], ++t) {
    data.narrow(0, row, bs[t]).copy_(in.select(0, t).narrow(0, 0, bs[t]));
  }
  return {data, batchSizes};
}

std::tuple<Tensor, Tensor> _pad_packed_sequence(const Tensor& data, const Tensor& batch_sizes, bool batch_first,
                                                const Scalar& padding_value, int64_t total_length) {
  checkLongVector(batch_sizes, "batch_sizes");
  Tensor bsT = batch_sizes.contiguous();
  const int64_t* bs = bsT.data_ptr<int64_t>();
  const int64_t realSteps = bsT.size(0);
  EMBER_CHECK(realSteps > 0 && data.dim() >= 1, "pad_packed_sequence: empty batch_sizes");
  int64_t rows = 0;
  for (int64_t t = 0; t < realSteps; ++t) {
    EMBER_CHECK(bs[t] > 0 && (t == 0 || bs[t] <= bs[t - 1]), "batch_sizes must be positive and non-increasing");
    rows += bs[t];
  }
  EMBER_CHECK(rows == data.size(0), "packed data has ", data.size(0), " rows but batch_sizes sum to ", rows);
  int64_t steps = realSteps;
  if (total_length > 0) {
    EMBER_CHECK(total_length >= steps,
                "Expected total_length to be at least the length of the longest sequence in input, but got "
                "total_length=",
                total_length, " and max sequence length being ", steps);
    steps = total_length;
  }
  const int64_t batch = bs[0];
  DimVector shape{steps, batch};
  for (int64_t d = 1; d < data.dim(); ++d) shape.push_back(data.size(d));
  Tensor out = full(shape, padding_value, data.dtype());
  Tensor lengths = zeros({batch}, kLong);
  int64_t* len = lengths.data_ptr<int64_t>();
  for (int64_t t = 0, row = 0; t < realSteps; row += bs[t], ++t) {
    out.select(0, t).narrow(0, 0, bs[t]).copy_(data.narrow(0, row, bs[t]));
    for (int64_t b = 0; b < bs[t]; ++b) ++len[b];
  }
  if (batch_first) out = out.transpose(0, 1);
  return {out, lengths};
}

}  // namespace ember
