#include "frontend/parser.h"

#include <utility>

namespace ember::jit {

namespace {

constexpr int kNoToken = 0;  // "no opening/closing token" in parseSequence

// Binding strength of binary operators (higher binds tighter), as in Python.
int binaryPrecedence(int kind) {
  switch (kind) {
    case TK_IF: return 1;
    case TK_OR: return 2;
    case TK_AND: return 3;
    case TK_IN:
    case TK_NOTIN:
    case '<':
    case '>':
    case TK_IS:
    case TK_ISNOT:
    case TK_EQ:
    case TK_LE:
    case TK_GE:
    case TK_NE: return 5;
    case '|': return 6;
    case '^': return 7;
    case '&': return 8;
    case TK_LSHIFT:
    case TK_RSHIFT: return 9;
    case '+':
    case '-': return 10;
    case '*':
    case '/':
    case TK_FLOOR_DIV:
    case '%':
    case '@': return 11;
    case TK_POW: return 14;
    default: return 0;
  }
}

int unaryPrecedence(int kind) {
  switch (kind) {
    case TK_NOT: return 4;
    case '*': return 6;
    case '-':
    case '~': return 12;
    default: return 0;
  }
}

bool isRightAssociative(int kind) { return kind == TK_POW || kind == TK_IF; }

bool isComparison(int kind) { return binaryPrecedence(kind) == 5; }

int augAssignOp(int tokenKind) {
  switch (tokenKind) {
    case TK_PLUS_EQ: return '+';
    case TK_MINUS_EQ: return '-';
    case TK_TIMES_EQ: return '*';
    case TK_DIV_EQ: return '/';
    case TK_MOD_EQ: return '%';
    case TK_BIT_OR_EQ: return '|';
    case TK_BIT_AND_EQ: return '&';
    case TK_BIT_XOR_EQ: return '^';
    case TK_LSHIFT_EQ: return TK_LSHIFT;
    case TK_RSHIFT_EQ: return TK_RSHIFT;
    case TK_POW_EQ: return TK_POW;
    default: return 0;
  }
}

TreeRef makeList(const SourceRange& range, TreeList trees) { return makeCompound(TK_LIST, range, std::move(trees)); }

TreeRef makeOption(const SourceRange& range, TreeRef value = nullptr) {
  if (!value) return makeCompound(TK_OPTION, range);
  return makeCompound(TK_OPTION, range, {std::move(value)});
}

// The prefix letters of a string literal token ("f", "rb", ...), lower-cased.
std::string stringPrefix(std::string_view literal) {
  std::string out;
  for (char c : literal) {
    if (c == '"' || c == '\'') break;
    out += static_cast<char>(c | 0x20);
  }
  return out;
}

// The right operand of a comparison built by the parser, for chaining `a < b < c`.
TreeRef comparisonRhs(const TreeRef& cmp) {
  if (cmp->kind() == TK_NOT) return cmp->tree(0)->tree(1);  // (not (in a b))
  return cmp->tree(1);
}

}  // namespace

constexpr int kMaxNesting = 500;

class Parser::DepthGuard {
 public:
  explicit DepthGuard(Parser& parser) : parser_(parser) {
    if (++parser_.depth_ > kMaxNesting) {
      --parser_.depth_;
      throwErrorAt(parser_.lexer_.cur().range, "too many nested expressions or blocks (the limit is ", kMaxNesting,
                   ")");
    }
  }
  ~DepthGuard() { --parser_.depth_; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;

 private:
  Parser& parser_;
};

Parser::Parser(SourcePtr source, SourceDialect dialect)
    : lexer_(std::move(source), dialect), python_(dialect == SourceDialect::Python) {}

Parser::Parser(SourcePtr source, SourceDialect dialect, size_t begin, size_t end)
    : lexer_(std::move(source), dialect, begin, end), python_(dialect == SourceDialect::Python) {}

template <typename F>
void Parser::parseSequence(int begin, int sep, int end, F&& parseItem) {
  if (begin != kNoToken) lexer_.expect(begin);
  while (end != lexer_.cur().kind) {
    parseItem();
    if (!lexer_.nextIf(sep)) {
      if (end != kNoToken) lexer_.expect(end);
      return;
    }
  }
  lexer_.expect(end);
}

template <typename F>
TreeRef Parser::parseList(int begin, int sep, int end, F&& parseItem) {
  SourceRange range = lexer_.cur().range;
  TreeList items;
  parseSequence(begin, sep, end, [&] { items.push_back(parseItem()); });
  return makeList(range, std::move(items));
}

Ident Parser::parseIdent() {
  Token t = lexer_.expect(TK_IDENT);
  return Ident::create(t.range, t.text());
}

bool Parser::startsExpression(int kind) const {
  switch (kind) {
    case TK_IDENT:
    case TK_NUMBER:
    case TK_STRINGLITERAL:
    case TK_TRUE:
    case TK_FALSE:
    case TK_NONE:
    case TK_NONE_TYPE:
    case TK_DOTS:
    case TK_ELLIPSIS:
    case TK_NOT:
    case '(':
    case '[':
    case '{':
    case '-':
    case '~':
    case '*':
      return true;
    default:
      return false;
  }
}

// ---- Expressions -------------------------------------------------------------------------

Expr Parser::parseExp() { return parseExp(0); }

Expr Parser::parseExp(int precedence) {
  DepthGuard guard(*this);
  TreeRef prefix;
  const Token& first = lexer_.cur();
  if (int unary = unaryPrecedence(first.kind)) {
    Token op = lexer_.next();
    Expr operand = parseExp(unary);
    if (op.kind == '-' && operand.kind() == TK_CONST && Const(operand.tree()).text()[0] != '-') {
      // Negative literals are constants, as TorchScript's parser makes them.
      prefix = Const::create(op.range.merge(operand.range()), "-" + Const(operand.tree()).text()).tree();
    } else {
      int kind = op.kind == '-' ? TK_UNARY_MINUS : op.kind == '*' ? TK_STARRED : op.kind;
      prefix = makeCompound(kind, op.range, {operand.tree()});
    }
  } else if (python_ && first.kind == TK_IDENT && first.text() == "lambda") {
    throwErrorAt(first.range, "Lambda expressions are not supported in TorchScript");
  } else {
    prefix = parseBaseExp();
  }
  TreeRef lastComparison;  // for chains: a < b < c means (a < b) and (b < c)
  while (int binary = binaryPrecedence(lexer_.cur().kind)) {
    // TorchScript's parser gives `and` the precedence of `or`: a or b and c is (a or b) and c.
    if (!python_ && lexer_.cur().kind == TK_AND) binary = binaryPrecedence(TK_OR);
    if (binary <= precedence) break;
    Token op = lexer_.next();
    if (isRightAssociative(op.kind)) --binary;
    if (op.kind == TK_IF) {
      Expr cond = parseExp();
      lexer_.expect(TK_ELSE);
      Expr falseExpr = parseExp(binary);
      prefix = makeCompound(TK_IF_EXPR, op.range, {cond.tree(), prefix, falseExpr.tree()});
      lastComparison = nullptr;
      continue;
    }
    TreeRef lhs = (isComparison(op.kind) && lastComparison) ? comparisonRhs(lastComparison) : prefix;
    Expr rhs = parseExp(binary);
    TreeRef node;
    if (op.kind == TK_NOTIN) {
      node = makeCompound(TK_NOT, op.range, {makeCompound(TK_IN, op.range, {lhs, rhs.tree()})});
    } else {
      node = makeCompound(op.kind, op.range, {lhs, rhs.tree()});
    }
    if (isComparison(op.kind) && lastComparison) {
      prefix = makeCompound(TK_AND, op.range, {prefix, node});
    } else {
      prefix = node;
    }
    // Chains are Python's; TorchScript's parser reads a < b < c as (a < b) < c.
    lastComparison = python_ && isComparison(op.kind) ? node : nullptr;
  }
  return Expr(prefix);
}

Expr Parser::parseExpOrExpTuple() {
  Expr prefix = parseExp();
  if (lexer_.cur().kind != ',') return prefix;
  TreeList items = {prefix.tree()};
  while (lexer_.nextIf(',')) {
    if (!startsExpression(lexer_.cur().kind)) break;  // trailing comma: `k, v, = d`
    items.push_back(parseExp().tree());
  }
  TreeRef list = makeList(prefix.range(), std::move(items));
  return Expr(makeCompound(TK_TUPLE_LITERAL, list->range(), {list}));
}

Expr Parser::parseLhsExp() { return parseExp(binaryPrecedence(TK_IN)); }

TreeRef Parser::parseBaseExp() {
  TreeRef prefix;
  const Token& t = lexer_.cur();
  switch (t.kind) {
    case TK_NUMBER:
      prefix = parseConst();
      break;
    case TK_TRUE:
    case TK_FALSE:
    case TK_NONE:
    case TK_NONE_TYPE: {
      Token k = lexer_.next();
      prefix = makeCompound(k.kind, k.range);
      break;
    }
    case TK_DOTS:
    case TK_ELLIPSIS: {
      Token k = lexer_.next();
      prefix = makeCompound(TK_DOTS, k.range);
      break;
    }
    case '(':
      prefix = parseParenthesized();
      break;
    case '[':
      prefix = parseListDisplay();
      break;
    case '{':
      prefix = parseDictDisplay();
      break;
    case TK_STRINGLITERAL:
      prefix = parseConcatenatedStringLiterals();
      break;
    default: {
      Ident name = parseIdent();
      prefix = Var::create(name.range(), name).tree();
      break;
    }
  }
  return parsePostfix(std::move(prefix));
}

TreeRef Parser::parsePostfix(TreeRef prefix) {
  while (true) {
    if (lexer_.nextIf('.')) {
      Ident name = parseIdent();
      prefix = Select::create(name.range(), Expr(prefix), name).tree();
    } else if (lexer_.cur().kind == '(') {
      prefix = parseApply(Expr(prefix));
    } else if (lexer_.cur().kind == '[') {
      prefix = parseSubscript(Expr(prefix));
    } else {
      return prefix;
    }
  }
}

TreeRef Parser::parseParenthesized() {
  Token open = lexer_.expect('(');
  if (lexer_.cur().kind == ')') {
    Token close = lexer_.next();
    SourceRange range = open.range.merge(close.range);
    return TupleLiteral::create(range, List<Expr>::create(range, {})).tree();
  }
  Expr inner = parseExpOrExpTuple();
  lexer_.expect(')');
  return inner.tree();
}

TreeRef Parser::parseListDisplay() {
  Token open = lexer_.expect('[');
  TreeList items;
  if (lexer_.cur().kind != ']') {
    Expr first = parseExp();
    if (lexer_.cur().kind == TK_FOR) {
      auto [target, iter] = parseComprehensionFor();
      Token close = lexer_.expect(']');
      return ListComp::create(open.range.merge(close.range), first, target, iter).tree();
    }
    items.push_back(first.tree());
    while (lexer_.nextIf(',')) {
      if (lexer_.cur().kind == ']') break;
      items.push_back(parseExp().tree());
    }
  }
  Token close = lexer_.expect(']');
  SourceRange range = open.range.merge(close.range);
  return ListLiteral::create(range, List<Expr>::unsafeCreate(range, std::move(items))).tree();
}

TreeRef Parser::parseDictDisplay() {
  Token open = lexer_.expect('{');
  TreeList keys;
  TreeList values;
  if (lexer_.cur().kind != '}') {
    Expr key = parseExp();
    if (lexer_.cur().kind != ':') {
      throwErrorAt(lexer_.cur().range.merge(key.range()), "Set literals are not supported in TorchScript");
    }
    lexer_.expect(':');
    Expr value = parseExp();
    if (lexer_.cur().kind == TK_FOR) {
      auto [target, iter] = parseComprehensionFor();
      Token close = lexer_.expect('}');
      return DictComp::create(open.range.merge(close.range), key, value, target, iter).tree();
    }
    keys.push_back(key.tree());
    values.push_back(value.tree());
    while (lexer_.nextIf(',')) {
      if (lexer_.cur().kind == '}') break;
      keys.push_back(parseExp().tree());
      lexer_.expect(':');
      values.push_back(parseExp().tree());
    }
  }
  Token close = lexer_.expect('}');
  SourceRange range = open.range.merge(close.range);
  return DictLiteral::create(range, List<Expr>::unsafeCreate(range, std::move(keys)),
                             List<Expr>::unsafeCreate(range, std::move(values)))
      .tree();
}

TreeRef Parser::parseConst() {
  Token t = lexer_.expect(TK_NUMBER);
  // Python's digit separators (1_000) carry no meaning; TorchScript spells constants without them.
  std::string text = t.text();
  std::erase(text, '_');
  return Const::create(t.range, std::move(text)).tree();
}

TreeRef Parser::parseConcatenatedStringLiterals() {
  SourceRange range = lexer_.cur().range;
  std::string value;
  TreeList formatArgs;
  bool formatted = false;
  while (lexer_.cur().kind == TK_STRINGLITERAL) {
    Token t = lexer_.next();
    if (stringPrefix(t.range.text()).find('f') != std::string::npos) {
      formatted = true;
      parseFString(t, value, formatArgs);
    } else {
      value += parseStringLiteral(t.range, t.range.text());
    }
    range = range.merge(t.range);
  }
  if (!formatted) return StringLiteral::create(range, std::move(value)).tree();
  // torch.jit.script turns f"a{x}b" into "a{}b".format(x), located at the literal's first character.
  SourceRange first(range.source(), range.start(), range.start() + 1);
  Expr callee = Select::create(first, Expr(StringLiteral::create(first, std::move(value)).tree()),
                               Ident::create(first, "format"));
  return Apply::create(range, callee, List<Expr>(makeList(range, std::move(formatArgs))),
                       List<Attribute>(makeList(range, {})))
      .tree();
}

void Parser::parseFString(const Token& t, std::string& format, TreeList& args) {
  std::string_view text = t.range.text();
  std::string prefix = stringPrefix(text);
  bool raw = prefix.find('r') != std::string::npos;
  size_t quoteLen = (text.size() >= prefix.size() + 6 && text[prefix.size() + 1] == text[prefix.size()] &&
                     text[prefix.size() + 2] == text[prefix.size()])
                        ? 3
                        : 1;
  size_t bodyBegin = t.range.start() + prefix.size() + quoteLen;
  size_t bodyEnd = t.range.end() - quoteLen;
  const std::string& src = t.range.source()->text();
  auto rangeOf = [&](size_t a, size_t b) { return SourceRange(t.range.source(), a, b); };
  size_t literalStart = bodyBegin;
  auto flushLiteral = [&](size_t end) {
    format += unescapeStringBody(rangeOf(literalStart, end), std::string_view(src).substr(literalStart, end - literalStart), raw);
  };
  for (size_t p = bodyBegin; p < bodyEnd;) {
    char c = src[p];
    if ((c == '{' || c == '}') && p + 1 < bodyEnd && src[p + 1] == c) {  // {{ and }} are literal braces
      flushLiteral(p);
      format += c;
      p += 2;
      literalStart = p;
      continue;
    }
    if (c == '}') throwErrorAt(rangeOf(p, p + 1), "f-string: single '}' is not allowed");
    if (c != '{') {
      p += (c == '\\' && !raw) ? 2 : 1;
      continue;
    }
    flushLiteral(p);
    size_t exprBegin = p + 1, q = exprBegin;
    int depth = 0;
    char quote = 0;
    for (; q < bodyEnd; ++q) {
      char d = src[q];
      if (quote) {
        if (d == quote) quote = 0;
      } else if (d == '\'' || d == '"') {
        quote = d;
      } else if (d == '(' || d == '[' || d == '{') {
        ++depth;
      } else if ((d == ')' || d == ']' || d == '}') && depth > 0) {
        --depth;
      } else if (depth == 0 && (d == '}' || d == '!' || d == ':') && !(d == '!' && q + 1 < bodyEnd && src[q + 1] == '=')) {
        break;
      }
    }
    if (q >= bodyEnd) throwErrorAt(rangeOf(p, bodyEnd), "f-string: expecting '}'");
    if (src[q] == '!') throwErrorAt(t.range, "Don't support conversion in JoinedStr");
    if (src[q] == ':') throwErrorAt(t.range, "Don't support formatting in JoinedStr");
    Parser field(t.range.source(), lexer_.dialect(), exprBegin, q);
    Expr e = field.parseExp();
    field.lexer_.expect(TK_EOF);
    args.push_back(e.tree());
    format += "{}";
    p = q + 1;
    literalStart = p;
  }
  flushLiteral(bodyEnd);
}

std::pair<Expr, Expr> Parser::parseComprehensionFor() {
  lexer_.expect(TK_FOR);
  Expr target = parseLhsExp();
  // Python reads `for a, b in ...` as a tuple target; TorchScript's parser wants one expression.
  if (python_ && lexer_.cur().kind == ',') {
    TreeList items = {target.tree()};
    while (lexer_.nextIf(',') && lexer_.cur().kind != TK_IN) items.push_back(parseLhsExp().tree());
    TreeRef list = makeList(target.range(), std::move(items));
    target = Expr(makeCompound(TK_TUPLE_LITERAL, list->range(), {list}));
  }
  lexer_.expect(TK_IN);
  // Python: an or_test, so `if` starts a filter. TorchScript's parser reads a whole expression,
  // so a filter is the start of a conditional expression that lacks its `else`.
  Expr iter = python_ ? parseExp(binaryPrecedence(TK_IF)) : parseExp();
  if (lexer_.cur().kind == TK_IF) throwErrorAt(lexer_.cur().range, "Comprehension ifs are not supported yet");
  if (lexer_.cur().kind == TK_FOR) throwErrorAt(lexer_.cur().range, "Only a single generator is currently supported");
  return {target, iter};
}

Expr Parser::parseGeneratorTail(const Expr& elem) {
  auto [target, iter] = parseComprehensionFor();
  return ListComp::create(elem.range().merge(iter.range()), elem, target, iter);
}

TreeRef Parser::parseApply(const Expr& callee) {
  SourceRange range = lexer_.cur().range;
  TreeList inputs;
  TreeList attributes;
  parseSequence('(', ',', ')', [&] {
    if (lexer_.cur().kind == TK_IDENT && lexer_.lookahead().kind == '=') {
      Ident name = parseIdent();
      lexer_.expect('=');
      Expr value = parseExp();
      attributes.push_back(Attribute::create(name.range(), name, value).tree());
    } else if (lexer_.cur().kind == TK_POW) {
      throwErrorAt(lexer_.cur().range, "keyword-argument expansion (**) is not supported in TorchScript");
    } else {
      Expr value = parseExp();
      if (lexer_.cur().kind == TK_FOR) value = parseGeneratorTail(value);
      if (!attributes.empty()) throwErrorAt(value.range(), "positional argument follows keyword argument");
      inputs.push_back(value.tree());
    }
  });
  range = range.merge(lexer_.previousRange());  // through the closing parenthesis
  return Apply::create(range, callee, List<Expr>::unsafeCreate(range, std::move(inputs)),
                       List<Attribute>::unsafeCreate(range, std::move(attributes)))
      .tree();
}

TreeRef Parser::parseSubscript(const Expr& value) {
  SourceRange open = lexer_.cur().range;
  TreeRef subscripts = parseList('[', ',', ']', [&] { return parseSubscriptExp(); });
  SourceRange range = value.range().merge(open).merge(lexer_.previousRange());
  return Subscript::create(range, value, List<Expr>(subscripts)).tree();
}

TreeRef Parser::parseSubscriptExp() {
  SourceRange range = lexer_.cur().range;
  TreeRef first;
  if (lexer_.cur().kind != ':') first = parseExp().tree();
  if (!lexer_.nextIf(':')) return first;
  auto endsPart = [&](bool colonEnds) {
    int k = lexer_.cur().kind;
    return k == ',' || k == ']' || (colonEnds && k == ':');
  };
  TreeRef second;
  TreeRef third;
  if (!endsPart(true)) second = parseExp().tree();
  if (lexer_.nextIf(':') && !endsPart(false)) third = parseExp().tree();
  return SliceExpr::create(range, Maybe<Expr>(makeOption(range, first)), Maybe<Expr>(makeOption(range, second)),
                           Maybe<Expr>(makeOption(range, third)))
      .tree();
}

// ---- Statements --------------------------------------------------------------------------

List<Stmt> Parser::parseStatements(bool expectIndent, bool inClass) {
  SourceRange range = lexer_.cur().range;
  if (expectIndent) lexer_.expect(TK_INDENT);
  TreeList stmts;
  do {
    parseStatementInto(stmts, inClass);
  } while (!lexer_.nextIf(TK_DEDENT));
  return List<Stmt>(makeList(range, std::move(stmts)));
}

// The body after `if x:` and friends: an indented block, or simple statements on the same
// line (`if x: return 1`), which Python allows.
List<Stmt> Parser::parseSuite(bool inClass) {
  int k = lexer_.cur().kind;
  if (k == TK_INDENT || k == TK_NEWLINE || k == TK_EOF || k == TK_TYPE_COMMENT) {
    return parseStatements(/*expectIndent=*/true, inClass);
  }
  SourceRange range = lexer_.cur().range;
  TreeList stmts;
  parseStatementInto(stmts, inClass);
  return List<Stmt>(makeList(range, std::move(stmts)));
}

void Parser::parseStatementInto(TreeList& out, bool inClass) {
  DepthGuard guard(*this);
  switch (lexer_.cur().kind) {
    case TK_IF:
      out.push_back(parseIf(true));
      return;
    case TK_WHILE:
      out.push_back(parseWhile());
      return;
    case TK_FOR:
      out.push_back(parseFor());
      return;
    case TK_WITH:
      out.push_back(parseWith());
      return;
    case TK_DEF:
      out.push_back(parseFunction(/*isMethod=*/inClass).tree());
      return;
    case '@':
      if (python_ && inClass) {
        out.push_back(parseStaticMethod().tree());
        return;
      }
      throwErrorAt(lexer_.cur().range, "Decorators are not supported in TorchScript source code");
    default:
      break;
  }
  // Simple statements, possibly several separated by ';'.
  while (true) {
    out.push_back(parseSimpleStatement());
    if (!lexer_.nextIf(';')) break;
    if (lexer_.cur().kind == TK_NEWLINE) break;
  }
  lexer_.expect(TK_NEWLINE);
}

TreeRef Parser::parseSimpleStatement() {
  Token t = lexer_.cur();
  switch (t.kind) {
    case TK_RETURN: {
      lexer_.next();
      Expr value = (lexer_.cur().kind == TK_NEWLINE || lexer_.cur().kind == ';')
                       ? Expr(makeCompound(TK_NONE, t.range))
                       : parseExpOrExpTuple();
      return Return::create(t.range, value).tree();
    }
    case TK_RAISE: {
      lexer_.next();
      Expr value = parseExp();
      return Raise::create(t.range, value).tree();
    }
    case TK_ASSERT: {
      lexer_.next();
      Expr test = parseExp();
      TreeRef msg = lexer_.nextIf(',') ? parseOptionalExp()
                                       : makeOption(lexer_.cur().range);
      return Assert::create(t.range, test, Maybe<Expr>(msg)).tree();
    }
    case TK_PASS:
    case TK_BREAK:
    case TK_CONTINUE:
      lexer_.next();
      return makeCompound(t.kind, t.range);
    case TK_GLOBAL: {
      lexer_.next();
      TreeRef names = parseList(kNoToken, ',', kNoToken, [&] { return parseIdent().tree(); });
      return Global::create(t.range, List<Ident>(names)).tree();
    }
    case TK_DELETE: {
      lexer_.next();
      TreeRef targets = parseList(kNoToken, ',', kNoToken, [&] { return parseExp().tree(); });
      return Delete::create(t.range, List<Expr>(targets)).tree();
    }
    case TK_IMPORT:
      throwErrorAt(t.range, "import statements are not supported in TorchScript");
    default:
      break;
  }
  Expr lhs = parseExpOrExpTuple();
  int k = lexer_.cur().kind;
  if (k == TK_FLOOR_DIV_EQ || k == TK_MATMUL_EQ) {
    // Python has them, but torch.jit.script rejects them (worded as it does).
    throwErrorAt(lexer_.cur().range, "unsupported kind of augumented assignment: ",
                 k == TK_FLOOR_DIV_EQ ? "FloorDiv" : "MatMult");
  }
  if (k == '=' || k == ':' || augAssignOp(k) != 0) return parseAssignment(lhs);
  return ExprStmt::create(lhs.range(), lhs).tree();
}

// An expression wrapped in an Option tree that starts where the expression does.
TreeRef Parser::parseOptionalExp() {
  SourceRange start = lexer_.cur().range;  // a copy: parsing pops the token cur() refers to
  return makeOption(start, parseExp().tree());
}

TreeRef Parser::parseAssignment(const Expr& lhs) {
  if (int op = augAssignOp(lexer_.cur().kind)) {
    Token opToken = lexer_.next();
    Expr rhs = parseExpOrExpTuple();
    return AugAssign::create(opToken.range, lhs, op, rhs).tree();
  }
  TreeList targets = {lhs.tree()};
  TreeRef type = makeOption(lexer_.cur().range);
  TreeRef rhs;
  if (lexer_.nextIf(':')) {
    // `x: T = v`, or a bare declaration `weight : Tensor` in a class body.
    type = parseOptionalExp();
    if (lexer_.nextIf('=')) rhs = parseExpOrExpTuple().tree();
  } else {
    lexer_.expect('=');
    rhs = parseExpOrExpTuple().tree();
    while (lexer_.nextIf('=')) {  // a = b = c
      targets.push_back(rhs);
      rhs = parseExpOrExpTuple().tree();
    }
  }
  SourceRange range = lhs.range();
  return Assign::create(range, List<Expr>(makeList(range, std::move(targets))),
                        Maybe<Expr>(makeOption(rhs ? rhs->range() : lexer_.cur().range, rhs)), Maybe<Expr>(type))
      .tree();
}

TreeRef Parser::parseIf(bool expectIf) {
  SourceRange range = lexer_.cur().range;
  if (expectIf) lexer_.expect(TK_IF);
  Expr cond = parseExp();
  lexer_.expect(':');
  List<Stmt> trueBranch = parseSuite(false);
  TreeRef falseBranch = makeList(lexer_.cur().range, {});
  if (lexer_.nextIf(TK_ELSE)) {
    lexer_.expect(':');
    falseBranch = parseSuite(false).tree();
  } else if (lexer_.cur().kind == TK_ELIF) {
    SourceRange elifRange = lexer_.next().range;
    TreeRef nested = parseIf(false);
    falseBranch = makeList(elifRange, {nested});
  }
  return If::create(range, cond, trueBranch, List<Stmt>(falseBranch)).tree();
}

TreeRef Parser::parseWhile() {
  SourceRange range = lexer_.expect(TK_WHILE).range;
  Expr cond = parseExp();
  lexer_.expect(':');
  List<Stmt> body = parseSuite(false);
  return While::create(range, cond, body).tree();
}

TreeRef Parser::parseFor() {
  SourceRange range = lexer_.expect(TK_FOR).range;
  TreeRef targets = parseList(kNoToken, ',', TK_IN, [&] { return parseLhsExp().tree(); });
  TreeRef itrs = parseList(kNoToken, ',', ':', [&] { return parseExp().tree(); });
  List<Stmt> body = parseSuite(false);
  return For::create(range, List<Expr>(targets), List<Expr>(itrs), body).tree();
}

WithItem Parser::parseWithItem() {
  Expr target = parseExp();
  if (lexer_.cur().kind == TK_AS) {
    Token as = lexer_.next();
    Ident name = parseIdent();
    Var var = Var::create(name.range(), name);
    return WithItem::create(as.range, target, Maybe<Var>::create(name.range(), var));
  }
  return WithItem::create(target.range(), target, Maybe<Var>::create(target.range()));
}

TreeRef Parser::parseWith() {
  SourceRange range = lexer_.expect(TK_WITH).range;
  TreeRef targets = parseList(kNoToken, ',', ':', [&] { return parseWithItem().tree(); });
  List<Stmt> body = parseSuite(false);
  return With::create(range, List<WithItem>(targets), body).tree();
}

// ---- Definitions -------------------------------------------------------------------------

Param Parser::parseFormalParam(bool kwargOnly) {
  Ident name = parseIdent();
  TreeRef type = lexer_.nextIf(':') ? parseOptionalExp()
                                    : makeOption(lexer_.cur().range);
  TreeRef def = lexer_.nextIf('=') ? parseOptionalExp()
                                   : makeOption(lexer_.cur().range);
  return Param::create(type->range().merge(name.range()), name, Maybe<Expr>(type), Maybe<Expr>(def), kwargOnly);
}

List<Param> Parser::parseParams() {
  SourceRange range = lexer_.cur().range;
  std::vector<Param> params;
  bool kwargOnly = false, sawDefault = false;
  parseSequence('(', ',', ')', [&] {
    if (lexer_.cur().kind == '*') {
      Token star = lexer_.next();
      if (lexer_.cur().kind == TK_IDENT) {
        throwErrorAt(star.range.merge(lexer_.cur().range),
                     "Compiled functions can't take variable number of arguments or use keyword-only arguments "
                     "with defaults");
      }
      kwargOnly = true;
    } else if (lexer_.cur().kind == TK_POW) {
      throwErrorAt(lexer_.cur().range, "Compiled functions can't take variable number of keyword arguments");
    } else {
      params.push_back(parseFormalParam(kwargOnly));
      // Python rejects this when parsing (torch.jit.script never sees it); the TorchScript
      // dialect rejects it when the schema is built (schema_from_def.cpp), as PyTorch does.
      bool hasDefault = params.back().defaultValue().present();
      if (python_ && sawDefault && !hasDefault && !kwargOnly)
        throwErrorAt(params.back().range(), "non-default argument follows default argument");
      sawDefault = sawDefault || hasDefault;
    }
  });
  return List<Param>::create(range, params);
}

Decl Parser::parseDecl() {
  List<Param> params = parseParams();
  TreeRef ret = lexer_.nextIf(TK_ARROW) ? parseOptionalExp()
                                        : makeOption(lexer_.cur().range);
  lexer_.expect(':');
  return Decl::create(params.range(), params, Maybe<Expr>(ret));
}

TreeRef Parser::parseTypeComment() {
  SourceRange range = lexer_.expect(TK_TYPE_COMMENT).range;
  TreeRef types = parseList('(', ',', ')', [&] { return parseExp().tree(); });
  TreeRef ret = lexer_.nextIf(TK_ARROW) ? parseOptionalExp()
                                        : makeOption(lexer_.cur().range);
  return makeCompound(TK_DECL, range, {types, ret});
}

Decl Parser::mergeTypesFromTypeComment(const Decl& decl, const Decl& typeDecl, bool isMethod) {
  List<Param> params = decl.params();
  const TreeList& types = typeDecl.tree()->tree(0)->trees();
  size_t skip = (isMethod && !params.empty()) ? 1 : 0;
  size_t expected = params.size() - skip;
  if (expected != types.size()) {
    throwErrorAt(decl.range(), "Number of type annotations (", types.size(), ") did not match the number of ",
                 isMethod ? "method" : "function", " parameters (", expected, ")");
  }
  std::vector<Param> merged;
  for (size_t i = 0; i < params.size(); ++i) {
    if (i < skip) {
      merged.push_back(params[i]);
    } else {
      const TreeRef& type = types[i - skip];
      merged.push_back(params[i].withType(Maybe<Expr>(makeOption(type->range(), type))));
    }
  }
  return Decl::create(decl.range(), List<Param>::create(decl.range(), merged), typeDecl.returnType());
}

// `@torch.jit.script` on a module-level def or class of a Python file: scripting it is what
// compiling the file does anyway, so the decorator is dropped. `@torch.jit.interface` on a
// class makes it an interface (its base, which the decorator replaces, is ignored as PyTorch does).
TreeRef Parser::parseScriptDecorated() {
  SourceRange at = lexer_.cur().range;
  lexer_.expect('@');
  Expr decorator = parseExp();
  std::string text(decorator.range().text());
  if (text != "torch.jit.script" && text != "torch.jit.interface")
    throwErrorAt(at, "Decorators are not supported in TorchScript source code");
  lexer_.expect(TK_NEWLINE);
  if (text == "torch.jit.interface") {
    // An interface: the class's base becomes the decorator itself, which the Definer reads.
    if (lexer_.cur().kind != TK_CLASS_DEF) throwErrorAt(lexer_.cur().range, "expected a class after @torch.jit.interface");
    ClassDef cls(parseClass().tree());
    return ClassDef::create(cls.range(), cls.name(), Maybe<Expr>::create(decorator.range(), decorator), cls.body()).tree();
  }
  if (lexer_.cur().kind == TK_CLASS_DEF) return parseClass().tree();
  if (lexer_.cur().kind != TK_DEF) throwErrorAt(lexer_.cur().range, "expected a def or class after @torch.jit.script");
  return parseFunction(/*isMethod=*/false).tree();
}

// `@staticmethod` then a def, in a Python class body: the one decorator the parser reads.
Decorated Parser::parseStaticMethod() {
  SourceRange at = lexer_.cur().range;
  lexer_.expect('@');
  Expr decorator = parseExp();
  if (decorator.kind() != TK_VAR || Var(decorator.tree()).name().name() != "staticmethod")
    throwErrorAt(at, "Decorators are not supported in TorchScript source code");
  lexer_.expect(TK_NEWLINE);
  if (lexer_.cur().kind != TK_DEF) throwErrorAt(lexer_.cur().range, "expected a def after @staticmethod");
  Def def = parseFunction(/*isMethod=*/false);
  return Decorated::create(def.range(), decorator, def);
}

Def Parser::parseFunction(bool isMethod) {
  lexer_.expect(TK_DEF);
  Ident name = parseIdent();
  Decl decl = parseDecl();
  // `def f(x):  # type: (int) -> int` puts the comment before the indent.
  if (lexer_.cur().kind == TK_TYPE_COMMENT) decl = mergeTypesFromTypeComment(decl, Decl(parseTypeComment()), isMethod);
  List<Stmt> body = [&] {
    if (!lexer_.nextIf(TK_INDENT)) return parseSuite(false);
    if (lexer_.cur().kind == TK_TYPE_COMMENT) {
      decl = mergeTypesFromTypeComment(decl, Decl(parseTypeComment()), isMethod);
      lexer_.expect(TK_NEWLINE);
    }
    return parseStatements(/*expectIndent=*/false, /*inClass=*/false);
  }();
  return Def::create(name.range(), name, decl, body);
}

ClassDef Parser::parseClass() {
  lexer_.expect(TK_CLASS_DEF);
  Ident name = parseIdent();
  TreeRef superclass = makeOption(name.range());
  if (lexer_.nextIf('(')) {
    if (lexer_.cur().kind != ')') {
      Expr base = parseExp();
      superclass = makeOption(base.range(), base.tree());
    }
    lexer_.expect(')');
  }
  lexer_.expect(':');
  List<Stmt> body = parseSuite(/*inClass=*/true);
  return ClassDef::create(name.range(), name, Maybe<Expr>(superclass), body);
}

List<Stmt> Parser::parseFile() {
  SourceRange range = lexer_.cur().range;
  TreeList defs;
  while (lexer_.cur().kind != TK_EOF) {
    switch (lexer_.cur().kind) {
      case TK_CLASS_DEF:
        defs.push_back(parseClass().tree());
        break;
      case TK_DEF:
        defs.push_back(parseFunction(/*isMethod=*/false).tree());
        break;
      case TK_NEWLINE:
        lexer_.next();
        break;
      case TK_IMPORT:
        while (lexer_.cur().kind != TK_NEWLINE && lexer_.cur().kind != TK_EOF) lexer_.next();
        break;
      case '@':
        if (!python_) lexer_.reportError("expected a class or function definition");
        defs.push_back(parseScriptDecorated());
        break;
      default:
        // A Python module's own statements (`EPS = 1e-6`): kept, so that a program that uses
        // such a global gets PyTorch's error for it (CompilationUnitResolver::addPythonGlobal).
        if (!python_) lexer_.reportError("expected a class or function definition");
        parseStatementInto(defs, /*inClass=*/false);
    }
  }
  return List<Stmt>(makeList(range, std::move(defs)));
}

List<Stmt> Parser::parseFunctions() {
  SourceRange range = lexer_.cur().range;
  TreeList defs;
  while (lexer_.cur().kind != TK_EOF) {
    if (lexer_.nextIf(TK_NEWLINE)) continue;
    defs.push_back(parseFunction(/*isMethod=*/false).tree());
  }
  return List<Stmt>(makeList(range, std::move(defs)));
}

Def parseDef(const std::string& source, bool isMethod, SourceDialect dialect) {
  Parser parser(std::make_shared<Source>(source), dialect);
  Def def = parser.parseFunction(isMethod);
  parser.lexer().nextIf(TK_NEWLINE);
  parser.lexer().expect(TK_EOF);
  return def;
}

List<Stmt> parseSourceFile(SourcePtr source, SourceDialect dialect) {
  return Parser(std::move(source), dialect).parseFile();
}

}  // namespace ember::jit
