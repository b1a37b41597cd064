// The TorchScript lexer: source text to tokens, with Python's indentation turned into
// TK_INDENT / TK_DEDENT / TK_NEWLINE tokens (suppressed inside brackets).
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/error_report.h"
#include "frontend/source_range.h"

namespace ember::jit {

// Token kinds double as Tree kinds. A single-character token's kind is the character itself
// (so `lexer.nextIf('+')` reads naturally); the rest are numbered from 256. Columns: the
// kind, its name as printed in trees and errors (TorchScript's spelling), and the source
// text of keywords and operators (empty for kinds that never come from a fixed spelling).
#define EMBER_FORALL_TOKEN_KINDS(_)                      \
  _(TK_EOF, "eof", "")                                   \
  _(TK_WHITESPACE, "whitespace", "")                     \
  _(TK_WHITESPACE_EOF, "whitespace_eof", "")             \
  _(TK_NUMBER, "number", "")                             \
  _(TK_NEWLINE, "newline", "")                           \
  _(TK_INDENT, "indent", "")                             \
  _(TK_DEDENT, "dedent", "")                             \
  _(TK_DEF, "def", "def")                                \
  _(TK_IDENT, "ident", "")                               \
  _(TK_STRING, "string", "")                             \
  _(TK_STRINGLITERAL, "string_literal", "")              \
  _(TK_CONST, "const", "")                               \
  _(TK_LIST, "list", "")                                 \
  _(TK_DICT, "dict", "")                                 \
  _(TK_OPTION, "option", "")                             \
  _(TK_APPLY, "apply", "")                               \
  _(TK_COMPREHENSION, "comprehension", "")               \
  _(TK_PARAM, "param", "")                               \
  _(TK_ASSIGN, "assign", "")                             \
  _(TK_AUG_ASSIGN, "aug_assign", "")                     \
  _(TK_ATTRIBUTE, "attribute", "")                       \
  _(TK_IF, "if", "if")                                   \
  _(TK_ELSE, "else", "else")                             \
  _(TK_ELIF, "elif", "elif")                             \
  _(TK_WHILE, "while", "while")                          \
  _(TK_EXPR_STMT, "expression statement", "")           \
  _(TK_RETURN, "return", "return")                       \
  _(TK_IS, "is", "is")                                   \
  _(TK_ISNOT, "is not", "is not")                        \
  _(TK_NE, "ne", "!=")                                   \
  _(TK_EQ, "eq", "==")                                   \
  _(TK_LE, "le", "<=")                                   \
  _(TK_GE, "ge", ">=")                                   \
  _(TK_FLOOR_DIV, "floordiv", "//")                      \
  _(TK_IF_EXPR, "if", "")                                \
  _(TK_TRUE, "True", "True")                             \
  _(TK_FALSE, "False", "False")                          \
  _(TK_NONE, "None", "None")                             \
  _(TK_AND, "and", "and")                                \
  _(TK_OR, "or", "or")                                   \
  _(TK_NOT, "not", "not")                                \
  _(TK_LSHIFT, "<<", "<<")                               \
  _(TK_RSHIFT, ">>", ">>")                               \
  _(TK_PLUS_EQ, "+=", "+=")                              \
  _(TK_MINUS_EQ, "-=", "-=")                             \
  _(TK_TIMES_EQ, "*=", "*=")                             \
  _(TK_DIV_EQ, "/=", "/=")                               \
  _(TK_MOD_EQ, "%=", "%=")                               \
  _(TK_BIT_OR_EQ, "|=", "|=")                            \
  _(TK_BIT_AND_EQ, "&=", "&=")                           \
  _(TK_BIT_XOR_EQ, "^=", "^=")                           \
  _(TK_LSHIFT_EQ, "<<=", "<<=")                          \
  _(TK_RSHIFT_EQ, ">>=", ">>=")                          \
  _(TK_POW_EQ, "**=", "**=")                             \
  _(TK_FLOOR_DIV_EQ, "//=", "//=")                       \
  _(TK_MATMUL_EQ, "@=", "@=")                            \
  _(TK_GLOBAL, "global", "global")                       \
  _(TK_SUBSCRIPT, "subscript", "")                       \
  _(TK_VAR, "variable", "")                              \
  _(TK_DICT_LITERAL, "dict-literal", "")                 \
  _(TK_LIST_LITERAL, "list-literal", "")                 \
  _(TK_TUPLE_LITERAL, "tuple-literal", "")               \
  _(TK_FOR, "for", "for")                                \
  _(TK_IN, "in", "in")                                   \
  _(TK_NOTIN, "not in", "not in")                        \
  _(TK_STARRED, "starred", "")                           \
  _(TK_UNARY_MINUS, "unary minus", "")                   \
  _(TK_POW, "pow operator", "**")                        \
  _(TK_ARROW, "arrow", "->")                             \
  _(TK_DECL, "decl", "")                                 \
  _(TK_SLICE_EXPR, "slice expr", "")                     \
  _(TK_TYPE_COMMENT, "type comment", "# type:")          \
  _(TK_RAISE, "raise", "raise")                          \
  _(TK_ASSERT, "assert", "assert")                       \
  _(TK_DOTS, "dots", "...")                              \
  _(TK_LIST_COMP, "list comprehension", "")              \
  _(TK_DICT_COMP, "dict comprehension", "")              \
  _(TK_BREAK, "break", "break")                          \
  _(TK_CONTINUE, "continue", "continue")                 \
  _(TK_DELETE, "del", "del")                             \
  _(TK_PASS, "pass", "pass")                             \
  _(TK_CLASS_DEF, "class", "class")                      \
  _(TK_IMPORT, "import", "import")                       \
  _(TK_WITH, "with", "with")                             \
  _(TK_WITH_ITEM, "withitem", "")                        \
  _(TK_AS, "as", "as")                                   \
  _(TK_PROP, "property", "")                             \
  _(TK_ELLIPSIS, "Ellipsis", "Ellipsis")                 \
  _(TK_NONE_TYPE, "NoneType", "NoneType")               \
  _(TK_DECORATED, "decorated", "")

enum TokenKind : int {
  // Single-character tokens use their character as kind.
  TK_DUMMY_START = 256,
#define EMBER_DEFINE_TOKEN(tok, str, text) tok,
  EMBER_FORALL_TOKEN_KINDS(EMBER_DEFINE_TOKEN)
#undef EMBER_DEFINE_TOKEN
};

// "ident", "+", "pow operator": the name used when printing trees and in errors.
std::string kindToString(int kind);
// The source spelling of a keyword or operator kind ("**" for TK_POW), or the name.
std::string kindToToken(int kind);

struct Token {
  int kind = TK_EOF;
  SourceRange range;
  // The covered text: an identifier's name, a number's or string literal's spelling.
  std::string text() const { return std::string(range.text()); }
  std::string kindString() const { return kindToString(kind); }
};

// Whose rules the source follows. torch.jit.script reads Python source through Python's own
// parser (f-strings, comparison chains, `//=` reported as unsupported), while
// torch.jit.CompilationUnit and archive code go through TorchScript's C++ parser, which knows
// none of those (`a < b < c` is `(a < b) < c`, `f"x"` is the name f followed by a string).
enum class SourceDialect : uint8_t { Python, TorchScript };

class Lexer {
 public:
  explicit Lexer(SourcePtr source, SourceDialect dialect = SourceDialect::Python);
  explicit Lexer(std::string text) : Lexer(std::make_shared<Source>(std::move(text))) {}
  // Lexes only source_->text()[begin, end), as if inside brackets (no indentation tokens): the
  // expressions of an f-string, whose ranges still point into the whole source.
  Lexer(SourcePtr source, SourceDialect dialect, size_t begin, size_t end);

