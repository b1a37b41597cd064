// List and dict literals: prim::ListConstruct, prim::ListUnpack, prim::DictConstruct. The
// element types come from the node's output type, so an empty literal still has its type.
#include <vector>

#include "ember/runtime/register_operators.h"
#include "runtime/ops/op_helpers.h"

namespace ember::jit {
namespace {

NodeOperation createListConstruct(const Node* node) {
  size_t n = ops::nodeInputCount(node, "prim::ListConstruct");
  auto listType = node->output()->type()->cast<ListType>();
  EMBER_CHECK(listType != nullptr, "prim::ListConstruct must produce a list, not ", node->output()->type()->str());
  TypePtr elemType = listType->getElementType();
  return [n, elemType](Stack& stack) {
    std::vector<IValue> elems(std::make_move_iterator(stack.end() - static_cast<ptrdiff_t>(n)),
                              std::make_move_iterator(stack.end()));
    drop(stack, n);
    push(stack, ListImpl::create(elemType, std::move(elems)));
  };
}

NodeOperation createListUnpack(const Node* node) {
  size_t n = ops::nodeOutputCount(node, "prim::ListUnpack");
  return [n](Stack& stack) {
    IValue list = pop(stack);
    const auto& elems = list.toListRef().elements;
    EMBER_CHECK(elems.size() == n, "Expected ", n, " elements in a list but found ", elems.size());
    for (const IValue& e : elems) stack.push_back(e);
  };
}

NodeOperation createDictConstruct(const Node* node) {
  size_t n = ops::nodeInputCount(node, "prim::DictConstruct");
  EMBER_CHECK(n % 2 == 0, "prim::DictConstruct takes key/value pairs, got ", n, " inputs");
  auto dictType = node->output()->type()->cast<DictType>();
  EMBER_CHECK(dictType != nullptr, "prim::DictConstruct must produce a dict, not ", node->output()->type()->str());
  TypePtr keyType = dictType->getKeyType();
  TypePtr valueType = dictType->getValueType();
  return [n, keyType, valueType](Stack& stack) {
    auto dict = DictImpl::create(keyType, valueType);
    // Later duplicates overwrite earlier ones but keep the first position, as in Python.
    for (size_t i = 0; i < n; i += 2) dict->insertOrAssign(peek(stack, i, n), peek(stack, i + 1, n));
    drop(stack, n);
    push(stack, std::move(dict));
  };
}

RegisterOperators reg({
    Operator("prim::ListConstruct(...) -> ...", createListConstruct),
    Operator("prim::ListUnpack(...) -> ...", createListUnpack),
    Operator("prim::DictConstruct(...) -> ...", createDictConstruct),
});

}  // namespace
}  // namespace ember::jit
