// The per-operator rules of shape propagation, keyed by aten operator name. Each rule reads the
// inputs' TensorTypes and the known values of the other arguments and returns what it can
// prove; unknown parts stay unknown. Type promotion follows torch.result_type's categories
// (dimensioned tensors over zero-dim tensors over Python numbers).
#include "passes/shape_rules.h"

#include <algorithm>
#include <functional>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "ember/core/function_schema.h"
#include "ember/core/operator.h"
#include "ember/core/stack.h"
#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "ember/tensor/scalar_type.h"
#include "ember/tensor/tensor_options.h"

namespace ember::jit {

const Value* inputNamed(const Node* n, const char* name) {
  const FunctionSchema* s = n->maybeSchema();
  if (!s) return nullptr;
  const auto& args = s->arguments();
  for (size_t i = 0; i < args.size() && i < n->inputs().size(); ++i)
    if (args[i].name() == name) return n->inputs()[i];
  return nullptr;
}

std::optional<int64_t> knownInt(const Value* v) {
  if (!v) return std::nullopt;
  auto iv = knownValue(v);
  if (iv && iv->isInt()) return iv->toInt();
  return std::nullopt;
}

std::optional<std::vector<int64_t>> knownInts(const Value* v) {
  if (!v) return std::nullopt;
  auto iv = knownValue(v);
  if (iv && iv->isIntList()) return iv->toIntVector();
  if (iv && iv->isInt()) return std::vector<int64_t>{iv->toInt()};
  return std::nullopt;
}

namespace {

using Dims = std::vector<std::optional<int64_t>>;
using Types = std::vector<TensorTypePtr>;

std::optional<bool> knownBool(const Value* v) {
  if (!v) return std::nullopt;
  auto iv = knownValue(v);
  if (iv && iv->isBool()) return iv->toBool();
  return std::nullopt;
}

bool isNoneValue(const Value* v) {
  if (!v) return true;
  auto iv = knownValue(v);
  return iv && iv->isNone();
}

// The number of elements of a list argument when its length is known even if its values are
// not (a ListConstruct of unknown ints).
std::optional<size_t> listLength(const Value* v) {
  if (!v) return std::nullopt;
  if (auto ints = knownInts(v)) return ints->size();
  if (v->node()->kind() == prim::ListConstruct) return v->node()->inputs().size();
  return std::nullopt;
}

// A value of a list argument per element: known ints where known (ListConstruct elements).
std::optional<Dims> listElements(const Value* v) {
  if (!v) return std::nullopt;
  if (auto ints = knownInts(v)) return Dims(ints->begin(), ints->end());
  if (v->node()->kind() != prim::ListConstruct) return std::nullopt;
  Dims out;
  for (const Value* e : v->node()->inputs()) out.push_back(knownInt(e));
  return out;
}

std::optional<ScalarType> knownDtype(const Value* v) {
  if (!v) return std::nullopt;
  auto iv = knownValue(v);
  if (iv && iv->isInt()) return iv->toScalarType();
  return std::nullopt;
}

std::optional<int64_t> wrapDim(std::optional<int64_t> dim, std::optional<size_t> rank) {
  if (!dim || !rank) return std::nullopt;
  int64_t r = static_cast<int64_t>(*rank);
  int64_t d = *dim < 0 ? *dim + std::max<int64_t>(r, 1) : *dim;
  if (d < 0 || d >= std::max<int64_t>(r, 1)) return std::nullopt;
  return d;
}

// A new tensor's type. Strides are claimed only for `contiguous` results (factories, mm, ...):
// pointwise and shape ops lay their outputs out after their inputs', which only running shows.
TensorTypePtr make(std::optional<ScalarType> dtype, std::optional<Device> device, std::optional<Dims> sizes,
                   bool contiguous = false) {
  std::optional<Dims> strides;
  if (sizes) {
    strides = Dims(sizes->size());
    bool complete = std::all_of(sizes->begin(), sizes->end(), [](const auto& s) { return s.has_value(); });
    if (complete && contiguous) {
      std::vector<int64_t> concrete;
      for (const auto& s : *sizes) concrete.push_back(*s);
      auto c = contiguousStrides(concrete);
      strides = Dims(c.begin(), c.end());
    }
  }
  return TensorType::create(dtype, device, std::move(sizes), std::move(strides), std::nullopt);
}

// Same dtype, device and sizes, strides unknown (an op that writes a new tensor of its input's
// shape, whose layout follows the input's in ways only running it shows).
TensorTypePtr sameShape(const TensorType& t, std::optional<ScalarType> dtype) {
  std::optional<Dims> strides;
  if (t.sizes()) strides = Dims(t.sizes()->size());
  return TensorType::create(dtype, t.device(), t.sizes(), strides, std::nullopt);
}

ScalarType floatResult(ScalarType t) { return isFloatingType(t) || isComplexType(t) ? t : defaultDtype(); }

std::optional<Device> commonDevice(const std::vector<TensorTypePtr>& ts) {
  std::optional<Device> d;
  for (const auto& t : ts) {
    if (!t->device()) return std::nullopt;
    if (d && !(*d == *t->device())) return std::nullopt;
    d = t->device();
  }
  return d;
}

// ---- type promotion (torch.result_type) ----

struct Promotion {
  std::optional<ScalarType> dimResult, zeroResult, wrappedResult;
  bool unknown = false;

