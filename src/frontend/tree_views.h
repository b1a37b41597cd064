// Tree views: typed accessors over Trees of a given kind, mirroring TorchScript's
// tree_views so the IR emitter can read `apply.callee()` instead of `tree->tree(0)`.
//
// Shapes (printed form):
//   (def (ident f) (decl (list param...) (option return_type?)) (list stmt...))
//   (param (ident x) (option type?) (option default?) (True|False kwarg_only))
//   (class (ident C) (option superclass?) (list stmt...) (option) (option))
//   (if cond (list then...) (list else...))      (while cond (list body...))
//   (for (list target...) (list iterable...) (list body...))
//   (assign (list lhs...) (option rhs?) (option type?))    (aug_assign lhs (op) rhs)
//   (return expr)  (raise expr)  (assert test (option msg?))  (pass)  (break)  (continue)
//   (del (list expr...))  (with (list (withitem expr (option var?))...) (list body...))
//   (global (list ident...))  (expression statement expr)
//   (variable (ident x))  (const 1.5)  (string_literal text)  (True) (False) (None) (dots)
//   (apply callee (list input...) (list (attribute (ident name) value)...))
//   (. value (ident name))  (subscript value (list index...))
//   (slice expr (option start?) (option end?) (option step?))
//   (tuple-literal (list ...))  (list-literal (list ...))  (dict-literal (list keys) (list values))
//   (list comprehension elt target iter)  (dict comprehension key value target iter)
//   (if cond true_expr false_expr)  (starred expr)  (<op> lhs rhs)  (<unary op> operand)
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "frontend/tree.h"

namespace ember::jit {

class TreeView {
 public:
  explicit TreeView(TreeRef tree) : tree_(std::move(tree)) {}
  const TreeRef& tree() const { return tree_; }
  const SourceRange& range() const { return tree_->range(); }
  int kind() const { return tree_->kind(); }
  const TreeRef& subtree(size_t i) const { return tree_->tree(i); }
  std::string str() const { return treeToString(tree_); }

 protected:
  TreeRef tree_;
};

template <typename T>
class List : public TreeView {
 public:
  explicit List(TreeRef tree) : TreeView(std::move(tree)) {
    tree_->matchAtLeast(TK_LIST, 0);
    for (const TreeRef& t : tree_->trees()) static_cast<void>(T(t));  // validates every element
  }
  class Iterator {
   public:
    explicit Iterator(TreeList::const_iterator it) : it_(it) {}
    T operator*() const { return T(*it_); }
    Iterator& operator++() {
      ++it_;
      return *this;
    }
    bool operator==(const Iterator& other) const { return it_ == other.it_; }
    bool operator!=(const Iterator& other) const { return it_ != other.it_; }

   private:
    TreeList::const_iterator it_;
  };
  Iterator begin() const { return Iterator(tree_->trees().begin()); }
  Iterator end() const { return Iterator(tree_->trees().end()); }
  bool empty() const { return tree_->trees().empty(); }
  size_t size() const { return tree_->trees().size(); }
  T operator[](size_t i) const { return T(subtree(i)); }

  static List create(const SourceRange& range, const std::vector<T>& items) {
    TreeList trees;
    trees.reserve(items.size());
    for (const T& item : items) trees.push_back(item.tree());
    return List(makeCompound(TK_LIST, range, std::move(trees)));
  }
  static List unsafeCreate(const SourceRange& range, TreeList trees) {
    return List(makeCompound(TK_LIST, range, std::move(trees)));
  }
};

template <typename T>
class Maybe : public TreeView {
 public:
  explicit Maybe(TreeRef tree) : TreeView(std::move(tree)) {
    tree_->matchAtLeast(TK_OPTION, 0);
    EMBER_ASSERT(tree_->trees().size() <= 1, "an option tree holds at most one subtree");
    if (present()) T(subtree(0));
  }
  bool present() const { return tree_->trees().size() == 1; }
  T get() const { return T(subtree(0)); }

