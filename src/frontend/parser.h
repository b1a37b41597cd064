// The TorchScript parser: a recursive-descent statement parser with a Pratt (precedence
// climbing) expression parser, producing Trees that match TorchScript's own parser.
#pragma once

#include <memory>
#include <string>

#include "frontend/lexer.h"
#include "frontend/tree_views.h"

namespace ember::jit {

class Parser {
 public:
  explicit Parser(SourcePtr source, SourceDialect dialect = SourceDialect::Python);
  explicit Parser(std::string text) : Parser(std::make_shared<Source>(std::move(text))) {}
  // Parses only source->text()[begin, end) (an f-string's replacement field).
  Parser(SourcePtr source, SourceDialect dialect, size_t begin, size_t end);

  // One `def`. Methods (`isMethod`) do not count `self` when matching a `# type:` comment.
  Def parseFunction(bool isMethod);
  Decorated parseStaticMethod();
  TreeRef parseScriptDecorated();
  // One `class Name(Base):` definition.
  ClassDef parseClass();
  // A whole source file (e.g. an archive's code/*.py): top-level classes and functions.
  // `import` lines, which only older archives carry, are skipped.
  List<Stmt> parseFile();
  // Only `def`s, as torch.jit.CompilationUnit reads its source ("expected def but found 'class'").
  List<Stmt> parseFunctions();
  // A `# type: (A, B) -> R` comment, as a Decl whose params are the types.
  TreeRef parseTypeComment();
  // One expression (no top-level tuple).
  Expr parseExp();

  Lexer& lexer() { return lexer_; }

 private:
  // Expressions
  Expr parseExp(int precedence);
  Expr parseExpOrExpTuple();
  TreeRef parseBaseExp();
  TreeRef parsePostfix(TreeRef prefix);
  TreeRef parseParenthesized();
  TreeRef parseListDisplay();
  // `elem for target in iter` after a call argument: a generator expression, built as a list
  // comprehension as torch.jit.script does.
  Expr parseGeneratorTail(const Expr& elem);
  // `for target in iter` of a comprehension (one generator, no `if` filter, as TorchScript).
  std::pair<Expr, Expr> parseComprehensionFor();
  TreeRef parseDictDisplay();
  TreeRef parseConst();
  TreeRef parseConcatenatedStringLiterals();
  // One f-string token: its text with `{}` for each replacement field, and the fields' expressions.
  void parseFString(const Token& t, std::string& format, TreeList& args);
  TreeRef parseApply(const Expr& callee);
  TreeRef parseSubscript(const Expr& value);
  TreeRef parseSubscriptExp();
  Expr parseLhsExp();
  Ident parseIdent();
  bool startsExpression(int kind) const;

  // Statements
  List<Stmt> parseStatements(bool expectIndent, bool inClass);
  void parseStatementInto(TreeList& out, bool inClass);
  TreeRef parseSimpleStatement();
  TreeRef parseOptionalExp();
  TreeRef parseAssignment(const Expr& lhs);
  TreeRef parseIf(bool expectIf);
  TreeRef parseWhile();
  TreeRef parseFor();
  TreeRef parseWith();
  WithItem parseWithItem();
  List<Stmt> parseSuite(bool inClass);

  // Definitions
  Param parseFormalParam(bool kwargOnly);
  List<Param> parseParams();
  Decl parseDecl();
  Decl mergeTypesFromTypeComment(const Decl& decl, const Decl& typeDecl, bool isMethod);

  // `begin item sep item ... end`, allowing a trailing separator; TK_NOTHING-like 0 means none.
  template <typename F>
  void parseSequence(int begin, int sep, int end, F&& parseItem);
  template <typename F>
  TreeRef parseList(int begin, int sep, int end, F&& parseItem);

  // Nesting of expressions and blocks, bounded so that hostile input cannot overflow the stack.
  class DepthGuard;
  int depth_ = 0;

  Lexer lexer_;
  bool python_;  // SourceDialect::Python
};

// Convenience entry points.
Def parseDef(const std::string& source, bool isMethod = false, SourceDialect dialect = SourceDialect::Python);
List<Stmt> parseSourceFile(SourcePtr source, SourceDialect dialect = SourceDialect::Python);

}  // namespace ember::jit