  static void add(std::optional<ScalarType>& slot, ScalarType t) { slot = slot ? promoteTypes(*slot, t) : t; }

  void tensor(const TensorType& t) {
    if (!t.scalarType() || !t.dim()) {
      unknown = true;
      return;
    }
    add(*t.dim() == 0 ? zeroResult : dimResult, *t.scalarType());
  }
  void number(const TypePtr& type) {
    if (type->kind() == TypeKind::IntType)
      add(wrappedResult, ScalarType::Long);
    else if (type->kind() == TypeKind::FloatType)
      add(wrappedResult, defaultDtype());
    else if (type->kind() == TypeKind::BoolType)
      add(wrappedResult, ScalarType::Bool);
    else
      unknown = true;
  }
  // A lower-priority group only matters when it is of a higher category (torch.result_type's
  // rule; a float group meeting a complex one takes the complex type of its own precision).
  static std::optional<ScalarType> combine(std::optional<ScalarType> higher, std::optional<ScalarType> lower) {
    if (!higher) return lower;
    if (!lower || isComplexType(*higher)) return higher;
    if (isComplexType(*lower))
      return isFloatingType(*higher) ? promoteTypes(*higher, ScalarType::ComplexFloat) : *lower;
    if (isFloatingType(*higher)) return higher;
    if (*higher == ScalarType::Bool || isFloatingType(*lower)) return promoteTypes(*higher, *lower);
    return higher;
  }
  std::optional<ScalarType> result() const {
    if (unknown) return std::nullopt;
    return combine(dimResult, combine(zeroResult, wrappedResult));
  }
};

// Broadcast sizes of tensors whose ranks are known. Per dim: a known size other than 1 is the
// result's (a valid program broadcasts the others to it); all 1 gives 1; otherwise unknown.
std::optional<Dims> broadcast(const std::vector<TensorTypePtr>& ts) {
  size_t rank = 0;
  for (const auto& t : ts) {
    if (!t->dim()) return std::nullopt;
    rank = std::max(rank, *t->dim());
  }
  Dims out(rank);
  for (size_t i = 0; i < rank; ++i) {
    bool unknown = false;
    std::optional<int64_t> big;
    for (const auto& t : ts) {
      size_t r = *t->dim();
      if (i + r < rank) continue;
      auto s = (*t->sizes())[i + r - rank];
      if (!s)
        unknown = true;
      else if (*s != 1)
        big = s;
    }
    out[i] = big ? big : (unknown ? std::nullopt : std::optional<int64_t>(1));
  }
  return out;
}

// The tensor inputs of a pointwise node and its promoted dtype.
std::optional<Types> pointwise(const Node* n, bool comparison, bool trueDivide) {
  std::vector<TensorTypePtr> tensors;
  Promotion p;
  const FunctionSchema* s = n->maybeSchema();
  for (size_t i = 0; i < n->inputs().size(); ++i) {
    const Value* in = n->inputs()[i];
    if (s && i < s->arguments().size()) {
      const std::string& name = s->arguments()[i].name();
      if (name == "alpha" || name == "rounding_mode" || name == "out") continue;
    }
    if (auto t = tensorTypeOf(in)) {
      tensors.push_back(t);
      p.tensor(*t);
    } else {
      p.number(in->type());
    }
  }
  if (tensors.empty()) return std::nullopt;
  std::optional<ScalarType> dtype = comparison ? std::optional(ScalarType::Bool) : p.result();
  if (trueDivide && dtype) dtype = floatResult(*dtype);
  return Types{make(dtype, commonDevice(tensors), broadcast(tensors))};
}

// ---- reductions ----

// The reduced sizes of `t` over `dims` (all when empty).
std::optional<Dims> reduced(const TensorType& t, const std::optional<std::vector<int64_t>>& dims, bool keepdim) {
  if (!t.dim() || !dims) return std::nullopt;
  size_t rank = *t.dim();
  std::vector<bool> hit(rank, dims->empty());
  for (int64_t d : *dims) {
    auto w = wrapDim(d, rank);
    if (!w) return std::nullopt;
    if (rank > 0) hit[*w] = true;
  }
  Dims out;
  for (size_t i = 0; i < rank; ++i) {
    if (!hit[i])
      out.push_back((*t.sizes())[i]);
    else if (keepdim)
      out.push_back(int64_t(1));
  }
  return out;
}

std::optional<Types> reduction(const Node* n, std::optional<ScalarType> (*dtypeOf)(std::optional<ScalarType>),
                               bool withIndices) {
  auto self = tensorTypeOf(inputNamed(n, "self"));
  if (!self) return std::nullopt;
  std::optional<ScalarType> dtype = dtypeOf(self->scalarType());
  if (const Value* d = inputNamed(n, "dtype"); d && !isNoneValue(d)) dtype = knownDtype(d);
  const Value* dimArg = inputNamed(n, "dim");
  std::optional<bool> keep = false;
  if (const Value* k = inputNamed(n, "keepdim")) keep = knownBool(k);
  std::optional<Dims> sizes;
  if (!dimArg || isNoneValue(dimArg)) {
    // a full reduction: zero-dim, or all ones with keepdim
    if (keep) sizes = *keep ? reduced(*self, std::vector<int64_t>{}, true) : std::optional<Dims>(Dims{});
  } else if (auto dims = knownInts(dimArg); dims && !dims->empty() && keep) {
    sizes = reduced(*self, dims, *keep);
  } else if (keep && !*keep && self->dim()) {
    if (auto len = listLength(dimArg); len && *len > 0 && *len <= *self->dim()) sizes = Dims(*self->dim() - *len);
  } else if (keep && *keep && self->dim()) {
    sizes = Dims(*self->dim());
  }
  Types out{make(dtype, self->device(), sizes)};
  if (withIndices) out.push_back(make(ScalarType::Long, self->device(), sizes));
  return out;
}

std::optional<ScalarType> sameDtype(std::optional<ScalarType> t) { return t; }
std::optional<ScalarType> sumDtype(std::optional<ScalarType> t) {
  if (!t) return t;
  return isIntegralType(*t, true) ? ScalarType::Long : *t;
}
std::optional<ScalarType> floatDtype(std::optional<ScalarType> t) {
  if (!t) return t;
  return floatResult(*t);
}
std::optional<ScalarType> longDtype(std::optional<ScalarType>) { return ScalarType::Long; }
std::optional<ScalarType> boolDtype(std::optional<ScalarType> t) {
  if (t && *t == ScalarType::Byte) return ScalarType::Byte;
  return ScalarType::Bool;
}

// ---- shape ops ----

std::optional<Types> viewLike(const Node* n) {
  auto self = tensorTypeOf(inputNamed(n, "self"));
  if (!self) return std::nullopt;
  const Value* list = inputNamed(n, "size");
  if (!list) list = inputNamed(n, "shape");
  auto elems = listElements(list);
  if (!elems) return Types{make(self->scalarType(), self->device(), std::nullopt)};
  Dims sizes = *elems;
  auto numel = self->concreteSizes();
  int64_t known = 1;
  std::optional<size_t> inferred;
  bool allKnown = true;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (!sizes[i])
      allKnown = false;
    else if (*sizes[i] == -1)
      inferred = i;
    else
      known *= *sizes[i];
  }
  if (inferred) {
    sizes[*inferred] = std::nullopt;
    if (allKnown && numel && known != 0) {
      int64_t total = 1;
      for (int64_t s : *numel) total *= s;
      sizes[*inferred] = total / known;
    }
  }
  return Types{make(self->scalarType(), self->device(), sizes)};
}

std::optional<Types> expand(const Node* n) {
  auto self = tensorTypeOf(inputNamed(n, "self"));
  if (!self) return std::nullopt;
  auto elems = listElements(inputNamed(n, "size"));
  if (!elems) return Types{make(self->scalarType(), self->device(), std::nullopt)};
  Dims sizes = *elems;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] && *sizes[i] == -1) {
      sizes[i] = std::nullopt;
      if (self->dim() && i + *self->dim() >= sizes.size()) sizes[i] = (*self->sizes())[i + *self->dim() - sizes.size()];
    }
  }
  return Types{TensorType::create(self->scalarType(), self->device(), sizes, Dims(sizes.size()), std::nullopt)};
}

