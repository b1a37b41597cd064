#include "elementwise.h"

#include "complex_dispatch.h"

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/shape.h"
#include "tensor/storage_watch.h"

namespace ember {

void checkCanCastOutput(ScalarType from, ScalarType to) {
  EMBER_CHECK(canCast(from, to), "result type ", from, " can't be cast to the desired output type ", to);
}

void castInto(const Tensor& dst, const Tensor& src) {
  EMBER_ASSERT(dst.sizes() == src.sizes(), "castInto: shapes differ");
  copy_(dst, src);
}

Tensor castTo(const Tensor& t, ScalarType dtype) {
  Tensor r = empty(t.sizes(), dtype);
  castInto(r, t);
  return r;
}

void resizeOutput(const Tensor& out, IntArrayRef shape, IntArrayRef strides) {
  if (out.sizes() == shape) return;
  int64_t numel = computeNumel(shape);
  if (numel > 0) {
    int64_t last = out.storage_offset();
    for (size_t i = 0; i < shape.size(); ++i) last += (shape[i] - 1) * strides[i];
    size_t needed = static_cast<size_t>(last + 1) * out.element_size();
    if (needed > out.storage().nbytes()) out.storage().impl()->resize(needed);
  }
  out.impl()->setSizesAndStrides(shape, strides);
}

Elementwise& Elementwise::input(const Tensor& t) {
  EMBER_ASSERT(nInputs_ < kMaxInputs, "too many elementwise inputs");
  EMBER_CHECK(t.defined(), "expected a defined tensor as argument ", nInputs_);
  inputs_[nInputs_++].tensor = &t;
  return *this;
}

Elementwise& Elementwise::input(const Scalar& s) {
  EMBER_ASSERT(nInputs_ < kMaxInputs, "too many elementwise inputs");
  inputs_[nInputs_++].scalar = s;
  return *this;
}

Elementwise& Elementwise::fixedInput(const Tensor& t, ScalarType dtype) {
  input(t);
  inputs_[nInputs_ - 1].fixed = dtype;
  return *this;
}

Elementwise& Elementwise::out(const Tensor& out) {
  EMBER_CHECK(out.defined(), "out= expects a defined tensor");
  mode_ = Mode::Out;
  userOut_ = out;
  detail::noteWrite(out);
  return *this;
}

Elementwise& Elementwise::inplace(const Tensor& self) {
  mode_ = Mode::InPlace;
  userOut_ = self;
  detail::noteWrite(self);
  return *this;
}

Elementwise& Elementwise::computeDtype(ScalarType t) {
  forcedCompute_ = t;
  return *this;
}

Elementwise& Elementwise::allowAnyOutputDtype() {
  anyOutputDtype_ = true;
  return *this;
}

Elementwise& Elementwise::build() {
  computeTypes();
  if (tryFlatBuild()) return *this;
  computeShape();
  prepareOutput();
  prepareInputs();
  return *this;
}

namespace {
int category(ScalarType t) {
  return t == ScalarType::Bool ? 0 : isIntegralType(t, false) ? 1 : isComplexType(t) ? 3 : 2;
}
int category(const Scalar& s) { return s.isBoolean() ? 0 : s.isIntegral(false) ? 1 : s.isComplex() ? 3 : 2; }
}  // namespace

// The common dtype when it is simply that of the dimensioned tensors: they all share one dtype
// and every other input is a number of no higher category. Undefined otherwise.
ScalarType Elementwise::quickCommonDtype() const {
  ScalarType dt = ScalarType::Undefined;
  for (int k = 0; k < nInputs_; ++k) {
    const Input& in = inputs_[k];
    if (in.fixed != ScalarType::Undefined) continue;
    if (!in.tensor) continue;
    if (in.tensor->dim() == 0) return ScalarType::Undefined;
    if (dt == ScalarType::Undefined) dt = in.tensor->dtype();
    else if (dt != in.tensor->dtype()) return ScalarType::Undefined;
  }
  if (dt == ScalarType::Undefined || !isSupportedScalarType(dt)) return ScalarType::Undefined;
  for (int k = 0; k < nInputs_; ++k) {
    const Input& in = inputs_[k];
    if (!in.tensor && in.fixed == ScalarType::Undefined && category(in.scalar) > category(dt))
      return ScalarType::Undefined;
  }
  return dt;
}

void Elementwise::computeTypes() {
  common_ = quickCommonDtype();
  if (common_ == ScalarType::Undefined) common_ = slowCommonDtype();
  finishTypes();
}

ScalarType Elementwise::slowCommonDtype() const {
  ResultTypeState state;
  for (int k = 0; k < nInputs_; ++k) {
    const Input& in = inputs_[k];
    if (in.fixed != ScalarType::Undefined) continue;
    if (in.tensor) state.update(*in.tensor);
    else state.update(in.scalar);
  }
  return state.finish();
}

void Elementwise::finishTypes() {
  compute_ = forcedCompute_ != ScalarType::Undefined ? forcedCompute_ : common_;
  if (rule_ == ResultRule::PromoteIntToFloat && isIntegralType(compute_, true)) compute_ = defaultDtype();
  if (compute_ == ScalarType::Undefined) compute_ = ScalarType::Bool;  // only fixed inputs
  resultDtype_ = rule_ == ResultRule::Bool ? ScalarType::Bool : compute_;
  for (int k = 0; k < nInputs_; ++k)
    inputDtype_[k] = inputs_[k].fixed != ScalarType::Undefined ? inputs_[k].fixed : compute_;
}

// The common case in one pass: every tensor input contiguous, of one shape and already in its
// kernel dtype, and the output fresh or just as simple. No strides or broadcasting needed.
bool Elementwise::tryFlatBuild() {
  const Tensor* first = nullptr;
  for (int k = 0; k < nInputs_; ++k) {
    const Tensor* t = inputs_[k].tensor;
    if (!t) continue;
    if (t->dim() == 0 || !t->is_contiguous() || t->dtype() != inputDtype_[k]) return false;
    if (!first) first = t;
    else if (!(t->sizes() == first->sizes())) return false;
  }
  if (!first) return false;
  if (mode_ != Mode::Fresh) {
    if (!(userOut_.sizes() == first->sizes()) || !userOut_.is_contiguous() || userOut_.dtype() != resultDtype_)
      return false;
    if (!anyOutputDtype_ && rule_ != ResultRule::Bool) checkCanCastOutput(compute_, userOut_.dtype());
  }
  shape_ = DimVector(first->sizes());
  numel_ = first->numel();
  output_ = mode_ == Mode::Fresh ? empty(first->sizes(), resultDtype_) : userOut_;
  for (int k = 0; k < nInputs_; ++k) {
    if (inputs_[k].tensor) {
      operands_[k] = *inputs_[k].tensor;
    } else {
      scalar_[k] = true;
      visitDtypeOrComplex(inputDtype_[k], [&]<typename T>() {
        T v = scalarAs<T>(inputs_[k].scalar);
        std::memcpy(scalarBuf_[k], &v, sizeof(T));
      });
    }
  }
  flat_ = true;
  return true;
}

void Elementwise::computeShape() {
  bool first = true;
  for (int k = 0; k < nInputs_; ++k) {
    const Tensor* t = inputs_[k].tensor;
    if (!t) continue;
    if (first) {
      shape_ = DimVector(t->sizes());
      first = false;
    } else if (!(t->sizes() == IntArrayRef(shape_))) {
      shape_ = inferBroadcastShape(shape_, t->sizes());
    }
  }
  numel_ = computeNumel(shape_);
}

DimVector Elementwise::broadcastStrides(const Tensor& t) const {
  const size_t nd = shape_.size(), td = static_cast<size_t>(t.dim());
  DimVector s(nd, 0);
  for (size_t i = 0; i < td; ++i) {
    size_t d = nd - td + i;
    s[d] = (t.sizes()[i] == 1 && shape_[d] != 1) ? 0 : t.strides()[i];
  }
  return s;
}

// The layout a fresh result gets, as TensorIterator chooses it: the inputs' own strides when
// they all share one dense layout, otherwise dims ordered by the inputs' strides (first input
// that tells two dims apart wins) and packed densely in that order.
DimVector Elementwise::propagatedStrides() const {
  const Tensor* first = nullptr;
  bool same = true;
  for (int k = 0; k < nInputs_; ++k) {
    const Tensor* t = inputs_[k].tensor;
    if (!t) continue;
    if (!first) first = t;
    if (!(t->sizes() == IntArrayRef(shape_)) || !(t->strides() == first->strides()) ||
        !t->is_non_overlapping_and_dense())
      same = false;
  }
  if (!first) return contiguousStrides(shape_);
  if (same) return first->is_contiguous() ? contiguousStrides(shape_) : DimVector(first->strides());

  const int64_t nd = static_cast<int64_t>(shape_.size());
  std::array<DimVector, kMaxInputs + 1> opStrides;
  size_t nOps = 0;
  if (mode_ != Mode::Fresh && userOut_.sizes() == IntArrayRef(shape_)) opStrides[nOps++] = DimVector(userOut_.strides());
  for (int k = 0; k < nInputs_; ++k)
    if (inputs_[k].tensor) opStrides[nOps++] = broadcastStrides(*inputs_[k].tensor);
  // >0: dim a should sit outside dim b (swap them in the innermost-first order).
  auto shouldSwap = [&](int64_t a, int64_t b) -> int {
    for (size_t o = 0; o < nOps; ++o) {
      const DimVector& s = opStrides[o];
      if (s[a] == 0 || s[b] == 0) continue;
      if (s[a] < s[b]) return -1;
      if (s[a] > s[b]) return 1;
      if (shape_[a] > shape_[b]) return 1;
    }
    return 0;
  };
  DimVector perm(nd);  // perm[0] is the innermost dim
  for (int64_t i = 0; i < nd; ++i) perm[i] = nd - 1 - i;
  for (int64_t i = 1; i < nd; ++i) {
    int64_t d1 = i;
    for (int64_t d0 = i - 1; d0 >= 0; --d0) {
      int c = shouldSwap(perm[d0], perm[d1]);
      if (c > 0) {
        std::swap(perm[d0], perm[d1]);
        d1 = d0;
      } else if (c < 0) {
        break;
      }
    }
  }
  bool identity = true;
  for (int64_t i = 0; i < nd; ++i) identity = identity && perm[i] == nd - 1 - i;
  if (identity) return contiguousStrides(shape_);
  DimVector strides(nd);
  int64_t next = 1;
  for (int64_t i = 0; i < nd; ++i) {
    strides[perm[i]] = next;
    next *= shape_[perm[i]];
  }
  return strides;
}

void Elementwise::prepareOutput() {
  if (mode_ == Mode::Fresh) {
    output_ = empty_strided(shape_, propagatedStrides(), resultDtype_);
    return;
  }
  if (!anyOutputDtype_ && rule_ != ResultRule::Bool) checkCanCastOutput(compute_, userOut_.dtype());
  if (mode_ == Mode::InPlace) {
    EMBER_CHECK(userOut_.sizes() == IntArrayRef(shape_), "output with shape ", userOut_.sizes(),
                " doesn't match the broadcast shape ", IntArrayRef(shape_));
  } else if (!(userOut_.sizes() == IntArrayRef(shape_))) {
    resizeOutput(userOut_, shape_, propagatedStrides());
  }
  output_ = userOut_.dtype() == resultDtype_ ? userOut_ : empty_strided(shape_, propagatedStrides(), resultDtype_);
}

void Elementwise::prepareInputs() {
  const size_t nd = shape_.size();
  bool flat = output_.is_contiguous();
  strides_[0] = DimVector(output_.strides());
  for (int k = 0; k < nInputs_; ++k) {
    const Input& in = inputs_[k];
    const ScalarType want = inputDtype_[k];
    if (!in.tensor || in.tensor->dim() == 0) {
      // A value: read once, in the kernel dtype.
      scalar_[k] = true;
      strides_[k + 1] = DimVector(nd, 0);
      unsigned char* buf = scalarBuf_[k];
      visitDtypeOrComplex(want, [&]<typename T>() {
        T v;
        if (!in.tensor) {
          v = scalarAs<T>(in.scalar);
        } else {
          visitDtypeOrComplex(in.tensor->dtype(), [&]<typename S>() {
            S s;
            std::memcpy(&s, in.tensor->data_ptr(), sizeof(S));
            v = convertAny<T>(s);
          });
        }
        std::memcpy(buf, &v, sizeof(T));
      });
      continue;
    }
    operands_[k] = in.tensor->dtype() == want ? *in.tensor : castTo(*in.tensor, want);
    const Tensor& t = operands_[k];
    if (!(t.is_contiguous() && t.sizes() == IntArrayRef(shape_))) flat = false;
    strides_[k + 1] = broadcastStrides(t);
  }
  flat_ = flat;
}

Tensor Elementwise::finish() {
  if (mode_ == Mode::Fresh) return output_;
  if (!output_.is_same(userOut_)) castInto(userOut_, output_);
  return userOut_;
}

// Operand arrays handed to `inner` always have kMaxInputs + 1 slots (unused ones null), so a
// kernel compiled for every arity never indexes past them.
template <size_t N>
void Elementwise::runOperandsN(RowsFn inner) {
  using elementwise_detail::elemSize;
  constexpr size_t M = kMaxInputs + 1;
  std::array<char*, N> base;
  std::array<int64_t, N> elemSizes;
  base[0] = static_cast<char*>(output_.data_ptr());
  elemSizes[0] = elemSize(output_.dtype());
  for (size_t k = 1; k < N; ++k) {
    base[k] = scalar_[k - 1] ? reinterpret_cast<char*>(scalarBuf_[k - 1])
                             : static_cast<char*>(operands_[k - 1].data_ptr());
    elemSizes[k] = elemSize(inputDtype_[k - 1]);
  }
  if (flat_) {
    std::array<int64_t, M> s{}, rowStrides{};
    for (size_t k = 0; k < N; ++k) s[k] = (k > 0 && scalar_[k - 1]) ? 0 : elemSizes[k];
    parallelFor(0, numel_, kGrainSize, [&](int64_t b, int64_t e) {
      std::array<char*, M> p{};
      for (size_t k = 0; k < N; ++k) p[k] = base[k] + b * s[k];
      inner(p.data(), s.data(), e - b, 1, rowStrides.data());
    });
    return;
  }
  std::array<IntArrayRef, N> strides;
  for (size_t k = 0; k < N; ++k) strides[k] = strides_[k];
  StridedLoop<N> loop(shape_, strides, elemSizes);
  using InnerRows = typename StridedLoop<N>::InnerRows;
  loop.runRowsParallelRef(base, InnerRows([&](char* const* ptrs, const int64_t* byteStrides, int64_t n, int64_t rows,
                                              const int64_t* rowByteStrides) {
    std::array<char*, M> p{};
    std::array<int64_t, M> s{}, rs{};
    for (size_t k = 0; k < N; ++k) {
      p[k] = ptrs[k];
      s[k] = byteStrides[k];
      rs[k] = rowByteStrides[k];
    }
    inner(p.data(), s.data(), n, rows, rs.data());
  }));
}

void Elementwise::runOperandsRows(int nOperands, RowsFn inner) {
  if (numel_ == 0) return;
  switch (nOperands) {
    case 2: return runOperandsN<2>(inner);
    case 3: return runOperandsN<3>(inner);
    case 4: return runOperandsN<4>(inner);
    default: EMBER_UNREACHABLE("elementwise op with ", nOperands, " operands");
  }
}

void Elementwise::runOperands(int nOperands, RunFn inner) {
  runOperandsRows(nOperands, [&](char* const* ptrs, const int64_t* strides, int64_t n, int64_t rows,
                                 const int64_t* rowStrides) {
    StridedLoop<kMaxInputs + 1>::eachRun(ptrs, strides, n, rows, rowStrides, inner);
  });
}

}  // namespace ember
