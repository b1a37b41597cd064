// Statements: if/while/for (with unrolling over tuples), return, raise, assert, break/continue,
// del, with. Assignments are in ir_emitter_assign.cpp.
#include <limits>
#include <set>
#include <sstream>
#include <vector>

#include "ember/core/symbols.h"
#include "frontend/builtin_call.h"
#include "frontend/error_report.h"
#include "frontend/ir_emitter.h"

namespace ember::jit {

namespace {

// Restores the loop status on scope exit.
template <typename T>
class ValueGuard {
 public:
  ValueGuard(T& slot, T value) : slot_(slot), old_(slot) { slot_ = value; }
  ~ValueGuard() { slot_ = old_; }
  ValueGuard(const ValueGuard&) = delete;
  ValueGuard& operator=(const ValueGuard&) = delete;

 private:
  T& slot_;
  T old_;
};

}  // namespace

void Emitter::emitStatements(const List<Stmt>& stmts) {
  for (const Stmt& stmt : stmts) {
    emitStatement(stmt);
    // Statements after an exit are unreachable and not emitted.
    if (exits(env_->block())) return;
  }
}

void Emitter::emitStatement(const Stmt& stmt) {
  switch (stmt.kind()) {
    case TK_IF: emitIf(If(stmt.tree())); break;
    case TK_WHILE: emitWhile(While(stmt.tree())); break;
    case TK_FOR: emitFor(For(stmt.tree())); break;
    case TK_ASSIGN: emitAssignment(Assign(stmt.tree())); break;
    case TK_AUG_ASSIGN: emitAugAssignment(AugAssign(stmt.tree())); break;
    case TK_EXPR_STMT: emitSugaredExpr(ExprStmt(stmt.tree()).expr(), 0); break;
    case TK_RAISE: emitRaise(Raise(stmt.tree())); break;
    case TK_ASSERT: emitAssert(Assert(stmt.tree())); break;
    case TK_RETURN: emitReturn(Return(stmt.tree())); break;
    case TK_CONTINUE: emitBreakContinue(stmt, false); break;
    case TK_BREAK: emitBreakContinue(stmt, true); break;
    case TK_PASS: break;
    case TK_DELETE: emitDelete(Delete(stmt.tree())); break;
    case TK_WITH: emitWith(With(stmt.tree())); break;
    case TK_DEF: {
      // TorchScript compiles a nested def into a closure it cannot call; the name is only usable
      // by forms that take a closure, which ember does not have, so any use is reported.
      Def def(stmt.tree());
      env_->setSugaredVar(def.name().range(), def.name().name(), std::make_shared<ClosureValue>(), nullptr);
      break;
    }
    case TK_CLASS_DEF: throwErrorAt(stmt.range(), "class definitions are only supported at the top level");
    default: throwErrorAt(stmt.range(), "Unrecognized statement kind ", kindToString(stmt.kind()));
  }
}

// ---- if ---------------------------------------------------------------------------------------

void Emitter::emitIf(const If& stmt) {
  CondValue cond = emitCondExpr(stmt.cond());
  emitIfElseBlocks(stmt.range(), cond, stmt.trueBranch(), stmt.falseBranch());
}

std::shared_ptr<Environment> Emitter::emitSingleIfBranch(Block* b, const List<Stmt>& branch,
                                                         const RefinementSet& refinements) {
  pushFrame(b);
  WithInsertPoint guard(b);
  insertRefinements(branch.range(), refinements);
  emitStatements(branch);
  return popFrame();
}

void Emitter::emitIfElseBlocks(const SourceRange& loc, const CondValue& cond, const List<Stmt>& trueBranch,
                               const List<Stmt>& falseBranch) {
  // A statically known condition (`if True:`, `x is None` on a non-Optional) compiles only the
  // branch taken, so the other may contain code that would not type-check.
  if (cond.staticIf) {
    if (*cond.staticIf) {
      insertRefinements(loc, cond.refinements);
      emitStatements(trueBranch);
    } else {
      emitStatements(falseBranch);
    }
    return;
  }
  Node* n = graph_->insertNode(graph_->create(prim::If, {cond.value}, 0));
  n->setSourceRange(loc);
  Block* trueBlock = n->addBlock();
  Block* falseBlock = n->addBlock();
  auto saveTrue = emitSingleIfBranch(trueBlock, trueBranch, cond.refinements);
  auto saveFalse = emitSingleIfBranch(falseBlock, falseBranch, cond.refinements.Not());
  bool trueExits = exits(trueBlock), falseExits = exits(falseBlock);
  if (trueExits && falseExits) exitBlocks_.insert(n->owningBlock());

  // A variable stays defined after the if when every path that continues defines it.
  std::set<std::string> mutated;
  // The messages are only built if the variable is used after all: highlighting the source is
  // costly, and archive code defines many variables in one branch only.
  auto notDefinedError = [&](const std::string& v, const char* branch) {
    std::string msg = v + " is not defined in the " + branch + " branch";
    env_->setVariableTypeError(v, [loc, msg] { return std::string(ErrorReport(loc, msg).what()); });
  };
  for (const std::string& v : saveTrue->definedVariables()) {
    if (saveFalse->findTypeInAnyFrame(v) || falseExits) mutated.insert(v);
    else notDefinedError(v, "false");
  }
  for (const std::string& v : saveFalse->definedVariables()) {
    if (saveTrue->findTypeInAnyFrame(v) || trueExits) mutated.insert(v);
    else notDefinedError(v, "true");
  }
  for (const std::string& x : mutated) {
    if (trueExits && falseExits) continue;
    TypePtr tv = trueExits ? nullptr : saveTrue->findTypeInAnyFrame(x);
    TypePtr fv = falseExits ? nullptr : saveFalse->findTypeInAnyFrame(x);
    if (!tv || !fv) {
      // The exiting branch stores an uninitialized value of the other branch's type, so that the
      // variable has a definition on every path for SSA conversion.
      Block* exiting = tv ? falseBlock : trueBlock;
      TypePtr t = tv ? tv : fv;
      Node* uninit = graph_->createUninitialized(t)->insertBefore(exiting->returnNode());
      Node* store = graph_->create(presa::store(), {uninit->output()}, 0);
      store->s_(attr::name, x);
      store->insertBefore(exiting->returnNode());
      if (!tv) tv = t;
      if (!fv) fv = t;
    }
    TypePtr fullType = env_->findTypeInAnyFrame(x);
    bool defaultToUnion = fullType && (fullType->kind() == TypeKind::UnionType ||
                                       fullType->kind() == TypeKind::OptionalType ||
                                       fullType->kind() == TypeKind::NumberType);
    auto unified = unifyTypes(tv, fv, defaultToUnion);
    if (!unified) {
      std::ostringstream msg;
      msg << "Type mismatch: " << x << " is set to type " << tv->repr_str() << " in the true branch and type "
          << fv->repr_str() << " in the false branch";
      if (saveTrue->findTypeInParentFrame(x) || saveFalse->findTypeInParentFrame(x)) throwErrorAt(loc, msg.str());
      env_->setVariableTypeError(x, [loc, text = msg.str()] { return std::string(ErrorReport(loc, text).what()); });
      continue;
    }
    env_->setType(x, *unified);
  }
}

// ---- loops ------------------------------------------------------------------------------------

void Emitter::emitWhile(const While& stmt) {
  emitLoopCommon(stmt.range(), [&] { emitStatements(stmt.body()); }, nullptr, std::nullopt, stmt.cond());
}

void Emitter::emitFor(const For& stmt) {
  emitFor(stmt.targets(), stmt.itrs(), stmt.range(), [&] { emitStatements(stmt.body()); });
}

void Emitter::emitFor(const List<Expr>& targets, const List<Expr>& itrs, const SourceRange& loc,
                      const std::function<void()>& emitBody) {
  if (itrs.size() != 1) throwErrorAt(loc, "List of iterables is not supported currently");
  SugaredValuePtr sv = emitSugaredExpr(itrs[0], 1);
  SugaredValuePtr iterable = sv->iter(loc, *this);
  if (iterable->staticLen()) emitUnrolledLoop(loc, emitBody, iterable, targets);
  else emitLoopCommon(loc, emitBody, iterable, targets, std::nullopt);
}

void Emitter::emitLoopCommon(const SourceRange& range, const std::function<void()>& emitBody,
                             const SugaredValuePtr& iterValue, std::optional<List<Expr>> targets,
                             std::optional<Expr> cond) {
  Value* maxTripCount = iterValue ? iterValue->len(range, *this)
                                  : graph_->insertConstant(IValue(std::numeric_limits<int64_t>::max()), range);
  Node* n = graph_->insertNode(graph_->create(prim::Loop, {}, 0));
  n->setSourceRange(range);
  Block* body = n->addBlock();
  {
    Block* condBlock = n->addBlock();
    pushFrame(condBlock);
    Value* out = nullptr;
    if (cond) {
      WithInsertPoint guard(condBlock);
      out = emitToBool(cond->range(), emitExpr(*cond));
    } else {
      WithInsertPoint guard(n);
      out = graph_->insertConstant(IValue(true), range);
    }
    condBlock->registerOutput(out);
    popFrame();
  }
  n->addInput(maxTripCount);
  ValueGuard<LoopStatus> status(loopStatus_, LoopStatus::InLoop);
  Value* tripCount = body->addInput()->setType(IntType::get());
  pushFrame(body);
  {
    WithInsertPoint guard(body);
    if (iterValue && targets) {
      SugaredValuePtr elem = iterValue->getitem(range, *this, tripCount);
      List<Expr> targetExprs = *targets;
      validateAssignLhsExpr(targetExprs, range);
      // `for a, b in ...` assigns the element to the tuple (a, b)
      if (targetExprs.size() > 1) {
        Expr tl(TupleLiteral::create(range, targetExprs).tree());
        targetExprs = List<Expr>::create(range, {tl});
      }
      emitExprsAssign(targetExprs, {elem}, range, 1);
    }
    emitBody();
  }
  popFrame();
}

void Emitter::emitUnrolledLoop(const SourceRange& loc, const std::function<void()>& emitBody,
                               const SugaredValuePtr& iterable, const List<Expr>& targets) {
  int64_t len = *iterable->staticLen();
  ValueGuard<LoopStatus> status(loopStatus_, LoopStatus::InUnrolledLoop);
  // No new frame: elements of a tuple may have different types, and each iteration's values
  // only need to be visible to the code after them.
  for (int64_t i = 0; i < len; ++i) {
    Value* index = graph_->insertConstant(IValue(i), loc);
    SugaredValuePtr elem = iterable->getitem(loc, *this, index);
    List<Expr> targetExprs = targets;
    if (targetExprs.size() > 1) {
      Expr tl(TupleLiteral::create(loc, targetExprs).tree());
      targetExprs = List<Expr>::create(loc, {tl});
    }
    emitExprsAssign(targetExprs, {elem}, targets.range(), 1);
    emitBody();
  }
}

void Emitter::emitBreakContinue(const Stmt& stmt, bool isBreak) {
  const char* what = isBreak ? "break" : "continue";
  if (loopStatus_ == LoopStatus::NotInLoop) throwErrorAt(stmt.range(), "SyntaxError: '", what, "' outside loop");
  if (loopStatus_ == LoopStatus::InUnrolledLoop)
    throwErrorAt(stmt.range(), "Because we emit iteration over modulelists or tuples as unrolled loops, we do not "
                               "support break or continue inside the body of these loops");
  Node* n = graph_->insertNode(graph_->create(isBreak ? presa::breakStmt() : presa::continueStmt(), {}, 0));
  n->setSourceRange(stmt.range());
  markExit();
}

// ---- exits ------------------------------------------------------------------------------------

void Emitter::emitReturn(const Return& stmt) {
  TypePtr declared = declaredReturnType_;
  Value* actual = emitExpr(stmt.expr(), declared);
  if (declared) {
    actual = tryConvertToType(stmt.range(), *graph_, declared, actual, /*allowConversions=*/true);
    if (!actual->type()->isSubtypeOf(*declared))
      throwErrorAt(stmt.range(), "Return value was annotated as having type ", declared->repr_str(),
                   " but is actually of type ", actual->type()->repr_str());
  } else {
    if (actual->node()->kind() == prim::EmptyListLiteral)
      actual = tryConvertToType(stmt.range(), *graph_, ListType::ofTensors(), actual, false);
    declared = mergedReturnType_ ? mergedReturnType_ : actual->type();
    auto merged = unifyTypes(declared, actual->type());
    if (!merged)
      throwErrorAt(stmt.range(), "Previous return statement returned a value of type ", declared->repr_str(),
                   " but this return statement returns a value of type ", actual->type()->repr_str());
    declared = *merged;
  }
  mergedReturnType_ = declared;
  // Values returned as Any are cast, so that returns on different paths unify.
  if (declared->kind() == TypeKind::AnyType && actual->type()->kind() != TypeKind::AnyType) {
    Node* cast = graph_->insertNode(graph_->create(prim::unchecked_cast, {actual}, 1));
    cast->output()->setType(declared);
    actual = cast->output();
  }
  Node* n = graph_->insertNode(graph_->create(presa::returnStmt(), {actual}, 0));
  n->setSourceRange(stmt.range());
  markExit();
}

void Emitter::emitRaise(const Raise& stmt) {
  SugaredValuePtr sv = emitSugaredExpr(stmt.expr(), 1);
  Value* message = nullptr;
  Value* className = nullptr;
  if (auto instance = std::dynamic_pointer_cast<ExceptionMessageValue>(sv)) {
    message = instance->message();
    className = instance->qualifiedClassName();
  } else if (auto cls = std::dynamic_pointer_cast<ExceptionValue>(sv)) {
    message = graph_->insertConstant(IValue(std::string()), stmt.range());
    className = cls->qualifiedName().empty() ? graph_->insertConstant(IValue())
                                             : graph_->insertConstant(IValue(cls->qualifiedName()), stmt.range());
  } else {
    throwErrorAt(stmt.range(), "exceptions must derive from BaseException");
  }
  if (!message->type()->isSubtypeOf(*StringType::get()))
    message = emitBuiltinCall(stmt.range(), *graph_, aten::str, {NamedValue(message)}, {});
  Node* n = graph_->insertNode(graph_->create(prim::RaiseException, {message, className}, 0));
  n->setSourceRange(stmt.range());
  markExit();
}

void Emitter::emitAssert(const Assert& stmt) {
  CondValue cond = emitCondExpr(stmt.test());
  List<Stmt> trueBranch = List<Stmt>::create(stmt.range(), {});
  Expr message = stmt.msg().present() ? stmt.msg().get() : Expr(StringLiteral::create(stmt.range(), "").tree());
  Expr callee(Var::create(stmt.range(), Ident::create(stmt.range(), "AssertionError")).tree());
  Expr apply(Apply::create(stmt.range(), callee, List<Expr>::create(stmt.range(), {message}),
                           List<Attribute>::create(stmt.range(), {}))
                 .tree());
  Stmt raise(Raise::create(stmt.range(), apply).tree());
  List<Stmt> falseBranch = List<Stmt>::create(stmt.range(), {raise});
  emitIfElseBlocks(stmt.range(), cond, trueBranch, falseBranch);
}

// ---- del, with --------------------------------------------------------------------------------

void Emitter::emitDelete(const Delete& stmt) {
  for (const Expr& target : stmt.targets()) {
    if (target.kind() == TK_SUBSCRIPT) {
      Subscript sub(target.tree());
      auto exprs = sub.subscriptExprs();
      if (exprs[0].kind() == TK_SLICE_EXPR)
        throwErrorAt(target.range(), "del statements only support deletion at a single index, slicing is not "
                                     "supported (see https://github.com/pytorch/pytorch/issues/31430)");
      Value* val = emitSugaredExpr(sub.value(), 1)->asValue(sub.value().range(), *this);
      Value* idx = emitExpr(exprs[0]);
      if (auto cls = val->type()->cast<ClassType>()) {
        if (!cls->findMethod("__delitem__")) throwErrorAt(target.range(), "Class does not define __delitem__");
        MethodValue(val, "__delitem__").call(stmt.range(), *this, {NamedValue(idx)}, {}, 0);
      } else {
        emitBuiltinCall(target.range(), *graph_, Symbol::aten("Delete"), {NamedValue(val), NamedValue(idx)}, {});
      }
    } else if (target.kind() == TK_VAR) {
      const std::string& name = Var(target.tree()).name().name();
      if (!env_->findTypeInAnyFrame(name) && !env_->findInAnyFrame(name))
        throwErrorAt(target.range(), "undefined value ", name);
      env_->removeVariable(name);
    } else {
      throwErrorAt(target.range(), "del statements are only supported for deleting list and dict items and variables");
    }
  }
}

void Emitter::emitWith(const With& stmt) {
  std::vector<Value*> entered;
  for (const WithItem& item : stmt.targets()) {
    Expr e = item.target();
    Value* rhs = emitExpr(e);
    Node* n = graph_->insertNode(graph_->create(prim::Enter, {rhs}, 1));
    n->setSourceRange(e.range());
    entered.push_back(rhs);
    auto cls = rhs->type()->cast<ClassType>();
    if (!cls) throwErrorAt(e.range(), "With item expression must return an object");
    Function* enter = cls->findMethod("__enter__");
    Function* exit = cls->findMethod("__exit__");
    if (!enter || !exit)
      throwErrorAt(e.range(), "Object returned by with item expression does not define __enter__ and __exit__ methods");
    const FunctionSchema& enterSchema = enter->getSchema();
    if (enterSchema.arguments().size() != 1)
      throwErrorAt(e.range(), "__enter__ must have only one argument and one return value");
    const FunctionSchema& exitSchema = exit->getSchema();
    if (exitSchema.arguments().size() != 4) throwErrorAt(e.range(), "__exit__ must have four arguments");
    for (size_t i = 1; i < 4; ++i) {
      if (exitSchema.arguments()[i].type()->kind() != TypeKind::AnyType)
        throwErrorAt(e.range(), "argument ", i, " of __exit__ must have Any type; found ",
                     exitSchema.arguments()[i].type()->repr_str());
    }
    n->output()->setType(enterSchema.returns().at(0).type());
    if (item.var().present()) {
      Var v = item.var().get();
      env_->setVar(v.range(), v.name().name(), n->output());
    }
  }
  emitStatements(stmt.body());
  while (!entered.empty()) {
    Node* n = graph_->insertNode(graph_->create(prim::Exit, {entered.back()}, 1));
    n->output()->setType(TensorType::get());
    entered.pop_back();
  }
}

}  // namespace ember::jit
