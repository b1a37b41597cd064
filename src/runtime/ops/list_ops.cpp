// Python list methods and builtins over TorchScript lists (`t[]`): indexing, slicing, mutation,
// search, sorting, concatenation and repetition, comparisons, len/min/max/sum/all/any.
// Lists are shared by reference, so mutating ops change the caller's list in place.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "ember/runtime/register_operators.h"
#include "runtime/ops/op_helpers.h"
#include "runtime/ops/python_number.h"

namespace ember::jit {
namespace {

using ops::as;
using Elems = std::vector<IValue>;

Elems& elemsOf(const IValue& list) { return list.toListRef().elements; }

// A Python index into a sequence of `size` elements, or -1 when out of range.
int64_t normalizeIndex(int64_t i, size_t size) {
  int64_t n = static_cast<int64_t>(size);
  int64_t j = i < 0 ? i + n : i;
  return j >= 0 && j < n ? j : -1;
}

void listLen(Stack& stack) { stack.back() = IValue(static_cast<int64_t>(elemsOf(stack.back()).size())); }

void listGetItem(Stack& stack) {
  int64_t i = pop(stack).toInt();
  IValue& list = stack.back();
  int64_t j = normalizeIndex(i, elemsOf(list).size());
  EMBER_CHECK_KIND(Index, j >= 0, "list index out of range");
  list = IValue(elemsOf(list)[static_cast<size_t>(j)]);
}

void listSetItem(Stack& stack) {
  IValue value = pop(stack);
  int64_t i = pop(stack).toInt();
  Elems& elems = elemsOf(stack.back());
  int64_t j = normalizeIndex(i, elems.size());
  EMBER_CHECK_KIND(Index, j >= 0, "list index out of range");
  elems[static_cast<size_t>(j)] = std::move(value);
}

void listAppend(Stack& stack) {
  IValue value = pop(stack);
  elemsOf(stack.back()).push_back(std::move(value));
}

void listExtend(Stack& stack) {
  IValue other = pop(stack);
  IValue self = pop(stack);
  Elems& dst = elemsOf(self);
  Elems src = elemsOf(other);  // copy first: `l.extend(l)` doubles the list
  dst.insert(dst.end(), src.begin(), src.end());
}

void listInsert(Stack& stack) {
  IValue value = pop(stack);
  int64_t i = pop(stack).toInt();
  IValue self = pop(stack);
  Elems& elems = elemsOf(self);
  int64_t n = static_cast<int64_t>(elems.size());
  int64_t j = i < 0 ? std::max<int64_t>(i + n, 0) : std::min(i, n);
  elems.insert(elems.begin() + j, std::move(value));
}

void listPop(Stack& stack) {
  int64_t i = pop(stack).toInt();
  IValue self = pop(stack);
  Elems& elems = elemsOf(self);
  EMBER_CHECK_KIND(Index, !elems.empty(), "pop from empty list");
  int64_t j = normalizeIndex(i, elems.size());
  EMBER_CHECK_KIND(Index, j >= 0, "list index out of range");
  IValue v = std::move(elems[static_cast<size_t>(j)]);
  elems.erase(elems.begin() + j);
  push(stack, std::move(v));
}

void listClear(Stack& stack) { elemsOf(pop(stack)).clear(); }

void listDelete(Stack& stack) {
  int64_t i = pop(stack).toInt();
  IValue self = pop(stack);
  Elems& elems = elemsOf(self);
  int64_t j = normalizeIndex(i, elems.size());
  EMBER_CHECK_KIND(Index, j >= 0, "list index out of range");
  elems.erase(elems.begin() + j);
}

void listReverse(Stack& stack) {
  IValue list = pop(stack);  // keeps the list alive: the stack may have held its only reference
  Elems& elems = elemsOf(list);
  std::reverse(elems.begin(), elems.end());
}

void listCopy(Stack& stack) {
  const ListImpl& l = stack.back().toListRef();
  stack.back() = IValue(ListImpl::create(l.elementType, l.elements));
}

void listSlice(Stack& stack) {
  int64_t step = pop(stack).toInt();
  IValue end = pop(stack);
  IValue start = pop(stack);
  const ListImpl& l = stack.back().toListRef();
  int64_t s = 0, count = 0;
  py::sliceBounds(start.isNone() ? std::nullopt : std::optional<int64_t>(start.toInt()),
                  end.isNone() ? std::nullopt : std::optional<int64_t>(end.toInt()), step,
                  static_cast<int64_t>(l.size()), s, count);
  Elems out;
  out.reserve(static_cast<size_t>(count));
  for (int64_t k = 0, i = s; k < count; ++k, i += step) out.push_back(l.elements[static_cast<size_t>(i)]);
  stack.back() = IValue(ListImpl::create(l.elementType, std::move(out)));
}

void listAdd(Stack& stack) {
  IValue b = pop(stack);
  const ListImpl& a = stack.back().toListRef();
  Elems out = a.elements;
  const Elems& rhs = elemsOf(b);
  out.insert(out.end(), rhs.begin(), rhs.end());
  stack.back() = IValue(ListImpl::create(a.elementType, std::move(out)));
}

void listAddInPlace(Stack& stack) {
  IValue b = pop(stack);
  Elems rhs = elemsOf(b);
  Elems& dst = elemsOf(stack.back());
  dst.insert(dst.end(), rhs.begin(), rhs.end());
}

Elems repeat(const Elems& elems, int64_t n) {
  Elems out;
  if (n <= 0) return out;
  out.reserve(elems.size() * static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) out.insert(out.end(), elems.begin(), elems.end());
  return out;
}

void listMulLeft(Stack& stack) {
  int64_t n = pop(stack).toInt();
  const ListImpl& l = stack.back().toListRef();
  stack.back() = IValue(ListImpl::create(l.elementType, repeat(l.elements, n)));
}

void listMulRight(Stack& stack) {
  IValue list = pop(stack);
  int64_t n = stack.back().toInt();
  const ListImpl& l = list.toListRef();
  stack.back() = IValue(ListImpl::create(l.elementType, repeat(l.elements, n)));
}

void listMulInPlace(Stack& stack) {
  int64_t n = pop(stack).toInt();
  Elems& elems = elemsOf(stack.back());
  elems = repeat(elems, n);
}

// ---- element-typed operations ----

template <typename T>
bool elemEquals(const IValue& a, const T& b) {
  return as<T>(a) == b;
}

template <typename T>
void listRemove(Stack& stack) {
  T el = as<T>(pop(stack));
  IValue self = pop(stack);
  Elems& elems = elemsOf(self);
  auto it = std::find_if(elems.begin(), elems.end(), [&](const IValue& v) { return elemEquals(v, el); });
  EMBER_CHECK_KIND(Value, it != elems.end(), "list.remove(x): x not in list");
  elems.erase(it);
}

template <typename T>
void listIndex(Stack& stack) {
  IValue elV = pop(stack);
  T el = as<T>(elV);
  const Elems& elems = elemsOf(stack.back());
  auto it = std::find_if(elems.begin(), elems.end(), [&](const IValue& v) { return elemEquals(v, el); });
  EMBER_CHECK_KIND(Value, it != elems.end(), "'", elV, "' is not in list");
  stack.back() = IValue(static_cast<int64_t>(it - elems.begin()));
}

template <typename T>
void listCount(Stack& stack) {
  T el = as<T>(pop(stack));
  const Elems& elems = elemsOf(stack.back());
  int64_t n = std::count_if(elems.begin(), elems.end(), [&](const IValue& v) { return elemEquals(v, el); });
  stack.back() = IValue(n);
}

template <typename T>
void listContains(Stack& stack) {
  T el = as<T>(pop(stack));
  const Elems& elems = elemsOf(stack.back());
  bool found = std::any_of(elems.begin(), elems.end(), [&](const IValue& v) { return elemEquals(v, el); });
  stack.back() = IValue(found);
}

template <typename T>
void sortElems(Elems& elems, bool reverse) {
  // Stable like Python's sort; reverse keeps equal elements in their original order too.
  if (reverse) std::stable_sort(elems.begin(), elems.end(), [](const IValue& a, const IValue& b) { return as<T>(b) < as<T>(a); });
  else std::stable_sort(elems.begin(), elems.end(), [](const IValue& a, const IValue& b) { return as<T>(a) < as<T>(b); });
}

template <typename T>
void listSort(Stack& stack) {
  bool reverse = pop(stack).toBool();
  sortElems<T>(elemsOf(pop(stack)), reverse);
}

template <typename T>
void listSorted(Stack& stack) {
  const ListImpl& l = stack.back().toListRef();
  Elems out = l.elements;
  sortElems<T>(out, false);
  stack.back() = IValue(ListImpl::create(l.elementType, std::move(out)));
}

// Python's `<` for the element types `sort()` accepts on any list: numbers, strings, bools, and
// tuples or lists of those compared lexicographically.
bool lessThan(const IValue& a, const IValue& b) {
  if ((a.isInt() || a.isDouble() || a.isBool()) && (b.isInt() || b.isDouble() || b.isBool())) {
    if (a.isInt() && b.isInt()) return a.toInt() < b.toInt();
    return ops::toNumber(a) < ops::toNumber(b);
  }
  if (a.isString() && b.isString()) return a.toStringRef() < b.toStringRef();
  auto seqLess = [](const Elems& x, const Elems& y) {
    for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
      if (lessThan(x[i], y[i])) return true;
      if (lessThan(y[i], x[i])) return false;
    }
    return x.size() < y.size();
  };
  if (a.isTuple() && b.isTuple()) return seqLess(a.toTupleRef().elements, b.toTupleRef().elements);
  if (a.isList() && b.isList()) return seqLess(a.toListRef().elements, b.toListRef().elements);
  EMBER_ERROR("'<' not supported between instances of '", a.type()->repr_str(), "' and '", b.type()->repr_str(), "'");
}

// Tuples sort when every element type does: numbers, bools, strings, tensors, or such tuples.
bool sortableTupleElement(const Type& t) {
  switch (t.kind()) {
    case TypeKind::IntType:
    case TypeKind::FloatType:
    case TypeKind::BoolType:
    case TypeKind::StringType:
    case TypeKind::TensorType: return true;
    case TypeKind::TupleType:
      for (const TypePtr& e : t.containedTypes())
        if (!sortableTupleElement(*e)) return false;
      return true;
    default: return false;
  }
}

// PyTorch checks a list of tuples before sorting it (an empty list sorts without a check).
void checkSortableTuples(const ListImpl& l) {
  if (l.elements.empty() || !l.elements[0].isTuple()) return;
  TypePtr t = l.elements[0].type();
  EMBER_CHECK(sortableTupleElement(*t), "Contained elements in ", t->str(),
              " are not sortable. Only Int, Bool, Float, String, Tensor, a User Defined Class with __lt__ method "
              "defined or Tuples of aforementionted types can be sorted.");
}

void listSortAny(Stack& stack) {
  bool reverse = pop(stack).toBool();
  IValue list = pop(stack);  // keeps the list alive: the stack may have held its only reference
  checkSortableTuples(list.toListRef());
  Elems& elems = elemsOf(list);
  if (reverse) std::stable_sort(elems.begin(), elems.end(), [](const IValue& a, const IValue& b) { return lessThan(b, a); });
  else std::stable_sort(elems.begin(), elems.end(), lessThan);
}

void listSortedAny(Stack& stack) {
  const ListImpl& l = stack.back().toListRef();
  checkSortableTuples(l);
  Elems out = l.elements;
  std::stable_sort(out.begin(), out.end(), lessThan);
  stack.back() = IValue(ListImpl::create(l.elementType, std::move(out)));
}

template <typename T>
void listEq(Stack& stack) {
  IValue b = pop(stack);
  const Elems& x = elemsOf(stack.back());
  const Elems& y = elemsOf(b);
  bool eq = x.size() == y.size() &&
            std::equal(x.begin(), x.end(), y.begin(), [](const IValue& p, const IValue& q) { return as<T>(p) == as<T>(q); });
  stack.back() = IValue(eq);
}

template <typename T>
void listNe(Stack& stack) {
  listEq<T>(stack);
  stack.back() = IValue(!stack.back().toBool());
}

// Python compares lists lexicographically; min/max of two lists return one of them.
template <typename T>
bool listLess(const Elems& x, const Elems& y) {
  return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end(),
                                      [](const IValue& p, const IValue& q) { return as<T>(p) < as<T>(q); });
}