  SourceDialect dialect() const { return dialect_; }

  const SourcePtr& source() const { return source_; }

  // Advances and returns the token that was current.
  Token next();
  const Token& cur() { return peek(0); }
  // The token after cur().
  const Token& lookahead() { return peek(1); }
  // The range of the token most recently consumed (e.g. a closing bracket).
  const SourceRange& previousRange() const { return previous_; }
  // Advances when cur() has this kind.
  bool nextIf(int kind);
  // Advances when cur() has this kind and returns it; throws "expected X but found 'Y' here".
  Token expect(int kind);
  [[noreturn]] void reportError(const std::string& what) { reportError(what, cur()); }
  [[noreturn]] void reportError(const std::string& what, const Token& token);

 private:
  const Token& peek(size_t i);
  void lexInto();  // appends one or more tokens to pending_
  Token lexRaw();
  bool skipSpaceAndComments();  // false at a newline that ends a logical line
  Token lexWhitespace();
  Token lexNumber(size_t start);
  Token lexString(size_t start, size_t prefixLen);
  Token lexOperator(size_t start);
  SourceRange rangeOf(size_t start, size_t end) const { return SourceRange(source_, start, end); }

  SourcePtr source_;
  SourceDialect dialect_;
  std::string_view text_;
  size_t pos_ = 0;
  int nesting_ = 0;  // open brackets: newlines inside them are plain whitespace
  std::vector<size_t> indentStack_;
  std::deque<Token> pending_;
  SourceRange previous_;
  bool sawToken_ = false;
  bool done_ = false;
};

// Decodes a string literal token (quotes, r prefix and escapes); throws at the literal on a
// malformed escape.
std::string parseStringLiteral(const SourceRange& range, std::string_view literal);
// Decodes the escapes of a literal's text between its quotes (kept as written when `raw`).
std::string unescapeStringBody(const SourceRange& range, std::string_view body, bool raw);

}  // namespace ember::jit
