// Constants in the IR: prim::Constant nodes made from IValues, and read back from them.
//
// Storage follows PyTorch's convention, which the printer relies on: ints and bools in an `i`
// attribute (bools as 0/1), floats in `f`, strings and devices in `s`, int lists in `is`,
// tensors in `t`, None as no attribute at all, and anything else (tuples, other lists) as an
// `ival` attribute. The output's type says how to read the attribute back.
#include "ir/ir_constants.h"

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "ember/tensor/ops/factory.h"

namespace ember::jit {

Tensor irScalarTensor(const IValue& number) {
  Tensor t = empty({}, number.isDouble() ? kDouble : kLong);
  if (number.isDouble()) *t.data_ptr<double>() = number.toDouble();
  else *t.data_ptr<int64_t>() = number.toInt();
  return t;
}

IValue irTuple(std::vector<IValue> items) { return makeTuple(std::move(items)); }

IValue irList(std::vector<IValue> items) {
  auto all = [&](auto pred) { return std::all_of(items.begin(), items.end(), pred); };
  TypePtr elem;
  if (all([](const IValue& v) { return v.isInt(); })) elem = IntType::get();
  else if (all([](const IValue& v) { return v.isDouble(); })) elem = FloatType::get();
  else if (all([](const IValue& v) { return v.isBool(); })) elem = BoolType::get();
  else if (all([](const IValue& v) { return v.isString(); })) elem = StringType::get();
  else elem = AnyType::get();
  return makeList(elem, std::move(items));
}

Value* Graph::insertConstant(const IValue& value, const std::optional<SourceRange>& range) {
  Node* n = create(prim::Constant);
  Value* out = n->output();
  if (value.isTensor()) {
    Tensor t = value.toTensor();
    EMBER_CHECK(!t.defined() || !t.requires_grad(), "cannot insert a tensor that requires grad as a constant");
    if (t.defined()) {
      n->t_(attr::value, t);
      out->inferTypeFrom(t);
    } else {
      out->setType(NoneType::get());
    }
  } else if (value.isInt()) {
    n->i_(attr::value, value.toInt());
    out->setType(IntType::get());
  } else if (value.isDouble()) {
    n->f_(attr::value, value.toDouble());
    out->setType(FloatType::get());
  } else if (value.isBool()) {
    n->i_(attr::value, value.toBool());
    out->setType(BoolType::get());
  } else if (value.isString()) {
    n->s_(attr::value, value.toStringRef());
    out->setType(StringType::get());
  } else if (value.isDevice()) {
    n->s_(attr::value, value.toDevice().str());
    out->setType(DeviceObjType::get());
  } else if (value.isNone()) {
    out->setType(NoneType::get());
  } else if (value.isIntList()) {
    n->is_(attr::value, value.toIntVector());
    out->setType(ListType::ofInts());
  } else if (value.isTuple() || value.isList() || value.isEnum() || value.isComplexDouble()) {
    n->ival_(attr::value, value);
    out->setType(value.type());
  } else {
    n->destroy();
    EMBER_ERROR("cannot insert a constant of type ", value.tagKind());
  }
  if (range) n->setSourceRange(*range);
  return insertNode(n)->output();
}

std::optional<IValue> toIValue(const Value* v) {
  const Node* n = v->node();
  if (n->kind() != prim::Constant) return std::nullopt;
  const TypePtr& type = v->type();
  if (!n->hasAttribute(attr::value)) {
    if (type->kind() == TypeKind::NoneType || type->kind() == TypeKind::OptionalType) return IValue();
    return std::nullopt;  // e.g. function constants carry `name=` instead
  }
  switch (n->kindOf(attr::value)) {
    case AttributeKind::i:
      if (type->kind() == TypeKind::BoolType) return IValue(n->i(attr::value) != 0);
      return IValue(n->i(attr::value));
    case AttributeKind::f: return IValue(n->f(attr::value));
    case AttributeKind::s:
      if (type->kind() == TypeKind::DeviceObjType) return IValue(Device::parse(n->s(attr::value)));
      return IValue(n->s(attr::value));
    case AttributeKind::is:
      if (auto lt = type->cast<ListType>(); lt && lt->getElementType()->kind() == TypeKind::BoolType) {
        std::vector<bool> bools;
        for (int64_t i : n->is(attr::value)) bools.push_back(i != 0);
        return makeBoolList(bools);
      }
      return makeIntList(n->is(attr::value));
    case AttributeKind::fs: return makeDoubleList(n->fs(attr::value));
    case AttributeKind::ss: return makeStringList(n->ss(attr::value));
    case AttributeKind::t: return IValue(n->t(attr::value));
    case AttributeKind::ts: return makeTensorList(n->ts(attr::value));
    case AttributeKind::ival: return n->ival(attr::value);
    default: return std::nullopt;
  }
}

Value* NamedValue::value(Graph& g) const {
  if (!isConstant()) return value_;
  return g.insertConstant(constant_, loc_);
}

}  // namespace ember::jit