template <typename T, bool IsMax>
void listMinMaxPair(Stack& stack) {
  IValue b = pop(stack);
  IValue& a = stack.back();
  bool pickB = IsMax ? listLess<T>(elemsOf(a), elemsOf(b)) : listLess<T>(elemsOf(b), elemsOf(a));
  if (pickB) a = std::move(b);
}

template <typename T, bool IsMax>
void listMinMax(Stack& stack) {
  const Elems& elems = elemsOf(stack.back());
  EMBER_CHECK_KIND(Value, !elems.empty(), IsMax ? "max() arg is an empty sequence" : "min() arg is an empty sequence");
  T best = as<T>(elems[0]);
  for (size_t i = 1; i < elems.size(); ++i) {
    // Only a strictly better element replaces the current one, so nan never wins.
    T v = as<T>(elems[i]);
    if (IsMax ? best < v : v < best) best = v;
  }
  stack.back() = IValue(best);
}

template <typename T>
void listSum(Stack& stack) {
  const Elems& elems = elemsOf(stack.back());
  if constexpr (std::is_same_v<T, double>) {
    double s = 0;
    for (const IValue& v : elems) s += v.toDouble();
    stack.back() = IValue(s);
  } else {
    int64_t s = 0;
    for (const IValue& v : elems) s = py::addInt(s, static_cast<int64_t>(as<T>(v)));
    stack.back() = IValue(s);
  }
}

