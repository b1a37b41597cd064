#include "frontend/lexer.h"

#include <array>
#include <cstring>
#include <unordered_map>

namespace ember::jit {

namespace {

struct KindInfo {
  int kind;
  const char* name;
  const char* text;
};

constexpr KindInfo kKinds[] = {
#define EMBER_KIND_INFO(tok, str, text) {tok, str, text},
    EMBER_FORALL_TOKEN_KINDS(EMBER_KIND_INFO)
#undef EMBER_KIND_INFO
};

const KindInfo* findKind(int kind) {
  int index = kind - TK_DUMMY_START - 1;
  if (index < 0 || index >= static_cast<int>(std::size(kKinds))) return nullptr;
  return &kKinds[index];
}

// Identifier spellings that are keywords. "is not" and "not in" are merged by the lexer.
const std::unordered_map<std::string_view, int>& keywords() {
  static const std::unordered_map<std::string_view, int> table = {
      {"def", TK_DEF},       {"if", TK_IF},         {"else", TK_ELSE},         {"elif", TK_ELIF},
      {"while", TK_WHILE},   {"return", TK_RETURN}, {"is", TK_IS},             {"True", TK_TRUE},
      {"False", TK_FALSE},   {"None", TK_NONE},     {"and", TK_AND},           {"or", TK_OR},
      {"not", TK_NOT},       {"global", TK_GLOBAL}, {"for", TK_FOR},           {"in", TK_IN},
      {"raise", TK_RAISE},   {"assert", TK_ASSERT}, {"break", TK_BREAK},       {"continue", TK_CONTINUE},
      {"del", TK_DELETE},    {"pass", TK_PASS},     {"class", TK_CLASS_DEF},   {"import", TK_IMPORT},
      {"with", TK_WITH},     {"as", TK_AS},         {"Ellipsis", TK_ELLIPSIS}, {"NoneType", TK_NONE_TYPE},
  };
  return table;
}

struct Operator {
  const char* text;
  int kind;
};

// Longest spellings first so that the first match is the longest (maximal munch).
constexpr Operator kOperators[] = {
    {"**=", TK_POW_EQ},   {"//=", TK_FLOOR_DIV_EQ}, {"<<=", TK_LSHIFT_EQ}, {">>=", TK_RSHIFT_EQ},
    {"...", TK_DOTS},     {"**", TK_POW},           {"//", TK_FLOOR_DIV},  {"<<", TK_LSHIFT},
    {">>", TK_RSHIFT},    {"==", TK_EQ},            {"!=", TK_NE},         {"<=", TK_LE},
    {">=", TK_GE},        {"->", TK_ARROW},         {"+=", TK_PLUS_EQ},    {"-=", TK_MINUS_EQ},
    {"*=", TK_TIMES_EQ},  {"/=", TK_DIV_EQ},        {"%=", TK_MOD_EQ},     {"|=", TK_BIT_OR_EQ},
    {"&=", TK_BIT_AND_EQ}, {"^=", TK_BIT_XOR_EQ},   {"@=", TK_MATMUL_EQ},
};

constexpr std::string_view kSingleCharTokens = "+-*/%@()[]:,={}><.?!&^|~;";
constexpr std::string_view kTypeCommentPrefix = "# type:";

bool isIdentStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isIdentChar(char c) { return isIdentStart(c) || isDigit(c); }
bool isHexDigit(char c) { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool isInlineSpace(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\r'; }

}  // namespace

std::string kindToString(int kind) {
  if (kind >= 0 && kind < 256) return std::string(1, static_cast<char>(kind));
  if (const KindInfo* info = findKind(kind)) return info->name;
  return "<unknown kind " + std::to_string(kind) + ">";
}

std::string kindToToken(int kind) {
  if (kind >= 0 && kind < 256) return std::string(1, static_cast<char>(kind));
  const KindInfo* info = findKind(kind);
  if (info && info->text[0] != '\0') return info->text;
  return kindToString(kind);
}

Lexer::Lexer(SourcePtr source, SourceDialect dialect)
    : source_(std::move(source)), dialect_(dialect), text_(source_->text()) {
  indentStack_.push_back(0);
}

Lexer::Lexer(SourcePtr source, SourceDialect dialect, size_t begin, size_t end)
    : source_(std::move(source)), dialect_(dialect), text_(std::string_view(source_->text()).substr(0, end)) {
  indentStack_.push_back(0);
  pos_ = begin;
  nesting_ = 1;
  sawToken_ = true;
}

Token Lexer::next() {
  Token t = peek(0);
  pending_.pop_front();
  previous_ = t.range;
  return t;
}

bool Lexer::nextIf(int kind) {
  if (peek(0).kind != kind) return false;
  next();
  return true;
}

Token Lexer::expect(int kind) {
  if (peek(0).kind != kind) reportError("expected " + kindToString(kind));
  return next();
}

void Lexer::reportError(const std::string& what, const Token& token) {
  throw ErrorReport(token.range, what + " but found '" + token.kindString() + "' here");
}

const Token& Lexer::peek(size_t i) {
  while (pending_.size() <= i) lexInto();
  return pending_[i];
}

void Lexer::lexInto() {
  if (done_) {
    pending_.push_back(Token{TK_EOF, rangeOf(text_.size(), text_.size())});
    return;
  }
  Token t = lexRaw();
  switch (t.kind) {
    case '(':
    case '[':
    case '{':
      ++nesting_;
      break;
    case ')':
    case ']':
    case '}':
      if (nesting_ > 0) --nesting_;
      break;
    case TK_WHITESPACE:
    case TK_WHITESPACE_EOF: {
      bool atEof = t.kind == TK_WHITESPACE_EOF;
      if (atEof && (!sawToken_ || nesting_ > 0)) {
        // Nothing to terminate, or an unclosed bracket: let the parser report the eof.
        done_ = true;
        pending_.push_back(Token{TK_EOF, t.range});
        return;
      }
      size_t depth = t.range.size();
      if (!sawToken_) {
        // The first line's indentation is the base level.
        indentStack_.back() = depth;
        return;
      }
      if (!atEof && depth > indentStack_.back()) {
        // Deeper indentation opens a block: the statement before it (`if x:`) needs no newline.
        indentStack_.push_back(depth);
        pending_.push_back(Token{TK_INDENT, t.range});
        return;
      }
      pending_.push_back(Token{TK_NEWLINE, t.range});
      if (atEof) {
        for (; indentStack_.size() > 1; indentStack_.pop_back()) pending_.push_back(Token{TK_DEDENT, t.range});
        done_ = true;
        pending_.push_back(Token{TK_EOF, t.range});
        return;
      }
      while (depth < indentStack_.back()) {
        indentStack_.pop_back();
        pending_.push_back(Token{TK_DEDENT, t.range});
        if (indentStack_.empty() || depth > indentStack_.back()) {
          throw ErrorReport(t.range, "invalid indent level " + std::to_string(depth));
        }
      }
      return;
    }
    default:
      break;
  }
  sawToken_ = true;
  pending_.push_back(std::move(t));
}

bool Lexer::skipSpaceAndComments() {
  while (pos_ < text_.size()) {
    char c = text_[pos_];
    if (isInlineSpace(c)) {
      ++pos_;
    } else if (c == '\\' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n') {
      pos_ += 2;  // line continuation
    } else if (c == '\\' && pos_ + 2 < text_.size() && text_[pos_ + 1] == '\r' && text_[pos_ + 2] == '\n') {
      pos_ += 3;
    } else if (c == '#') {
      if (std::string_view(text_).substr(pos_, kTypeCommentPrefix.size()) == kTypeCommentPrefix) return true;
      while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
    } else if (c == '\n' && nesting_ > 0) {
      ++pos_;
    } else {
      return c != '\n';
    }
  }
  return true;
}

// At a newline that ends a logical line: skips blank and comment-only lines and returns the
// indentation of the next line as a TK_WHITESPACE token (TK_WHITESPACE_EOF at the end).
Token Lexer::lexWhitespace() {
  while (pos_ < text_.size()) {
    ++pos_;  // the '\n'
    size_t lineStart = pos_;
    while (pos_ < text_.size() && isInlineSpace(text_[pos_])) ++pos_;
    if (pos_ == text_.size()) break;
    char c = text_[pos_];
    if (c == '\n') continue;
    if (c == '#' && std::string_view(text_).substr(pos_, kTypeCommentPrefix.size()) != kTypeCommentPrefix) {
      while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      if (pos_ == text_.size()) break;
      continue;
    }
    return Token{TK_WHITESPACE, rangeOf(lineStart, pos_)};
  }
  return Token{TK_WHITESPACE_EOF, rangeOf(text_.size(), text_.size())};
}

Token Lexer::lexRaw() {
  if (skipSpaceAndComments() && pos_ == text_.size()) {
    return Token{TK_WHITESPACE_EOF, rangeOf(pos_, pos_)};
  }
  if (text_[pos_] == '\n') return lexWhitespace();
  size_t start = pos_;
  char c = text_[pos_];
  if (c == '#') {  // only type comments reach here
    pos_ += kTypeCommentPrefix.size();
    return Token{TK_TYPE_COMMENT, rangeOf(start, pos_)};
  }
  if (isDigit(c) || (c == '.' && pos_ + 1 < text_.size() && isDigit(text_[pos_ + 1]))) return lexNumber(start);
  if (c == '"' || c == '\'') return lexString(start, 0);
  if (isIdentStart(c)) {
    size_t end = pos_;
    while (end < text_.size() && isIdentChar(text_[end])) ++end;
    std::string_view word = std::string_view(text_).substr(start, end - start);
    // TorchScript's own lexer has no string prefixes: `f"x"` is the name f, then a string.
    bool prefixed = dialect_ == SourceDialect::Python && end < text_.size() && word.size() <= 2 &&
                    (text_[end] == '"' || text_[end] == '\'');
    if (prefixed) {
      std::string lower;
      for (char ch : word) lower += static_cast<char>(ch | 0x20);
      // f-strings are literal tokens too; the parser reads their replacement fields.
      if (lower == "r" || lower == "u" || lower == "f" || lower == "rf" || lower == "fr") {
        return lexString(start, word.size());
      }
      if (lower == "b" || lower == "rb" || lower == "br") {
        throw ErrorReport(rangeOf(start, end + 1), "bytes literals are not supported in TorchScript");
      }
    }
    pos_ = end;
    auto kw = keywords().find(word);
    if (kw == keywords().end()) return Token{TK_IDENT, rangeOf(start, end)};
    int kind = kw->second;
    // "is not" and "not in" are single tokens.
    if (kind == TK_IS || kind == TK_NOT) {
      size_t p = end;
      while (p < text_.size() && (text_[p] == ' ' || text_[p] == '\t')) ++p;
      std::string_view follow = kind == TK_IS ? "not" : "in";
      if (p > end && std::string_view(text_).substr(p, follow.size()) == follow &&
          (p + follow.size() == text_.size() || !isIdentChar(text_[p + follow.size()]))) {
        pos_ = p + follow.size();
        return Token{kind == TK_IS ? TK_ISNOT : TK_NOTIN, rangeOf(start, pos_)};
      }
    }
    return Token{kind, rangeOf(start, end)};
  }
  return lexOperator(start);
}

Token Lexer::lexOperator(size_t start) {
  std::string_view rest = std::string_view(text_).substr(start);
  for (const Operator& op : kOperators) {
    if (op.text[0] != rest[0]) continue;  // most tokens: one character compared, no strlen
    // `//=` and `@=` are Python tokens only: TorchScript's lexer reads `//` (or `@`), then `=`.
    if (dialect_ == SourceDialect::TorchScript && (op.kind == TK_FLOOR_DIV_EQ || op.kind == TK_MATMUL_EQ)) continue;
    size_t n = std::strlen(op.text);
    if (rest.substr(0, n) == op.text) {
      pos_ = start + n;
      return Token{op.kind, rangeOf(start, pos_)};
    }
  }
  char c = text_[start];
  if (kSingleCharTokens.find(c) == std::string_view::npos) {
    std::string shown = (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f)
                            ? "\\x" + std::string(1, "0123456789abcdef"[(c >> 4) & 0xf]) +
                                  std::string(1, "0123456789abcdef"[c & 0xf])
                            : std::string(1, c);
    throw ErrorReport(rangeOf(start, start + 1), "expected a valid token but found '" + shown + "' here");
  }
  pos_ = start + 1;
  return Token{static_cast<unsigned char>(c), rangeOf(start, pos_)};
}

Token Lexer::lexNumber(size_t start) {
  size_t p = start;
  auto digits = [&](auto pred) {
    size_t begin = p;
    // Digit separators (1_000) are Python's; TorchScript's lexer ends the number there.
    bool separators = dialect_ == SourceDialect::Python;
    while (p < text_.size() && (pred(text_[p]) || (separators && text_[p] == '_' && p > begin &&
                                                   p + 1 < text_.size() && pred(text_[p + 1])))) {
      ++p;
    }
    return p > begin;
  };
  auto charAt = [&](size_t i) { return i < text_.size() ? text_[i] : '\0'; };
  char base = static_cast<char>(charAt(start + 1) | 0x20);
  if (text_[start] == '0' && (base == 'x' || base == 'o' || base == 'b')) {
    p = start + 2;
    bool any = base == 'x'   ? digits(isHexDigit)
               : base == 'o' ? digits([](char ch) { return ch >= '0' && ch <= '7'; })
                             : digits([](char ch) { return ch == '0' || ch == '1'; });
    if (!any) throw ErrorReport(rangeOf(start, p), "invalid number literal");
  } else {
    digits(isDigit);
    if (charAt(p) == '.') {
      ++p;
      digits(isDigit);
    }
    char e = charAt(p);
    if (e == 'e' || e == 'E') {
      size_t q = p + 1;
      if (charAt(q) == '+' || charAt(q) == '-') ++q;
      if (isDigit(charAt(q))) {
        p = q;
        digits(isDigit);
      }
    }
    if (charAt(p) == 'j' || charAt(p) == 'J') ++p;
  }
  pos_ = p;
  return Token{TK_NUMBER, rangeOf(start, p)};
}

Token Lexer::lexString(size_t start, size_t prefixLen) {
  size_t p = start + prefixLen;
  char quote = text_[p];
  bool triple = p + 2 < text_.size() && text_[p + 1] == quote && text_[p + 2] == quote;
  p += triple ? 3 : 1;
  while (true) {
    if (p >= text_.size() || (!triple && text_[p] == '\n')) {
      throw ErrorReport(rangeOf(start, start + prefixLen + 1), "unterminated string literal");
    }
    char c = text_[p];
    if (c == '\\') {
      p += 2;
      continue;
    }
    if (c == quote) {
      if (!triple) {
        ++p;
        break;
      }
      if (p + 2 < text_.size() && text_[p + 1] == quote && text_[p + 2] == quote) {
        p += 3;
        break;
      }
    }
    ++p;
  }
  pos_ = p;
  return Token{TK_STRINGLITERAL, rangeOf(start, p)};
}

namespace {

void appendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

int hexValue(char c) {
  if (isDigit(c)) return c - '0';
  return (c | 0x20) - 'a' + 10;
}

}  // namespace

std::string parseStringLiteral(const SourceRange& range, std::string_view s) {
  bool raw = false;
  while (!s.empty() && s.front() != '"' && s.front() != '\'') {
    if ((s.front() | 0x20) == 'r') raw = true;
    s.remove_prefix(1);
  }
  size_t quoteLen = (s.size() >= 6 && s[1] == s[0] && s[2] == s[0]) ? 3 : 1;
  EMBER_ASSERT(s.size() >= 2 * quoteLen, "malformed string literal token");
  return unescapeStringBody(range, s.substr(quoteLen, s.size() - 2 * quoteLen), raw);
}

std::string unescapeStringBody(const SourceRange& range, std::string_view s, bool raw) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c != '\\' || i + 1 >= s.size()) {
      out += c;
      continue;
    }
    char e = s[i + 1];
    if (raw) {  // a backslash only keeps the quote after it from closing the literal
      out += c;
      out += e;
      ++i;
      continue;
    }
    ++i;
    switch (e) {
      case '\n': break;
      case '\\': out += '\\'; break;
      case '\'': out += '\''; break;
      case '"': out += '"'; break;
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'v': out += '\v'; break;
      case 'x':
      case 'u':
      case 'U': {
        size_t n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        uint32_t value = 0;
        for (size_t k = 0; k < n; ++k) {
          if (i + 1 + k >= s.size() || !isHexDigit(s[i + 1 + k])) {
            throw ErrorReport(range, std::string("truncated \\") + e + " escape in string literal");
          }
          value = value * 16 + static_cast<uint32_t>(hexValue(s[i + 1 + k]));
        }
        i += n;
        if (e == 'x') {
          out += static_cast<char>(value);
        } else {
          if (value > 0x10FFFF) throw ErrorReport(range, "invalid unicode escape in string literal");
          appendUtf8(out, value);
        }
        break;
      }
      default:
        if (e >= '0' && e <= '7') {
          int value = 0;
          size_t k = 0;
          for (; k < 3 && i + k < s.size() && s[i + k] >= '0' && s[i + k] <= '7'; ++k) value = value * 8 + (s[i + k] - '0');
          i += k - 1;
          out += static_cast<char>(value & 0xFF);
        } else {  // unknown escapes keep their backslash, as in Python
          out += '\\';
          out += e;
        }
    }
  }
  return out;
}

}  // namespace ember::jit
