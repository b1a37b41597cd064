// Unit tests for the indexing family: Python-style indexing (views vs gathers), aten::index and
// index_put_, dim-wise gathers/scatters, masks and index errors. Expected values are worked out
// by hand from PyTorch's documented semantics.
#include <gtest/gtest.h>

#include <cstring>
#include <numeric>
#include <vector>

#include "ember/tensor.h"

namespace ember {
namespace {

using indexing::Ellipsis;
using indexing::None;
using indexing::Slice;

template <typename T>
Tensor fromVec(const std::vector<T>& values, IntArrayRef sizes) {
  Tensor t = empty(sizes, TensorOptions(scalarTypeOf<T>()));
  EMBER_ASSERT(static_cast<int64_t>(values.size()) == t.numel(), "size mismatch");
  if (!values.empty()) std::memcpy(t.data_ptr(), values.data(), values.size() * sizeof(T));
  return t;
}

// 0, 1, 2, ... as int64 in the given shape.
Tensor iota(IntArrayRef sizes) {
  std::vector<int64_t> v(static_cast<size_t>(computeNumel(sizes)));
  std::iota(v.begin(), v.end(), 0);
  return fromVec(v, sizes);
}

template <typename T>
std::vector<T> toVec(const Tensor& t) {
  Tensor c = t.contiguous();
  std::vector<T> out(static_cast<size_t>(c.numel()));
  if (!out.empty()) std::memcpy(out.data(), c.data_ptr(), out.size() * sizeof(T));
  return out;
}

Tensor longs(const std::vector<int64_t>& v) { return fromVec(v, {static_cast<int64_t>(v.size())}); }
Tensor bools(const std::vector<uint8_t>& v, IntArrayRef sizes) {
  Tensor t = fromVec(v, sizes);
  t.impl()->setDtype(kBool);
  return t;
}

std::vector<int64_t> sizesOf(const Tensor& t) { return t.sizes().vec(); }

// Expects an ember::Error of `kind` whose message contains `text`.
template <typename F>
void expectError(F&& f, ErrorKind kind, const std::string& text) {
  try {
    f();
    ADD_FAILURE() << "expected an error containing: " << text;
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), kind) << e.what();
    EXPECT_NE(e.message().find(text), std::string::npos) << e.what();
  }
}

