// Subscripts: indexing and slicing of lists, strings, dicts and tuples, and tensor indexing
// lowered to aten::select / aten::slice / aten::unsqueeze / aten::index.
#include <limits>

#include "ember/core/symbols.h"
#include "frontend/builtin_call.h"
#include "frontend/error_report.h"
#include "frontend/ir_emitter.h"

namespace ember::jit {

namespace {

int64_t adjustTupleIndex(const SourceRange& loc, size_t len, int64_t index, bool allowOutOfBounds) {
  int64_t n = static_cast<int64_t>(len);
  int64_t adj = index < 0 ? index + n : index;
  if (!allowOutOfBounds && (adj >= n || adj < 0))
    throwErrorAt(loc, "Tuple index out of range. Tuple is length ", len, " and index is ", index);
  return adj;
}

// Python's slice.indices(): clamps start/end to the sequence and returns the element count.
int64_t sliceIndicesAdjust(int64_t length, int64_t* start, int64_t* stop, int64_t step) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  if (*start == kMax) *start = step < 0 ? kMax : 0;
  if (*stop == kMax) *stop = step < 0 ? std::numeric_limits<int64_t>::min() : kMax;
  if (*start < 0) {
    *start += length;
    if (*start < 0) *start = step < 0 ? -1 : 0;
  } else if (*start >= length) {
    *start = step < 0 ? length - 1 : length;
  }
  if (*stop < 0) {
    *stop += length;
    if (*stop < 0) *stop = step < 0 ? -1 : 0;
  } else if (*stop >= length) {
    *stop = step < 0 ? length - 1 : length;
  }
  if (step < 0) {
    if (*stop < *start) return (*start - *stop - 1) / (-step) + 1;
  } else if (*start < *stop) {
    return (*stop - *start - 1) / step + 1;
  }
  return 0;
}

}  // namespace

SugaredValuePtr Emitter::emitSubscript(const Subscript& subscript, const TypePtr& typeHint) {
  SugaredValuePtr sv = emitSugaredExpr(subscript.value(), 1);
  auto exprs = subscript.subscriptExprs();
  const SourceRange& range = subscript.range();
  const SourceRange& valRange = subscript.value().range();
  if (exprs.size() != 1) return makeSimple(emitMultidimSlicing(range, sv->asValue(valRange, *this), exprs));
  if (exprs[0].kind() == TK_SLICE_EXPR) {
    Value* sliceable = sv->asValue(valRange, *this);
    if (sliceable->type()->kind() == TypeKind::TupleType)
      return makeSimple(emitTupleSlice(range, sliceable, SliceExpr(exprs[0].tree())));
    return makeSimple(emitBasicSlice(range, sliceable, SliceExpr(exprs[0].tree())));
  }
  Value* sliceable = sv->asValue(valRange, *this);
  if (sliceable->type()->isSubtypeOf(*TensorType::get())) return makeSimple(emitMultidimSlicing(range, sliceable, exprs));
  Value* idx = emitExpr(exprs[0]);
  if (sliceable->type()->kind() == TypeKind::TupleType) return makeSimple(emitTupleIndex(range, sliceable, idx));
  // Kept sugared: an element of a module container is a module (`self.layers[0](x)`).
  return sv->getitem(range, *this, idx, typeHint);
}

Value* Emitter::emitSlice(const SourceRange& loc, Value* input, Value* dim, const SliceExpr& slice) {
  std::vector<NamedValue> args = {NamedValue(input)};
  if (dim) args.push_back(NamedValue(dim));
  auto bound = [&](const Maybe<Expr>& e) {
    return e.present() ? emitExpr(e.get()) : graph_->insertConstant(IValue(), loc);
  };
  args.push_back(NamedValue(bound(slice.start())));
  args.push_back(NamedValue(bound(slice.end())));
  args.push_back(NamedValue(slice.step().present() ? emitExpr(slice.step().get()) : materializeConstant(int64_t(1), loc)));
  return emitBuiltinCall(loc, *graph_, aten::slice, args, {});
}

