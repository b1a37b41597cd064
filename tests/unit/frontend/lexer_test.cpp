#include "frontend/lexer.h"

#include <gtest/gtest.h>

#include <string>

namespace ember::jit {
namespace {

// The token stream as "kind" words; identifiers, numbers and strings show their text.
std::string tokens(const std::string& src) {
  Lexer lexer(src);
  std::string out;
  for (int guard = 0; guard < 10000; ++guard) {
    Token t = lexer.next();
    if (!out.empty()) out += ' ';
    switch (t.kind) {
      case TK_IDENT:
      case TK_NUMBER:
      case TK_STRINGLITERAL:
        out += t.text();
        break;
      default:
        out += kindToString(t.kind);
    }
    if (t.kind == TK_EOF) return out;
  }
  return out + " <no eof>";
}

std::string lexError(const std::string& src) {
  try {
    tokens(src);
    return "OK";
  } catch (const Error& e) {
    return e.what();
  }
}

TEST(Lexer, IndentationBecomesIndentNewlineDedent) {
  // A deeper line opens a block with a bare indent (as TorchScript's lexer does: `def f(x)`
  // followed by an indented line reports "expected : but found 'indent'").
  EXPECT_EQ(tokens("if x:\n  a\n  b\nc\n"),
            "if x : indent a newline b newline dedent c newline eof");
  EXPECT_EQ(tokens("def f():\n  if x:\n    return\n  pass\n"),
            "def f ( ) : indent if x : indent return newline dedent pass newline dedent eof");
  // Two blocks closing at once.
  EXPECT_EQ(tokens("if a:\n  if b:\n    c\nd\n"),
            "if a : indent if b : indent c newline dedent dedent d newline eof");
}

TEST(Lexer, EndOfFileClosesBlocksWithoutTrailingNewline) {
  EXPECT_EQ(tokens("if a:\n  if b:\n    c"), "if a : indent if b : indent c newline dedent dedent eof");
  EXPECT_EQ(tokens(""), "eof");
  EXPECT_EQ(tokens("\n\n  \n# c\n"), "eof");
}

TEST(Lexer, BlankAndCommentLinesDoNotAffectIndentation) {
  EXPECT_EQ(tokens("if a:\n\n      # odd comment\n  b  # trailing\n\n  c\n"),
            "if a : indent b newline c newline dedent eof");
}

TEST(Lexer, BracketsSuppressNewlinesAndIndentation) {
  EXPECT_EQ(tokens("f(a,\n      b,\n  c)\nd\n"), "f ( a , b , c ) newline d newline eof");
  EXPECT_EQ(tokens("x = [1,\n# comment\n2]\n"), "x = [ 1 , 2 ] newline eof");
  EXPECT_EQ(tokens("y = {\n  'a': (1,\n 2)}\n"), "y = { 'a' : ( 1 , 2 ) } newline eof");
}

TEST(Lexer, BackslashContinuesALine) {
  EXPECT_EQ(tokens("x = 1 + \\\n    2\ny\n"), "x = 1 + 2 newline y newline eof");
}

TEST(Lexer, InvalidDedentIsReported) {
  EXPECT_EQ(lexError("if a:\n    b\n  c\n"),
            "invalid indent level 2:\n"
            "if a:\n"
            "    b\n"
            "  c\n");
}

TEST(Lexer, Operators) {
  EXPECT_EQ(tokens("a ** b // c << d >> e"), "a pow operator b floordiv c << d >> e newline eof");
  EXPECT_EQ(tokens("a == b != c <= d >= e < f > g"), "a eq b ne c le d ge e < f > g newline eof");
  EXPECT_EQ(tokens("-> ... @ & | ^ ~ % ;"), "arrow dots @ & | ^ ~ % ; newline eof");
  EXPECT_EQ(tokens("a += 1; a -= 1; a *= 1; a /= 1; a %= 1; a **= 1"),
            "a += 1 ; a -= 1 ; a *= 1 ; a /= 1 ; a %= 1 ; a **= 1 newline eof");
  EXPECT_EQ(tokens("a &= 1; a |= 1; a ^= 1; a <<= 1; a >>= 1; a //= 1; a @= 1"),
            "a &= 1 ; a |= 1 ; a ^= 1 ; a <<= 1 ; a >>= 1 ; a //= 1 ; a @= 1 newline eof");
}

TEST(Lexer, Keywords) {
  EXPECT_EQ(tokens("def class if elif else while for in return raise assert pass break continue del with as"),
            "def class if elif else while for in return raise assert pass break continue del with as newline eof");
  EXPECT_EQ(tokens("and or not True False None global import Ellipsis NoneType"),
            "and or not True False None global import Ellipsis NoneType newline eof");
  // Not keywords in TorchScript's lexer: they lex as identifiers.
  EXPECT_EQ(tokens("lambda yield try except async"), "lambda yield try except async newline eof");
  EXPECT_EQ(tokens("defx if_ Nonex"), "defx if_ Nonex newline eof");
}

TEST(Lexer, IsNotAndNotInAreSingleTokens) {
  EXPECT_EQ(tokens("a is not b"), "a is not b newline eof");
  EXPECT_EQ(tokens("a not in b"), "a not in b newline eof");
  Lexer lexer("a is not b not  in c is nothing not inx");
  EXPECT_EQ(lexer.next().kind, TK_IDENT);
  EXPECT_EQ(lexer.next().kind, TK_ISNOT);
  EXPECT_EQ(lexer.next().kind, TK_IDENT);
  EXPECT_EQ(lexer.next().kind, TK_NOTIN);
  EXPECT_EQ(lexer.next().kind, TK_IDENT);
  EXPECT_EQ(lexer.next().kind, TK_IS);  // `is nothing`: "not" must be a whole word
  EXPECT_EQ(lexer.next().text(), "nothing");
  EXPECT_EQ(lexer.next().kind, TK_NOT);
  EXPECT_EQ(lexer.next().text(), "inx");
}

TEST(Lexer, Numbers) {
  EXPECT_EQ(tokens("1 12 1.5 1. .5 1e3 1E-3 2.5e+10 0x1F 0o17 0b101 1_000 3j 1.5j"),
            "1 12 1.5 1. .5 1e3 1E-3 2.5e+10 0x1F 0o17 0b101 1_000 3j 1.5j newline eof");
  // An exponent needs digits; `1e` is the number 1 followed by the name e.
  EXPECT_EQ(tokens("1e x.real"), "1 e x . real newline eof");
  EXPECT_EQ(tokens("1-2"), "1 - 2 newline eof");
  EXPECT_EQ(lexError("y = 0x\n"), "invalid number literal:\ny = 0x\n    ~~ <--- HERE\n");
}

TEST(Lexer, Strings) {
  EXPECT_EQ(tokens("'a' \"b\" '''c\nd''' \"\"\"e\"\"\" r'\\n' u\"x\""),
            "'a' \"b\" '''c\nd''' \"\"\"e\"\"\" r'\\n' u\"x\" newline eof");
  // An escaped quote does not end the literal.
  EXPECT_EQ(tokens("'it\\'s' x"), "'it\\'s' x newline eof");
  EXPECT_EQ(lexError("x = 'abc\ny'\n"),
            "unterminated string literal:\n"
            "x = 'abc\n"
            "    ~ <--- HERE\n"
            "y'\n");
  EXPECT_EQ(lexError("'''never closed"), "unterminated string literal:\n'''never closed\n~ <--- HERE\n");
}

TEST(Lexer, StringLiteralValues) {
  SourceRange none;
  EXPECT_EQ(parseStringLiteral(none, "'a\\nb\\tc\\\\d\\'e\\\"f'"), "a\nb\tc\\d'e\"f");
  EXPECT_EQ(parseStringLiteral(none, "\"oct\\001\\18\""), std::string("oct\001\001" "8"));
  EXPECT_EQ(parseStringLiteral(none, "'\\x41\\u00e9\\U0001F600'"), "A\xc3\xa9\xf0\x9f\x98\x80");
  EXPECT_EQ(parseStringLiteral(none, "r'a\\nb'"), "a\\nb");
  EXPECT_EQ(parseStringLiteral(none, "'''x\"y'''"), "x\"y");
  EXPECT_EQ(parseStringLiteral(none, "'keep\\q'"), "keep\\q");
  EXPECT_EQ(parseStringLiteral(none, "'line\\\ncont'"), "linecont");
  EXPECT_EQ(parseStringLiteral(none, "''"), "");
  EXPECT_THROW(parseStringLiteral(none, "'\\x4'"), ErrorReport);
}

TEST(Lexer, TypeCommentsAreTokensOtherCommentsAreSkipped) {
  EXPECT_EQ(tokens("def f(x):  # type: (int) -> int\n  # a comment\n  pass\n"),
            "def f ( x ) : type comment ( int ) arrow int indent pass newline dedent eof");
  EXPECT_EQ(tokens("def f(x):\n  # type: (int) -> int\n  pass\n"),
            "def f ( x ) : indent type comment ( int ) arrow int newline pass newline dedent eof");
  EXPECT_EQ(tokens("x  #type: int\n"), "x newline eof");  // needs the exact "# type:" spelling
}

TEST(Lexer, InvalidCharacters) {
  EXPECT_EQ(lexError("x $ 1"), "expected a valid token but found '$' here:\nx $ 1\n  ~ <--- HERE\n");
  EXPECT_EQ(lexError("x = \x01"), "expected a valid token but found '\\x01' here:\nx = \x01\n    ~ <--- HERE\n");
}

std::string tokensIn(SourceDialect dialect, const std::string& src) {
  Lexer lexer(std::make_shared<Source>(src), dialect);
  std::string out;
  for (Token t = lexer.next(); t.kind != TK_EOF; t = lexer.next()) out += (out.empty() ? "" : " ") + t.kindString();
  return out;
}

// Python's tokens that TorchScript's own lexer does not have (f and r prefixes, //=, @=, digit
// separators) split into smaller tokens there, so its parser reports them as PyTorch's does.
TEST(Lexer, TorchScriptDialectHasNoPythonOnlyTokens) {
  EXPECT_EQ(tokensIn(SourceDialect::Python, "f\"{x}\" r'a' x //= 1_000"),
            "string_literal string_literal ident //= number newline");
  EXPECT_EQ(tokensIn(SourceDialect::TorchScript, "f\"{x}\" r'a' x //= 1_000"),
            "ident string_literal ident string_literal ident floordiv = number ident newline");
  EXPECT_EQ(tokensIn(SourceDialect::TorchScript, "x @= y"), "ident @ = ident newline");
}

TEST(Lexer, CurLookaheadNextIfExpect) {
  Lexer lexer("a + b");
  EXPECT_EQ(lexer.cur().kind, TK_IDENT);
  EXPECT_EQ(lexer.lookahead().kind, '+');
  EXPECT_FALSE(lexer.nextIf('+'));
  EXPECT_EQ(lexer.expect(TK_IDENT).text(), "a");
  EXPECT_TRUE(lexer.nextIf('+'));
  try {
    lexer.expect(TK_NUMBER);
    FAIL() << "expect did not throw";
  } catch (const ErrorReport& e) {
    EXPECT_EQ(std::string(e.what()), "expected number but found 'ident' here:\na + b\n    ~ <--- HERE\n");
    EXPECT_EQ(e.range().text(), "b");
  }
  EXPECT_EQ(lexer.next().text(), "b");
  EXPECT_EQ(lexer.next().kind, TK_NEWLINE);
  EXPECT_EQ(lexer.next().kind, TK_EOF);
  EXPECT_EQ(lexer.next().kind, TK_EOF);  // stays at the end
}

TEST(Lexer, TokenRanges) {
  Lexer lexer("x is not  y\n");
  lexer.next();
  Token isnot = lexer.next();
  EXPECT_EQ(isnot.range.text(), "is not");
  EXPECT_EQ(isnot.range.start(), 2u);
  EXPECT_EQ(lexer.next().range.text(), "y");
}

TEST(Lexer, KindNames) {
  EXPECT_EQ(kindToString('+'), "+");
  EXPECT_EQ(kindToString(TK_POW), "pow operator");
  EXPECT_EQ(kindToToken(TK_POW), "**");
  EXPECT_EQ(kindToString(TK_VAR), "variable");
  EXPECT_EQ(kindToToken(TK_VAR), "variable");
  EXPECT_EQ(kindToString(TK_NONE_TYPE), "NoneType");
  EXPECT_EQ(kindToString(100000), "<unknown kind 100000>");
}

TEST(Lexer, CrlfLineEndings) {
  EXPECT_EQ(tokens("if a:\r\n  b\r\nc\r\n"), "if a : indent b newline dedent c newline eof");
}

}  // namespace
}  // namespace ember::jit