TensorTypePtr withDims(const TensorType& self, std::optional<Dims> sizes) {
  std::optional<Dims> strides;
  if (sizes) strides = Dims(sizes->size());
  return TensorType::create(self.scalarType(), self.device(), std::move(sizes), std::move(strides), std::nullopt);
}

std::optional<Types> shapeOp(const Node* n, const std::string& name) {
  auto self = tensorTypeOf(inputNamed(n, "self"));
  if (!self) return std::nullopt;
  std::optional<Dims> in = self->sizes();
  auto rank = self->dim();
  if (name == "unsqueeze") {
    if (!in) return Types{withDims(*self, std::nullopt)};
    Dims out = *in;
    auto d = wrapDim(knownInt(inputNamed(n, "dim")), *rank + 1);
    if (!d) return Types{withDims(*self, Dims(*rank + 1))};
    out.insert(out.begin() + *d, int64_t(1));
    return Types{withDims(*self, out)};
  }
  if ((name == "select" || name == "slice" || name == "narrow") && rank && *rank == 0) return std::nullopt;
  if (name == "select") {
    if (!in) return Types{withDims(*self, std::nullopt)};
    Dims out = *in;
    auto d = wrapDim(knownInt(inputNamed(n, "dim")), rank);
    if (!d) return Types{withDims(*self, Dims(*rank - 1))};
    out.erase(out.begin() + *d);
    return Types{withDims(*self, out)};
  }
  if (name == "slice" || name == "narrow") {
    if (!in) return Types{withDims(*self, std::nullopt)};
    Dims out = *in;
    auto d = wrapDim(knownInt(inputNamed(n, "dim")), rank);
    if (!d) return Types{withDims(*self, Dims(*rank))};
    out[*d] = std::nullopt;
    if (name == "narrow") out[*d] = knownInt(inputNamed(n, "length"));
    return Types{withDims(*self, out)};
  }
  if (name == "transpose" || name == "t" || name == "permute") {
    if (!in) return Types{withDims(*self, std::nullopt)};
    Dims out = *in;
    if (name == "t") {
      std::reverse(out.begin(), out.end());
    } else if (name == "transpose") {
      auto a = wrapDim(knownInt(inputNamed(n, "dim0")), rank), b = wrapDim(knownInt(inputNamed(n, "dim1")), rank);
      if (!a || !b) return Types{withDims(*self, Dims(*rank))};
      if (*rank > 0) std::swap(out[*a], out[*b]);
    } else {
      auto dims = knownInts(inputNamed(n, "dims"));
      if (!dims || dims->size() != *rank) return Types{withDims(*self, Dims(*rank))};
      for (size_t i = 0; i < *rank; ++i) {
        auto d = wrapDim((*dims)[i], rank);
        if (!d) return std::nullopt;
        out[i] = (*in)[*d];
      }
    }
    return Types{withDims(*self, out)};
  }
  if (name == "squeeze") {
    if (!in) return Types{withDims(*self, std::nullopt)};
    const Value* dimArg = inputNamed(n, "dim");
    Dims out;
    for (size_t i = 0; i < *rank; ++i) {
      auto d = dimArg ? wrapDim(knownInt(dimArg), rank) : std::optional<int64_t>(int64_t(i));
      if (!d) return Types{withDims(*self, std::nullopt)};
      bool target = !dimArg || *d == int64_t(i);
      if (target && !(*in)[i]) return Types{withDims(*self, std::nullopt)};
      if (!(target && *(*in)[i] == 1)) out.push_back((*in)[i]);
    }
    return Types{withDims(*self, out)};
  }
  if (name == "flatten") {
    if (!in) return Types{withDims(*self, std::nullopt)};
    if (*rank == 0) return Types{withDims(*self, Dims{int64_t(1)})};
    auto s = wrapDim(knownInt(inputNamed(n, "start_dim")), rank), e = wrapDim(knownInt(inputNamed(n, "end_dim")), rank);
    if (!s || !e || *s > *e) return Types{withDims(*self, std::nullopt)};
    Dims out(in->begin(), in->begin() + *s);
    std::optional<int64_t> prod = 1;
    for (int64_t i = *s; i <= *e; ++i) prod = (prod && (*in)[i]) ? std::optional(*prod * *(*in)[i]) : std::nullopt;
    out.push_back(prod);
    out.insert(out.end(), in->begin() + *e + 1, in->end());
    return Types{withDims(*self, out)};
  }
  return std::nullopt;
}

