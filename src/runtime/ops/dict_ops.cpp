// Python dict methods over TorchScript dicts. Dicts keep insertion order (DictImpl), and every
// method exists once per key type (str, int, bool, float, complex, Tensor) because the schema
// names the key type; the implementations are shared.
#include <sstream>
#include <string>
#include <vector>

#include "ember/runtime/register_operators.h"
#include "runtime/ops/op_helpers.h"

namespace ember::jit {
namespace {

DictImpl& dictOf(const IValue& v) { return v.toDictRef(); }

// PyTorch's KeyError text shows the key as TorchScript prints it.
[[noreturn]] void throwKeyError(const IValue& key) {
  std::ostringstream os;
  os << "KeyError: " << key;
  ::ember::detail::throwError(os.str(), ErrorKind::Key);
}

const IValue& lookup(const DictImpl& d, const IValue& key) {
  const IValue* v = d.find(key);
  if (!v) throwKeyError(key);
  return *v;
}

void dictLen(Stack& stack) { stack.back() = IValue(static_cast<int64_t>(dictOf(stack.back()).size())); }

void dictKeys(Stack& stack) {
  const DictImpl& d = dictOf(stack.back());
  std::vector<IValue> keys;
  keys.reserve(d.size());
  d.forEach([&](const IValue& k, const IValue&) { keys.push_back(k); });
  stack.back() = IValue(ListImpl::create(d.keyType, std::move(keys)));
}

void dictValues(Stack& stack) {
  const DictImpl& d = dictOf(stack.back());
  std::vector<IValue> values;
  values.reserve(d.size());
  d.forEach([&](const IValue&, const IValue& v) { values.push_back(v); });
  stack.back() = IValue(ListImpl::create(d.valueType, std::move(values)));
}

void dictItems(Stack& stack) {
  const DictImpl& d = dictOf(stack.back());
  std::vector<IValue> items;
  items.reserve(d.size());
  d.forEach([&](const IValue& k, const IValue& v) { items.push_back(makeTuple({k, v})); });
  stack.back() = IValue(ListImpl::create(TupleType::create({d.keyType, d.valueType}), std::move(items)));
}

void dictGetItem(Stack& stack) {
  IValue key = pop(stack);
  stack.back() = IValue(lookup(dictOf(stack.back()), key));
}

void dictGet(Stack& stack) {
  IValue key = pop(stack);
  const IValue* v = dictOf(stack.back()).find(key);
  stack.back() = v ? IValue(*v) : IValue();
}

void dictGetDefault(Stack& stack) {
  IValue dflt = pop(stack);
  IValue key = pop(stack);
  const IValue* v = dictOf(stack.back()).find(key);
  stack.back() = v ? IValue(*v) : std::move(dflt);
}

void dictSetDefault(Stack& stack) {
  IValue dflt = pop(stack);
  IValue key = pop(stack);
  DictImpl& d = dictOf(stack.back());
  if (const IValue* v = d.find(key)) {
    stack.back() = IValue(*v);
    return;
  }
  d.insert(key, dflt);
  stack.back() = std::move(dflt);
}

void dictSetItem(Stack& stack) {
  IValue value = pop(stack);
  IValue key = pop(stack);
  dictOf(pop(stack)).insertOrAssign(std::move(key), std::move(value));
}

void dictDelete(Stack& stack) {
  IValue key = pop(stack);
  IValue self = pop(stack);
  if (!dictOf(self).erase(key)) throwKeyError(key);
}

void dictPop(Stack& stack) {
  IValue key = pop(stack);
  DictImpl& d = dictOf(stack.back());
  IValue v = lookup(d, key);
  d.erase(key);
  stack.back() = std::move(v);
}

void dictPopDefault(Stack& stack) {
  IValue dflt = pop(stack);
  IValue key = pop(stack);
  DictImpl& d = dictOf(stack.back());
  const IValue* found = d.find(key);
  if (!found) {
    stack.back() = std::move(dflt);
    return;
  }
  IValue v = *found;
  d.erase(key);
  stack.back() = std::move(v);
}

// TorchScript's popitem() removes the oldest entry (Python's removes the newest).
void dictPopItem(Stack& stack) {
  DictImpl& d = dictOf(stack.back());
  EMBER_CHECK_KIND(Key, !d.empty(), "popitem(): dictionary is empty");
  std::optional<std::pair<IValue, IValue>> first;
  d.forEach([&](const IValue& k, const IValue& v) {
    if (!first) first.emplace(k, v);
  });
  d.erase(first->first);
  stack.back() = makeTuple({std::move(first->first), std::move(first->second)});
}

void dictClear(Stack& stack) { dictOf(pop(stack)).clear(); }

void dictUpdate(Stack& stack) {
  IValue other = pop(stack);
  IValue self = pop(stack);
  DictImpl& d = dictOf(self);
  for (auto& [k, v] : dictOf(other).items()) d.insertOrAssign(k, v);
}

void dictCopy(Stack& stack) {
  const DictImpl& d = dictOf(stack.back());
  auto out = DictImpl::create(d.keyType, d.valueType);
  d.forEach([&](const IValue& k, const IValue& v) { out->insertOrAssign(k, v); });
  stack.back() = IValue(std::move(out));
}

void dictContains(Stack& stack) {
  IValue key = pop(stack);
  stack.back() = IValue(dictOf(stack.back()).contains(key));
}

// dict([(k, v), ...]): the key and value types come from the list's tuple element type.
void dictFromPairs(Stack& stack) {
  const ListImpl& l = stack.back().toListRef();
  auto tupleType = l.elementType->cast<TupleType>();
  EMBER_CHECK(tupleType && tupleType->elements().size() == 2, "dict() expects a list of (key, value) pairs");
  auto out = DictImpl::create(tupleType->elements()[0], tupleType->elements()[1]);
  for (const IValue& item : l.elements) {
    const TupleImpl& t = item.toTupleRef();
    out->insertOrAssign(t.elements.at(0), t.elements.at(1));
  }
  stack.back() = IValue(std::move(out));
}

using Ops = std::vector<Operator>;

void addForKey(Ops& ops, const std::string& k) {
  std::string d = "Dict(" + k + ", t)";
  ops.emplace_back("aten::len.Dict_" + k + "(" + d + " self) -> int", dictLen);
  ops.emplace_back("aten::keys." + k + "(" + d + " self) -> " + k + "[](*)", dictKeys);
  ops.emplace_back("aten::values." + k + "(" + d + " self) -> t[](*)", dictValues);
  ops.emplace_back("aten::items." + k + "(" + d + " self) -> ((" + k + ", t)[])", dictItems);
  ops.emplace_back("aten::__getitem__.Dict_" + k + "(" + d + " self, " + k + " key) -> t(*)", dictGetItem);
  ops.emplace_back("aten::get." + k + "(" + d + " self, " + k + " key) -> t(*)?", dictGet);
  ops.emplace_back("aten::get.default_" + k + "(" + d + " self, " + k + " key, t default_value) -> t(*)", dictGetDefault);
  ops.emplace_back("aten::setdefault." + k + "(" + d + "(a!) self, " + k + "(b -> *) key, t(c -> *) default_value) -> t(*)",
                   dictSetDefault);
  ops.emplace_back("aten::Delete.Dict_" + k + "(" + d + "(a!) self, " + k + " key) -> ()", dictDelete);
  ops.emplace_back("aten::pop.Dict_" + k + "(" + d + "(a!) self, " + k + " key) -> t(*)", dictPop);
  ops.emplace_back("aten::pop.Dict_default_" + k + "(" + d + "(a!) self, " + k + " key, t default_value) -> t(*)",
                   dictPopDefault);
  ops.emplace_back("aten::popitem." + k + "(" + d + "(a!) self) -> ((" + k + ", t))", dictPopItem);
  ops.emplace_back("aten::clear." + k + "(" + d + "(a!) self) -> ()", dictClear);
  ops.emplace_back("aten::update." + k + "(" + d + "(a!) self, " + d + "(a!) to_add) -> ()", dictUpdate);
  ops.emplace_back("aten::copy.Dict_" + k + "(" + d + "(a) self) -> " + d, dictCopy);
  ops.emplace_back("aten::dict.Dict_" + k + "(" + d + "(a) self) -> " + d, dictCopy);
  ops.emplace_back("aten::__contains__." + k + "(" + d + " dict, " + k + " key) -> bool", dictContains);
  ops.emplace_back("aten::_set_item." + k + "(" + d + "(a!) l, " + k + "(b -> *) idx, t(c -> *) v) -> ()", dictSetItem);
  ops.emplace_back("aten::dict." + k + "((" + k + ", tVal)[] inputs) -> Dict(" + k + ", tVal)", dictFromPairs);
}

Ops dictOps() {
  Ops ops;
  for (const char* k : {"str", "int", "bool", "float", "complex", "Tensor"}) addForKey(ops, k);
  ops.emplace_back("aten::dict() -> Dict(str, Tensor)",
                   [](Stack& s) { s.emplace_back(DictImpl::create(StringType::get(), TensorType::get())); });
  return ops;
}

RegisterOperators reg(dictOps());

}  // namespace
}  // namespace ember::jit
