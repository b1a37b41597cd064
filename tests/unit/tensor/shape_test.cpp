// Unit tests for view ops (src/tensor/shape_view.cpp) and shape ops (src/tensor/shape_ops.cpp).
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "ember/tensor.h"

namespace ember {
namespace {

Tensor arangeFloat(int64_t n, IntArrayRef sizes) {
  Tensor t = empty(sizes, kFloat);
  for (int64_t i = 0; i < n; ++i) t.data_ptr<float>()[i] = static_cast<float>(i);
  return t;
}

// Element at a multi-index, read through the tensor's own geometry.
float at(const Tensor& t, std::initializer_list<int64_t> idx) {
  int64_t off = 0, d = 0;
  for (int64_t i : idx) off += i * t.strides()[d++];
  return t.data_ptr<float>()[off];
}

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "<no error>";
}

void expectGeometry(const Tensor& t, IntArrayRef sizes, IntArrayRef strides, int64_t offset) {
  EXPECT_EQ(t.sizes(), sizes);
  EXPECT_EQ(t.strides(), strides);
  EXPECT_EQ(t.storage_offset(), offset);
}

TEST(ViewTest, InfersAndAliases) {
  Tensor x = arangeFloat(6, {2, 3});
  Tensor v = x.view({3, -1});
  expectGeometry(v, {3, 2}, {2, 1}, 0);
  EXPECT_TRUE(v.is_alias_of(x));
  v.data_ptr<float>()[5] = 50.0f;
  EXPECT_EQ(at(x, {1, 2}), 50.0f);
  EXPECT_EQ(errorOf([&] { x.view({4, 2}); }), "shape '[4, 2]' is invalid for input of size 6");
  EXPECT_EQ(errorOf([&] { x.view({-1, -1}); }), "only one dimension can be inferred");
  EXPECT_EQ(errorOf([&] { x.view({-2, 3}); }), "invalid shape dimension -2");
  EXPECT_EQ(errorOf([&] { empty({0, 3}).view({-1, 0}); }),
            "cannot reshape tensor of 0 elements into shape [-1, 0] because the unspecified dimension size -1 can be "
            "any value and is ambiguous");
}

TEST(ViewTest, NonContiguousCompatibility) {
  Tensor x = arangeFloat(24, {2, 3, 4});
  Tensor p = x.permute({1, 0, 2});  // (3, 2, 4) strides (4, 12, 1)
  expectGeometry(p.view({3, 2, 2, 2}), {3, 2, 2, 2}, {4, 12, 2, 1}, 0);
  EXPECT_EQ(errorOf([&] { p.view({6, 4}); }),
            "view size is not compatible with input tensor's size and stride (at least one dimension spans across two "
            "contiguous subspaces). Use .reshape(...) instead.");
  // reshape copies in that case, and the copy no longer aliases.
  Tensor r = p.reshape({6, 4});
  EXPECT_FALSE(r.is_alias_of(x));
  EXPECT_EQ(at(r, {1, 0}), 12.0f);
  // A column slice can merge the dims on either side of it.
  Tensor s = x.slice(2, 0, 2);  // (2, 3, 2) strides (12, 4, 1)
  expectGeometry(s.view({6, 2}), {6, 2}, {4, 1}, 0);
  Tensor rs = s.reshape({3, 4});
  EXPECT_FALSE(rs.is_alias_of(x));
  Tensor rv = x.reshape({4, 6});
  EXPECT_TRUE(rv.is_alias_of(x));
}

TEST(ViewTest, TransposePermuteT) {
  Tensor x = arangeFloat(6, {2, 3});
  Tensor t = x.t();
  expectGeometry(t, {3, 2}, {1, 3}, 0);
  EXPECT_EQ(at(t, {2, 1}), 5.0f);
  EXPECT_EQ(errorOf([] { empty({2, 3, 4}).t(); }), "t() expects a tensor with <= 2 dimensions, but self is 3D");
  expectGeometry(arangeFloat(3, {3}).t(), {3}, {1}, 0);
  Tensor y = empty({2, 3, 4});
  expectGeometry(y.transpose(0, -1), {4, 3, 2}, {1, 4, 12}, 0);
  expectGeometry(y.permute({2, 0, 1}), {4, 2, 3}, {1, 12, 4}, 0);
  expectGeometry(y.numpy_T(), {4, 3, 2}, {1, 4, 12}, 0);
  expectGeometry(y.mT(), {2, 4, 3}, {12, 1, 4}, 0);
  EXPECT_EQ(errorOf([&] { y.permute({0, 0, 1}); }), "permute(): duplicate dims are not allowed.");
  EXPECT_EQ(errorOf([&] { y.permute({0, 1}); }),
            "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired "
            "ordering of dimensions i.e. input.dim() = 3 is not equal to len(dims) = 2");
  EXPECT_EQ(errorOf([&] { y.transpose(0, 3); }),
            "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
}

TEST(ViewTest, Expand) {
  Tensor x = arangeFloat(3, {3, 1});
  Tensor e = x.expand({2, 3, 4});
  expectGeometry(e, {2, 3, 4}, {0, 1, 0}, 0);
  EXPECT_EQ(at(e, {1, 2, 3}), 2.0f);
  expectGeometry(x.expand({-1, 2}), {3, 2}, {1, 0}, 0);
  EXPECT_EQ(errorOf([&] { x.expand({2, 2}); }),
            "The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 0.  "
            "Target sizes: [2, 2].  Tensor sizes: [3, 1]");
  EXPECT_EQ(errorOf([&] { x.expand({2}); }),
            "expand(torch.FloatTensor{[3, 1]}, size=[2]): the number of sizes provided (1) must be greater or equal "
            "to the number of dimensions in the tensor (2)");
  EXPECT_EQ(errorOf([&] { x.expand({-1, 3, 1}); }),
            "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension 0");
  Tensor s = empty({}, kFloat);
  expectGeometry(s.expand({2, 1}), {2, 1}, {0, 0}, 0);
  expectGeometry(x.expand_as(empty({3, 5})), {3, 5}, {1, 0}, 0);
}

TEST(ViewTest, SqueezeUnsqueezeFlatten) {
  Tensor x = empty({3, 1, 2});
  expectGeometry(x.squeeze(), {3, 2}, {2, 1}, 0);
  expectGeometry(x.squeeze(1), {3, 2}, {2, 1}, 0);
  expectGeometry(x.squeeze(0), {3, 1, 2}, {2, 2, 1}, 0);
  expectGeometry(x.unsqueeze(3), {3, 1, 2, 1}, {2, 2, 1, 1}, 0);
  expectGeometry(x.unsqueeze(-1), {3, 1, 2, 1}, {2, 2, 1, 1}, 0);
  expectGeometry(x.unsqueeze(0), {1, 3, 1, 2}, {6, 2, 2, 1}, 0);
  expectGeometry(empty({}).unsqueeze(0), {1}, {1}, 0);
  expectGeometry(empty({}).squeeze(-1), {}, {}, 0);
  EXPECT_TRUE(x.flatten(1, 1).is_same(x));
  expectGeometry(x.flatten(), {6}, {1}, 0);
  expectGeometry(empty({}).flatten(), {1}, {1}, 0);
  EXPECT_EQ(errorOf([&] { x.flatten(2, 1); }), "flatten() has invalid args: start_dim cannot come after end_dim");
  expectGeometry(empty({2, 6}).unflatten(1, {3, -1}), {2, 3, 2}, {6, 2, 1}, 0);
  EXPECT_EQ(errorOf([] { empty({2, 3}).unflatten(1, {2, 2}); }),
            "unflatten: Provided sizes [2, 2] don't multiply up to the size of dim 1 (3) in the input tensor");
  EXPECT_EQ(errorOf([] { empty({2, 3}).unflatten(1, {}); }), "unflatten: sizes must be non-empty");
}

TEST(ViewTest, SliceNarrowSelect) {
  Tensor x = arangeFloat(20, {4, 5});
  Tensor s = x.slice(1, 1, std::nullopt, 2);
  expectGeometry(s, {4, 2}, {5, 2}, 1);
  EXPECT_EQ(at(s, {2, 1}), 13.0f);
  expectGeometry(x.slice(0, -10, 10), {4, 5}, {5, 1}, 0);  // clamped like Python
  expectGeometry(x.slice(1, 4, 2), {4, 0}, {5, 1}, 4);
  expectGeometry(x.slice(0, -1), {1, 5}, {5, 1}, 15);
  EXPECT_EQ(errorOf([&] { x.slice(0, 0, 2, 0); }), "slice step must be positive");
  expectGeometry(x.narrow(1, -2, 2), {4, 2}, {5, 1}, 3);
  EXPECT_EQ(errorOf([&] { x.narrow(1, 4, 2); }), "start (4) + length (2) exceeds dimension size (5).");
  Tensor row = x.select(0, -1);
  expectGeometry(row, {5}, {1}, 15);
  EXPECT_EQ(errorOf([&] { x.select(1, 5); }), "select(): index 5 out of range for tensor of size [4, 5] at dimension 1");
  EXPECT_EQ(errorOf([] { empty({}).select(0, 0); }), "select() cannot be applied to a 0-dim tensor.");
  // Writes through a chain of views land in the base.
  x.select(1, 2).slice(0, 1, 3).data_ptr<float>()[0] = -7.0f;
  EXPECT_EQ(at(x, {1, 2}), -7.0f);
}

TEST(ViewTest, SplitChunkUnbind) {
  Tensor x = arangeFloat(14, {7, 2});
  auto parts = x.split(3);
  ASSERT_EQ(parts.size(), 3u);
  expectGeometry(parts[2], {1, 2}, {2, 1}, 12);
  auto chunks = x.chunk(3, 0);
  ASSERT_EQ(chunks.size(), 3u);
  EXPECT_EQ(chunks[0].size(0), 3);
  EXPECT_EQ(chunks[2].size(0), 1);
  EXPECT_EQ(empty({6}).chunk(4).size(), 3u);  // ceil(6/4)=2 per chunk -> 3 chunks
  EXPECT_EQ(empty({0}).chunk(3).size(), 3u);
  auto sw = x.split_with_sizes({2, 0, 5});
  ASSERT_EQ(sw.size(), 3u);
  expectGeometry(sw[1], {0, 2}, {2, 1}, 4);
  expectGeometry(sw[2], {5, 2}, {2, 1}, 4);
  EXPECT_EQ(errorOf([&] { x.split_with_sizes({1, 2}, -1); }),
            "split_with_sizes expects split_sizes to sum exactly to 2 (input tensor's size at dimension -1), but got "
            "split_sizes=[1, 2]");
  EXPECT_EQ(errorOf([&] { x.split(0); }), "split_size can only be 0 if dimension size is 0, but got dimension size of 7");
  auto ub = x.unbind(1);
  ASSERT_EQ(ub.size(), 2u);
  expectGeometry(ub[1], {7}, {2}, 1);
  EXPECT_EQ(errorOf([] { empty({}).unbind(); }), "Dimension specified as 0 but tensor has no dimensions");
}

TEST(ViewTest, DiagonalMovedimAsStridedUnfold) {
  Tensor x = arangeFloat(12, {3, 4});
  expectGeometry(x.diagonal(), {3}, {5}, 0);
  expectGeometry(x.diagonal(1), {3}, {5}, 1);
  expectGeometry(x.diagonal(-2), {1}, {5}, 8);
  expectGeometry(x.diagonal(5), {0}, {5}, 0);
  EXPECT_EQ(at(x.diagonal(1), {2}), 11.0f);
  Tensor y = empty({2, 3, 4});
  expectGeometry(y.diagonal(0, -1, 0), {3, 2}, {4, 13}, 0);
  EXPECT_EQ(errorOf([&] { x.diagonal(0, 1, -1); }), "diagonal dimensions cannot be identical 1, -1");
  expectGeometry(y.movedim(0, -1), {3, 4, 2}, {4, 1, 12}, 0);
  expectGeometry(y.movedim({0, 1}, {2, 0}), {3, 4, 2}, {4, 1, 12}, 0);
  EXPECT_EQ(errorOf([&] { y.movedim({0, 0}, {1, 2}); }), "movedim: repeated dim in `source` ([0, 0])");
  Tensor a = x.as_strided({2, 2}, {1, 4}, 1);
  expectGeometry(a, {2, 2}, {1, 4}, 1);
  EXPECT_EQ(at(a, {1, 1}), 6.0f);
  EXPECT_THROW(x.as_strided({4, 4}, {4, 1}), Error);
  Tensor u = arangeFloat(7, {7}).unfold(0, 3, 2);
  expectGeometry(u, {3, 3}, {2, 1}, 0);
  EXPECT_EQ(at(u, {2, 2}), 6.0f);
}

// A view made by the tensor library is a plain tensor: whether it requires grad is decided by
// autograd when a program's op call records the view (tests/unit/frontend/autograd_engine_test.cpp).
TEST(ViewTest, ViewsLeaveRequiresGradToAutograd) {
  Tensor x = arangeFloat(4, {4});
  x.set_requires_grad(true);
  EXPECT_FALSE(x.view({2, 2}).requires_grad());
  EXPECT_FALSE(x.as_strided({2}, {2}).requires_grad());
  EXPECT_FALSE(x.detach().view({2, 2}).requires_grad());
}

TEST(CatTest, PromotesSkipsLegacyEmptyAndChecks) {
  Tensor a = arangeFloat(6, {2, 3});
  Tensor b = empty({2, 2}, kLong);
  b.data_ptr<int64_t>()[0] = 9;
  Tensor c = cat({a, b}, 1);
  EXPECT_EQ(c.dtype(), kFloat);
  expectGeometry(c, {2, 5}, {5, 1}, 0);
  EXPECT_EQ(at(c, {0, 3}), 9.0f);
  EXPECT_EQ(at(c, {1, 2}), 5.0f);
  Tensor l = cat({empty({0}, kDouble), b}, -1);
  EXPECT_EQ(l.dtype(), kDouble);
  EXPECT_EQ(l.sizes(), IntArrayRef({2, 2}));
  EXPECT_EQ(cat({empty({0}, kChar), empty({2}, kByte)}).dtype(), kShort);
  EXPECT_EQ(errorOf([] { cat(std::vector<Tensor>{}); }), "torch.cat(): expected a non-empty list of Tensors");
  EXPECT_EQ(errorOf([&] { cat({a, empty({})}); }), "zero-dimensional tensor (at position 1) cannot be concatenated");
  EXPECT_EQ(errorOf([&] { cat({a, empty({3})}); }), "Tensors must have same number of dimensions: got 2 and 1");
  EXPECT_EQ(errorOf([&] { cat({a, empty({3, 3})}, 1); }),
            "Sizes of tensors must match except in dimension 1. Expected size 2 but got size 3 for tensor number 1 in "
            "the list.");
  Tensor outL = empty({0}, kLong);
  EXPECT_EQ(errorOf([&] { cat_out(outL, {a, a}); }),
            "torch.cat(): input types can't be cast to the desired output type Long");
  Tensor out = empty({10}, kDouble);
  cat_out(out, {a, a}, 0);
  EXPECT_EQ(out.sizes(), IntArrayRef({4, 3}));
  EXPECT_EQ(out.data_ptr<double>()[11], 5.0);
}

TEST(CatTest, StackAndChannelsLast) {
  Tensor a = arangeFloat(6, {2, 3});
  Tensor s = stack({a, a}, 2);
  expectGeometry(s, {2, 3, 2}, {6, 2, 1}, 0);
  EXPECT_EQ(at(s, {1, 2, 1}), 5.0f);
  EXPECT_EQ(errorOf([&] { stack({a, a.t()}); }),
            "stack expects each tensor to be equal size, but got [2, 3] at entry 0 and [3, 2] at entry 1");
  Tensor cl = empty_strided({2, 3, 4, 5}, {60, 1, 15, 3}, kFloat);
  EXPECT_EQ(cat({cl, cl}, 1).strides(), IntArrayRef({120, 1, 30, 6}));
  EXPECT_EQ(cat({cl, contiguous(cl)}, 1).strides(), IntArrayRef({120, 20, 5, 1}));
}

TEST(ShapeOpsTest, FlipRollRepeatTile) {
  Tensor a = arangeFloat(6, {2, 3});
  Tensor f = a.flip({0, -1});
  EXPECT_EQ(at(f, {0, 0}), 5.0f);
  EXPECT_EQ(at(f, {1, 0}), 2.0f);
  Tensor ft = a.t().flip({0});  // keeps the transposed layout
  EXPECT_EQ(ft.strides(), IntArrayRef({1, 3}));
  EXPECT_EQ(at(ft, {0, 1}), 5.0f);
  EXPECT_EQ(errorOf([&] { a.flip({0, -2}); }), "dim 0 appears multiple times in the list of dims");
  Tensor r = a.roll({1}, {1});
  EXPECT_EQ(at(r, {0, 0}), 2.0f);
  EXPECT_EQ(at(r, {1, 1}), 3.0f);
  Tensor rf = a.roll({-1});
  EXPECT_EQ(at(rf, {1, 2}), 0.0f);
  EXPECT_EQ(at(rf, {0, 0}), 1.0f);
  EXPECT_EQ(errorOf([&] { a.roll({1, 2}, {0}); }), "shifts and dimensions must align. shifts: 2, dims:1");
  Tensor rp = a.repeat({2, 1, 2});
  EXPECT_EQ(rp.sizes(), IntArrayRef({2, 2, 6}));
  EXPECT_EQ(at(rp, {1, 1, 4}), 4.0f);
  EXPECT_EQ(errorOf([&] { a.repeat({2}); }),
            "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  EXPECT_EQ(a.tile({2}).sizes(), IntArrayRef({2, 6}));
}

TEST(ShapeOpsTest, TrilTriu) {
  Tensor a = arangeFloat(12, {3, 4});
  Tensor l = a.tril();
  EXPECT_EQ(at(l, {0, 1}), 0.0f);
  EXPECT_EQ(at(l, {2, 2}), 10.0f);
  Tensor u = a.triu(1);
  EXPECT_EQ(at(u, {1, 1}), 0.0f);
  EXPECT_EQ(at(u, {1, 2}), 6.0f);
  Tensor lt = a.t().tril(-1);  // non-contiguous input, contiguous output
  EXPECT_TRUE(lt.is_contiguous());
  EXPECT_EQ(at(lt, {1, 0}), 1.0f);
  EXPECT_EQ(at(lt, {1, 1}), 0.0f);
  Tensor view = a.slice(1, 1);  // in place through a view writes the base
  view.triu_();
  EXPECT_EQ(at(a, {1, 1}), 0.0f);
  EXPECT_EQ(at(a, {1, 2}), 6.0f);
  EXPECT_EQ(at(a, {1, 0}), 4.0f);
  EXPECT_THROW(empty({3}).tril(), Error);
}

}  // namespace
}  // namespace ember
