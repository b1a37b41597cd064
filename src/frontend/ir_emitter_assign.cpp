// Assignments: plain, chained (`a = b = e`), tuple unpacking with starred targets, attribute and
// subscript targets, and augmented assignment (in place for tensors and lists).
#include "ember/core/symbols.h"
#include "frontend/builtin_call.h"
#include "frontend/error_report.h"
#include "frontend/ir_emitter.h"

namespace ember::jit {

namespace {

// The operator of `lhs op= rhs`: in place for tensors and lists, as TorchScript does.
Symbol augOp(const AugAssign& stmt, const TypePtr& type) {
  bool inplace = type->isSubtypeOf(*TensorType::get()) || type->kind() == TypeKind::ListType;
  switch (stmt.augOp()) {
    case '+': return inplace ? aten::add_ : aten::add;
    case '-': return inplace ? aten::sub_ : aten::sub;
    case '/': return inplace ? aten::div_ : aten::div;
    case '*': return inplace ? aten::mul_ : aten::mul;
    case '%': return inplace ? Symbol::aten("fmod_") : aten::fmod;
    case '|': return inplace ? Symbol::aten("bitwise_or") : Symbol::aten("__or__");
    case '&': return inplace ? Symbol::aten("bitwise_and") : Symbol::aten("__and__");
    case '^': return inplace ? Symbol::aten("bitwise_xor") : Symbol::aten("__xor__");
    case TK_LSHIFT: return Symbol::aten("__lshift__");
    case TK_RSHIFT: return inplace ? Symbol::aten("__irshift__") : Symbol::aten("__rshift__");
    case TK_POW: return aten::pow;
    case TK_FLOOR_DIV: return inplace ? Symbol::aten("floor_divide_") : aten::floordiv;
    case '@': return aten::matmul;
    default: throwErrorAt(stmt.range(), "Unknown augmented assignment: ", kindToString(stmt.augOp()));
  }
}

// `__iadd__` / `__add__` for class types.
std::pair<std::string, std::string> augMagicMethods(const AugAssign& stmt) {
  switch (stmt.augOp()) {
    case '+': return {"__iadd__", "__add__"};
    case '-': return {"__isub__", "__sub__"};
    case '/': return {"__itruediv__", "__truediv__"};
    case '*': return {"__imul__", "__mul__"};
    case '%': return {"__imod__", "__mod__"};
    case TK_FLOOR_DIV: return {"__ifloordiv__", "__floordiv__"};
    default: throwErrorAt(stmt.range(), "Unknown augmented assignment: ", kindToString(stmt.augOp()));
  }
}

}  // namespace

bool Emitter::validateAssignLhsExpr(const List<Expr>& lhs, const SourceRange& r) {
  size_t numStarred = 0;
  for (const Expr& e : lhs) {
    if (e.kind() == TK_STARRED) {
      ++numStarred;
      Expr inner = Starred(e.tree()).expr();
      if (inner.kind() != TK_VAR) throwErrorAt(inner.range(), "Cannot pack a tuple into a non-variable");
    }
  }
  if (numStarred > 1) throwErrorAt(r, "Only one starred expression is allowed on the lhs");
  if (numStarred > 0 && lhs.size() == 1)
    throwErrorAt(r, "A Starred expression may only appear on the lhs within the presence of another non-starred "
                    "expression");
  return numStarred == 1;
}

void Emitter::emitAssignment(const Assign& stmt) {
  if (stmt.lhsList().size() == 1) return emitSingleAssignment(stmt);
  // a = b = e: e is evaluated once, then assigned from left to right.
  if (!stmt.rhs().present()) throwErrorAt(stmt.range(), "For an assignment, expected an expression on the right-hand side");
  Expr rhs = stmt.rhs().get();
  std::string tmp = createTempName("$tmp_assign_");
  env_->setSugaredVar(rhs.range(), tmp, emitSugaredExpr(rhs, 1), nullptr);
  Expr ident(Var::create(rhs.range(), Ident::create(rhs.range(), tmp)).tree());
  for (const Expr& target : stmt.lhsList()) {
    emitSingleAssignment(Assign::create(stmt.range(), List<Expr>::create(target.range(), {target}),
                                        Maybe<Expr>::create(rhs.range(), ident), Maybe<Expr>::create(stmt.range())));
  }
}

void Emitter::emitSingleAssignment(const Assign& stmt) {
  Expr lhs = stmt.lhs();
  if (!stmt.rhs().present()) {
    // `x: int` without a value declares nothing a function can use.
    if (lhs.kind() == TK_VAR && stmt.type().present()) return;
    throwErrorAt(stmt.range(), "For an assignment, expected an expression on the right-hand side");
  }
  Expr rhs = stmt.rhs().get();
  switch (lhs.kind()) {
    case TK_VAR: {
      Var v(lhs.tree());
      TypePtr type = stmt.type().present() ? parseType(stmt.type().get()) : nullptr;
      SugaredValuePtr value = emitSugaredExpr(rhs, 1, type);
      env_->setSugaredVar(v.range(), v.name().name(), value, type);
      break;
    }
    case TK_TUPLE_LITERAL: emitTupleAssign(TupleLiteral(lhs.tree()), rhs); break;
    case TK_LIST_LITERAL: {
      // [a, b] = e unpacks like a tuple
      TupleLiteral tl = TupleLiteral::create(lhs.range(), ListLiteral(lhs.tree()).inputs());
      emitTupleAssign(tl, rhs);
      break;
    }
    case '.': {
      TypePtr type = stmt.type().present() ? parseType(stmt.type().get()) : nullptr;
      emitSelectAssign(lhs, emitSugaredExpr(rhs, 1, type), stmt.range(), type);
      break;
    }
    case TK_SUBSCRIPT:
      emitSubscriptAssign(stmt.range(), Subscript(lhs.tree()), NamedValue(emitExpr(rhs)).withLoc(rhs.range()));
      break;
    default: throwErrorAt(lhs.range(), "unexpected expression on left-hand side of assignment");
  }
}

void Emitter::emitTupleAssign(const TupleLiteral& tl, const Expr& rhs) {
  size_t nBinders = tl.inputs().size();
  bool starred = validateAssignLhsExpr(tl.inputs(), tl.range());
  if (starred) --nBinders;
  SugaredValuePtr output = emitSugaredExpr(rhs, nBinders);
  emitTupleAssign(tl, output, rhs.range(), nBinders, starred);
}

void Emitter::emitTupleAssign(const TupleLiteral& tl, const SugaredValuePtr& rhs, const SourceRange& rhsLoc,
                              size_t nBinders, bool starredUnpack) {
  std::vector<SugaredValuePtr> outputs =
      rhs->asTuple(rhsLoc, *this, starredUnpack ? std::nullopt : std::optional<size_t>(nBinders));
  if (outputs.size() < nBinders)
    throwErrorAt(tl.range(), "need ", starredUnpack ? "at least " : "", nBinders, " values to unpack but found only ",
                 outputs.size());
  if (outputs.size() > nBinders && !starredUnpack)
    throwErrorAt(tl.range(), "too many values to unpack: need ", nBinders, " but found ", outputs.size());
  emitExprsAssign(tl.inputs(), outputs, rhsLoc, nBinders);
}

void Emitter::emitExprsAssign(const List<Expr>& lhs, const std::vector<SugaredValuePtr>& outputs,
                              const SourceRange& rhsLoc, size_t nBinders) {
  size_t i = 0;
  for (const Expr& assignee : lhs) {
    switch (assignee.kind()) {
      case TK_SUBSCRIPT:
        emitSubscriptAssign(rhsLoc, Subscript(assignee.tree()),
                            NamedValue(outputs.at(i)->asValue(rhsLoc, *this)).withLoc(rhsLoc));
        ++i;
        break;
      case TK_VAR:
        env_->setSugaredVar(assignee.range(), Var(assignee.tree()).name().name(), outputs.at(i), nullptr);
        ++i;
        break;
      case TK_STARRED: {
        Expr var = Starred(assignee.tree()).expr();
        if (var.kind() != TK_VAR) throwErrorAt(var.range(), "Cannot pack a tuple into a non-variable");
        size_t nMatched = outputs.size() - nBinders;
        std::vector<Value*> values;
        for (size_t k = i; k < i + nMatched; ++k) values.push_back(outputs.at(k)->asValue(assignee.range(), *this));
        Value* tup = graph_->insertNode(graph_->createTuple(values))->output();
        env_->setVar(var.range(), Var(var.tree()).name().name(), tup);
        i += nMatched;
        break;
      }
      case TK_TUPLE_LITERAL:
      case TK_LIST_LITERAL: {
        TupleLiteral sub = assignee.kind() == TK_TUPLE_LITERAL
                               ? TupleLiteral(assignee.tree())
                               : TupleLiteral::create(assignee.range(), ListLiteral(assignee.tree()).inputs());
        size_t subBinders = sub.inputs().size();
        bool subStarred = validateAssignLhsExpr(sub.inputs(), sub.range());
        if (subStarred) --subBinders;
        emitTupleAssign(sub, outputs.at(i), rhsLoc, subBinders, subStarred);
        ++i;
        break;
      }
      case '.':
        emitSelectAssign(assignee, outputs.at(i), rhsLoc);
        ++i;
        break;
      default: throwErrorAt(assignee.range(), "unexpected expression on the left-hand side");
    }
  }
}

void Emitter::emitSelectAssign(const Expr& lhs, const SugaredValuePtr& rhs, const SourceRange& loc,
                               const TypePtr& annotation) {
  TypePtr annotated = annotation;
  Select select(lhs.tree());
  SugaredValuePtr object = emitSugaredExpr(select.value(), 1);
  Value* value = rhs->asValue(loc, *this);
  const std::string& field = select.selector().name();
  // `self.x: Optional[int] = None` in a class's __init__: as in PyTorch 1.13, the annotation is
  // only the value's type hint, and the attribute takes the value's type (NoneType here; the
  // way to declare Optional is `torch.jit.annotate(Optional[int], None)`).
  if (Value* obj = asSimple(object); annotated && obj) {
    if (auto cls = obj->type()->cast<ClassType>(); cls && !cls->isModule() && !cls->hasAttribute(field)) annotated = nullptr;
  }
  if (annotated) {
    value = tryConvertToType(loc, *graph_, annotated, value, true);
    if (!value->type()->isSubtypeOf(*annotated))
      throwErrorAt(loc, "Variable '", field, "' is annotated with type ", annotated->repr_str(),
                   " but is being assigned to a value of type ", value->type()->repr_str());
    Value* obj = asSimple(object);
    if (obj) {
      if (auto cls = obj->type()->cast<ClassType>(); cls && !cls->hasAttribute(field) &&
                                                     fn_.name() == "__init__" && !graph_->inputs().empty() &&
                                                     graph_->inputs()[0]->type() == cls) {
        checkAttributeNotRecursive(loc, cls, field, annotated);
        cls->addAttribute(field, annotated);
      }
    }
  }
  object->setAttr(loc, *this, field, value);
}

void Emitter::emitSubscriptAssign(const SourceRange& stmtRange, const Subscript& lhs, const NamedValue& rhs) {
  Value* sliceable = emitExpr(lhs.value());
  Graph& g = *graph_;
  if (sliceable->type()->isSubtypeOf(*TensorType::get())) {
    auto [sliced, tensorIndices] = emitIntAndSliceIndexing(lhs.range(), sliceable, lhs.subscriptExprs());
    Value* value = rhs.value(g);
    if (!value->type()->isSubtypeOf(*TensorType::get())) {
      // A number assigned into a tensor becomes a tensor of the target's dtype and device.
      Value* dtype = emitBuiltinCall(stmtRange, g, prim::dtype, {NamedValue(sliced)}, {});
      Value* device = emitBuiltinCall(stmtRange, g, prim::device, {NamedValue(sliced)}, {});
      Node* t = g.insertNode(g.create(aten::tensor, {value, dtype, device, g.insertConstant(IValue(false))}, 1));
      t->output()->setType(TensorType::get());
      value = t->output();
    }
    if (tensorIndices.empty()) {
      emitBuiltinCall(stmtRange, g, aten::copy_, {NamedValue(sliced), NamedValue(value)}, {});
    } else {
      Value* indices = g.insertNode(g.createList(OptionalType::ofTensor(), tensorIndices))->output();
      emitBuiltinCall(stmtRange, g, aten::index_put_, {NamedValue(sliced), NamedValue(indices), NamedValue(value)}, {});
    }
    return;
  }
  auto subscripts = lhs.subscriptExprs();
  if (subscripts.size() != 1 || subscripts[0].kind() == TK_SLICE_EXPR)
    throwErrorAt(subscripts.range(), "Sliced expression not yet supported for subscripted assignment. File a bug if "
                                     "you want this");
  if (sliceable->type()->kind() == TypeKind::TupleType || sliceable->type()->kind() == TypeKind::AnyTupleType)
    throwErrorAt(lhs.range(), sliceable->type()->repr_str(), " does not support subscripted assignment");
  Value* idx = emitExpr(subscripts[0]);
  if (auto cls = sliceable->type()->cast<ClassType>()) {
    MethodValue(sliceable, "__setitem__").call(stmtRange, *this, {NamedValue(idx), rhs}, {}, 0);
    return;
  }
  emitBuiltinCall(stmtRange, g, Symbol::aten("_set_item"), {NamedValue(sliceable), NamedValue(idx), rhs}, {});
}

void Emitter::emitAugAssignment(const AugAssign& stmt) {
  Expr lhs = stmt.lhs();
  switch (lhs.kind()) {
    case TK_VAR: {
      Var v(lhs.tree());
      Value* lhsValue = emitExpr(lhs);
      Value* result = emitAugAssignmentHelper(stmt, lhsValue);
      env_->setVar(v.range(), v.name().name(), result);
      break;
    }
    case '.': {
      Select select(lhs.tree());
      SugaredValuePtr object = emitSugaredExpr(select.value(), 1);
      Value* lhsValue = object->attr(lhs.range(), *this, select.selector().name())->asValue(lhs.range(), *this);
      Value* result = emitAugAssignmentHelper(stmt, lhsValue);
      object->setAttr(stmt.range(), *this, select.selector().name(), result);
      break;
    }
    case TK_SUBSCRIPT: emitAugSubscriptAssign(stmt); break;
    default: throwErrorAt(lhs.range(), "unexpected expression on left-hand side of augmented assignment");
  }
}

Value* Emitter::emitAugAssignmentHelper(const AugAssign& stmt, Value* lhs) {
  if (auto cls = lhs->type()->cast<ClassType>()) {
    auto [inplace, outOfPlace] = augMagicMethods(stmt);
    Value* rhs = emitExpr(stmt.rhs());
    std::string method;
    if (cls->findMethod(inplace)) method = inplace;
    else if (cls->findMethod(outOfPlace)) method = outOfPlace;
    else
      throwErrorAt(stmt.range(), "Cannot emit inplace op on ", cls->repr_str(), " since it does not define an ",
                   inplace, " or ", outOfPlace, " method");
    return MethodValue(lhs, method).call(stmt.range(), *this, {NamedValue(rhs)}, {}, 0)->asValue(stmt.range(), *this);
  }
  Value* rhs = emitExpr(stmt.rhs());
  return emitBuiltinCall(stmt.range(), *graph_, augOp(stmt, lhs->type()), {NamedValue(lhs), NamedValue(rhs)}, {});
}

void Emitter::emitAugSubscriptAssign(const AugAssign& stmt) {
  Subscript lhs(stmt.lhs().tree());
  Value* sliceable = emitExpr(lhs.value());
  Graph& g = *graph_;
  if (sliceable->type()->isSubtypeOf(*TensorType::get())) {
    auto [sliced, tensorIndices] = emitIntAndSliceIndexing(lhs.range(), sliceable, lhs.subscriptExprs());
    Value* rhs = emitExpr(stmt.rhs());
    Symbol op = augOp(stmt, sliceable->type());
    if (tensorIndices.empty()) {
      emitBuiltinCall(stmt.range(), g, op, {NamedValue(rhs)}, {}, NamedValue("self", sliced));
    } else {
      Value* indices = g.insertNode(g.createList(OptionalType::ofTensor(), tensorIndices))->output();
      Value* indexed = emitBuiltinCall(stmt.range(), g, aten::index, {NamedValue(sliced), NamedValue(indices)}, {});
      Value* augmented = emitBuiltinCall(stmt.range(), g, op, {NamedValue(rhs)}, {}, NamedValue("self", indexed));
      emitBuiltinCall(stmt.range(), g, aten::index_put_,
                      {NamedValue(sliced), NamedValue(indices), NamedValue(augmented)}, {});
    }
    return;
  }
  auto subscripts = lhs.subscriptExprs();
  const TypePtr& type = sliceable->type();
  if (subscripts.size() != 1)
    throwErrorAt(subscripts.range(), "Sliced expression not yet supported for ", type->repr_str(),
                 " augmented assignment. File a bug if you want this");
  TypePtr elemType;
  if (auto l = type->castRaw<ListType>()) elemType = l->getElementType();
  else if (auto d = type->castRaw<DictType>()) elemType = d->getValueType();
  if (!elemType) throwErrorAt(lhs.range(), type->repr_str(), " does not support augmented assignment.");
  Value* idx = emitExpr(subscripts[0]);
  Value* value = emitExpr(stmt.rhs());
  Value* item = emitBuiltinCall(stmt.range(), g, aten::__getitem__, {NamedValue(sliceable), NamedValue(idx)}, {});
  Value* augmented = emitBuiltinCall(stmt.range(), g, augOp(stmt, elemType), {NamedValue(item), NamedValue(value)}, {});
  emitBuiltinCall(stmt.range(), g, Symbol::aten("_set_item"),
                  {NamedValue(sliceable), NamedValue(idx), NamedValue(augmented)}, {});
}

}  // namespace ember::jit