std::optional<Types> catOrStack(const Node* n, bool stack) {
  const Value* list = inputNamed(n, "tensors");
  if (!list || list->node()->kind() != prim::ListConstruct || list->node()->inputs().empty()) return std::nullopt;
  std::vector<TensorTypePtr> ts;
  Promotion p;
  for (const Value* v : list->node()->inputs()) {
    auto t = tensorTypeOf(v);
    if (!t) return std::nullopt;
    ts.push_back(t);
    if (t->scalarType())
      p.add(p.dimResult, *t->scalarType());
    else
      p.unknown = true;
  }
  // cat skips 1-d empty tensors (legacy behaviour); ranks of the others agree.
  std::optional<size_t> rank;
  for (const auto& t : ts) {
    if (!t->dim()) continue;
    if (!stack && *t->dim() == 1 && (*t->sizes())[0] == int64_t(0)) continue;
    rank = t->dim();
  }
  auto device = commonDevice(ts);
  if (!rank) return Types{make(p.result(), device, std::nullopt)};
  auto d = wrapDim(knownInt(inputNamed(n, "dim")), stack ? *rank + 1 : *rank);
  Dims out(*rank);
  bool allKnown = true;
  for (const auto& t : ts)
    if (!t->dim() || *t->dim() != *rank) allKnown = false;
  if (allKnown) {
    for (size_t i = 0; i < *rank; ++i) {
      out[i] = (*ts[0]->sizes())[i];
      for (const auto& t : ts)
        if ((*t->sizes())[i] != out[i]) out[i] = std::nullopt;
    }
    if (d && !stack) {
      std::optional<int64_t> total = 0;
      for (const auto& t : ts) {
        auto s = (*t->sizes())[*d];
        total = (total && s) ? std::optional(*total + *s) : std::nullopt;
      }
      out[*d] = total;
    }
  }
  if (stack) {
    if (!d) return Types{make(p.result(), device, Dims(*rank + 1))};
    out.insert(out.begin() + *d, int64_t(ts.size()));
  } else if (!d) {
    out = Dims(*rank);
  }
  return Types{make(p.result(), device, out)};
}