Value* Emitter::emitBasicSlice(const SourceRange& loc, Value* sliceable, const SliceExpr& slice) {
  Value* dim = nullptr;
  if (sliceable->type()->isSubtypeOf(*TensorType::get())) dim = graph_->insertConstant(IValue(int64_t(0)), loc);
  return emitSlice(loc, sliceable, dim, slice);
}

Value* Emitter::emitSliceOp(const SourceRange& loc, Value* sliceable, Value* dim, Value* start, Value* end,
                            Value* step) {
  std::vector<NamedValue> args = {NamedValue(sliceable)};
  if (dim) args.push_back(NamedValue(dim));
  args.push_back(NamedValue(start));
  args.push_back(NamedValue(end));
  args.push_back(NamedValue(step));
  return emitBuiltinCall(loc, *graph_, aten::slice, args, {});
}

Value* Emitter::emitSelect(const SourceRange& loc, Value* input, Value* dim, Value* index) {
  return emitBuiltinCall(loc, *graph_, aten::select, {NamedValue(input), NamedValue(dim), NamedValue(index)}, {});
}

std::pair<Value*, std::vector<Value*>> Emitter::emitIntAndSliceIndexing(const SourceRange& loc, Value* sliceable,
                                                                        const List<Expr>& subscripts) {
  // Each index moves the dimension the next one applies to: a slice keeps it, None adds one, an
  // int removes one. Indices after an ellipsis count from the end, so they are handled in a
  // second pass from the right.
  std::vector<Value*> tensorIndices;
  size_t n = subscripts.size();
  std::vector<int64_t> dims(n, 0);
  std::vector<Value*> exprs(n, nullptr);
  auto handle = [&](const Expr& e, size_t i, int64_t dim, bool reverse) -> int64_t {
    dims[i] = dim;
    if (e.kind() == TK_SLICE_EXPR) return reverse ? dim - 1 : dim + 1;
    Value* index = emitExpr(e, e.kind() == TK_NONE ? NoneType::get() : nullptr);
    if (index->type()->kind() == TypeKind::ListType) {
      // Indexing with a list is indexing with the same values as a LongTensor.
      index = emitBuiltinCall(e.range(), *graph_, aten::tensor, {NamedValue(index)},
                              {NamedValue("dtype", IValue(static_cast<int64_t>(ScalarType::Long)))});
    }
    exprs[i] = index;
    const TypePtr& t = index->type();
    if (t->kind() == TypeKind::NoneType) return reverse ? dim : dim + 1;
    if (t->kind() == TypeKind::IntType) return reverse ? dim - 1 : dim;
    if (t->isSubtypeOf(*OptionalType::ofTensor())) {
      if (reverse) throwErrorAt(loc, "Ellipses followed by tensor indexing is currently not supported");
      return dim + 1;
    }
    throwErrorAt(loc, "Unsupported operation: indexing tensor with unsupported index type '", t->repr_str(),
                 "'. Only ints, slices, lists and tensors are supported");
  };
  size_t idx = 0;
  int64_t dim = 0;
  for (; idx < n; ++idx) {
    if (subscripts[idx].kind() == TK_DOTS) break;
    dim = handle(subscripts[idx], idx, dim, false);
  }
  int64_t rdim = -1;
  for (size_t r = n; r-- > idx + 1;) {
    if (subscripts[r].kind() == TK_DOTS) throwErrorAt(loc, "An index can only have a single ellipsis ('...')");
    rdim = handle(subscripts[r], r, rdim, true);
  }
  for (size_t i = 0; i < n; ++i) {
    Value* dimValue = nullptr;
    auto dimConst = [&] { return graph_->insertConstant(IValue(dims[i]), loc); };
    if (!exprs[i]) {
      if (subscripts[i].kind() == TK_SLICE_EXPR) {
        dimValue = dimConst();
        sliceable = emitSlice(loc, sliceable, dimValue, SliceExpr(subscripts[i].tree()));
      }
      continue;
    }
    Value* e = exprs[i];
    if (e->type()->kind() == TypeKind::NoneType) {
      sliceable = emitBuiltinCall(loc, *graph_, aten::unsqueeze, {NamedValue(sliceable), NamedValue(dimConst())}, {});
    } else if (e->type()->kind() == TypeKind::IntType) {
      sliceable = emitSelect(loc, sliceable, dimConst(), e);
    } else {
      if (dims[i] < 0) throwErrorAt(loc, "Ellipses followed by tensor indexing is currently not supported");
      if (tensorIndices.size() < static_cast<size_t>(dims[i]) + 1) tensorIndices.resize(dims[i] + 1, nullptr);
      tensorIndices[dims[i]] = e;
    }
  }
  for (Value*& index : tensorIndices) {
    if (!index) index = graph_->insertNode(graph_->createNone())->output()->setType(OptionalType::ofTensor());
  }
  return {sliceable, tensorIndices};
}