template <typename T>
bool truthy(const IValue& v) {
  if constexpr (std::is_same_v<T, std::string>) return !v.toStringRef().empty();
  else return as<T>(v) != T{};
}

template <typename T>
void listAll(Stack& stack) {
  const Elems& elems = elemsOf(stack.back());
  stack.back() = IValue(std::all_of(elems.begin(), elems.end(), truthy<T>));
}

template <typename T>
void listAny(Stack& stack) {
  const Elems& elems = elemsOf(stack.back());
  stack.back() = IValue(std::any_of(elems.begin(), elems.end(), truthy<T>));
}

using Ops = std::vector<Operator>;

template <typename T>
void addTyped(Ops& ops, const std::string& t, const char* listOverload) {
  std::string l = std::string(listOverload);
  ops.emplace_back("aten::remove." + t + "(" + t + "[](a!) self, " + t + " el) -> ()", listRemove<T>);
  ops.emplace_back("aten::index.list_" + t + "(" + t + "[] self, " + t + " el) -> int", listIndex<T>);
  ops.emplace_back("aten::count." + t + "(" + t + "[] self, " + t + " el) -> int", listCount<T>);
  ops.emplace_back("aten::sort." + t + "(" + t + "[](a!) self, bool reverse=False) -> ()", listSort<T>);
  ops.emplace_back("aten::sorted." + t + "(" + t + "[](a) input) -> " + t + "[]", listSorted<T>);
  ops.emplace_back("aten::eq." + l + "(" + t + "[] a, " + t + "[] b) -> bool", listEq<T>);
  ops.emplace_back("aten::ne." + l + "(" + t + "[] a, " + t + "[] b) -> bool", listNe<T>);
}