// ---- linear algebra, convolution, pooling ----

std::optional<Types> matmulLike(const Node* n, const std::string& name) {
  auto a = tensorTypeOf(n->inputs()[0]);
  auto b = tensorTypeOf(n->inputs()[1]);
  if (name == "addmm") {
    a = tensorTypeOf(inputNamed(n, "mat1"));
    b = tensorTypeOf(inputNamed(n, "mat2"));
  }
  if (!a || !b) return std::nullopt;
  std::optional<ScalarType> dtype = a->scalarType() == b->scalarType() ? a->scalarType() : std::nullopt;
  auto device = commonDevice({a, b});
  if (!a->dim() || !b->dim()) return Types{make(dtype, device, std::nullopt)};
  const Dims& x = *a->sizes();
  const Dims& y = *b->sizes();
  size_t ra = x.size(), rb = y.size();
  if (name == "mm" || name == "addmm") {
    if (ra != 2 || rb != 2) return std::nullopt;
    return Types{make(dtype, device, Dims{x[0], y[1]}, true)};
  }
  if (name == "bmm") {
    if (ra != 3 || rb != 3) return std::nullopt;
    return Types{make(dtype, device, Dims{x[0], x[1], y[2]}, true)};
  }
  if (name == "linear") {
    if (ra == 0 || rb == 0 || rb > 2) return std::nullopt;
    Dims out = x;
    if (!out.empty()) out.back() = rb == 2 ? y[0] : std::nullopt;
    if (rb == 1) out.pop_back();
    return Types{make(dtype, device, out)};
  }
  // matmul
  if (ra == 1 && rb == 1) return Types{make(dtype, device, Dims{})};
  if (ra == 2 && rb == 1) return Types{make(dtype, device, Dims{x[0]})};
  if (ra == 1 && rb == 2) return Types{make(dtype, device, Dims{y[1]})};
  if (ra == 2 && rb == 2) return Types{make(dtype, device, Dims{x[0], y[1]})};
  if (ra == 0 || rb == 0) return std::nullopt;
  size_t rank = std::max(ra, rb);
  if (ra == 1 || rb == 1) rank = std::max(ra, rb) - 1;
  return Types{make(dtype, device, Dims(rank))};
}

// Convolutions and pools keep their input's rank; the channel count of a convolution is its
// weight's first size.
std::optional<Types> sameRank(const Node* n, bool convolution) {
  auto self = tensorTypeOf(n->inputs()[0]);
  if (!self) return std::nullopt;
  std::optional<Dims> out;
  if (self->dim()) {
    out = Dims(*self->dim());
    if (!out->empty()) (*out)[0] = (*self->sizes())[0];
    if (convolution && out->size() >= 2) {
      auto w = tensorTypeOf(inputNamed(n, "weight"));
      if (w && w->dim() && !w->sizes()->empty() && (n->kind() != Symbol::aten("conv_transpose2d")))
        (*out)[1] = (*w->sizes())[0];
    }
  }
  return Types{make(self->scalarType(), self->device(), out)};
}

// ---- factories ----

std::optional<Types> factory(const Node* n, const std::string& name) {
  std::optional<Dims> sizes;
  if (const Value* size = inputNamed(n, "size")) sizes = listElements(size);
  std::optional<ScalarType> dtype;
  const Value* dtypeArg = inputNamed(n, "dtype");
  if (dtypeArg && !isNoneValue(dtypeArg)) {
    dtype = knownDtype(dtypeArg);
  } else if (name == "full") {
    const Value* fill = inputNamed(n, "fill_value");
    TypeKind k = fill ? fill->type()->kind() : TypeKind::AnyType;
    dtype = k == TypeKind::IntType     ? std::optional(ScalarType::Long)
            : k == TypeKind::BoolType  ? std::optional(ScalarType::Bool)
            : k == TypeKind::FloatType ? std::optional(defaultDtype())
                                       : std::nullopt;
  } else {
    dtype = defaultDtype();
  }
  std::optional<Device> device;
  const Value* deviceArg = inputNamed(n, "device");
  if (!deviceArg || isNoneValue(deviceArg)) {
    device = Device(DeviceType::CPU);
  } else if (auto d = knownValue(deviceArg); d && d->isDevice()) {
    device = d->toDevice();
  }
  return Types{make(dtype, device, sizes, true)};
}

std::optional<Types> likeFactory(const Node* n) {
  auto self = tensorTypeOf(inputNamed(n, "self"));
  if (!self) return std::nullopt;
  std::optional<ScalarType> dtype = self->scalarType();
  const Value* dtypeArg = inputNamed(n, "dtype");
  if (dtypeArg && !isNoneValue(dtypeArg)) dtype = knownDtype(dtypeArg);
  const Value* deviceArg = inputNamed(n, "device");
  auto device = self->device();
  if (deviceArg && !isNoneValue(deviceArg)) device = std::nullopt;
  return Types{TensorType::create(dtype, device, self->sizes(),
                                  self->sizes() ? std::optional(Dims(self->dim().value())) : std::nullopt,
                                  std::nullopt)};
}