TEST(IndexingBasic, IntAndSliceGiveViewsSharingStorage) {
  Tensor t = iota({3, 4});
  Tensor row = t.index({1});
  EXPECT_EQ(sizesOf(row), (std::vector<int64_t>{4}));
  EXPECT_EQ(toVec<int64_t>(row), (std::vector<int64_t>{4, 5, 6, 7}));
  EXPECT_TRUE(row.is_alias_of(t));
  Tensor cols = t.index({Slice(), Slice(1, None, 2)});
  EXPECT_EQ(sizesOf(cols), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(toVec<int64_t>(cols), (std::vector<int64_t>{1, 3, 5, 7, 9, 11}));
  // Writes through the view are visible in the base.
  cols.index_put_({0, 0}, Scalar(100));
  EXPECT_EQ(toVec<int64_t>(t)[1], 100);
}

TEST(IndexingBasic, NegativeIndicesAndClampedSlices) {
  Tensor t = iota({5});
  EXPECT_EQ(toVec<int64_t>(t.index({-1})), (std::vector<int64_t>{4}));
  EXPECT_EQ(toVec<int64_t>(t.index({Slice(-3, None)})), (std::vector<int64_t>{2, 3, 4}));
  EXPECT_EQ(toVec<int64_t>(t.index({Slice(-100, 100, 3)})), (std::vector<int64_t>{0, 3}));
  EXPECT_EQ(t.index({Slice(4, 2)}).numel(), 0);
}

TEST(IndexingBasic, NoneEllipsisAndBool) {
  Tensor t = iota({2, 3, 4});
  EXPECT_EQ(sizesOf(t.index({None, Ellipsis, None})), (std::vector<int64_t>{1, 2, 3, 4, 1}));
  EXPECT_EQ(sizesOf(t.index({Ellipsis, 1})), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(toVec<int64_t>(t.index({Ellipsis, 1})), (std::vector<int64_t>{1, 5, 9, 13, 17, 21}));
  EXPECT_EQ(sizesOf(t.index({true})), (std::vector<int64_t>{1, 2, 3, 4}));
  EXPECT_EQ(sizesOf(t.index({false})), (std::vector<int64_t>{0, 2, 3, 4}));
  Tensor all = t.index({Ellipsis});
  EXPECT_FALSE(all.is_same(t));
  EXPECT_TRUE(all.is_alias_of(t));
}

TEST(IndexingBasic, ZeroDimIntTensorSelectsAView) {
  Tensor t = iota({3, 2});
  Tensor r = t.index({fromVec<int64_t>({2}, {})});
  EXPECT_TRUE(r.is_alias_of(t));
  EXPECT_EQ(toVec<int64_t>(r), (std::vector<int64_t>{4, 5}));
}

TEST(IndexingBasic, Errors) {
  Tensor t = iota({2, 3});
  expectError([&] { t.index({5}); }, ErrorKind::Index, "index 5 is out of bounds for dimension 0 with size 2");
  expectError([&] { t.index({Slice(), -4}); }, ErrorKind::Index, "index -4 is out of bounds for dimension 1 with size 3");
  expectError([&] { t.index({0, 0, 0}); }, ErrorKind::Index, "too many indices for tensor of dimension 2");
  expectError([&] { t.index({Slice(None, None, 0)}); }, ErrorKind::Value, "slice step cannot be zero");
  expectError([&] { t.index({Slice(None, None, -1)}); }, ErrorKind::Value, "step must be greater than zero");
}

TEST(IndexingAdvanced, GatherCopiesAndBroadcastsIndices) {
  Tensor t = iota({3, 4});
  Tensor r = t.index({longs({2, 0}), longs({1, -1})});
  EXPECT_EQ(sizesOf(r), (std::vector<int64_t>{2}));
  EXPECT_EQ(toVec<int64_t>(r), (std::vector<int64_t>{9, 3}));
  EXPECT_FALSE(r.is_alias_of(t));
  Tensor col = fromVec<int64_t>({0, 2}, {2, 1});
  Tensor b = t.index({col, longs({0, 1, 3})});  // [2,1] with [3] -> [2,3]
  EXPECT_EQ(sizesOf(b), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(toVec<int64_t>(b), (std::vector<int64_t>{0, 1, 3, 8, 9, 11}));
}

TEST(IndexingAdvanced, AdjacentIndicesStayInPlaceOthersMoveFirst) {
  Tensor t = iota({2, 3, 4, 5});
  Tensor i = longs({0, 1});
  EXPECT_EQ(sizesOf(t.index({Slice(), i, i})), (std::vector<int64_t>{2, 2, 5}));
  EXPECT_EQ(sizesOf(t.index({i, Slice(), i})), (std::vector<int64_t>{2, 3, 5}));
  EXPECT_EQ(sizesOf(t.index({Slice(), i, Slice(), i})), (std::vector<int64_t>{2, 2, 4}));
  // An int is applied as a select first, so the tensors around it end up adjacent.
  EXPECT_EQ(sizesOf(t.index({Slice(), i, 1, i})), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(sizesOf(t.index({i, Slice(), 1})), (std::vector<int64_t>{2, 3, 5}));
  // Values: t[:, i, :, i][k, a, c] = t[a, i[k], c, i[k]].
  Tensor r = t.index({Slice(), i, Slice(), i});
  EXPECT_EQ(toVec<int64_t>(r)[1 * 8 + 1 * 4 + 2], 1 * 60 + 1 * 20 + 2 * 5 + 1);
}

TEST(IndexingAdvanced, BoolMasksExpandToNonzero) {
  Tensor t = iota({2, 3});
  Tensor m = bools({1, 0, 1, 0, 1, 0}, {2, 3});
  EXPECT_EQ(toVec<int64_t>(t.index({m})), (std::vector<int64_t>{0, 2, 4}));
  Tensor rowMask = bools({0, 1}, {2});
  EXPECT_EQ(toVec<int64_t>(t.index({rowMask, Slice(1)})), (std::vector<int64_t>{4, 5}));
  expectError([&] { t.index({bools({1, 0, 1}, {3})}); }, ErrorKind::Index,
              "The shape of the mask [3] at index 0 does not match the shape of the indexed tensor [2, 3] at index 0");
}

TEST(IndexingAdvanced, Errors) {
  Tensor t = iota({2, 3});
  expectError([&] { t.index({Slice(), longs({3})}); }, ErrorKind::Index,
              "index 3 is out of bounds for dimension 0 with size 3");
  expectError([&] { t.index({longs({0, 1}), longs({0, 1, 2})}); }, ErrorKind::Index,
              "shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]");
  expectError([&] { t.index({fromVec<int32_t>({0}, {1})}); }, ErrorKind::Index,
              "tensors used as indices must be long, byte or bool tensors");
  Tensor z = empty({0, 3}, kFloat);
  expectError([&] { z.index({longs({0})}); }, ErrorKind::Index, "index is out of bounds for dimension with size 0");
  EXPECT_EQ(sizesOf(z.index({longs({})})), (std::vector<int64_t>{0, 3}));
}

TEST(IndexingAten, IndexWithOptionalList) {
  Tensor t = iota({3, 4});
  std::vector<std::optional<Tensor>> idx{std::nullopt, longs({3, 0})};
  Tensor r = ember::index(t, idx);
  EXPECT_EQ(toVec<int64_t>(r), (std::vector<int64_t>{3, 0, 7, 4, 11, 8}));
  std::vector<std::optional<Tensor>> tooMany{longs({0}), longs({0}), longs({0})};
  expectError([&] { ember::index(t, tooMany); }, ErrorKind::Index, "too many indices for tensor of dimension 2 (got 3)");
}

TEST(IndexingAten, IndexPutAccumulateSumsDuplicates) {
  Tensor t = fromVec<float>({0, 0, 0}, {3});
  std::vector<std::optional<Tensor>> idx{longs({0, 0, 2, -1})};
  ember::index_put_(t, idx, fromVec<float>({1, 2, 3, 4}, {4}), true);
  EXPECT_EQ(toVec<float>(t), (std::vector<float>{3, 0, 7}));
  Tensor u = fromVec<float>({0, 0, 0}, {3});
  ember::index_put_(u, idx, fromVec<float>({1, 2, 3, 4}, {4}), false);
  EXPECT_EQ(toVec<float>(u), (std::vector<float>{2, 0, 4}));  // last write wins
  Tensor out = ember::index_put(u, idx, fromVec<float>({9}, {}), false);
  EXPECT_EQ(toVec<float>(out), (std::vector<float>{9, 0, 9}));
  EXPECT_EQ(toVec<float>(u), (std::vector<float>{2, 0, 4}));
  expectError([&] { ember::index_put_(t, idx, longs({1}), false); }, ErrorKind::Runtime,
              "Index put requires the source and destination dtypes match, got Float for the destination and Long for the source.");
  expectError([&] { ember::index_put_(t, idx, fromVec<float>({1, 2}, {2}), false); }, ErrorKind::Runtime,
              "shape mismatch: value tensor of shape [2] cannot be broadcast to indexing result of shape [4]");
}

TEST(IndexingPython, SetitemBasicAndAdvanced) {
  Tensor t = fromVec<float>(std::vector<float>(6, 0.f), {2, 3});
  t.index_put_({Slice(), 1}, Scalar(2.5));
  EXPECT_EQ(toVec<float>(t), (std::vector<float>{0, 2.5, 0, 0, 2.5, 0}));
  t.index_put_({1}, longs({7, 8, 9}));  // basic indexing converts the value's dtype
  EXPECT_EQ(toVec<float>(t), (std::vector<float>{0, 2.5, 0, 7, 8, 9}));
  t.index_put_({bools({1, 0, 0, 0, 0, 1}, {2, 3})}, Scalar(-1));
  EXPECT_EQ(toVec<float>(t), (std::vector<float>{-1, 2.5, 0, 7, 8, -1}));
  t.index_put_({Slice(), longs({0, 2})}, fromVec<float>({5, 6}, {1, 1, 2}));  // leading 1s dropped
  EXPECT_EQ(toVec<float>(t), (std::vector<float>{5, 2.5, 6, 5, 8, 6}));
}

TEST(IndexingSelect, IndexSelectGatherTake) {
  Tensor t = iota({3, 4});
  EXPECT_EQ(toVec<int64_t>(index_select(t, 1, longs({3, 0}))), (std::vector<int64_t>{3, 0, 7, 4, 11, 8}));
  EXPECT_EQ(toVec<int64_t>(index_select(t, 0, fromVec<int32_t>({2}, {1}))), (std::vector<int64_t>{8, 9, 10, 11}));
  expectError([&] { index_select(t, 0, longs({3})); }, ErrorKind::Index, "index out of range in self");
  Tensor out = empty({0}, kLong);
  index_select_out(out, t, 0, longs({1}));
  EXPECT_EQ(sizesOf(out), (std::vector<int64_t>{1, 4}));
  Tensor g = gather(t, 1, fromVec<int64_t>({0, 0, 3, 1}, {2, 2}));
  EXPECT_EQ(toVec<int64_t>(g), (std::vector<int64_t>{0, 0, 7, 5}));
  expectError([&] { gather(t, 1, fromVec<int64_t>({4}, {1, 1})); }, ErrorKind::Runtime,
              "index 4 is out of bounds for dimension 1 with size 4");
  EXPECT_EQ(toVec<int64_t>(take(t.index({Slice(), Slice(None, None, 2)}), longs({0, -1, 3}))),
            (std::vector<int64_t>{0, 10, 6}));
  expectError([&] { take(t, longs({12})); }, ErrorKind::Index, "out of range: tried to access index 12 on a tensor of 12 elements.");
}

TEST(IndexingScatter, ScatterFormsAndReduce) {
  Tensor z = fromVec<float>(std::vector<float>(6, 1.f), {2, 3});
  Tensor idx = fromVec<int64_t>({2, 2, 0}, {1, 3});
  Tensor src = fromVec<float>({1, 2, 3, 4, 5, 6}, {2, 3});
  EXPECT_EQ(toVec<float>(scatter(z, 1, idx, src)), (std::vector<float>{3, 1, 2, 1, 1, 1}));  // later duplicate wins
  EXPECT_EQ(toVec<float>(scatter_add(z, 1, idx, src)), (std::vector<float>{4, 1, 4, 1, 1, 1}));
  EXPECT_EQ(toVec<float>(scatter(z, 1, idx, src, "multiply")), (std::vector<float>{3, 1, 2, 1, 1, 1}));
  EXPECT_EQ(toVec<float>(scatter(z, 0, fromVec<int64_t>({0, 1, 0}, {1, 3}), Scalar(7.0))),
            (std::vector<float>{7, 1, 7, 1, 7, 1}));
  EXPECT_EQ(toVec<float>(scatter(z, 1, idx, Scalar(2.0), "multiply")), (std::vector<float>{2, 1, 4, 1, 1, 1}));
  expectError([&] { scatter(z, 1, idx, src, "mean"); }, ErrorKind::Runtime, "reduce argument must be either add or multiply.");
  expectError([&] { scatter(z, 1, fromVec<int64_t>({3}, {1, 1}), src); }, ErrorKind::Runtime,
              "index 3 is out of bounds for dimension 1 with size 3");
  expectError([&] { scatter(z, 1, idx, longs({1, 2, 3})); }, ErrorKind::Runtime,
              "scatter(): Expected self.dtype to be equal to src.dtype");
}

TEST(IndexingSelect, IndexAddAndFill) {
  Tensor t = fromVec<float>(std::vector<float>(6, 0.f), {2, 3});
  index_add_(t, 1, longs({0, 0, 2}), fromVec<float>({1, 2, 3, 4, 5, 6}, {2, 3}), 2);
  EXPECT_EQ(toVec<float>(t), (std::vector<float>{6, 0, 6, 18, 0, 12}));
  index_fill_(t, 1, longs({-1}), Scalar(9.0));
  EXPECT_EQ(toVec<float>(t), (std::vector<float>{6, 0, 9, 18, 0, 9}));
  expectError([&] { index_fill_(t, 0, longs({2}), Scalar(1)); }, ErrorKind::Index,
              "index 2 is out of bounds for dimension 0 with size 2");
}

TEST(IndexingMask, MaskedFillSelectNonzero) {
  Tensor t = iota({2, 3});
  Tensor m = bools({1, 0, 1}, {3});
  EXPECT_EQ(toVec<int64_t>(masked_fill(t, m, Scalar(-1))), (std::vector<int64_t>{-1, 1, -1, -1, 4, -1}));
  EXPECT_EQ(toVec<int64_t>(masked_fill(t, m, fromVec<double>({2.7}, {}))), (std::vector<int64_t>{2, 1, 2, 2, 4, 2}));
  expectError([&] { masked_fill(t, m, longs({1})); }, ErrorKind::Runtime, "only supports a 0-dimensional value tensor");
  EXPECT_EQ(toVec<int64_t>(masked_select(t, m)), (std::vector<int64_t>{0, 2, 3, 5}));
  Tensor nz = nonzero(t);
  EXPECT_EQ(sizesOf(nz), (std::vector<int64_t>{5, 2}));
  EXPECT_EQ(toVec<int64_t>(nz), (std::vector<int64_t>{0, 1, 0, 2, 1, 0, 1, 1, 1, 2}));
  auto cols = nonzero_numpy(fromVec<int64_t>({3}, {}));
  ASSERT_EQ(cols.size(), 1u);
  EXPECT_EQ(toVec<int64_t>(cols[0]), (std::vector<int64_t>{0}));
  Tensor wide = masked_fill(fromVec<float>({1, 2}, {2, 1}), m, Scalar(0.0));  // broadcasts to [2, 3]
  EXPECT_EQ(sizesOf(wide), (std::vector<int64_t>{2, 3}));
  expectError([&] { masked_fill_(fromVec<float>({1, 2, 3}, {3}), bools({1, 1, 1, 1, 1, 1}, {2, 3}), Scalar(1)); },
              ErrorKind::Runtime, "output with shape [3] doesn't match the broadcast shape [2, 3]");
}

TEST(IndexingParallel, LargeGatherMatchesSerialDefinition) {
  const int64_t n = 200000;
  Tensor t = iota({n});
  std::vector<int64_t> idx(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) idx[i] = (i * 7919) % n;
  Tensor r = t.index({longs(idx)});
  std::vector<int64_t> got = toVec<int64_t>(r);
  for (int64_t i = 0; i < n; i += 997) ASSERT_EQ(got[i], (i * 7919) % n);
  Tensor acc = fromVec<int64_t>(std::vector<int64_t>(10, 0), {10});
  std::vector<int64_t> small(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) small[i] = i % 10;
  std::vector<std::optional<Tensor>> list{longs(small)};
  ember::index_put_(acc, list, fromVec<int64_t>({1}, {}), true);
  for (int64_t v : toVec<int64_t>(acc)) EXPECT_EQ(v, n / 10);
}

}  // namespace
}  // namespace ember
