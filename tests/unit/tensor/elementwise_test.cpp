// Tests of the elementwise front-end: type promotion, broadcasting, output layout, out= and
// in-place rules. Expected values follow PyTorch 1.13.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ember/tensor.h"
#include "tensor/elementwise.h"
#include "tensor/type_promotion.h"

namespace ember {
namespace {

std::vector<double> values(const Tensor& t) {
  std::vector<double> v;
  for (const Scalar& s : t.scalars()) v.push_back(s.toDouble());
  return v;
}
std::vector<int64_t> sizesOf(const Tensor& t) { return t.sizes().vec(); }
std::vector<int64_t> stridesOf(const Tensor& t) { return t.strides().vec(); }

template <typename F>
std::string errorOf(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "<no error>";
}

TEST(ResultTypeTest, DimensionedTensorsPromote) {
  EXPECT_EQ(resultType(empty({2}, kByte), empty({2}, kChar)), kShort);
  EXPECT_EQ(resultType(empty({2}, kInt), empty({2}, kFloat)), kFloat);
  EXPECT_EQ(resultType(empty({2}, kHalf), empty({2}, kBFloat16)), kFloat);
  EXPECT_EQ(resultType(empty({2}, kBool), empty({2}, kBool)), kBool);
}

TEST(ResultTypeTest, WrappedNumbersOnlyLiftTheCategory) {
  EXPECT_EQ(resultType(empty({2}, kByte), Scalar(300)), kByte);
  EXPECT_EQ(resultType(empty({2}, kChar), Scalar(true)), kChar);
  EXPECT_EQ(resultType(empty({2}, kLong), Scalar(2.5)), kFloat);
  EXPECT_EQ(resultType(empty({2}, kInt), Scalar(2.5)), kFloat);
  EXPECT_EQ(resultType(empty({2}, kHalf), Scalar(2.5)), kHalf);
  EXPECT_EQ(resultType(empty({2}, kBool), Scalar(2)), kLong);
  EXPECT_EQ(resultType(empty({2}, kBool), Scalar(2.5)), kFloat);
  EXPECT_EQ(resultType(Scalar(1), Scalar(2)), kLong);
  EXPECT_EQ(resultType(Scalar(1), Scalar(2.0)), kFloat);
  EXPECT_EQ(resultType(Scalar(true), Scalar(false)), kBool);
}

TEST(ResultTypeTest, ZeroDimTensorsRankBetween) {
  EXPECT_EQ(resultType(empty({2}, kHalf), empty({}, kDouble)), kHalf);
  EXPECT_EQ(resultType(empty({2}, kInt), empty({}, kLong)), kInt);
  EXPECT_EQ(resultType(empty({2}, kChar), empty({}, kFloat)), kFloat);
  EXPECT_EQ(resultType(empty({2}, kBool), empty({}, kLong)), kLong);
  EXPECT_EQ(resultType(empty({}, kChar), empty({}, kLong)), kLong);
  // A 0-dim double beats a wrapped float number of the same category.
  EXPECT_EQ(resultType(empty({}, kDouble), Scalar(1.5)), kDouble);
  EXPECT_EQ(resultType(empty({}, kInt), Scalar(1.5)), kFloat);
}

TEST(ResultTypeTest, WrappedTensorFlag) {
  Tensor w = scalarToTensor(Scalar(2.5));
  EXPECT_TRUE(w.impl()->isWrappedNumber());
  EXPECT_EQ(w.dim(), 0);
  EXPECT_EQ(w.dtype(), kDouble);
  EXPECT_EQ(resultType(empty({2}, kHalf), w), kHalf);
  EXPECT_EQ(resultType(empty({2}, kInt), w), kFloat);
  EXPECT_EQ(scalarToTensor(Scalar(3)).dtype(), kLong);
  EXPECT_EQ(scalarToTensor(Scalar(true)).dtype(), kBool);
}

TEST(ResultTypeTest, FollowsDefaultDtype) {
  setDefaultDtype(kDouble);
  ScalarType t = resultType(empty({2}, kLong), Scalar(2.5));
  setDefaultDtype(kFloat);
  EXPECT_EQ(t, kDouble);
}

TEST(BroadcastTest, Shapes) {
  EXPECT_EQ(inferBroadcastShape({2, 1, 3}, {4, 1}).ref().vec(), (std::vector<int64_t>{2, 4, 3}));
  EXPECT_EQ(inferBroadcastShape({}, {3}).ref().vec(), (std::vector<int64_t>{3}));
  EXPECT_EQ(inferBroadcastShape({0, 1}, {1, 5}).ref().vec(), (std::vector<int64_t>{0, 5}));
  EXPECT_EQ(broadcast_shapes({5, 1}, {1, 7}).ref().vec(), (std::vector<int64_t>{5, 7}));
}

TEST(BroadcastTest, MismatchMessage) {
  EXPECT_EQ(errorOf([] { inferBroadcastShape({2, 3}, {2, 4}); }),
            "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1");
  EXPECT_EQ(errorOf([] { add(ones({3}), ones({4})); }),
            "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0");
}

TEST(ElementwiseLayoutTest, TransposedInputKeepsLayout) {
  Tensor x = ones({2, 3}).t();  // strides (1, 3)
  Tensor r = add(x, 1);
  EXPECT_EQ(sizesOf(r), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(stridesOf(r), (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(values(r), (std::vector<double>{2, 2, 2, 2, 2, 2}));
}

TEST(ElementwiseLayoutTest, FirstInputDecidesBetweenLayouts) {
  Tensor x = ones({2, 3}).t();
  Tensor y = ones({3, 2});
  EXPECT_EQ(stridesOf(add(x, y)), (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(stridesOf(add(y, x)), (std::vector<int64_t>{2, 1}));
}

TEST(ElementwiseLayoutTest, PermutedWithBroadcast) {
  Tensor x = ones({4, 1, 3}).permute({2, 1, 0});  // (3, 1, 4) strides (1, 3, 3)
  Tensor r = add(x, ones({1}));
  EXPECT_EQ(stridesOf(r), (std::vector<int64_t>{1, 3, 3}));
}

TEST(ElementwiseOutTest, ResizesWrongShape) {
  Tensor out = empty({2, 2}, kFloat);
  add_out(out, ones({3}), ones({3}));
  EXPECT_EQ(sizesOf(out), (std::vector<int64_t>{3}));
  EXPECT_EQ(values(out), (std::vector<double>{2, 2, 2}));
  Tensor grown = empty({0}, kFloat);
  add_out(grown, tensor({1, 2}), tensor({3, 4}));
  EXPECT_EQ(grown.dtype(), kFloat);
  EXPECT_EQ(values(grown), (std::vector<double>{4, 6}));
}

TEST(ElementwiseOutTest, ResizedOutFollowsInputLayout) {
  Tensor out = empty({2, 2}, kFloat);
  add_out(out, ones({3, 2}).t(), ones({}));
  EXPECT_EQ(stridesOf(out), (std::vector<int64_t>{1, 2}));
}

TEST(ElementwiseOutTest, DtypeMustHoldResult) {
  Tensor out = empty({2}, kLong);
  EXPECT_EQ(errorOf([&] { add_out(out, tensor({1, 2}), tensor({1.5, 2.5})); }),
            "result type Float can't be cast to the desired output type Long");
  // A wider out dtype receives the converted result.
  Tensor outD = empty({2}, kDouble);
  add_out(outD, tensor({1, 2}, kInt), tensor({3, 4}, kInt));
  EXPECT_EQ(values(outD), (std::vector<double>{4, 6}));
}

TEST(ElementwiseOutTest, ComparisonIntoAnyDtype) {
  Tensor out = empty({2}, kFloat);
  eq_out(out, tensor({5, -3}), tensor({5.0f, 1.0f}));
  EXPECT_EQ(out.dtype(), kFloat);
  EXPECT_EQ(values(out), (std::vector<double>{1, 0}));
}

TEST(ElementwiseInplaceTest, CastCheck) {
  Tensor i = tensor({5, -3});
  EXPECT_EQ(errorOf([&] { i.add_(1.5); }), "result type Float can't be cast to the desired output type Long");
  EXPECT_EQ(values(i), (std::vector<double>{5, -3}));
}

TEST(ElementwiseInplaceTest, NoBroadcastOfSelf) {
  Tensor a = ones({3});
  EXPECT_EQ(errorOf([&] { a.add_(ones({2, 3})); }), "output with shape [3] doesn't match the broadcast shape [2, 3]");
  Tensor b = ones({2, 3});
  b.add_(tensor({1.f, 2.f, 3.f}));
  EXPECT_EQ(values(b), (std::vector<double>{2, 3, 4, 2, 3, 4}));
}

TEST(ElementwiseInplaceTest, ComputesInCommonDtypeThenCasts) {
  Tensor h = tensor({1.0f, 2.0f}).to(kHalf);
  h.add_(tensor({0.5, 0.25}));  // double: computed in double, written as half
  EXPECT_EQ(h.dtype(), kHalf);
  EXPECT_EQ(values(h), (std::vector<double>{1.5, 2.25}));
  Tensor f = tensor({1.0f, 2.0f});
  f.mul_(tensor({2, 3}));
  EXPECT_EQ(values(f), (std::vector<double>{2, 6}));
}

TEST(ElementwiseInplaceTest, ThroughAView) {
  Tensor base = zeros({2, 3});
  Tensor col = base.t();  // a non-contiguous view
  col.add_(tensor({1.f, 2.f}));
  EXPECT_EQ(values(base), (std::vector<double>{1, 1, 1, 2, 2, 2}));
}

TEST(ElementwiseTest, ZeroDimAndZeroSize) {
  Tensor z = add(scalar_tensor(2, kLong), scalar_tensor(3, kLong));
  EXPECT_EQ(z.dim(), 0);
  EXPECT_EQ(z.item().toLong(), 5);
  Tensor e = add(empty({0, 3}), ones({3}));
  EXPECT_EQ(sizesOf(e), (std::vector<int64_t>{0, 3}));
  Tensor e2 = mul(empty({2, 0}, kInt), 2);
  EXPECT_EQ(e2.dtype(), kInt);
  EXPECT_EQ(e2.numel(), 0);
}

TEST(ElementwiseTest, ZeroDimInputOfOtherDtypeIsAValue) {
  Tensor h = tensor({1.0f, 2.0f}).to(kHalf);
  Tensor r = add(h, scalar_tensor(0.5, kDouble));
  EXPECT_EQ(r.dtype(), kHalf);
  EXPECT_EQ(values(r), (std::vector<double>{1.5, 2.5}));
  Tensor i8 = tensor({100, 27}, kChar);
  Tensor w = add(i8, scalar_tensor(100, kLong));  // int8 wins over a 0-dim int64: wraps
  EXPECT_EQ(w.dtype(), kChar);
  EXPECT_EQ(values(w), (std::vector<double>{-56, 127}));
}

TEST(ElementwiseTest, NonContiguousAndBroadcastInputs) {
  Tensor a = arange(6, kFloat).view({2, 3});
  Tensor at = a.t();  // (3, 2)
  Tensor r = add(at, tensor({10.f, 20.f}));
  EXPECT_EQ(sizesOf(r), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(values(r.contiguous()), (std::vector<double>{10, 23, 11, 24, 12, 25}));
  Tensor col = tensor({1.f, 2.f}).view({2, 1});
  Tensor row = tensor({10.f, 20.f, 30.f});
  EXPECT_EQ(values(add(col, row)), (std::vector<double>{11, 21, 31, 12, 22, 32}));
}

TEST(ElementwiseTest, MixedDtypeTensorsConvert) {
  Tensor r = add(tensor({1, 2}, kByte), tensor({-1, -2}, kChar));  // -> int16
  EXPECT_EQ(r.dtype(), kShort);
  EXPECT_EQ(values(r), (std::vector<double>{0, 0}));
  Tensor s = mul(tensor({1.5f, 2.0f}).to(kBFloat16), tensor({2.0f, 2.0f}).to(kHalf));  // -> float
  EXPECT_EQ(s.dtype(), kFloat);
  EXPECT_EQ(values(s), (std::vector<double>{3, 4}));
}

TEST(ElementwiseTest, LargeParallelMatchesSerial) {
  const int64_t n = 1 << 20;
  Tensor a = arange(n, kFloat);
  Tensor b = full({n}, 0.5, kFloat);
  Tensor r = add(a, b, 2);
  float* p = r.data_ptr<float>();
  bool ok = true;
  for (int64_t i = 0; i < n; i += 997) ok = ok && p[i] == static_cast<float>(i) + 1.0f;
  EXPECT_TRUE(ok);
  EXPECT_EQ(p[n - 1], static_cast<float>(n - 1) + 1.0f);
  // Strided large path.
  Tensor m = arange(n, kDouble).view({1024, 1024}).t();
  Tensor q = mul(m, 2);
  EXPECT_EQ(q.strides().vec(), (std::vector<int64_t>{1, 1024}));
  EXPECT_EQ(q.scalarAt(5).toDouble(), 2.0 * 5 * 1024);
}

// The strided walk in blocks of whole runs (StridedLoop::runRowsRef) and per run (runRef) visit
// each position of [begin, end) once, in order, with every operand's pointer at that position's
// element: ranges that start and end inside runs and inside the second dim, broadcast and
// permuted operands, dims of size 1.
TEST(StridedLoopTest, RowBlocksVisitEachPositionOnceWithItsOperands) {
  struct Case {
    std::vector<int64_t> shape, strides1;  // operand 0 is row-major; operand 1 any strides
  };
  const std::vector<Case> cases = {
      {{3, 5, 7}, {35, 7, 1}},  {{3, 5, 7}, {0, 1, 0}},     {{4, 6}, {1, 4}},
      {{2, 3, 4, 5}, {0, 20, 5, 1}}, {{4, 1, 6}, {6, 6, 1}}, {{7}, {0}},
      {{3, 4, 5}, {1, 15, 3}},
  };
  for (const Case& c : cases) {
    const int64_t nd = static_cast<int64_t>(c.shape.size());
    std::vector<int64_t> strides0(c.shape.size(), 1);
    for (int64_t d = nd - 2; d >= 0; --d) strides0[d] = strides0[d + 1] * c.shape[d + 1];
    int64_t numel = 1;
    for (int64_t s : c.shape) numel *= s;
    // Operand 1's element offset of the position whose row-major index is p.
    auto offset1 = [&](int64_t p) {
      int64_t off = 0;
      for (int64_t d = nd - 1; d >= 0; --d) {
        off += (p % c.shape[d]) * c.strides1[d];
        p /= c.shape[d];
      }
      return off;
    };
    StridedLoop<2> loop(c.shape, {IntArrayRef(strides0), IntArrayRef(c.strides1)}, {4, 4});
    std::vector<float> out(static_cast<size_t>(numel)), in(static_cast<size_t>(numel) * 64);
    const std::array<char*, 2> base = {reinterpret_cast<char*>(out.data()), reinterpret_cast<char*>(in.data())};
    for (int64_t begin = 0; begin < numel; begin += 3) {
      for (int64_t end : {begin + 1, begin + 6, begin + 13, numel}) {
        if (end > numel) continue;
        std::vector<int64_t> seen, seenByRuns;
        bool operandsRight = true;
        auto note = [&](std::vector<int64_t>& into, char* p0, char* p1) {
          const int64_t p = (p0 - base[0]) / 4;
          into.push_back(p);
          operandsRight = operandsRight && (p1 - base[1]) / 4 == offset1(p);
        };
        loop.runRowsRef(base, begin, end,
                        [&](char* const* ptrs, const int64_t* s, int64_t n, int64_t rows, const int64_t* rs) {
                          for (int64_t r = 0; r < rows; ++r)
                            for (int64_t i = 0; i < n; ++i)
                              note(seen, ptrs[0] + r * rs[0] + i * s[0], ptrs[1] + r * rs[1] + i * s[1]);
                        });
        loop.run(base, begin, end, [&](char* const* ptrs, const int64_t* s, int64_t n) {
          for (int64_t i = 0; i < n; ++i) note(seenByRuns, ptrs[0] + i * s[0], ptrs[1] + i * s[1]);
        });
        std::vector<int64_t> want;
        for (int64_t p = begin; p < end; ++p) want.push_back(p);
        const std::string what = "case " + std::to_string(&c - cases.data()) + " [" + std::to_string(begin) + ", " +
                                 std::to_string(end) + ")";
        EXPECT_EQ(seen, want) << what;
        EXPECT_EQ(seenByRuns, want) << what;
        EXPECT_TRUE(operandsRight) << what;
      }
    }
  }
}

// Broadcasts over short rows take the row-block kernels; split over two threads, ranges begin
// and end inside rows.
TEST(ElementwiseTest, RowBroadcastsMatchElementByElement) {
  const int saved = get_num_threads();
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    for (ScalarType dt : {kFloat, kDouble}) {
      Tensor s = randn({7, 300, 49}, TensorOptions().dtype(dt)), col = randn({7, 300, 1}, TensorOptions().dtype(dt));
      Tensor row = randn({1, 1, 49}, TensorOptions().dtype(dt));
      Tensor t = randn({49, 300, 7}, TensorOptions().dtype(dt)).permute({2, 1, 0});
      const std::vector<double> sv = values(s), cv = values(col), rv = values(row), tv = values(t);
      const std::vector<double> d = values(sub(s, col)), m = values(mul(s, row)), q = values(div(t, col)),
                                a = values(add(t, s, 0.5));
      bool ok = true;
      for (size_t i = 0; i < sv.size(); ++i) {
        const size_t r = i / 49, j = i % 49;
        auto same = [&](double got, double want) {
          return dt == kFloat ? static_cast<float>(got) == static_cast<float>(want) : got == want;
        };
        ok = ok && same(d[i], sv[i] - cv[r]) && same(m[i], sv[i] * rv[j]) && same(q[i], tv[i] / cv[r]);
        ok = ok && (dt == kFloat ? static_cast<float>(a[i]) == static_cast<float>(tv[i]) + 0.5f * static_cast<float>(sv[i])
                                 : a[i] == tv[i] + 0.5 * sv[i]);
      }
      EXPECT_TRUE(ok) << "threads " << threads << " dtype " << scalarTypeName(dt);
    }
  }
  set_num_threads(saved);
}

TEST(ElementwiseTest, RawRunnerSeesOperands) {
  Tensor a = tensor({1.f, 2.f, 3.f});
  Elementwise it(ResultRule::Promote);
  it.input(a).input(Scalar(2)).build();
  EXPECT_TRUE(it.isContiguous());
  EXPECT_TRUE(it.isScalarInput(1));
  EXPECT_EQ(it.scalarValue<float>(1), 2.0f);
  it.runRaw([](char* const* p, const int64_t* s, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
      float x, y;
      std::memcpy(&x, p[1] + i * s[1], 4);
      std::memcpy(&y, p[2] + i * s[2], 4);
      float r = x * 10 + y;
      std::memcpy(p[0] + i * s[0], &r, 4);
    }
  });
  EXPECT_EQ(values(it.finish()), (std::vector<double>{12, 22, 32}));
}

TEST(ElementwiseTest, UnaryBuilder) {
  Tensor i = tensor({1, 4, 9});
  Elementwise it(ResultRule::PromoteIntToFloat);
  it.input(i).build();
  EXPECT_EQ(it.computeDtype(), kFloat);
  it.run1<float, float>([](float x) { return x + 0.5f; });
  Tensor r = it.finish();
  EXPECT_EQ(r.dtype(), kFloat);
  EXPECT_EQ(values(r), (std::vector<double>{1.5, 4.5, 9.5}));
}

}  // namespace
}  // namespace ember