Value* Emitter::emitMultidimSlicing(const SourceRange& loc, Value* sliceable, const List<Expr>& subscripts) {
  if (!sliceable->type()->isSubtypeOf(*TensorType::get()))
    throwErrorAt(loc, "Unsupported operation: attempted to use multidimensional indexing on a non-tensor type");
  auto [sliced, tensorIndices] = emitIntAndSliceIndexing(loc, sliceable, subscripts);
  if (tensorIndices.empty()) return sliced;
  Value* indices = graph_->insertNode(graph_->createList(OptionalType::ofTensor(), tensorIndices))->output();
  return emitBuiltinCall(loc, *graph_, aten::index, {NamedValue(sliced), NamedValue(indices)}, {});
}

Value* Emitter::emitTupleIndex(const SourceRange& loc, Value* tuple, Value* idx) {
  auto tupleType = tuple->type()->cast<TupleType>();
  const auto& elems = tupleType->elements();
  if (idx->type()->kind() != TypeKind::IntType) throwErrorAt(loc, "tuple index must be an integer");
  TypePtr outType;
  auto c = toIValue(idx);
  if (!c) {
    bool homogeneous = !elems.empty();
    for (const auto& e : elems) homogeneous = homogeneous && *e == *elems[0];
    if (!homogeneous)
      throwErrorAt(loc, "Cannot index into a ", tupleType->repr_str(),
                   " with a non-integer literal because we cannot resolve the output type");
    outType = elems[0];
  } else {
    outType = elems[static_cast<size_t>(adjustTupleIndex(loc, elems.size(), c->toInt(), false))];
  }
  Node* n = graph_->insertNode(graph_->createTupleIndex(tuple, idx, outType));
  n->setSourceRange(loc);
  return n->output();
}

Value* Emitter::emitTupleSlice(const SourceRange& loc, Value* tuple, const SliceExpr& slice) {
  auto tupleType = tuple->type()->cast<TupleType>();
  size_t len = tupleType->elements().size();
  auto constantInt = [&](const Maybe<Expr>& e, const char* what) -> std::optional<int64_t> {
    if (!e.present()) return std::nullopt;
    auto c = toIValue(emitExpr(e.get()));
    if (!c || !c->isInt()) throwErrorAt(e.get().range(), "tuple slice ", what, " must be an integer literal");
    return c->toInt();
  };
  int64_t step = constantInt(slice.step(), "step").value_or(1);
  if (step == 0) throwErrorAt(loc, "slice step cannot be zero");
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  int64_t begin = kMax, end = kMax;
  if (auto b = constantInt(slice.start(), "start")) begin = adjustTupleIndex(loc, len, *b, true);
  if (auto e = constantInt(slice.end(), "end")) end = adjustTupleIndex(loc, len, *e, true);
  int64_t count = sliceIndicesAdjust(static_cast<int64_t>(len), &begin, &end, step);
  std::vector<Value*> values;
  for (int64_t j = 0, i = begin; j < count; ++j, i += step) {
    Value* iv = graph_->insertConstant(IValue(i));
    values.push_back(graph_->insertNode(graph_->createTupleIndex(tuple, iv, tupleType->elements()[i]))->output());
  }
  return graph_->insertNode(graph_->createTuple(values))->output();
}

}  // namespace ember::jit