// aten::to and type_as: the dtype (and device) change, the shape stays.
std::optional<Types> conversion(const Node* n, const std::string& name) {
  auto self = tensorTypeOf(inputNamed(n, "self"));
  if (!self) return std::nullopt;
  if (name == "type_as") {
    auto other = tensorTypeOf(inputNamed(n, "other"));
    return Types{sameShape(*self, other ? other->scalarType() : std::nullopt)};
  }
  if (const Value* other = inputNamed(n, "other")) {
    auto o = tensorTypeOf(other);
    if (!o) return std::nullopt;
    auto t = sameShape(*self, o->scalarType());
    return Types{t->withDevice(o->device())};
  }
  std::optional<ScalarType> dtype = self->scalarType();
  if (const Value* d = inputNamed(n, "dtype"); d && !isNoneValue(d)) dtype = knownDtype(d);
  auto t = sameShape(*self, dtype);
  if (const Value* dev = inputNamed(n, "device"); dev && !isNoneValue(dev)) {
    auto d = knownValue(dev);
    t = t->withDevice(d && d->isDevice() ? std::optional(d->toDevice()) : std::nullopt);
  }
  return Types{t};
}

using Rule = std::function<std::optional<Types>(const Node*, const std::string&)>;

std::optional<Types> unaryRule(const Node* n, bool toFloat) {
  auto self = tensorTypeOf(n->inputs()[0]);
  if (!self) return std::nullopt;
  std::optional<ScalarType> dtype = self->scalarType();
  if (toFloat && dtype) dtype = floatResult(*dtype);
  if (const Value* d = inputNamed(n, "dtype"); d && !isNoneValue(d)) dtype = knownDtype(d);
  return Types{sameShape(*self, dtype)};
}

void addAll(std::unordered_map<std::string, Rule>& t, std::initializer_list<const char*> names, const Rule& r) {
  for (const char* name : names) t[name] = r;
}

