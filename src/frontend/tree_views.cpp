#include "frontend/tree_views.h"

#include <charconv>
#include <limits>

#include "frontend/error_report.h"

namespace ember::jit {

bool isStmtKind(int kind) {
  switch (kind) {
    case TK_IF:
    case TK_FOR:
    case TK_WHILE:
    case TK_GLOBAL:
    case TK_ASSIGN:
    case TK_AUG_ASSIGN:
    case TK_RETURN:
    case TK_EXPR_STMT:
    case TK_RAISE:
    case TK_ASSERT:
    case TK_PASS:
    case TK_BREAK:
    case TK_DELETE:
    case TK_CONTINUE:
    case TK_DEF:
    case TK_WITH:
    case TK_CLASS_DEF:
    case TK_DECORATED:
      return true;
    default:
      return false;
  }
}

bool isBinOpKind(int kind) {
  switch (kind) {
    case TK_AND:
    case TK_OR:
    case '<':
    case '>':
    case TK_IS:
    case TK_ISNOT:
    case TK_EQ:
    case TK_LE:
    case TK_GE:
    case TK_NE:
    case TK_IN:
    case TK_NOTIN:
    case '+':
    case '-':
    case '*':
    case '/':
    case '%':
    case '@':
    case TK_POW:
    case TK_LSHIFT:
    case TK_RSHIFT:
    case TK_FLOOR_DIV:
    case '&':
    case '^':
    case '|':
      return true;
    default:
      return false;
  }
}

bool isUnaryOpKind(int kind) { return kind == TK_UNARY_MINUS || kind == '~' || kind == TK_NOT; }

bool isAugAssignOpKind(int kind) {
  switch (kind) {
    case '+':
    case '-':
    case '*':
    case '/':
    case '%':
    case '|':
    case '&':
    case '^':
    case TK_POW:
    case TK_LSHIFT:
    case TK_RSHIFT:
      return true;
    default:
      return false;
  }
}

bool isExprKind(int kind) {
  if (isBinOpKind(kind) || isUnaryOpKind(kind)) return true;
  switch (kind) {
    case TK_IF_EXPR:
    case TK_STARRED:
    case TK_CONST:
    case TK_STRINGLITERAL:
    case TK_TRUE:
    case TK_FALSE:
    case TK_NONE:
    case TK_NONE_TYPE:
    case TK_APPLY:
    case '.':
    case TK_SUBSCRIPT:
    case TK_SLICE_EXPR:
    case TK_VAR:
    case TK_LIST_LITERAL:
    case TK_TUPLE_LITERAL:
    case TK_DICT_LITERAL:
    case TK_LIST_COMP:
    case TK_DICT_COMP:
    case TK_DOTS:
    case TK_WITH_ITEM:
      return true;
    default:
      return false;
  }
}

Stmt::Stmt(TreeRef tree) : TreeView(std::move(tree)) {
  EMBER_ASSERT(isStmtKind(kind()), "'", kindToString(kind()), "' is not a statement");
}

Expr::Expr(TreeRef tree) : TreeView(std::move(tree)) {
  EMBER_ASSERT(isExprKind(kind()), "'", kindToString(kind()), "' is not an expression");
}

BinOp::BinOp(TreeRef tree) : Expr(std::move(tree)) {
  EMBER_ASSERT(isBinOpKind(kind()), "'", kindToString(kind()), "' is not a binary operator");
  tree_->match(kind(), 2);
}

UnaryOp::UnaryOp(TreeRef tree) : Expr(std::move(tree)) {
  EMBER_ASSERT(isUnaryOpKind(kind()), "'", kindToString(kind()), "' is not a unary operator");
  tree_->match(kind(), 1);
}

namespace {

std::string withoutUnderscores(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c != '_') out += c;
  }
  return out;
}

int radixOf(std::string_view s) {
  if (s.size() > 1 && s[0] == '0') {
    switch (s[1] | 0x20) {
      case 'x': return 16;
      case 'o': return 8;
      case 'b': return 2;
      default: break;
    }
  }
  return 10;
}

}  // namespace

bool Const::isComplex() const {
  const std::string& s = text();
  return !s.empty() && (s.back() == 'j' || s.back() == 'J');
}

bool Const::isFloatingPoint() const {
  if (isComplex()) return false;
  std::string_view s = text();
  if (!s.empty() && s[0] == '-') s.remove_prefix(1);
  if (s == "inf" || s == "nan") return true;
  if (radixOf(s) == 16) return s.find_first_of(".pP") != std::string_view::npos;
  if (radixOf(s) != 10) return false;
  return s.find_first_of(".eE") != std::string_view::npos;
}

int64_t Const::asIntegral() const {
  EMBER_ASSERT(isIntegral(), "asIntegral() on the non-integer constant ", text());
  std::string s = withoutUnderscores(text());
  bool negative = !s.empty() && s[0] == '-';
  std::string_view magnitude = std::string_view(s).substr(negative ? 1 : 0);
  int radix = radixOf(magnitude);
  std::string_view digits = radix == 10 ? magnitude : magnitude.substr(2);
  uint64_t value = 0;
  auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value, radix);
  uint64_t limit = static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) + (negative ? 1 : 0);
  if (ec != std::errc() || ptr != digits.data() + digits.size() || value > limit) {
    throwErrorAt(range(), "Integer literal ", text(), " is too large to be represented as a 64-bit integer");
  }
  // Negating in unsigned arithmetic keeps INT64_MIN representable.
  return negative ? static_cast<int64_t>(~value + 1) : static_cast<int64_t>(value);
}

namespace {

double parseDouble(const SourceRange& range, const std::string& spelling) {
  std::string s = withoutUnderscores(spelling);
  if (!s.empty() && s[0] == '-') return -parseDouble(range, s.substr(1));
  if (s == "inf") return std::numeric_limits<double>::infinity();
  if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
  double value = 0;
  std::from_chars_result result{};
  if (radixOf(s) == 16) {
    result = std::from_chars(s.data() + 2, s.data() + s.size(), value, std::chars_format::hex);
  } else if (radixOf(s) != 10) {
    uint64_t whole = 0;
    result = std::from_chars(s.data() + 2, s.data() + s.size(), whole, radixOf(s));
    value = static_cast<double>(whole);
  } else {
    result = std::from_chars(s.data(), s.data() + s.size(), value);
  }
  // Out-of-range decimals overflow to inf as in Python's float("1e999").
  if (result.ec == std::errc::result_out_of_range) return std::numeric_limits<double>::infinity();
  if (result.ec != std::errc() || result.ptr != s.data() + s.size()) {
    throwErrorAt(range, "invalid number literal ", spelling);
  }
  return value;
}

}  // namespace

double Const::asFloatingPoint() const {
  EMBER_ASSERT(!isComplex(), "asFloatingPoint() on the complex constant ", text());
  return parseDouble(range(), text());
}

double Const::asImaginary() const {
  EMBER_ASSERT(isComplex(), "asImaginary() on the real constant ", text());
  return parseDouble(range(), text().substr(0, text().size() - 1));
}

}  // namespace ember::jit
