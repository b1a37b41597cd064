// The IR emitter: semantic analysis of one `def` (a free function or a method) into a graph in
// pre-SSA form, then SSA conversion and clean-up (the spec's "IR Emitter" section).
//
// Pre-SSA form, as PyTorch's emitter produces it:
//  - variables are `prim::Store[name="x"](%v)` / `%x = prim::Load[name="x"]()`;
//  - `prim::If` has two blocks and no outputs for statements (an `if` expression has one);
//  - `prim::Loop(%max_trip_count)` has a body block (input: the iteration number) and a second
//    block computing the loop condition;
//  - `prim::ReturnStmt(%v)`, `prim::BreakStmt()`, `prim::ContinueStmt()` mark exits, and the
//    graph returns a `prim::Uninitialized` placeholder of the return type;
//  - comprehensions run in a `prim::ComprehensionScope` block of their own.
// The emitter is split by concept: ir_emitter.cpp (definitions, scopes, returns),
// ir_emitter_stmts.cpp, ir_emitter_assign.cpp, ir_emitter_exprs.cpp, ir_emitter_subscript.cpp,
// ir_emitter_calls.cpp.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ember/api/compilation_unit.h"
#include "ember/ir/ir.h"
#include "frontend/environment.h"
#include "frontend/resolver.h"
#include "frontend/sugared_value.h"
#include "frontend/tree_views.h"

namespace ember::jit {

// A variable narrowed to a more specific type where a condition holds (`x is not None`).
struct Refinement {
  std::string identifier;
  TypePtr type;
};

class RefinementSet {
 public:
  RefinementSet() = default;
  RefinementSet(std::vector<Refinement> trueRefs, std::vector<Refinement> falseRefs)
      : true_(std::move(trueRefs)), false_(std::move(falseRefs)) {}
  RefinementSet And(const RefinementSet& rhs) const;
  RefinementSet Or(const RefinementSet& rhs) const;
  RefinementSet Not() const { return RefinementSet(false_, true_); }
  const std::vector<Refinement>& activeRefinements() const { return true_; }

 private:
  std::vector<Refinement> true_;
  std::vector<Refinement> false_;
};

// A condition: its bool value, the refinements it implies, and its value when known statically
// (`if True:`, `x is None` for an x that can never be None), which prunes the other branch.
struct CondValue {
  Value* value = nullptr;
  RefinementSet refinements;
  std::optional<bool> staticIf;
};

class Emitter {
 public:
  // `self` is the class of a method (its first parameter), or null for free functions.
  Emitter(CompilationUnit& cu, GraphFunction& fn, ResolverPtr resolver, ClassTypePtr self);

  // Emits `def` into a new graph, converts it to SSA, runs the clean-up passes and sets the
  // function's graph and schema.
  void emitFunction(const Def& def);

  Graph& graph() { return *graph_; }
  CompilationUnit& cu() { return cu_; }
  GraphFunction& function() { return fn_; }
  const ResolverPtr& resolver() const { return resolver_; }
  Environment& env() { return *env_; }
  TypeResolver typeResolver() const;
  TypePtr parseType(const Expr& annotation) const;

  // ---- expressions (ir_emitter_exprs.cpp) ----
  SugaredValuePtr emitSugaredExpr(const Expr& tree, size_t nBinders, const TypePtr& typeHint = nullptr);
  Value* emitExpr(const Expr& tree, const TypePtr& typeHint = nullptr);
  CondValue emitCondExpr(const Expr& expr);
  Value* emitToBool(const SourceRange& loc, Value* v);

 private:
  friend class Environment;

  // ---- definitions and scopes (ir_emitter.cpp) ----
  FunctionSchema emitDef(const Def& def);
  std::vector<Argument> emitFormalArguments(const Def& def);
  void handleMaybeNoReturn(const Def& def, Block* block);
  void pushFrame(Block* b);
  std::shared_ptr<Environment> popFrame();
  void insertRefinements(const SourceRange& loc, const RefinementSet& refinements);
  void markExit() { exitBlocks_.insert(env_->block()); }
  bool exits(Block* b) const { return exitBlocks_.count(b) != 0; }
  std::string createTempName(const std::string& prefix) { return prefix + std::to_string(tempCounter_++); }

  // ---- statements (ir_emitter_stmts.cpp) ----
  void emitStatements(const List<Stmt>& stmts);
  void emitStatement(const Stmt& stmt);
  void emitIf(const If& stmt);
  void emitIfElseBlocks(const SourceRange& loc, const CondValue& cond, const List<Stmt>& trueBranch,
                        const List<Stmt>& falseBranch);
  std::shared_ptr<Environment> emitSingleIfBranch(Block* b, const List<Stmt>& branch,
                                                  const RefinementSet& refinements);
  void emitWhile(const While& stmt);
  void emitFor(const For& stmt);
  void emitFor(const List<Expr>& targets, const List<Expr>& itrs, const SourceRange& loc,
               const std::function<void()>& emitBody);
  void emitLoopCommon(const SourceRange& range, const std::function<void()>& emitBody,
                      const SugaredValuePtr& iterValue, std::optional<List<Expr>> targets,
                      std::optional<Expr> cond);
  void emitUnrolledLoop(const SourceRange& loc, const std::function<void()>& emitBody,
                        const SugaredValuePtr& iterable, const List<Expr>& targets);
  void emitReturn(const Return& stmt);
  void emitRaise(const Raise& stmt);
  void emitAssert(const Assert& stmt);
  void emitBreakContinue(const Stmt& stmt, bool isBreak);
  void emitDelete(const Delete& stmt);
  void emitWith(const With& stmt);