const std::unordered_map<std::string, Rule>& rules() {
  static const auto table = [] {
    std::unordered_map<std::string, Rule> t;
    addAll(t, {"relu",       "neg",           "abs",    "clone",     "dropout",     "feature_dropout", "alpha_dropout",
               "hardtanh",   "leaky_relu",    "clamp",  "clamp_min", "clamp_max",   "floor",           "ceil",
               "round",      "trunc",         "sign",   "detach",    "bitwise_not", "batch_norm",      "layer_norm",
               "group_norm", "instance_norm", "square", "frac",      "relu6"},
           [](const Node* n, const std::string&) { return unaryRule(n, false); });
    addAll(t, {"sigmoid", "tanh",      "exp",         "log",      "log2",       "log10",   "log1p",       "expm1",
               "sqrt",    "rsqrt",     "sin",         "cos",      "tan",        "asin",    "acos",        "atan",
               "sinh",    "cosh",      "erf",         "erfc",     "reciprocal", "gelu",    "silu",        "elu",
               "selu",    "hardswish", "hardsigmoid", "softplus", "mish",       "softmax", "log_softmax", "logit"},
           [](const Node* n, const std::string&) { return unaryRule(n, true); });
    addAll(
        t, {"add",     "sub",     "mul",          "rsub",        "pow",         "remainder",   "fmod",
            "maximum", "minimum", "floor_divide", "bitwise_and", "bitwise_or",  "bitwise_xor", "__and__",
            "__or__",  "__xor__", "where",        "lerp",        "masked_fill", "hypot",       "atan2"},
        [](const Node* n, const std::string& name) { return pointwise(n, false, name == "atan2" || name == "hypot"); });
    t["div"] = [](const Node* n, const std::string&) {
      const Value* mode = inputNamed(n, "rounding_mode");
      return pointwise(n, false, !mode || isNoneValue(mode));
    };
    t["true_divide"] = [](const Node* n, const std::string&) { return pointwise(n, false, true); };
    addAll(t, {"eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or", "logical_xor", "isnan", "logical_not"},
           [](const Node* n, const std::string&) { return pointwise(n, true, false); });
    addAll(t, {"sum", "nansum", "prod"},
           [](const Node* n, const std::string&) { return reduction(n, sumDtype, false); });
    addAll(t, {"mean", "std", "var", "logsumexp", "norm"},
           [](const Node* n, const std::string&) { return reduction(n, floatDtype, false); });
    addAll(t, {"amax", "amin"}, [](const Node* n, const std::string&) { return reduction(n, sameDtype, false); });
    addAll(t, {"argmax", "argmin"}, [](const Node* n, const std::string&) { return reduction(n, longDtype, false); });
    addAll(t, {"any", "all"}, [](const Node* n, const std::string&) { return reduction(n, boolDtype, false); });
    addAll(t, {"max", "min"}, [](const Node* n, const std::string&) -> std::optional<Types> {
      if (n->outputs().size() == 2) return reduction(n, sameDtype, true);
      if (inputNamed(n, "other")) return pointwise(n, false, false);
      return reduction(n, sameDtype, false);
    });
    addAll(t, {"view", "reshape"}, [](const Node* n, const std::string&) { return viewLike(n); });
    addAll(t, {"expand", "broadcast_to"}, [](const Node* n, const std::string&) { return expand(n); });
    addAll(t, {"unsqueeze", "select", "slice", "narrow", "transpose", "t", "permute", "squeeze", "flatten"},
           [](const Node* n, const std::string& name) { return shapeOp(n, name); });
    addAll(t, {"contiguous"}, [](const Node* n, const std::string&) -> std::optional<Types> {
      auto self = tensorTypeOf(inputNamed(n, "self"));
      if (!self) return std::nullopt;
      return Types{make(self->scalarType(), self->device(), self->sizes(), true)};
    });
    t["cat"] = [](const Node* n, const std::string&) { return catOrStack(n, false); };
    t["stack"] = [](const Node* n, const std::string&) { return catOrStack(n, true); };
    addAll(t, {"mm", "bmm", "matmul", "linear", "addmm"},
           [](const Node* n, const std::string& name) { return matmulLike(n, name); });
    addAll(t, {"conv1d", "conv2d", "conv3d", "_convolution", "convolution"},
           [](const Node* n, const std::string&) { return sameRank(n, true); });
    addAll(t,
           {"max_pool1d", "max_pool2d", "max_pool3d", "avg_pool1d", "avg_pool2d", "avg_pool3d", "adaptive_avg_pool1d",
            "adaptive_avg_pool2d", "adaptive_avg_pool3d", "adaptive_max_pool2d", "upsample_nearest2d",
            "upsample_bilinear2d", "conv_transpose2d"},
           [](const Node* n, const std::string&) -> std::optional<Types> {
             if (n->outputs().size() != 1) return std::nullopt;
             return sameRank(n, false);
           });
    addAll(t, {"zeros", "ones", "empty", "rand", "randn", "full"},
           [](const Node* n, const std::string& name) { return factory(n, name); });
    addAll(t, {"zeros_like", "ones_like", "empty_like", "rand_like", "randn_like", "full_like"},
           [](const Node* n, const std::string&) { return likeFactory(n); });
    t["nonzero"] = [](const Node* n, const std::string&) -> std::optional<Types> {
      auto self = tensorTypeOf(inputNamed(n, "self"));
      if (!self) return std::nullopt;
      std::optional<int64_t> rank;
      if (self->dim()) rank = int64_t(*self->dim());
      return Types{make(ScalarType::Long, self->device(), Dims{std::nullopt, rank})};
    };
    addAll(t, {"masked_select", "_unique2", "unique_consecutive"},
           [](const Node* n, const std::string&) -> std::optional<Types> {
             auto self = tensorTypeOf(inputNamed(n, "self"));
             if (!self) return std::nullopt;
             Types out{make(self->scalarType(), self->device(), Dims{std::nullopt})};
             for (size_t i = 1; i < n->outputs().size(); ++i)
               out.push_back(make(ScalarType::Long, self->device(), std::nullopt));
             return out;
           });
    t["index"] = [](const Node* n, const std::string&) -> std::optional<Types> {
      auto self = tensorTypeOf(inputNamed(n, "self"));
      if (!self) return std::nullopt;
      return Types{make(self->scalarType(), self->device(), std::nullopt)};
    };
    addAll(t, {"to", "type_as"}, [](const Node* n, const std::string& name) { return conversion(n, name); });
    return t;
  }();
  return table;
}

// In-place and out= ops return the tensor they write: its type, exactly.
std::optional<Types> writtenInput(const Node* n) {
  const FunctionSchema* s = n->maybeSchema();
  if (!s || s->returns().size() != 1 || !s->returns()[0].aliasInfo() || !s->returns()[0].aliasInfo()->isWrite())
    return std::nullopt;
  const auto& args = s->arguments();
  for (size_t i = 0; i < args.size() && i < n->inputs().size(); ++i) {
    const AliasInfo* a = args[i].aliasInfo();
    if (a && a->isWrite()) {
      auto t = tensorTypeOf(n->inputs()[i]);
      if (t) return Types{t->withRequiresGrad(std::nullopt)};
    }
  }
  return std::nullopt;
}

}  // namespace

TensorTypePtr tensorTypeOf(const Value* v) {
  if (!v) return nullptr;
  return std::dynamic_pointer_cast<TensorType>(v->type());
}

