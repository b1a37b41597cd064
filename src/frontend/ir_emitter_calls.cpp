// Calls: argument emission, and the special forms that look at their argument expressions
// (isinstance, torch.jit.annotate / unchecked_cast, range, enumerate, zip, list, dict, tuple,
// getattr, hasattr, fork, tolist).
#include <limits>
#include <sstream>

#include "ember/core/symbols.h"
#include "frontend/builtin_call.h"
#include "frontend/error_report.h"
#include "frontend/ir_emitter.h"

namespace ember::jit {

namespace {

void checkNumInputs(const Apply& apply, size_t expected, const std::string& name) {
  if (apply.inputs().size() != expected)
    throwErrorAt(apply.range(), name, " expected exactly ", expected, " arguments but found ", apply.inputs().size());
  if (!apply.attributes().empty()) throwErrorAt(apply.range(), name, " takes no keyword arguments");
}

}  // namespace

std::vector<NamedValue> Emitter::emitAttributes(const List<Attribute>& attributes) {
  std::vector<NamedValue> out;
  for (const Attribute& a : attributes)
    out.push_back(NamedValue(a.name().name(), emitExpr(a.value())).withLoc(a.range()));
  return out;
}

SugaredValuePtr Emitter::emitApplyExpr(const Apply& apply, size_t nBinders, const TypePtr& typeHint) {
  SugaredValuePtr sv = emitSugaredExpr(apply.callee(), 1);
  SourceRange loc = apply.callee().range();
  if (auto form = std::dynamic_pointer_cast<SpecialFormValue>(sv)) return emitApplySpecialForm(form->form(), apply, typeHint);
  std::vector<NamedValue> args = getNamedValues(apply.inputs(), true);
  std::vector<NamedValue> kwargs = emitAttributes(apply.attributes());
  return sv->call(loc, *this, args, kwargs, nBinders);
}

SugaredValuePtr Emitter::emitApplySpecialForm(Symbol form, const Apply& apply, const TypePtr& typeHint) {
  Graph& g = *graph_;
  std::string name(form.toUnqualString());
  if (form == prim::fork) return makeSimple(emitFork(apply));
  if (name == "annotate") {
    checkNumInputs(apply, 2, "annotate");
    TypePtr type = parseType(apply.inputs()[0]);
    Value* expr = tryConvertToType(apply.range(), g, type, emitExpr(apply.inputs()[1], type), true);
    std::ostringstream whyNot;
    if (!expr->type()->isSubtypeOfExt(*type, &whyNot))
      throwErrorAt(apply.inputs().range(), "expected an expression of type ", type->repr_str(), " but found ",
                   expr->type()->repr_str(), "\n", whyNot.str());
    // A None annotated as Optional[T] keeps T, so variables assigned from it are Optional[T].
    bool optionalTarget = type->kind() == TypeKind::OptionalType ||
                          (type->kind() == TypeKind::UnionType && type->expectRef<UnionType>().canHoldType(*NoneType::get()));
    if (optionalTarget && expr->type()->kind() == TypeKind::NoneType) {
      Node* none = g.insertNode(g.createNone());
      none->output()->setType(type);
      return makeSimple(none->output());
    }
    return makeSimple(expr);
  }
  if (form == prim::CreateObject) {  // `Class.__new__(Class)` in archive code
    checkNumInputs(apply, 1, "__new__");
    auto cls = parseType(apply.inputs()[0])->cast<ClassType>();
    if (!cls) throwErrorAt(apply.inputs()[0].range(), "__new__ expects a class type");
    Node* n = g.insertNode(g.create(prim::CreateObject, {}, 1));
    n->setSourceRange(apply.range());
    n->output()->setType(cls);
    return makeSimple(n->output());
  }
  if (form == prim::Uninitialized) {  // `uninitialized(T)` in archive code
    checkNumInputs(apply, 1, "uninitialized");
    return makeSimple(g.insertNode(g.createUninitialized(parseType(apply.inputs()[0])))->output());
  }
  if (form == prim::unchecked_cast) {
    checkNumInputs(apply, 2, "unchecked_cast");
    TypePtr type = parseType(apply.inputs()[0]);
    Value* v = emitExpr(apply.inputs()[1]);
    if (v->node()->kind() != prim::unchecked_cast || *v->type() != *type) {
      Node* cast = g.insertNode(g.create(prim::unchecked_cast, {v}, 1));
      cast->output()->setType(type);
      v = cast->output();
    }
    return makeSimple(v);
  }
  if (form == prim::GetAttr) {
    if (apply.inputs().size() < 2 || apply.inputs().size() > 3)
      throwErrorAt(apply.range(), "getattr expected 2 or 3 arguments but found ", apply.inputs().size());
    SugaredValuePtr obj = emitSugaredExpr(apply.inputs()[0], 1);
    Expr selector = apply.inputs()[1];
    if (selector.kind() != TK_STRINGLITERAL) throwErrorAt(apply.range(), "getattr's second argument must be a string literal");
    const std::string& field = StringLiteral(selector.tree()).text();
    if (apply.inputs().size() == 2 || obj->hasAttr(apply.range(), *this, field)) return obj->attr(apply.range(), *this, field);
    return emitSugaredExpr(apply.inputs()[2], 1);
  }
  if (name == "HasAttr") {
    checkNumInputs(apply, 2, "hasattr");
    return makeSimple(emitHasAttr(apply.inputs()[0], apply.inputs()[1]).value);
  }
  if (form == prim::isinstance) {
    checkNumInputs(apply, 2, "isinstance");
    return makeSimple(emitIsInstance(apply.inputs()[0], apply.inputs()[1]).value);
  }
  if (form == prim::TupleConstruct) {
    if (apply.inputs().empty()) return makeSimple(g.insertNode(g.createTuple({}))->output());
    checkNumInputs(apply, 1, "tuple");
    SugaredValuePtr arg = emitSugaredExpr(apply.inputs()[0], 1);
    std::vector<Value*> values;
    for (const auto& sv : arg->asTuple(apply.range(), *this, std::nullopt)) values.push_back(sv->asValue(apply.range(), *this));
    return makeSimple(g.insertNode(g.createTuple(values))->output());
  }
  if (form == prim::tolist) {
    Select select(apply.callee().tree());
    Value* operand = emitExpr(select.value());
    if (!typeHint) throwErrorAt(apply.range(), "Expected type hint for result of tolist()");
    int64_t dims = 0;
    TypePtr elem = typeHint;
    while (auto l = elem->cast<ListType>()) {
      ++dims;
      elem = l->getElementType();
    }
    int64_t elemKind = elem->kind() == TypeKind::IntType     ? 0
                       : elem->kind() == TypeKind::FloatType ? 1
                       : elem->kind() == TypeKind::BoolType  ? 2
                       : elem->kind() == TypeKind::ComplexType ? 3
                                                                : -1;
    if (dims == 0 || elemKind < 0)
      throwErrorAt(apply.range(), "Output annotation element type for tolist() must be int, float, bool or complex");
    Node* n = g.insertNode(g.create(prim::tolist, {operand, g.insertConstant(IValue(dims)), g.insertConstant(IValue(elemKind))}, 1));
    n->setSourceRange(apply.range());
    n->output()->setType(typeHint);
    return makeSimple(n->output());
  }
  if (name == "range" || name == "enumerate" || name == "zip") return emitRangeLike(form, apply);
  if (name == "list") {
    if (apply.inputs().empty()) {
      TypePtr type = typeHint ? typeHint : ListType::ofTensors();
      if (type->kind() != TypeKind::ListType)
        throwErrorAt(apply.range(), "Expected list type annotation for list(), found ", type->repr_str());
      return makeSimple(g.insertNode(g.createList(type->expectRef<ListType>().getElementType(), {}))->output());
    }
    checkNumInputs(apply, 1, "list");
    SugaredValuePtr iter = emitSugaredExpr(apply.inputs()[0], 1);
    if (Value* simple = asSimple(iter)) {
      TypeKind k = simple->type()->kind();
      if (k == TypeKind::ListType || k == TypeKind::StringType)
        return makeSimple(emitBuiltinCall(apply.range(), g, aten::list, {NamedValue(simple)}, {}));
    }
    // list(iterable) is [e for e in iterable]
    std::string iterName = createTempName("$_iter");
    env_->setSugaredVar(apply.range(), iterName, iter, nullptr);
    std::string elemName = createTempName("$_elem");
    Expr ident(Var::create(apply.range(), Ident::create(apply.range(), elemName)).tree());
    Expr iterVar(Var::create(apply.range(), Ident::create(apply.range(), iterName)).tree());
    return makeSimple(emitListComprehension(ListComp::create(apply.range(), ident, ident, iterVar), typeHint));
  }
  if (name == "dict") {
    if (apply.inputs().empty() && apply.attributes().empty()) {
      TypePtr type = typeHint ? typeHint : DictType::create(StringType::get(), TensorType::get());
      auto d = type->cast<DictType>();
      if (!d) throwErrorAt(apply.range(), "Expected Dict type annotation for dict(), found ", type->repr_str());
      return makeSimple(g.insertNode(g.createDict(d->getKeyType(), d->getValueType(), {}, {}))->output());
    }
    if (apply.inputs().empty()) {
      std::vector<Expr> keys, values;
      for (const Attribute& a : apply.attributes()) {
        keys.push_back(Expr(StringLiteral::create(a.range(), a.name().name()).tree()));
        values.push_back(a.value());
      }
      DictLiteral dl = DictLiteral::create(apply.range(), List<Expr>::create(apply.range(), keys),
                                           List<Expr>::create(apply.range(), values));
      return makeSimple(emitDictLiteral(dl, typeHint));
    }
    checkNumInputs(apply, 1, "dict");
    SugaredValuePtr arg = emitSugaredExpr(apply.inputs()[0], 1);
    Value* simple = asSimple(arg);
    if (simple && simple->type()->kind() == TypeKind::DictType)
      return makeSimple(emitBuiltinCall(apply.range(), g, aten::dict, {NamedValue(simple)}, {}));
    // dict(pairs) is {k: v for k, v in pairs}
    std::string iterName = createTempName("$_iter");
    env_->setSugaredVar(apply.range(), iterName, arg, nullptr);
    std::string k = createTempName("$_key"), v = createTempName("$_value");
    Expr kVar(Var::create(apply.range(), Ident::create(apply.range(), k)).tree());
    Expr vVar(Var::create(apply.range(), Ident::create(apply.range(), v)).tree());
    Expr target(TupleLiteral::create(apply.range(), List<Expr>::create(apply.range(), {kVar, vVar})).tree());
    Expr iterVar(Var::create(apply.range(), Ident::create(apply.range(), iterName)).tree());
    return makeSimple(emitDictComprehension(DictComp::create(apply.range(), kVar, vVar, target, iterVar), typeHint));
  }
  if (form == aten::index) {
    // x.__getitem__(i) on a tensor
    Select select(apply.callee().tree());
    Value* self = emitExpr(select.value());
    checkNumInputs(apply, 1, "__getitem__");
    Subscript sub = Subscript::create(apply.range(), Expr(select.value()), List<Expr>::create(apply.range(), {apply.inputs()[0]}));
    (void)self;
    return emitSubscript(sub, typeHint);
  }
  throwErrorAt(apply.range(), "Unsupported special form ", form.toQualString());
}

SugaredValuePtr Emitter::emitRangeLike(Symbol form, const Apply& apply) {
  std::string name(form.toUnqualString());
  // enumerate(xs, start=1): the one keyword argument these forms take.
  bool startKeyword = name == "enumerate" && apply.attributes().size() == 1 && apply.inputs().size() == 1 &&
                      apply.attributes()[0].name().name() == "start";
  if (!apply.attributes().empty() && !startKeyword)
    throwErrorAt(apply.range(), name, " does not take keyword arguments");
  if (name == "range") {
    std::vector<Value*> inputs = getValues(apply.inputs(), true);
    return std::make_shared<RangeValue>(apply.range(), *this, inputs);
  }
  if (name == "enumerate") {
    if (apply.inputs().empty() || apply.inputs().size() > 2)
      throwErrorAt(apply.range(), "enumerate expected at least 1 arguments, got ", apply.inputs().size());
    SugaredValuePtr iterable = emitSugaredExpr(apply.inputs()[0], 1)->iter(apply.range(), *this);
    Value* end = materializeConstant(std::numeric_limits<int64_t>::max(), apply.range());
    std::vector<Value*> rangeInputs;
    if (apply.inputs().size() == 2) rangeInputs = {emitExpr(apply.inputs()[1]), end};
    else if (startKeyword) rangeInputs = {emitExpr(apply.attributes()[0].value()), end};
    else rangeInputs = {end};
    auto range = std::make_shared<RangeValue>(apply.range(), *this, rangeInputs, iterable->staticLen());
    auto tree = std::make_shared<IterableTree>();
    tree->addChild(apply.range(), *this, range);
    tree->addChild(apply.range(), *this, iterable);
    return tree;
  }
  // zip
  if (apply.inputs().empty()) throwErrorAt(apply.range(), "zip expected at least 1 arguments, got 0");
  auto tree = std::make_shared<IterableTree>();
  for (const Expr& e : apply.inputs())
    tree->addChild(apply.range(), *this, emitSugaredExpr(e, 1)->iter(apply.range(), *this));
  return tree;
}

Value* Emitter::emitFork(const Apply& apply) {
  if (apply.inputs().empty()) throwErrorAt(apply.range(), "fork expected at least 1 argument");
  Graph& g = *graph_;
  SugaredValuePtr forked = emitSugaredExpr(apply.inputs()[0], 1);
  std::vector<NamedValue> args;
  for (size_t i = 1; i < apply.inputs().size(); ++i)
    args.push_back(NamedValue(emitExpr(apply.inputs()[i])).withLoc(apply.inputs()[i].range()));
  std::vector<NamedValue> kwargs = emitAttributes(apply.attributes());
  // The call is emitted into a block of the fork node; liftForkBlocks (compile_passes) turns the
  // block into the node's Subgraph once the graph is in SSA form.
  Node* fork = g.insertNode(g.create(prim::fork, {}, 1));
  fork->setSourceRange(apply.range());
  Block* body = fork->addBlock();
  TypePtr outType;
  {
    pushFrame(body);
    WithInsertPoint guard(body);
    Value* out = forked->call(apply.range(), *this, args, kwargs, 1)->asValue(apply.range(), *this);
    body->registerOutput(out);
    outType = out->type();
    popFrame();
  }
  fork->output()->setType(FutureType::create(outType));
  return fork->output();
}

}  // namespace ember::jit
