// Expressions: names, attributes, literals, operators, conditions with refinement (is None,
// isinstance, and/or/not), ternaries, container literals and comprehensions.
#include <bit>
#include <sstream>

#include "ember/core/symbols.h"
#include "frontend/builtin_call.h"
#include "frontend/error_report.h"
#include "frontend/ir_emitter.h"

namespace ember::jit {

namespace {

Symbol binaryOpSymbol(int kind) {
  switch (kind) {
    case '+': return aten::add;
    case '-': return aten::sub;
    case '*': return aten::mul;
    case '/': return aten::div;
    case '%': return aten::remainder;
    case '@': return aten::matmul;
    case TK_POW: return aten::pow;
    case TK_FLOOR_DIV: return aten::floordiv;
    case TK_NE: return aten::ne;
    case TK_EQ: return aten::eq;
    case '<': return aten::lt;
    case '>': return aten::gt;
    case TK_LE: return aten::le;
    case TK_GE: return aten::ge;
    case TK_IS: return aten::__is__;
    case TK_ISNOT: return aten::__isnot__;
    case TK_LSHIFT: return Symbol::aten("__lshift__");
    case TK_RSHIFT: return Symbol::aten("__rshift__");
    case '&': return Symbol::aten("__and__");
    case '|': return Symbol::aten("__or__");
    case '^': return Symbol::aten("__xor__");
    case TK_IN: return aten::__contains__;
    default: return Symbol();
  }
}

const char* binaryMagicMethod(int kind) {
  switch (kind) {
    case '+': return "__add__";
    case '-': return "__sub__";
    case '*': return "__mul__";
    case '/': return "__truediv__";
    case '%': return "__mod__";
    case '@': return "__matmul__";
    case TK_POW: return "__pow__";
    case TK_FLOOR_DIV: return "__floordiv__";
    case TK_NE: return "__ne__";
    case TK_EQ: return "__eq__";
    case '<': return "__lt__";
    case '>': return "__gt__";
    case TK_LE: return "__le__";
    case TK_GE: return "__ge__";
    case TK_LSHIFT: return "__lshift__";
    case TK_RSHIFT: return "__rshift__";
    case '&': return "__and__";
    case '|': return "__or__";
    case '^': return "__xor__";
    case TK_IN: return "__contains__";
    default: return "";
  }
}

enum class NoneStatus { Always, Maybe, Never };

NoneStatus canBeNone(Value* v) {
  const TypePtr& t = v->type();
  if (t->kind() == TypeKind::NoneType) return NoneStatus::Always;
  if (t->kind() == TypeKind::OptionalType || t->kind() == TypeKind::AnyType) return NoneStatus::Maybe;
  if (auto u = t->castRaw<UnionType>(); u && u->canHoldType(*NoneType::get())) return NoneStatus::Maybe;
  return NoneStatus::Never;
}

CondValue staticCond(Graph& g, const SourceRange& loc, bool value, RefinementSet refinements = {}) {
  return CondValue{g.insertConstant(IValue(value), loc), std::move(refinements), value};
}

// `x is None` / `x is not None` narrow an Optional or Union variable.
RefinementSet isNoneRefinements(const Expr& lhs, Value* lhsValue, const Expr& rhs, Value* rhsValue, int tok) {
  if (rhs.kind() != TK_NONE && lhs.kind() == TK_NONE) return isNoneRefinements(rhs, rhsValue, lhs, lhsValue, tok);
  if (rhs.kind() != TK_NONE || lhs.kind() != TK_VAR) return {};
  const std::string& name = Var(lhs.tree()).name().name();
  std::vector<Refinement> present;
  if (auto opt = lhsValue->type()->castRaw<OptionalType>()) {
    present.push_back(Refinement{name, opt->getElementType()});
  } else if (auto u = lhsValue->type()->castRaw<UnionType>()) {
    if (auto remaining = u->subtractTypeSet({NoneType::get()})) present.push_back(Refinement{name, *remaining});
  } else {
    return {};
  }
  if (tok == TK_IS) return RefinementSet({}, present);
  return RefinementSet(present, {});
}

void flattenForUnion(const TypePtr& t, std::vector<TypePtr>& out) {
  if (auto u = t->castRaw<UnionType>()) {
    for (const auto& c : u->containedTypes()) flattenForUnion(c, out);
    return;
  }
  for (const auto& e : out)
    if (*e == *t) return;
  out.push_back(t);
}

// `torch.jit.isinstance(x, T)`: refines x in the branches, as `isinstance` does.
bool isJitIsInstance(const Expr& callee) {
  if (callee.kind() != '.') return false;
  Select outer(callee.tree());
  if (outer.selector().name() != "isinstance" || outer.value().kind() != '.') return false;
  Select inner(outer.value().tree());
  return inner.selector().name() == "jit" && inner.value().kind() == TK_VAR && Var(inner.value().tree()).name().name() == "torch";
}

}  // namespace

Value* Emitter::materializeConstant(int64_t v, const SourceRange& loc) {
  if (auto it = intConstants_.find(v); it != intConstants_.end()) return it->second;
  WithInsertPoint guard(graph_->block()->nodes().front());
  Value* c = graph_->insertConstant(IValue(v), loc);
  intConstants_[v] = c;
  return c;
}

Value* Emitter::materializeConstant(double v, const SourceRange& loc) {
  uint64_t bits = std::bit_cast<uint64_t>(v);
  if (auto it = floatConstants_.find(bits); it != floatConstants_.end()) return it->second;
  WithInsertPoint guard(graph_->block()->nodes().front());
  Value* c = graph_->insertConstant(IValue(v), loc);
  floatConstants_[bits] = c;
  return c;
}

SugaredValuePtr Emitter::emitSugaredExpr(const Expr& tree, size_t nBinders, const TypePtr& typeHint) {
  switch (tree.kind()) {
    case TK_VAR: {
      Var v(tree.tree());
      return env_->getSugaredVar(v.name().name(), v.range());
    }
    case '.': {
      Select select(tree.tree());
      SugaredValuePtr sv = emitSugaredExpr(select.value(), 1);
      return sv->attr(select.range(), *this, select.selector().name());
    }
    case TK_APPLY: return emitApplyExpr(Apply(tree.tree()), nBinders, typeHint);
    case TK_SUBSCRIPT: return emitSubscript(Subscript(tree.tree()), typeHint);
    default: return makeSimple(emitSimpleExpr(tree.tree(), typeHint));
  }
}

Value* Emitter::emitExpr(const Expr& tree, const TypePtr& typeHint) {
  Value* out = emitSugaredExpr(tree, 1, typeHint)->asValue(tree.range(), *this);
  // Any is not unified to from its subtypes, so a value used as Any is cast explicitly.
  if (typeHint && typeHint->kind() == TypeKind::AnyType && out->type()->kind() != TypeKind::AnyType) {
    Node* cast = graph_->insertNode(graph_->create(prim::unchecked_cast, {out}, 1));
    cast->output()->setType(typeHint);
    out = cast->output();
  }
  return out;
}

std::vector<NamedValue> Emitter::getNamedValues(const List<Expr>& trees, bool maybeUnpack) {
  std::vector<NamedValue> values;
  for (const Expr& e : trees) {
    if (maybeUnpack && e.kind() == TK_STARRED) {
      Starred starred(e.tree());
      for (const auto& entry : emitSugaredExpr(starred.expr(), 1)->asTuple(starred.range(), *this, std::nullopt))
        values.push_back(NamedValue(entry->asValue(starred.range(), *this)).withLoc(e.range()));
    } else {
      values.push_back(NamedValue(emitExpr(e)).withLoc(e.range()));
    }
  }
  return values;
}

std::vector<Value*> Emitter::getValues(const List<Expr>& trees, bool maybeUnpack) {
  std::vector<Value*> out;
  for (const NamedValue& v : getNamedValues(trees, maybeUnpack)) out.push_back(v.valueOrNull());
  return out;
}

Value* Emitter::emitConst(const Const& c) {
  if (c.isFloatingPoint()) return materializeConstant(c.asFloatingPoint(), c.range());
  if (c.isComplex()) return graph_->insertConstant(IValue(std::complex<double>(0, c.asImaginary())), c.range());
  return materializeConstant(c.asIntegral(), c.range());
}

Value* Emitter::emitSimpleExpr(const TreeRef& tree, const TypePtr& typeHint) {
  switch (tree->kind()) {
    case TK_IS:
    case TK_ISNOT:
    case TK_AND:
    case TK_OR:
    case TK_NOT: return emitCondExpr(Expr(tree)).value;
    case '@':
    case TK_POW:
    case TK_NE:
    case TK_EQ:
    case '<':
    case '>':
    case TK_LE:
    case TK_GE:
    case '*':
    case '/':
    case '+':
    case '-':
    case '%':
    case '&':
    case '|':
    case '^':
    case TK_LSHIFT:
    case TK_RSHIFT:
    case TK_FLOOR_DIV:
    case TK_IN: return emitBinaryOp(tree);
    case TK_UNARY_MINUS: return emitUnaryOp(tree, aten::neg);
    case '~': return emitUnaryOp(tree, Symbol::aten("bitwise_not"));
    case TK_STARRED: throwErrorAt(tree->range(), "Unexpected starred expansion. File a bug report");
    case TK_CONST: return emitConst(Const(tree));
    case TK_TRUE: return graph_->insertConstant(IValue(true), tree->range());
    case TK_FALSE: return graph_->insertConstant(IValue(false), tree->range());
    case TK_NONE: return graph_->insertConstant(IValue(), tree->range());
    case TK_IF_EXPR: return emitTernaryIf(TernaryIf(tree), typeHint);
    case TK_STRINGLITERAL: return graph_->insertConstant(IValue(StringLiteral(tree).text()), tree->range());
    case TK_LIST_LITERAL: return emitListLiteral(ListLiteral(tree), typeHint);
    case TK_TUPLE_LITERAL: return emitTupleLiteral(TupleLiteral(tree), typeHint);
    case TK_DICT_LITERAL: return emitDictLiteral(DictLiteral(tree), typeHint);
    case TK_LIST_COMP: return emitListComprehension(ListComp(tree), typeHint);
    case TK_DICT_COMP: return emitDictComprehension(DictComp(tree), typeHint);
    case TK_SLICE_EXPR: throwErrorAt(tree->range(), "Slices are only supported in subscripts");
    case TK_DOTS: throwErrorAt(tree->range(), "Ellipsis is only supported in subscripts");
    default: throwErrorAt(tree->range(), "Cannot emit expression of kind ", kindToString(tree->kind()));
  }
}

Value* Emitter::emitBinaryOp(const TreeRef& tree) {
  int kind = tree->kind();
  List<Expr> inputs = List<Expr>::unsafeCreate(tree->range(), tree->trees());
  std::vector<NamedValue> args = getNamedValues(inputs, false);
  // `a in b` is b.__contains__(a)
  if (kind == TK_IN) std::swap(args[0], args[1]);
  Symbol op = binaryOpSymbol(kind);
  Value* lhs = args[0].valueOrNull();
  Value* rhs = args[1].valueOrNull();
  if (op == aten::add && lhs->type()->kind() == TypeKind::TupleType && rhs->type()->kind() == TypeKind::TupleType) {
    std::vector<Value*> elems = createTupleUnpack(lhs);
    std::vector<Value*> more = createTupleUnpack(rhs);
    elems.insert(elems.end(), more.begin(), more.end());
    return graph_->insertNode(graph_->createTuple(elems))->output();
  }
  if (kind == '%' && lhs->type()->kind() == TypeKind::StringType) {
    // "fmt" % args formats with the values of a tuple, or with the one value given.
    if (rhs->type()->kind() != TypeKind::TupleType) rhs = graph_->insertNode(graph_->createTuple({rhs}))->output();
    return emitBuiltinCall(tree->range(), *graph_, Symbol::aten("percentFormat"), {NamedValue(lhs), NamedValue(rhs)}, {});
  }
  if (kind == TK_IN && lhs->type()->kind() == TypeKind::StringType && rhs->type()->kind() == TypeKind::StringType) {
    // str.__contains__ is the builtin function `self.find(key, 0, len(self)) != -1`.
    Value* len = emitBuiltinCall(tree->range(), *graph_, aten::len, {NamedValue(lhs)}, {});
    Value* found = emitBuiltinCall(tree->range(), *graph_, Symbol::aten("find"),
                                   {NamedValue(lhs), NamedValue(rhs), NamedValue(int64_t{0}), NamedValue(len)}, {});
    return emitBuiltinCall(tree->range(), *graph_, aten::ne, {NamedValue(found), NamedValue(int64_t{-1})}, {});
  }
  MagicMethod magic(binaryMagicMethod(kind), std::make_shared<BuiltinFunction>(op, std::nullopt));
  return magic.call(tree->range(), *this, args, {}, 0)->asValue(tree->range(), *this);
}

Value* Emitter::emitUnaryOp(const TreeRef& tree, Symbol op) {
  List<Expr> inputs = List<Expr>::unsafeCreate(tree->range(), tree->trees());
  std::vector<NamedValue> args = getNamedValues(inputs, false);
  Value* operand = args[0].valueOrNull();
  // Negative literals are constants, as PyTorch folds unary ops on constants.
  if (auto c = toIValue(operand)) {
    if (op == aten::neg && c->isInt()) return materializeConstant(-c->toInt(), tree->range());
    if (op == aten::neg && c->isDouble()) return materializeConstant(-c->toDouble(), tree->range());
    if (op != aten::neg && c->isInt()) return materializeConstant(~c->toInt(), tree->range());
  }
  MagicMethod magic(op == aten::neg ? "__neg__" : "__invert__", std::make_shared<BuiltinFunction>(op, std::nullopt));
  return magic.call(tree->range(), *this, args, {}, 0)->asValue(tree->range(), *this);
}

// ---- conditions -------------------------------------------------------------------------------

Value* Emitter::emitToBool(const SourceRange& loc, Value* v) {
  TypeKind k = v->type()->kind();
  if (k == TypeKind::StringType || k == TypeKind::ListType || k == TypeKind::DictType) {
    // Python truthiness of a container: `len(v) > 0`, as PyTorch emits it.
    Value* len = emitBuiltinCall(loc, *graph_, aten::len, {NamedValue(v)}, {});
    return emitBuiltinCall(loc, *graph_, aten::gt, {NamedValue(len), NamedValue(int64_t{0})}, {});
  }
  Value* out = nullptr;
  try {
    MagicMethod magic("__bool__", std::make_shared<CastValue>(BoolType::get(), aten::Bool));
    out = asSimple(magic.call(loc, *this, {NamedValue(v)}, {}, 0));
  } catch (const Error&) {
    throwErrorAt(loc, "Could not cast value of type ", v->type()->repr_str(), " to bool");
  }
  if (!out || !out->type()->isSubtypeOf(*BoolType::get()))
    throwErrorAt(loc, "expected a bool expression for condition but found ", out ? out->type()->repr_str() : "?");
  return out;
}

CondValue Emitter::emitIsComparison(const Expr& expr) {
  BinOp op(expr.tree());
  Value* lhs = emitExpr(op.lhs());
  Value* rhs = emitExpr(op.rhs());
  NoneStatus lhsNone = canBeNone(lhs), rhsNone = canBeNone(rhs);
  bool isIs = expr.kind() == TK_IS;
  // None is None; a value that is never None is never None.
  if (lhsNone == NoneStatus::Always && rhsNone == NoneStatus::Always) return staticCond(*graph_, expr.range(), isIs);
  if ((lhsNone == NoneStatus::Always && rhsNone == NoneStatus::Never) ||
      (lhsNone == NoneStatus::Never && rhsNone == NoneStatus::Always))
    return staticCond(*graph_, expr.range(), !isIs);
  Value* result = emitBuiltinCall(expr.range(), *graph_, isIs ? aten::__is__ : aten::__isnot__,
                                  {NamedValue(lhs), NamedValue(rhs)}, {});
  return CondValue{result, isNoneRefinements(op.lhs(), lhs, op.rhs(), rhs, expr.kind()), std::nullopt};
}

CondValue Emitter::emitCondExpr(const Expr& expr) {
  switch (expr.kind()) {
    case TK_AND:
    case TK_OR: {
      BinOp op(expr.tree());
      return emitShortCircuitLogical(op.range(), op.lhs(), op.rhs(), expr.kind() == TK_OR);
    }
    case TK_NOT: {
      CondValue v = emitCondExpr(Expr(expr.subtree(0)));
      Value* result = emitBuiltinCall(expr.range(), *graph_, aten::__not__, {NamedValue(v.value)}, {});
      std::optional<bool> staticIf;
      if (v.staticIf) staticIf = !*v.staticIf;
      return CondValue{result, v.refinements.Not(), staticIf};
    }
    case TK_IS:
    case TK_ISNOT: return emitIsComparison(expr);
    default: break;
  }
  if (expr.kind() == TK_APPLY) {
    Apply apply(expr.tree());
    Expr callee = apply.callee();
    auto isForm = [&](const char* name) { return callee.kind() == TK_VAR && Var(callee.tree()).name().name() == name; };
    if (isJitIsInstance(callee)) {
      if (apply.inputs().size() != 2 || !apply.attributes().empty())
        throwErrorAt(apply.range(), "isinstance() expects 2 arguments, got ", apply.inputs().size());
      return emitIsInstance(apply.inputs()[0], apply.inputs()[1]);
    }
    if (isForm("isinstance") || isForm("hasattr")) {
      if (apply.inputs().size() != 2 || !apply.attributes().empty())
        throwErrorAt(apply.range(), isForm("isinstance") ? "isinstance" : "hasattr", "() expects 2 arguments, got ",
                     apply.inputs().size());
      if (isForm("isinstance")) return emitIsInstance(apply.inputs()[0], apply.inputs()[1]);
      return emitHasAttr(apply.inputs()[0], apply.inputs()[1]);
    }
  }
  Value* out = emitToBool(expr.range(), emitExpr(expr));
  std::optional<bool> staticIf;
  if (out->node()->kind() == Symbol::aten("is_scripting")) staticIf = true;
  if (auto c = toIValue(out); c && c->isBool()) staticIf = c->toBool();
  return CondValue{out, RefinementSet(), staticIf};
}

CondValue Emitter::emitShortCircuitLogical(const SourceRange& loc, const Expr& first, const Expr& second, bool isOr) {
  CondValue lhs = emitCondExpr(first);
  std::optional<CondValue> rhs;
  auto constExpr = [&] { return graph_->insertConstant(IValue(isOr), loc); };
  auto continueExpr = [&] {
    rhs = emitCondExpr(second);
    return rhs->value;
  };
  Value* result = isOr ? emitIfExpr(loc, lhs, constExpr, continueExpr) : emitIfExpr(loc, lhs, continueExpr, constExpr);
  RefinementSet refinements = isOr ? lhs.refinements.Or(rhs->refinements) : lhs.refinements.And(rhs->refinements);
  std::optional<bool> staticIf;
  if (isOr) {
    if (lhs.staticIf && rhs->staticIf) staticIf = *lhs.staticIf || *rhs->staticIf;
  } else {
    if ((lhs.staticIf && !*lhs.staticIf) || (rhs->staticIf && !*rhs->staticIf)) staticIf = false;
    else if (lhs.staticIf && *lhs.staticIf && rhs->staticIf) staticIf = *rhs->staticIf;
  }
  return CondValue{result, std::move(refinements), staticIf};
}

Value* Emitter::emitIfExpr(const SourceRange& range, const CondValue& cond, const std::function<Value*()>& trueExpr,
                           const std::function<Value*()>& falseExpr) {
  Node* n = graph_->insertNode(graph_->create(prim::If, {cond.value}, 0));
  n->setSourceRange(range);
  Block* trueBlock = n->addBlock();
  Block* falseBlock = n->addBlock();
  auto emitBranch = [&](Block* b, const RefinementSet& refinements, const std::function<Value*()>& expr) {
    pushFrame(b);
    WithInsertPoint guard(b);
    insertRefinements(range, refinements);
    Value* out = expr();
    if (out->node()->kind() == prim::EmptyListLiteral) out = tryConvertToType(range, *graph_, ListType::ofTensors(), out, false);
    b->registerOutput(out);
    popFrame();
  };
  emitBranch(trueBlock, cond.refinements, trueExpr);
  emitBranch(falseBlock, cond.refinements.Not(), falseExpr);
  TypePtr t = trueBlock->outputs()[0]->type(), f = falseBlock->outputs()[0]->type();
  auto unified = unifyTypes(t, f);
  if (!unified)
    throwErrorAt(range, "if-expression's true branch has type ", t->repr_str(), " but false branch has type ",
                 f->repr_str());
  return n->addOutput()->setType(*unified);
}

Value* Emitter::emitTernaryIf(const TernaryIf& expr, const TypePtr& typeHint) {
  CondValue cond = emitCondExpr(expr.cond());
  if (cond.staticIf) return *cond.staticIf ? emitExpr(expr.trueExpr(), typeHint) : emitExpr(expr.falseExpr(), typeHint);
  return emitIfExpr(
      expr.range(), cond, [&] { return emitExpr(expr.trueExpr(), typeHint); },
      [&] { return emitExpr(expr.falseExpr(), typeHint); });
}

CondValue Emitter::emitHasAttr(const Expr& objExpr, const Expr& attrExpr) {
  SugaredValuePtr obj = emitSugaredExpr(objExpr, 1);
  if (attrExpr.kind() != TK_STRINGLITERAL) throwErrorAt(attrExpr.range(), "hasattr's second argument must be a string literal");
  bool has = obj->hasAttr(objExpr.range(), *this, StringLiteral(attrExpr.tree()).text());
  return staticCond(*graph_, objExpr.range(), has);
}

CondValue Emitter::emitIsInstance(const Expr& obj, const Expr& classinfo) {
  Value* lhs = emitExpr(obj);
  std::vector<TypePtr> lhsTypes, rhsTypes;
  std::function<void(const Expr&)> gatherRhs = [&](const Expr& e) {
    if (e.kind() == TK_TUPLE_LITERAL) {
      for (const Expr& sub : TupleLiteral(e.tree()).inputs()) gatherRhs(sub);
      return;
    }
    rhsTypes.push_back(parseType(e));
  };
  flattenForUnion(lhs->type(), lhsTypes);
  gatherRhs(classinfo);
  std::vector<TypePtr> flatRhs;
  for (const auto& t : rhsTypes) flattenForUnion(t, flatRhs);
  rhsTypes = flatRhs;

  std::vector<TypePtr> isTypes, notTypes;
  bool allLhsSubtypeSomeRhs = true;
  for (const TypePtr& lt : lhsTypes) {
    if (lt->kind() == TypeKind::AnyType) {
      isTypes.insert(isTypes.end(), rhsTypes.begin(), rhsTypes.end());
      notTypes.push_back(AnyType::get());
      if (isTypes.size() != 1 || isTypes[0]->kind() != TypeKind::AnyType) allLhsSubtypeSomeRhs = false;
      break;
    }
    TypePtr found;
    for (const TypePtr& rt : rhsTypes) {
      TypePtr smaller = lt->isSubtypeOf(*rt) ? lt : rt->isSubtypeOf(*lt) ? rt : nullptr;
      if (!smaller) continue;
      if (*smaller == *lt) found = lt;
      else if (*smaller == *rt) found = found ? unifyTypes(found, rt).value_or(rt) : rt;
    }
    if (found) {
      isTypes.push_back(found);
      if (*found != *lt) {
        // refined to a strictly smaller type: the check may fail at run time
      }
    } else {
      notTypes.push_back(lt);
      allLhsSubtypeSomeRhs = false;
    }
  }
  std::ostringstream nowhere;
  std::vector<Refinement> trueRefs, falseRefs;
  if (obj.kind() == TK_VAR) {
    const std::string& name = Var(obj.tree()).name().name();
    if (!isTypes.empty()) trueRefs.push_back({name, *unifyTypeList(isTypes, nowhere, true)});
    if (!notTypes.empty()) falseRefs.push_back({name, *unifyTypeList(notTypes, nowhere, true)});
  }
  RefinementSet refinements(trueRefs, falseRefs);
  if (allLhsSubtypeSomeRhs) return staticCond(*graph_, obj.range(), true, refinements);
  if (isTypes.empty()) return staticCond(*graph_, obj.range(), false, refinements);
  Node* n = graph_->insertNode(graph_->create(prim::isinstance, {lhs}, 1));
  n->tys_(attr::types, rhsTypes);
  n->output()->setType(BoolType::get());
  return CondValue{n->output(), refinements, std::nullopt};
}

// ---- containers -------------------------------------------------------------------------------

Value* Emitter::emitListLiteral(const ListLiteral& ll, const TypePtr& typeHint) {
  std::vector<Value*> values = getValues(ll.inputs(), true);
  if (values.empty() && !typeHint) {
    // An unannotated [] matches any list type in a call; elsewhere it is List[Tensor].
    Node* n = graph_->insertNode(graph_->create(prim::EmptyListLiteral, {}, 1));
    n->output()->setType(ListType::ofTensors());
    return n->output();
  }
  TypePtr elemType = TensorType::get();
  TypePtr hint = typeHint;
  TypePtr unionHint;
  if (hint && (hint->kind() == TypeKind::OptionalType || hint->kind() == TypeKind::UnionType)) {
    unionHint = hint;
    hint = nullptr;
    for (const auto& c : unionHint->containedTypes())
      if (c->kind() == TypeKind::ListType) hint = c;
  }
  if (hint) {
    auto list = hint->castRaw<ListType>();
    if (!list) throwErrorAt(ll.range(), "Expected an annotation of type List but got ", hint->repr_str());
    elemType = list->getElementType();
  }
  if (!values.empty()) {
    std::vector<TypePtr> types;
    for (Value* v : values) types.push_back(v->type());
    std::ostringstream nowhere;
    TypePtr elemHint = hint ? elemType : nullptr;
    TypePtr unified = *unifyTypeList(types, nowhere, true, elemHint);
    if (hint && !unified->isSubtypeOf(*elemType))
      throwErrorAt(ll.range(), "List type annotation `", hint->repr_str(),
                   "` did not match the types of the given list elements, which were unified to ", unified->repr_str());
    if (!hint) elemType = unified;
  }
  Value* out = graph_->insertNode(graph_->createList(elemType, values))->output();
  if (unionHint) {
    Node* cast = graph_->insertNode(graph_->create(prim::unchecked_cast, {out}, 1));
    cast->output()->setType(unionHint);
    out = cast->output();
  }
  return out;
}

Value* Emitter::emitTupleLiteral(const TupleLiteral& tl, const TypePtr& typeHint) {
  auto tupHint = typeHint ? typeHint->cast<TupleType>() : nullptr;
  bool starred = false;
  for (const Expr& e : tl.inputs()) starred = starred || e.kind() == TK_STARRED;
  std::vector<Value*> values;
  if (tupHint && !starred && tupHint->elements().size() == tl.inputs().size()) {
    size_t i = 0;
    for (const Expr& e : tl.inputs()) {
      Value* v = emitExpr(e, tupHint->elements()[i]);
      values.push_back(tryConvertToType(e.range(), *graph_, tupHint->elements()[i], v, false));
      ++i;
    }
  } else {
    values = getValues(tl.inputs(), true);
  }
  for (Value*& v : values)
    if (v->node()->kind() == prim::EmptyListLiteral) v = tryConvertToType(tl.range(), *graph_, ListType::ofTensors(), v, false);
  return graph_->insertNode(graph_->createTuple(values))->output();
}

Value* Emitter::emitDictLiteral(const DictLiteral& dl, const TypePtr& typeHint) {
  auto keyTrees = dl.keyInputs();
  auto valueTrees = dl.valueInputs();
  TypePtr hint = typeHint;
  TypePtr unionHint;
  if (hint && (hint->kind() == TypeKind::OptionalType || hint->kind() == TypeKind::UnionType)) {
    unionHint = hint;
    hint = nullptr;
    for (const auto& c : unionHint->containedTypes())
      if (c->kind() == TypeKind::DictType) hint = c;
  }
  auto dictHint = hint ? hint->cast<DictType>() : nullptr;
  if (hint && !dictHint) throwErrorAt(dl.range(), "Expected an annotation of type Dict but got ", hint->repr_str());
  std::vector<Value*> keys, values;
  TypePtr valueType;
  for (size_t i = 0; i < keyTrees.size(); ++i) {
    keys.push_back(emitExpr(keyTrees[i], dictHint ? dictHint->getKeyType() : nullptr));
    values.push_back(emitExpr(valueTrees[i], dictHint ? dictHint->getValueType() : nullptr));
    if (i == 0) {
      valueType = values[0]->type();
    } else {
      if (keys[i - 1]->type()->kind() != keys[i]->type()->kind())
        throwErrorAt(keyTrees[i].range(), "Dict keys must contain only a single type. Expected: ",
                     keys[i - 1]->type()->repr_str(), " but found ", keys[i]->type()->repr_str(), " instead");
      valueType = *unifyTypes(valueType, values[i]->type(), true);
    }
  }
  TypePtr keyType, valType;
  if (dictHint) {
    keyType = dictHint->getKeyType();
    valType = dictHint->getValueType();
    for (size_t i = 0; i < keys.size(); ++i) {
      values[i] = tryConvertToType(valueTrees[i].range(), *graph_, valType, values[i], false);
      if (!keys[i]->type()->isSubtypeOf(*keyType))
        throwErrorAt(dl.range(), "Dict type annotation `", dictHint->repr_str(),
                     "` did not match the type of an actual key type `", keys[i]->type()->repr_str(), "`");
      if (!values[i]->type()->isSubtypeOf(*valType))
        throwErrorAt(dl.range(), "Dict type annotation `", dictHint->repr_str(),
                     "` did not match the type of an actual value type `", values[i]->type()->repr_str(), "`");
    }
  } else if (keys.empty()) {
    keyType = StringType::get();
    valType = TensorType::get();
  } else {
    keyType = keys[0]->type();
    valType = valueType;
  }
  Value* out = graph_->insertNode(graph_->createDict(keyType, valType, keys, values))->output();
  if (unionHint) {
    Node* cast = graph_->insertNode(graph_->create(prim::unchecked_cast, {out}, 1));
    cast->output()->setType(unionHint);
    out = cast->output();
  }
  return out;
}

// Runs `body` once per element of `iter` bound to `target`, inside a scope of its own: a
// comprehension's variables do not leak into the function.
void Emitter::emitComprehensionLoop(const SourceRange& loc, const Expr& target, const Expr& iter,
                                    const std::function<void()>& body) {
  List<Expr> targets = List<Expr>::create(loc, {target});
  List<Expr> itrs = List<Expr>::create(loc, {iter});
  Node* scope = graph_->insertNode(graph_->create(presa::comprehensionScope(), {}, 0));
  scope->setSourceRange(loc);
  Block* block = scope->addBlock();
  pushFrame(block);
  {
    WithInsertPoint guard(block);
    emitFor(targets, itrs, loc, body);
  }
  popFrame();
}

Value* Emitter::emitListComprehension(const ListComp& lc, const TypePtr& typeHint) {
  SourceRange loc = lc.range();
  Node* listNode = graph_->insertNode(graph_->create(prim::ListConstruct, {}, 1));
  Value* list = listNode->output()->setType(ListType::ofTensors());
  bool typeSet = false;
  if (typeHint) {
    if (typeHint->kind() != TypeKind::ListType)
      throwErrorAt(loc, "Expected list type annotation for list comprehension, found ", typeHint->repr_str());
    list->setType(typeHint);
    typeSet = true;
  }
  emitComprehensionLoop(loc, lc.target(), lc.iter(), [&] {
    Value* out = emitExpr(lc.elt());
    if (!typeSet) {
      list->setType(ListType::create(out->type()));
      typeSet = true;
    }
    emitBuiltinCall(loc, *graph_, aten::append, {NamedValue(out)}, {}, NamedValue("self", list));
  });
  return list;
}

Value* Emitter::emitDictComprehension(const DictComp& dc, const TypePtr& typeHint) {
  SourceRange loc = dc.range();
  Node* dictNode = graph_->insertNode(graph_->create(prim::DictConstruct, {}, 1));
  Value* dict = dictNode->output()->setType(DictType::create(StringType::get(), TensorType::get()));
  bool typeSet = false;
  if (typeHint) {
    if (typeHint->kind() != TypeKind::DictType)
      throwErrorAt(loc, "Expected Dict type annotation for dict comprehension, found ", typeHint->repr_str());
    dict->setType(typeHint);
    typeSet = true;
  }
  emitComprehensionLoop(loc, dc.target(), dc.iter(), [&] {
    Value* k = emitExpr(dc.key());
    Value* v = emitExpr(dc.value());
    if (!typeSet) {
      dict->setType(DictType::create(k->type(), v->type()));
      typeSet = true;
    }
    emitBuiltinCall(loc, *graph_, Symbol::aten("_set_item"), {NamedValue(dict), NamedValue(k), NamedValue(v)}, {});
  });
  return dict;
}

}  // namespace ember::jit
