// The reductions a fusion group may end in (see tensorexpr_fuser_reductions.h).
#include "passes/tensorexpr_fuser_reductions.h"

#include <string>

#include "ember/core/function_schema.h"
#include "ember/core/symbols.h"
#include "ember/ir/ir.h"

namespace ember::jit {
namespace {

std::optional<IValue> constantInput(const Node* n, size_t i) {
  if (i >= n->inputs().size() || n->input(i)->node()->kind() != prim::Constant) return std::nullopt;
  return toIValue(n->input(i));
}

// dtype=: None or a constant dtype.
bool readDtype(const Node* n, size_t i, FusedReduction& r) {
  std::optional<IValue> v = constantInput(n, i);
  if (!v) return false;
  if (v->isInt()) r.dtype = static_cast<ScalarType>(v->toInt());
  return v->isNone() || v->isInt();
}

// dim (an int list, or None = all), keepdim.
bool readDims(const Node* n, size_t i, FusedReduction& r) {
  std::optional<IValue> dims = constantInput(n, i), keep = constantInput(n, i + 1);
  if (!dims || !keep || !keep->isBool()) return false;
  if (dims->isIntList())
    r.dims = dims->toIntVector();
  else if (!dims->isNone())
    return false;
  r.keepdim = keep->toBool();
  return true;
}

}  // namespace

std::optional<FusedReduction> fusedReductionOf(const Node* n) {
  const FunctionSchema* s = n->maybeSchema();
  if (!s || n->outputs().size() != 1 || n->inputs().empty()) return std::nullopt;
  if (n->input(0)->type()->kind() != TypeKind::TensorType) return std::nullopt;
  const std::string name = n->kind().toQualString(), overload = s->overloadName();
  const size_t arity = n->inputs().size();
  using K = FusedReductionKind;
  FusedReduction r;
  if (name == "aten::sum" || name == "aten::mean") {
    r.kind = name == "aten::sum" ? K::Sum : K::Mean;
    if (overload.empty() && arity == 2 && readDtype(n, 1, r)) return r;
    if ((overload == "dim_IntList" || overload == "dim") && arity == 4 && readDims(n, 1, r) && readDtype(n, 3, r)) return r;
    return std::nullopt;
  }
  if ((name == "aten::amax" || name == "aten::amin") && overload.empty() && arity == 3) {
    r.kind = name == "aten::amax" ? K::Amax : K::Amin;
    if (readDims(n, 1, r)) return r;
    return std::nullopt;
  }
  if ((name == "aten::softmax" || name == "aten::log_softmax") && overload == "int" && arity == 3) {
    r.kind = name == "aten::softmax" ? K::Softmax : K::LogSoftmax;
    std::optional<IValue> dim = constantInput(n, 1);
    if (!dim || !dim->isInt() || !readDtype(n, 2, r)) return std::nullopt;
    r.dims = {dim->toInt()};
    return r;
  }
  if (name == "aten::layer_norm" && overload.empty() && arity == 6) {
    // layer_norm(input, normalized_shape, weight?, bias?, eps, cudnn_enable)
    r.kind = K::LayerNorm;
    std::optional<IValue> shape = constantInput(n, 1), eps = constantInput(n, 4);
    if (!shape || !shape->isIntList() || !eps || !eps->isDouble()) return std::nullopt;
    r.normalizedShape = shape->toIntVector();
    if (r.normalizedShape.empty()) return std::nullopt;
    for (size_t k = 0; k < r.normalizedShape.size(); ++k)
      r.dims.push_back(static_cast<int64_t>(k) - static_cast<int64_t>(r.normalizedShape.size()));
    r.eps = eps->toDouble();
    for (size_t i = 2; i < 4; ++i) {
      const Value* v = n->input(i);
      const bool none = v->node()->kind() == prim::Constant && toIValue(v)->isNone();
      if (!none && v->type()->kind() != TypeKind::TensorType) return std::nullopt;
      (i == 2 ? r.hasWeight : r.hasBias) = !none;
    }
    return r;
  }
  return std::nullopt;
}

std::optional<ScalarType> FusedReduction::resultDtype(ScalarType input) const {
  if (input != ScalarType::Float && input != ScalarType::Double) return std::nullopt;
  ScalarType t = dtype ? *dtype : input;
  if (t != ScalarType::Float && t != ScalarType::Double) return std::nullopt;
  return t;
}

std::optional<uint64_t> reducedDimMask(const FusedReduction& r, size_t rank) {
  if (rank == 0 || rank > 63) return std::nullopt;  // 0-dim inputs run unfused
  if (r.dims.empty()) return (uint64_t{1} << rank) - 1;
  uint64_t mask = 0;
  const auto n = static_cast<int64_t>(rank);
  for (int64_t d : r.dims) {
    if (d < -n || d >= n) return std::nullopt;
    const int64_t w = d < 0 ? d + n : d;
    if (mask >> w & 1) return std::nullopt;
    mask |= uint64_t{1} << w;
  }
  return mask;
}

std::optional<size_t> FusedReduction::resultRank(size_t rank) const {
  std::optional<uint64_t> mask = reducedDimMask(*this, rank);
  if (!mask) return std::nullopt;
  if (isRowOp() || keepdim) return rank;
  return rank - static_cast<size_t>(__builtin_popcountll(*mask));
}

const char* fusedReductionName(FusedReductionKind kind) {
  switch (kind) {
    case FusedReductionKind::Sum:
      return "sum";
    case FusedReductionKind::Mean:
      return "mean";
    case FusedReductionKind::Amax:
      return "amax";
    case FusedReductionKind::Amin:
      return "amin";
    case FusedReductionKind::Softmax:
      return "softmax";
    case FusedReductionKind::LogSoftmax:
      return "log_softmax";
    case FusedReductionKind::LayerNorm:
      return "layer_norm";
  }
  return "?";
}

}  // namespace ember::jit