  // ---- assignments (ir_emitter_assign.cpp) ----
  void emitAssignment(const Assign& stmt);
  void emitSingleAssignment(const Assign& stmt);
  void emitTupleAssign(const TupleLiteral& tl, const Expr& rhs);
  void emitTupleAssign(const TupleLiteral& tl, const SugaredValuePtr& rhs, const SourceRange& rhsLoc, size_t nBinders,
                       bool starredUnpack);
  void emitExprsAssign(const List<Expr>& lhs, const std::vector<SugaredValuePtr>& outputs, const SourceRange& rhsLoc,
                       size_t nBinders);
  void emitSelectAssign(const Expr& lhs, const SugaredValuePtr& rhs, const SourceRange& loc,
                        const TypePtr& annotated = nullptr);
  void emitSubscriptAssign(const SourceRange& stmtRange, const Subscript& lhs, const NamedValue& rhs);
  void emitAugAssignment(const AugAssign& stmt);
  Value* emitAugAssignmentHelper(const AugAssign& stmt, Value* lhs);
  void emitAugSubscriptAssign(const AugAssign& stmt);
  bool validateAssignLhsExpr(const List<Expr>& lhs, const SourceRange& r);

  // ---- expressions (ir_emitter_exprs.cpp) ----
  Value* emitSimpleExpr(const TreeRef& tree, const TypePtr& typeHint);
  Value* emitConst(const Const& c);
  Value* emitBinaryOp(const TreeRef& tree);
  Value* emitUnaryOp(const TreeRef& tree, Symbol op);
  CondValue emitShortCircuitLogical(const SourceRange& loc, const Expr& first, const Expr& second, bool isOr);
  Value* emitIfExpr(const SourceRange& range, const CondValue& cond, const std::function<Value*()>& trueExpr,
                    const std::function<Value*()>& falseExpr);
  Value* emitTernaryIf(const TernaryIf& expr, const TypePtr& typeHint);
  CondValue emitIsInstance(const Expr& obj, const Expr& classinfo);
  CondValue emitHasAttr(const Expr& objExpr, const Expr& attrExpr);
  CondValue emitIsComparison(const Expr& expr);
  Value* emitListLiteral(const ListLiteral& ll, const TypePtr& typeHint);
  Value* emitTupleLiteral(const TupleLiteral& tl, const TypePtr& typeHint);
  Value* emitDictLiteral(const DictLiteral& dl, const TypePtr& typeHint);
  void emitComprehensionLoop(const SourceRange& loc, const Expr& target, const Expr& iter,
                             const std::function<void()>& body);
  Value* emitListComprehension(const ListComp& lc, const TypePtr& typeHint);
  Value* emitDictComprehension(const DictComp& dc, const TypePtr& typeHint);
  std::vector<Value*> getValues(const List<Expr>& trees, bool maybeUnpack);
  std::vector<NamedValue> getNamedValues(const List<Expr>& trees, bool maybeUnpack);

  // ---- subscripts (ir_emitter_subscript.cpp) ----
  SugaredValuePtr emitSubscript(const Subscript& subscript, const TypePtr& typeHint);
  Value* emitBasicSlice(const SourceRange& loc, Value* sliceable, const SliceExpr& slice);
  Value* emitSlice(const SourceRange& loc, Value* input, Value* dim, const SliceExpr& slice);
  Value* emitSliceOp(const SourceRange& loc, Value* sliceable, Value* dim, Value* start, Value* end, Value* step);
  Value* emitSelect(const SourceRange& loc, Value* input, Value* dim, Value* index);
  std::pair<Value*, std::vector<Value*>> emitIntAndSliceIndexing(const SourceRange& loc, Value* sliceable,
                                                                 const List<Expr>& subscripts);
  Value* emitMultidimSlicing(const SourceRange& loc, Value* sliceable, const List<Expr>& subscripts);
  Value* emitTupleIndex(const SourceRange& loc, Value* tuple, Value* idx);
  Value* emitTupleSlice(const SourceRange& loc, Value* tuple, const SliceExpr& slice);

  // ---- calls (ir_emitter_calls.cpp) ----
  SugaredValuePtr emitApplyExpr(const Apply& apply, size_t nBinders, const TypePtr& typeHint);
  SugaredValuePtr emitApplySpecialForm(Symbol form, const Apply& apply, const TypePtr& typeHint);
  SugaredValuePtr emitRangeLike(Symbol form, const Apply& apply);
  Value* emitFork(const Apply& apply);
  std::vector<NamedValue> emitAttributes(const List<Attribute>& attributes);

  CompilationUnit& cu_;
  GraphFunction& fn_;
  ResolverPtr resolver_;
  ClassTypePtr selfType_;
  std::shared_ptr<Graph> graph_;
  std::shared_ptr<Environment> env_;
  std::unordered_set<Block*> exitBlocks_;
  TypePtr declaredReturnType_;
  TypePtr mergedReturnType_;
  enum class LoopStatus { NotInLoop, InLoop, InUnrolledLoop };
  LoopStatus loopStatus_ = LoopStatus::NotInLoop;
  size_t tempCounter_ = 0;
  // Literals are materialised once, at the top of the graph (as PyTorch's emitter does).
  std::unordered_map<int64_t, Value*> intConstants_;
  std::unordered_map<uint64_t, Value*> floatConstants_;
  Value* materializeConstant(int64_t v, const SourceRange& loc);
  Value* materializeConstant(double v, const SourceRange& loc);
};

// Node kinds of the pre-SSA form (interned once).
namespace presa {
Symbol store();
Symbol load();
Symbol returnStmt();
Symbol breakStmt();
Symbol continueStmt();
Symbol comprehensionScope();
}  // namespace presa

}  // namespace ember::jit