  static Maybe create(const SourceRange& range) { return Maybe(makeCompound(TK_OPTION, range)); }
  static Maybe create(const SourceRange& range, const T& value) {
    return Maybe(makeCompound(TK_OPTION, range, {value.tree()}));
  }
};

class Ident : public TreeView {
 public:
  explicit Ident(TreeRef tree) : TreeView(std::move(tree)) { tree_->match(TK_IDENT, 1); }
  const std::string& name() const { return subtree(0)->stringValue(); }
  static Ident create(const SourceRange& range, std::string name) {
    return Ident(makeCompound(TK_IDENT, range, {makeString(range, std::move(name))}));
  }
};

// Kind checks shared by the Stmt/Expr views (and the parser's assertions).
bool isStmtKind(int kind);
bool isExprKind(int kind);
bool isBinOpKind(int kind);
bool isUnaryOpKind(int kind);
bool isAugAssignOpKind(int kind);

class Stmt : public TreeView {
 public:
  explicit Stmt(TreeRef tree);
};

class Expr : public TreeView {
 public:
  explicit Expr(TreeRef tree);
};

// ---- Top level ---------------------------------------------------------------------------

class Param : public TreeView {
 public:
  explicit Param(TreeRef tree) : TreeView(std::move(tree)) { tree_->match(TK_PARAM, 4); }
  Ident ident() const { return Ident(subtree(0)); }
  Maybe<Expr> type() const { return Maybe<Expr>(subtree(1)); }
  Maybe<Expr> defaultValue() const { return Maybe<Expr>(subtree(2)); }
  bool kwargOnly() const { return subtree(3)->kind() == TK_TRUE; }
  static Param create(const SourceRange& range, const Ident& ident, const Maybe<Expr>& type,
                      const Maybe<Expr>& defaultValue, bool kwargOnly) {
    TreeRef flag = makeCompound(kwargOnly ? TK_TRUE : TK_FALSE, range);
    return Param(makeCompound(TK_PARAM, range, {ident.tree(), type.tree(), defaultValue.tree(), flag}));
  }
  Param withType(const Maybe<Expr>& type) const {
    return create(range(), ident(), type, defaultValue(), kwargOnly());
  }
};

class Decl : public TreeView {
 public:
  explicit Decl(TreeRef tree) : TreeView(std::move(tree)) { tree_->match(TK_DECL, 2); }
  List<Param> params() const { return List<Param>(subtree(0)); }
  Maybe<Expr> returnType() const { return Maybe<Expr>(subtree(1)); }
  static Decl create(const SourceRange& range, const List<Param>& params, const Maybe<Expr>& returnType) {
    return Decl(makeCompound(TK_DECL, range, {params.tree(), returnType.tree()}));
  }
};

class Def : public TreeView {
 public:
  explicit Def(TreeRef tree) : TreeView(std::move(tree)) { tree_->match(TK_DEF, 3); }
  Ident name() const { return Ident(subtree(0)); }
  Decl decl() const { return Decl(subtree(1)); }
  List<Stmt> statements() const { return List<Stmt>(subtree(2)); }
  Def withName(std::string name) const {
    return create(range(), Ident::create(this->name().range(), std::move(name)), decl(), statements());
  }
  Def withDecl(const Decl& decl) const { return create(range(), name(), decl, statements()); }
  static Def create(const SourceRange& range, const Ident& name, const Decl& decl, const List<Stmt>& stmts) {
    return Def(makeCompound(TK_DEF, range, {name.tree(), decl.tree(), stmts.tree()}));
  }
};

// A decorated def in a class body (`@staticmethod`, the one decorator TorchScript source keeps).
class Decorated : public Stmt {
 public:
  explicit Decorated(TreeRef tree) : Stmt(std::move(tree)) { tree_->match(TK_DECORATED, 2); }
  Expr decorator() const { return Expr(subtree(0)); }
  Def def() const { return Def(subtree(1)); }
  static Decorated create(const SourceRange& range, const Expr& decorator, const Def& def) {
    return Decorated(makeCompound(TK_DECORATED, range, {decorator.tree(), def.tree()}));
  }
};

class Property : public TreeView {
 public:
  explicit Property(TreeRef tree) : TreeView(std::move(tree)) { tree_->match(TK_PROP, 3); }
  Ident name() const { return Ident(subtree(0)); }
  Def getter() const { return Def(subtree(1)); }
  Maybe<Def> setter() const { return Maybe<Def>(subtree(2)); }
  static Property create(const SourceRange& range, const Ident& name, const Def& getter, const Maybe<Def>& setter) {
    return Property(makeCompound(TK_PROP, range, {name.tree(), getter.tree(), setter.tree()}));
  }
};

class Assign;

class ClassDef : public TreeView {
 public:
  explicit ClassDef(TreeRef tree) : TreeView(std::move(tree)) { tree_->match(TK_CLASS_DEF, 5); }
  Ident name() const { return Ident(subtree(0)); }
  Maybe<Expr> superclass() const { return Maybe<Expr>(subtree(1)); }
  List<Stmt> body() const { return List<Stmt>(subtree(2)); }
  Maybe<List<Property>> properties() const { return Maybe<List<Property>>(subtree(3)); }
  Maybe<List<Assign>> assigns() const;
  static ClassDef create(const SourceRange& range, const Ident& name, const Maybe<Expr>& superclass,
                         const List<Stmt>& body) {
    return ClassDef(makeCompound(TK_CLASS_DEF, range,
                                 {name.tree(), superclass.tree(), body.tree(), makeCompound(TK_OPTION, range),
                                  makeCompound(TK_OPTION, range)}));
  }
};

// ---- Statements --------------------------------------------------------------------------

class If : public Stmt {
 public:
  explicit If(TreeRef tree) : Stmt(std::move(tree)) { tree_->match(TK_IF, 3); }
  Expr cond() const { return Expr(subtree(0)); }
  List<Stmt> trueBranch() const { return List<Stmt>(subtree(1)); }
  List<Stmt> falseBranch() const { return List<Stmt>(subtree(2)); }
  static If create(const SourceRange& range, const Expr& cond, const List<Stmt>& trueBranch,
                   const List<Stmt>& falseBranch) {
    return If(makeCompound(TK_IF, range, {cond.tree(), trueBranch.tree(), falseBranch.tree()}));
  }
};

class While : public Stmt {
 public:
  explicit While(TreeRef tree) : Stmt(std::move(tree)) { tree_->match(TK_WHILE, 2); }
  Expr cond() const { return Expr(subtree(0)); }
  List<Stmt> body() const { return List<Stmt>(subtree(1)); }
  static While create(const SourceRange& range, const Expr& cond, const List<Stmt>& body) {
    return While(makeCompound(TK_WHILE, range, {cond.tree(), body.tree()}));
  }
};

class For : public Stmt {
 public:
  explicit For(TreeRef tree) : Stmt(std::move(tree)) { tree_->match(TK_FOR, 3); }
  List<Expr> targets() const { return List<Expr>(subtree(0)); }
  List<Expr> itrs() const { return List<Expr>(subtree(1)); }
  List<Stmt> body() const { return List<Stmt>(subtree(2)); }
  static For create(const SourceRange& range, const List<Expr>& targets, const List<Expr>& itrs,
                    const List<Stmt>& body) {
    return For(makeCompound(TK_FOR, range, {targets.tree(), itrs.tree(), body.tree()}));
  }
};

class Global : public Stmt {
 public:
  explicit Global(TreeRef tree) : Stmt(std::move(tree)) { tree_->match(TK_GLOBAL, 1); }
  List<Ident> names() const { return List<Ident>(subtree(0)); }
  static Global create(const SourceRange& range, const List<Ident>& names) {
    return Global(makeCompound(TK_GLOBAL, range, {names.tree()}));
  }
};

class AugAssign : public Stmt {
 public:
  explicit AugAssign(TreeRef tree) : Stmt(std::move(tree)) { tree_->match(TK_AUG_ASSIGN, 3); }
  Expr lhs() const { return Expr(subtree(0)); }
  // The binary operator kind: '+', TK_POW, TK_LSHIFT, ...
  int augOp() const { return subtree(1)->kind(); }
  Expr rhs() const { return Expr(subtree(2)); }
  static AugAssign create(const SourceRange& range, const Expr& lhs, int op, const Expr& rhs) {
    return AugAssign(makeCompound(TK_AUG_ASSIGN, range, {lhs.tree(), makeCompound(op, range), rhs.tree()}));
  }
};

class Assign : public Stmt {
 public:
  explicit Assign(TreeRef tree) : Stmt(std::move(tree)) { tree_->match(TK_ASSIGN, 3); }
  // `a = b = c` has two targets; most assignments have one.
  List<Expr> lhsList() const { return List<Expr>(subtree(0)); }
  Expr lhs() const { return lhsList()[0]; }
  Maybe<Expr> rhs() const { return Maybe<Expr>(subtree(1)); }
  Maybe<Expr> type() const { return Maybe<Expr>(subtree(2)); }
  static Assign create(const SourceRange& range, const List<Expr>& lhs, const Maybe<Expr>& rhs,
                       const Maybe<Expr>& type) {
    return Assign(makeCompound(TK_ASSIGN, range, {lhs.tree(), rhs.tree(), type.tree()}));
  }
};

inline Maybe<List<Assign>> ClassDef::assigns() const { return Maybe<List<Assign>>(subtree(4)); }

class Return : public Stmt {
 public:
  explicit Return(TreeRef tree) : Stmt(std::move(tree)) { tree_->match(TK_RETURN, 1); }
  Expr expr() const { return Expr(subtree(0)); }
  static Return create(const SourceRange& range, const Expr& value) {
    return Return(makeCompound(TK_RETURN, range, {value.tree()}));
  }
};

class Raise : public Stmt {
 public:
  explicit Raise(TreeRef tree) : Stmt(std::move(tree)) { tree_->match(TK_RAISE, 1); }
  Expr expr() const { return Expr(subtree(0)); }
  static Raise create(const SourceRange& range, const Expr& expr) {
    return Raise(makeCompound(TK_RAISE, range, {expr.tree()}));
  }
};

class Assert : public Stmt {
 public:
  explicit Assert(TreeRef tree) : Stmt(std::move(tree)) { tree_->match(TK_ASSERT, 2); }
  Expr test() const { return Expr(subtree(0)); }
  Maybe<Expr> msg() const { return Maybe<Expr>(subtree(1)); }
  static Assert create(const SourceRange& range, const Expr& test, const Maybe<Expr>& msg) {
    return Assert(makeCompound(TK_ASSERT, range, {test.tree(), msg.tree()}));
  }
};

class Pass : public Stmt {
 public:
  explicit Pass(TreeRef tree) : Stmt(std::move(tree)) { tree_->match(TK_PASS, 0); }
  static Pass create(const SourceRange& range) { return Pass(makeCompound(TK_PASS, range)); }
};

class Break : public Stmt {
 public:
  explicit Break(TreeRef tree) : Stmt(std::move(tree)) { tree_->match(TK_BREAK, 0); }
  static Break create(const SourceRange& range) { return Break(makeCompound(TK_BREAK, range)); }
};

class Continue : public Stmt {
 public:
  explicit Continue(TreeRef tree) : Stmt(std::move(tree)) { tree_->match(TK_CONTINUE, 0); }
  static Continue create(const SourceRange& range) { return Continue(makeCompound(TK_CONTINUE, range)); }
};

class Delete : public Stmt {
 public:
  explicit Delete(TreeRef tree) : Stmt(std::move(tree)) { tree_->match(TK_DELETE, 1); }
  List<Expr> targets() const { return List<Expr>(subtree(0)); }
  static Delete create(const SourceRange& range, const List<Expr>& targets) {
    return Delete(makeCompound(TK_DELETE, range, {targets.tree()}));
  }
};

class ExprStmt : public Stmt {
 public:
  explicit ExprStmt(TreeRef tree) : Stmt(std::move(tree)) { tree_->match(TK_EXPR_STMT, 1); }
  Expr expr() const { return Expr(subtree(0)); }
  static ExprStmt create(const SourceRange& range, const Expr& expr) {
    return ExprStmt(makeCompound(TK_EXPR_STMT, range, {expr.tree()}));
  }
};

// ---- Expressions -------------------------------------------------------------------------

class Var : public Expr {
 public:
  explicit Var(TreeRef tree) : Expr(std::move(tree)) { tree_->match(TK_VAR, 1); }
  Ident name() const { return Ident(subtree(0)); }
  static Var create(const SourceRange& range, const Ident& name) {
    return Var(makeCompound(TK_VAR, range, {name.tree()}));
  }
};

class WithItem : public Expr {
 public:
  explicit WithItem(TreeRef tree) : Expr(std::move(tree)) { tree_->match(TK_WITH_ITEM, 2); }
  Expr target() const { return Expr(subtree(0)); }
  Maybe<Var> var() const { return Maybe<Var>(subtree(1)); }
  static WithItem create(const SourceRange& range, const Expr& target, const Maybe<Var>& var) {
    return WithItem(makeCompound(TK_WITH_ITEM, range, {target.tree(), var.tree()}));
  }
};

class With : public Stmt {
 public:
  explicit With(TreeRef tree) : Stmt(std::move(tree)) { tree_->match(TK_WITH, 2); }
  List<WithItem> targets() const { return List<WithItem>(subtree(0)); }
  List<Stmt> body() const { return List<Stmt>(subtree(1)); }
  static With create(const SourceRange& range, const List<WithItem>& targets, const List<Stmt>& body) {
    return With(makeCompound(TK_WITH, range, {targets.tree(), body.tree()}));
  }
};

class BinOp : public Expr {
 public:
  explicit BinOp(TreeRef tree);
  Expr lhs() const { return Expr(subtree(0)); }
  Expr rhs() const { return Expr(subtree(1)); }
  static BinOp create(const SourceRange& range, int kind, const Expr& lhs, const Expr& rhs) {
    return BinOp(makeCompound(kind, range, {lhs.tree(), rhs.tree()}));
  }
};

class UnaryOp : public Expr {
 public:
  explicit UnaryOp(TreeRef tree);
  Expr operand() const { return Expr(subtree(0)); }
  static UnaryOp create(const SourceRange& range, int kind, const Expr& operand) {
    return UnaryOp(makeCompound(kind, range, {operand.tree()}));
  }
};

class Const : public Expr {
 public:
  explicit Const(TreeRef tree) : Expr(std::move(tree)) { tree_->match(TK_CONST, 1); }
  // The literal's spelling: "3", "1.5e3", "0x10", "2j".
  const std::string& text() const { return subtree(0)->stringValue(); }
  bool isComplex() const;
  bool isFloatingPoint() const;
  bool isIntegral() const { return !isFloatingPoint() && !isComplex(); }
  // Throws ErrorReport when an integer literal does not fit in int64 (as TorchScript does).
  int64_t asIntegral() const;
  double asFloatingPoint() const;
  // The imaginary part of a complex literal such as "2.5j".
  double asImaginary() const;
  static Const create(const SourceRange& range, std::string text) {
    return Const(makeCompound(TK_CONST, range, {makeString(range, std::move(text))}));
  }
};

class StringLiteral : public Expr {
 public:
  explicit StringLiteral(TreeRef tree) : Expr(std::move(tree)) { tree_->match(TK_STRINGLITERAL, 1); }
  // The decoded value (escapes resolved, adjacent literals joined).
  const std::string& text() const { return subtree(0)->stringValue(); }
  static StringLiteral create(const SourceRange& range, std::string value) {
    return StringLiteral(makeCompound(TK_STRINGLITERAL, range, {makeString(range, std::move(value))}));
  }
};

class Attribute : public TreeView {
 public:
  explicit Attribute(TreeRef tree) : TreeView(std::move(tree)) { tree_->match(TK_ATTRIBUTE, 2); }
  Ident name() const { return Ident(subtree(0)); }
  Expr value() const { return Expr(subtree(1)); }
  static Attribute create(const SourceRange& range, const Ident& name, const Expr& value) {
    return Attribute(makeCompound(TK_ATTRIBUTE, range, {name.tree(), value.tree()}));
  }
};

class Apply : public Expr {
 public:
  explicit Apply(TreeRef tree) : Expr(std::move(tree)) { tree_->match(TK_APPLY, 3); }
  Expr callee() const { return Expr(subtree(0)); }
  List<Expr> inputs() const { return List<Expr>(subtree(1)); }
  List<Attribute> attributes() const { return List<Attribute>(subtree(2)); }
  static Apply create(const SourceRange& range, const Expr& callee, const List<Expr>& inputs,
                      const List<Attribute>& attributes) {
    return Apply(makeCompound(TK_APPLY, range, {callee.tree(), inputs.tree(), attributes.tree()}));
  }
};

class Select : public Expr {
 public:
  explicit Select(TreeRef tree) : Expr(std::move(tree)) { tree_->match('.', 2); }
  Expr value() const { return Expr(subtree(0)); }
  Ident selector() const { return Ident(subtree(1)); }
  static Select create(const SourceRange& range, const Expr& value, const Ident& selector) {
    return Select(makeCompound('.', range, {value.tree(), selector.tree()}));
  }
};

class SliceExpr : public Expr {
 public:
  explicit SliceExpr(TreeRef tree) : Expr(std::move(tree)) { tree_->match(TK_SLICE_EXPR, 3); }
  Maybe<Expr> start() const { return Maybe<Expr>(subtree(0)); }
  Maybe<Expr> end() const { return Maybe<Expr>(subtree(1)); }
  Maybe<Expr> step() const { return Maybe<Expr>(subtree(2)); }
  static SliceExpr create(const SourceRange& range, const Maybe<Expr>& start, const Maybe<Expr>& end,
                          const Maybe<Expr>& step) {
    return SliceExpr(makeCompound(TK_SLICE_EXPR, range, {start.tree(), end.tree(), step.tree()}));
  }
};

class Subscript : public Expr {
 public:
  explicit Subscript(TreeRef tree) : Expr(std::move(tree)) { tree_->match(TK_SUBSCRIPT, 2); }
  Expr value() const { return Expr(subtree(0)); }
  List<Expr> subscriptExprs() const { return List<Expr>(subtree(1)); }
  static Subscript create(const SourceRange& range, const Expr& value, const List<Expr>& subscripts) {
    return Subscript(makeCompound(TK_SUBSCRIPT, range, {value.tree(), subscripts.tree()}));
  }
};

class TernaryIf : public Expr {
 public:
  explicit TernaryIf(TreeRef tree) : Expr(std::move(tree)) { tree_->match(TK_IF_EXPR, 3); }
  Expr cond() const { return Expr(subtree(0)); }
  Expr trueExpr() const { return Expr(subtree(1)); }
  Expr falseExpr() const { return Expr(subtree(2)); }
  static TernaryIf create(const SourceRange& range, const Expr& cond, const Expr& trueExpr, const Expr& falseExpr) {
    return TernaryIf(makeCompound(TK_IF_EXPR, range, {cond.tree(), trueExpr.tree(), falseExpr.tree()}));
  }
};

class ListLiteral : public Expr {
 public:
  explicit ListLiteral(TreeRef tree) : Expr(std::move(tree)) { tree_->match(TK_LIST_LITERAL, 1); }
  List<Expr> inputs() const { return List<Expr>(subtree(0)); }
  static ListLiteral create(const SourceRange& range, const List<Expr>& inputs) {
    return ListLiteral(makeCompound(TK_LIST_LITERAL, range, {inputs.tree()}));
  }
};

class TupleLiteral : public Expr {
 public:
  explicit TupleLiteral(TreeRef tree) : Expr(std::move(tree)) { tree_->match(TK_TUPLE_LITERAL, 1); }
  List<Expr> inputs() const { return List<Expr>(subtree(0)); }
  static TupleLiteral create(const SourceRange& range, const List<Expr>& inputs) {
    return TupleLiteral(makeCompound(TK_TUPLE_LITERAL, range, {inputs.tree()}));
  }
};

class DictLiteral : public Expr {
 public:
  explicit DictLiteral(TreeRef tree) : Expr(std::move(tree)) { tree_->match(TK_DICT_LITERAL, 2); }
  List<Expr> keyInputs() const { return List<Expr>(subtree(0)); }
  List<Expr> valueInputs() const { return List<Expr>(subtree(1)); }
  static DictLiteral create(const SourceRange& range, const List<Expr>& keys, const List<Expr>& values) {
    return DictLiteral(makeCompound(TK_DICT_LITERAL, range, {keys.tree(), values.tree()}));
  }
};

class ListComp : public Expr {
 public:
  explicit ListComp(TreeRef tree) : Expr(std::move(tree)) { tree_->match(TK_LIST_COMP, 3); }
  Expr elt() const { return Expr(subtree(0)); }
  Expr target() const { return Expr(subtree(1)); }
  Expr iter() const { return Expr(subtree(2)); }
  static ListComp create(const SourceRange& range, const Expr& elt, const Expr& target, const Expr& iter) {
    return ListComp(makeCompound(TK_LIST_COMP, range, {elt.tree(), target.tree(), iter.tree()}));
  }
};

class DictComp : public Expr {
 public:
  explicit DictComp(TreeRef tree) : Expr(std::move(tree)) { tree_->match(TK_DICT_COMP, 4); }
  Expr key() const { return Expr(subtree(0)); }
  Expr value() const { return Expr(subtree(1)); }
  Expr target() const { return Expr(subtree(2)); }
  Expr iter() const { return Expr(subtree(3)); }
  static DictComp create(const SourceRange& range, const Expr& key, const Expr& value, const Expr& target,
                         const Expr& iter) {
    return DictComp(makeCompound(TK_DICT_COMP, range, {key.tree(), value.tree(), target.tree(), iter.tree()}));
  }
};

class Starred : public Expr {
 public:
  explicit Starred(TreeRef tree) : Expr(std::move(tree)) { tree_->match(TK_STARRED, 1); }
  Expr expr() const { return Expr(subtree(0)); }
  static Starred create(const SourceRange& range, const Expr& expr) {
    return Starred(makeCompound(TK_STARRED, range, {expr.tree()}));
  }
};

// Literals without subtrees: (True) (False) (None) (dots) (NoneType).
class Dots : public Expr {
 public:
  explicit Dots(TreeRef tree) : Expr(std::move(tree)) { tree_->match(TK_DOTS, 0); }
  static Dots create(const SourceRange& range) { return Dots(makeCompound(TK_DOTS, range)); }
};

class TrueLiteral : public Expr {
 public:
  explicit TrueLiteral(TreeRef tree) : Expr(std::move(tree)) { tree_->match(TK_TRUE, 0); }
  static TrueLiteral create(const SourceRange& range) { return TrueLiteral(makeCompound(TK_TRUE, range)); }
};

class FalseLiteral : public Expr {
 public:
  explicit FalseLiteral(TreeRef tree) : Expr(std::move(tree)) { tree_->match(TK_FALSE, 0); }
  static FalseLiteral create(const SourceRange& range) { return FalseLiteral(makeCompound(TK_FALSE, range)); }
};

class NoneLiteral : public Expr {
 public:
  explicit NoneLiteral(TreeRef tree) : Expr(std::move(tree)) { tree_->match(TK_NONE, 0); }
  static NoneLiteral create(const SourceRange& range) { return NoneLiteral(makeCompound(TK_NONE, range)); }
};

}  // namespace ember::jit