namespace {

bool isScalarKind(TypeKind k) { return k == TypeKind::IntType || k == TypeKind::FloatType || k == TypeKind::BoolType; }

// Scalar arithmetic and comparisons over known values (x.size(1) * x.size(2), dim() == 2):
// the operator runs on them. The depth bounds the work per query.
std::optional<IValue> evaluate(const Node* n, int depth);

std::optional<IValue> knownValueAt(const Value* v, int depth) {
  if (auto c = toIValue(v)) return c;
  if (depth <= 0) return std::nullopt;
  const Node* n = v->node();
  if (n->kind() == prim::ListConstruct) {
    auto list = std::dynamic_pointer_cast<ListType>(v->type());
    if (!list || !isScalarKind(list->getElementType()->kind())) return std::nullopt;
    std::vector<IValue> elems;
    for (const Value* e : n->inputs()) {
      auto iv = knownValueAt(e, depth - 1);
      if (!iv) return std::nullopt;
      elems.push_back(*iv);
    }
    if (list->getElementType()->kind() == TypeKind::IntType) {
      std::vector<int64_t> ints;
      for (const IValue& e : elems) ints.push_back(e.toInt());
      return makeIntList(ints);
    }
    return makeList(list->getElementType(), std::move(elems));
  }
  if (n->kind() == aten::size && !n->inputs().empty()) {
    auto t = tensorTypeOf(n->inputs()[0]);
    if (!t) return std::nullopt;
    if (n->inputs().size() == 1) {
      auto sizes = t->concreteSizes();
      if (sizes) return makeIntList(*sizes);
      return std::nullopt;
    }
    auto dim = knownValueAt(n->inputs()[1], depth - 1);
    auto d = wrapDim(dim && dim->isInt() ? std::optional(dim->toInt()) : std::nullopt, t->dim());
    if (!d || *d >= int64_t(t->sizes()->size()) || !(*t->sizes())[*d]) return std::nullopt;
    return IValue(*(*t->sizes())[*d]);
  }
  if (n->kind() == aten::dim && n->inputs().size() == 1) {
    auto t = tensorTypeOf(n->inputs()[0]);
    if (t && t->dim()) return IValue(static_cast<int64_t>(*t->dim()));
    return std::nullopt;
  }
  if (n->outputs().size() == 1 && isScalarKind(v->type()->kind())) return evaluate(n, depth);
  return std::nullopt;
}

std::optional<IValue> evaluate(const Node* n, int depth) {
  if (!n->kind().is_aten() || !n->blocks().empty() || n->hasSideEffects() || n->isNondeterministic())
    return std::nullopt;
  Stack stack;
  for (const Value* in : n->inputs()) {
    if (!isScalarKind(in->type()->kind())) return std::nullopt;
    auto iv = knownValueAt(in, depth - 1);
    if (!iv) return std::nullopt;
    stack.push_back(*iv);
  }
  const Operator* op = n->maybeOperator();
  if (!op) return std::nullopt;
  try {
    op->getOperation(n)(stack);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (stack.size() != 1 || !stack[0].isScalar()) return std::nullopt;
  return stack[0];
}

}  // namespace

std::optional<IValue> knownValue(const Value* v) { return knownValueAt(v, 8); }

// An op without a rule whose tensor inputs are all on one known device puts its tensor outputs
// there (PyTorch's device propagation does the same), unless it moves data between devices: a
// `device` argument, or an op whose purpose is moving (to, cpu, cuda, ...).
static std::optional<Types> sameDevice(const Node* n, const std::string& name) {
  static const std::unordered_set<std::string> kMoving = {
      "to", "_to_copy", "cpu", "cuda", "to_dense", "copy", "type_as", "new_empty", "new_zeros", "new_ones", "new_full"};
  if (kMoving.count(name)) return std::nullopt;
  const FunctionSchema* s = n->maybeSchema();
  if (!s) return std::nullopt;
  for (const auto& a : s->arguments())
    if (a.name() == "device") return std::nullopt;
  std::vector<TensorTypePtr> tensors;
  for (const Value* in : n->inputs()) {
    if (auto t = tensorTypeOf(in)) {
      tensors.push_back(t);
      continue;
    }
    auto list = std::dynamic_pointer_cast<ListType>(in->type());
    if (list && list->getElementType()->kind() == TypeKind::TensorType) return std::nullopt;
  }
  if (tensors.empty()) return std::nullopt;
  auto device = commonDevice(tensors);
  if (!device) return std::nullopt;
  Types out;
  for (const Value* o : n->outputs())
    out.push_back(o->type()->kind() == TypeKind::TensorType ? make(std::nullopt, device, std::nullopt) : nullptr);
  return out;
}

std::optional<std::vector<TensorTypePtr>> applyShapeRule(const Node* n) {
  if (!n->kind().is_aten()) return std::nullopt;
  if (auto w = writtenInput(n)) return w;
  std::string name(n->kind().toUnqualString());
  if (name.size() > 1 && name.back() == '_' && name[name.size() - 2] != '_') name.pop_back();
  auto it = rules().find(name);
  std::optional<Types> out;
  try {
    out = it == rules().end() ? sameDevice(n, name) : it->second(n, name);
  } catch (const std::exception&) {
    return std::nullopt;  // an argument of an unexpected form: no rule
  }
  if (!out || out->size() > n->outputs().size()) return std::nullopt;
  out->resize(n->outputs().size());
  return out;
}

}  // namespace ember::jit