template <typename T>
void addMinMax(Ops& ops, const std::string& t) {
  ops.emplace_back("prim::max." + t + "_list(" + t + "[] l, " + t + "[] r) -> " + t + "[]", listMinMaxPair<T, true>);
  ops.emplace_back("prim::min." + t + "_list(" + t + "[] l, " + t + "[] r) -> " + t + "[]", listMinMaxPair<T, false>);
  ops.emplace_back("prim::max.self_" + t + "(" + t + "[] self) -> " + t, listMinMax<T, true>);
  ops.emplace_back("prim::min.self_" + t + "(" + t + "[] self) -> " + t, listMinMax<T, false>);
}

Ops listOps() {
  Ops ops;
  ops.emplace_back("aten::len.t(t[] a) -> int", listLen);
  ops.emplace_back("aten::len.any(Any[] a) -> int", listLen);
  ops.emplace_back("aten::__getitem__.t(t[](a) list, int idx) -> t(*)", listGetItem);
  ops.emplace_back("aten::select.t(t[](a) list, int idx) -> t(*)", listGetItem);
  ops.emplace_back("aten::_set_item.t(t[](a!) l, int idx, t(b -> *) el) -> t[](a!)", listSetItem);
  ops.emplace_back("aten::append.t(t[](a!) self, t(c -> *) el) -> t[](a!)", listAppend);
  ops.emplace_back("aten::extend.t(t[](a!) self, t[] other) -> ()", listExtend);
  ops.emplace_back("aten::insert.t(t[](a!) self, int idx, t(b -> *) el) -> ()", listInsert);
  ops.emplace_back("aten::pop.t(t[](a!) self, int idx=-1) -> t(*)", listPop);
  ops.emplace_back("aten::clear.t(t[](a!) self) -> ()", listClear);
  ops.emplace_back("aten::Delete.t(t[](a!) self, int idx) -> ()", listDelete);
  ops.emplace_back("aten::reverse.t(t[](a!) self) -> ()", listReverse);
  ops.emplace_back("aten::copy.t(t[](a) self) -> t[]", listCopy);
  ops.emplace_back("aten::list.t(t[] l) -> t[]", listCopy);
  ops.emplace_back("aten::slice.t(t[] l, int? start=None, int? end=None, int step=1) -> t[]", listSlice);
  ops.emplace_back("aten::add.t(t[] a, t[] b) -> t[]", listAdd);
  ops.emplace_back("aten::add_.t(t[](a!) self, t[] b) -> t[]", listAddInPlace);
  ops.emplace_back("aten::mul.left_t(t[] l, int n) -> t[]", listMulLeft);
  ops.emplace_back("aten::mul.right_(int n, t[] l) -> t[]", listMulRight);
  ops.emplace_back("aten::mul_.t(t[](a!) l, int n) -> t[](a!)", listMulInPlace);
  ops.emplace_back("aten::Size(int[] sizes) -> int[]", [](Stack&) {});
  ops.emplace_back("aten::sort.any(t[](a!) self, bool reverse=False) -> ()", listSortAny);
  ops.emplace_back("aten::sorted.any(t[](a) self) -> t[]", listSortedAny);
  addTyped<int64_t>(ops, "int", "int_list");
  addTyped<double>(ops, "float", "float_list");
  addTyped<bool>(ops, "bool", "bool_list");
  addTyped<std::string>(ops, "str", "str_list");
  ops.emplace_back("aten::__contains__.int_list(int[] l, int item) -> bool", listContains<int64_t>);
  ops.emplace_back("aten::__contains__.float_list(float[] l, float item) -> bool", listContains<double>);
  ops.emplace_back("aten::__contains__.str_list(str[] l, str item) -> bool", listContains<std::string>);
  addMinMax<int64_t>(ops, "int");
  addMinMax<double>(ops, "float");
  addMinMax<bool>(ops, "bool");
  ops.emplace_back("aten::sum.int(int[] self) -> int", listSum<int64_t>);
  ops.emplace_back("aten::sum.float(float[] self) -> float", listSum<double>);
  ops.emplace_back("aten::sum.bool(bool[] self) -> int", listSum<bool>);
  ops.emplace_back("aten::all.int(int[] self) -> bool", listAll<int64_t>);
  ops.emplace_back("aten::all.float(float[] self) -> bool", listAll<double>);
  ops.emplace_back("aten::all.bool(bool[] self) -> bool", listAll<bool>);
  ops.emplace_back("aten::any.int(int[] self) -> bool", listAny<int64_t>);
  ops.emplace_back("aten::any.float(float[] self) -> bool", listAny<double>);
  ops.emplace_back("aten::any.bool(bool[] self) -> bool", listAny<bool>);
  ops.emplace_back("aten::any.str(str[] self) -> bool", listAny<std::string>);
  return ops;
}

RegisterOperators reg(listOps());

}  // namespace
}  // namespace ember::jit
