// Tuples: construction (plain and named), unpacking, indexing and constant slicing.
#include <algorithm>
#include <vector>

#include "ember/core/symbols.h"
#include "ember/runtime/register_operators.h"
#include "runtime/ops/op_helpers.h"

namespace ember::jit {
namespace {

// Python's tuple indexing: negative counts from the end.
const IValue& tupleAt(const TupleImpl& t, int64_t i) {
  int64_t n = static_cast<int64_t>(t.size());
  int64_t j = i < 0 ? i + n : i;
  EMBER_CHECK_KIND(Index, j >= 0 && j < n, "tuple index out of range");
  return t.elements[static_cast<size_t>(j)];
}

NodeOperation createTupleConstruct(const Node* node) {
  size_t n = ops::nodeInputCount(node, "prim::TupleConstruct");
  TupleTypePtr type = node->output()->type()->cast<TupleType>();
  if (type && type->isNamed()) {
    return [n, type](Stack& stack) {
      std::vector<IValue> elems(std::make_move_iterator(stack.end() - static_cast<ptrdiff_t>(n)),
                                std::make_move_iterator(stack.end()));
      drop(stack, n);
      push(stack, TupleImpl::createNamed(std::move(elems), type));
    };
  }
  return [n](Stack& stack) {
    std::vector<IValue> elems(std::make_move_iterator(stack.end() - static_cast<ptrdiff_t>(n)),
                              std::make_move_iterator(stack.end()));
    drop(stack, n);
    push(stack, TupleImpl::create(std::move(elems)));
  };
}

void tupleUnpack(Stack& stack) {
  IValue t = pop(stack);
  if (t.toTupleRef().refcount() == 1) {  // sole owner: move the elements out
    for (IValue& e : t.toTupleRef().elements) stack.push_back(std::move(e));
  } else {
    for (const IValue& e : t.toTupleRef().elements) stack.push_back(e);
  }
}

void tupleIndex(Stack& stack) {
  int64_t i = pop(stack).toInt();
  IValue t = pop(stack);
  push(stack, tupleAt(t.toTupleRef(), i));
}

// Legacy prim::TupleSlice[beg=, end=] (older archives): elements [beg, end).
NodeOperation createTupleSlice(const Node* node) {
  EMBER_CHECK(node != nullptr, "prim::TupleSlice needs its graph node to run");
  int64_t beg = node->i(Symbol::attr("beg"));
  int64_t end = node->i(Symbol::attr("end"));
  return [beg, end](Stack& stack) {
    IValue t = pop(stack);
    const auto& elems = t.toTupleRef().elements;
    int64_t n = static_cast<int64_t>(elems.size());
    std::vector<IValue> out;
    for (int64_t i = std::max<int64_t>(beg, 0); i < std::min(end, n); ++i) out.push_back(elems[static_cast<size_t>(i)]);
    push(stack, TupleImpl::create(std::move(out)));
  };
}

RegisterOperators reg({
    Operator("prim::TupleConstruct(...) -> ...", createTupleConstruct),
    Operator("prim::TupleUnpack(Any tup) -> ...", tupleUnpack, AliasAnalysisKind::INTERNAL_SPECIAL_CASE),
    Operator("prim::TupleIndex(Any tup, int i) -> Any", tupleIndex, AliasAnalysisKind::INTERNAL_SPECIAL_CASE),
    Operator("prim::TupleSlice(...) -> ...", createTupleSlice),
});

}  // namespace
}  // namespace ember::jit
