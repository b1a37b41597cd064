// The IR text parser (see ember/ir/ir_parser.h). A hand-written lexer feeds a recursive-descent
// parser over this grammar:
//
//   graph  := 'graph' '(' params ')' ':' stmt* 'return' '(' refs ')' group*
//   group  := 'with' KIND '=' graph           (subgraphs of prim::FusionGroup_N nodes)
//   params := [ VALUE [':' type] {',' VALUE [':' type]} ]
//   stmt   := params '=' KIND ['[' attr {',' attr} ']'] '(' refs ')' block*
//   block  := 'blockN' '(' params ')' ':' stmt* '->' '(' refs ')'
//   attr   := NAME '=' value
//
// `# ...` comments (source locations) are skipped. Numeric value names (`%12`) keep their
// numbers, so a parsed graph prints back as it was written.
#include "ember/ir/ir_parser.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <regex>
#include <sstream>
#include <unordered_set>

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "ir/ir_constants.h"

namespace ember::jit {

namespace {

enum class Tok { End, Value, Ident, Number, String, Punct, Arrow };

struct Token {
  Tok kind = Tok::End;
  std::string text;
  size_t pos = 0;  // offset in the input
};

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) { advance(); }

  const Token& cur() const { return cur_; }
  Token next() {
    Token t = cur_;
    advance();
    return t;
  }
  bool nextIf(Tok kind, std::string_view text = {}) {
    if (cur_.kind != kind || (!text.empty() && cur_.text != text)) return false;
    advance();
    return true;
  }
  Token expect(Tok kind, std::string_view text = {}) {
    if (cur_.kind != kind || (!text.empty() && cur_.text != text)) {
      std::string want = text.empty() ? kindName(kind) : "'" + std::string(text) + "'";
      error(cur_.pos, "expected " + want + " but found " + describe(cur_));
    }
    return next();
  }
  // The raw text from the current token up to the next whitespace or comment (scope names
  // such as `__module.0/__module.0.conv` are not single tokens).
  std::string rawWord() {
    size_t start = cur_.pos, end = start;
    while (end < text_.size() && !std::isspace(static_cast<unsigned char>(text_[end])) && text_[end] != '#') ++end;
    if (end == start) error(start, "expected a scope name");
    pos_ = end;
    advance();
    return std::string(text_.substr(start, end - start));
  }
  // The token after the current one, without consuming anything.
  Token peek() const {
    Lexer copy = *this;
    copy.advance();
    return copy.cur_;
  }

  [[noreturn]] void error(size_t pos, const std::string& msg) const {
    pos = std::min(pos, text_.size());
    size_t lineStart = text_.rfind('\n', pos == 0 ? 0 : pos - 1);
    lineStart = (lineStart == std::string_view::npos || pos == 0) ? 0 : lineStart + 1;
    if (pos > 0 && text_[pos - 1] == '\n') lineStart = pos;
    size_t lineEnd = text_.find('\n', pos);
    if (lineEnd == std::string_view::npos) lineEnd = text_.size();
    size_t line = 1 + static_cast<size_t>(std::count(text_.begin(), text_.begin() + lineStart, '\n'));
    std::ostringstream out;
    out << "IR parse error at line " << line << ", column " << (pos - lineStart + 1) << ": " << msg << "\n"
        << text_.substr(lineStart, lineEnd - lineStart) << "\n"
        << std::string(pos - lineStart, ' ') << "~ <--- HERE";
    EMBER_ERROR(out.str());
  }
  static std::string describe(const Token& t) {
    if (t.kind == Tok::End) return "end of input";
    if (t.kind == Tok::Value) return "'%" + t.text + "'";
    return "'" + t.text + "'";
  }

 private:
  static std::string kindName(Tok k) {
    switch (k) {
      case Tok::End: return "end of input";
      case Tok::Value: return "a value (%name)";
      case Tok::Ident: return "an identifier";
      case Tok::Number: return "a number";
      case Tok::String: return "a string";
      case Tok::Punct: return "punctuation";
      case Tok::Arrow: return "'->'";
    }
    return "?";
  }

  static bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; }

  void skipSpaceAndComments() {
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (std::isspace(static_cast<unsigned char>(c))) {
        ++pos_;
      } else if (c == '#') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else {
        break;
      }
    }
  }

  void advance() {
    skipSpaceAndComments();
    cur_ = Token{};
    cur_.pos = pos_;
    if (pos_ >= text_.size()) return;
    char c = text_[pos_];
    if (c == '%') {
      size_t start = ++pos_;
      while (pos_ < text_.size() && isNameChar(text_[pos_])) ++pos_;
      if (pos_ == start) error(start, "expected a value name after '%'");
      cur_ = {Tok::Value, std::string(text_.substr(start, pos_ - start)), start - 1};
    } else if (c == '"' || c == '\'') {
      lexString(c);
    } else if (std::isdigit(static_cast<unsigned char>(c)) ||
               ((c == '-' || c == '+') && pos_ + 1 < text_.size() &&
                (std::isdigit(static_cast<unsigned char>(text_[pos_ + 1])) || text_[pos_ + 1] == '.' ||
                 text_.substr(pos_ + 1, 3) == "inf" || text_.substr(pos_ + 1, 3) == "nan"))) {
      lexNumber();
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t start = pos_;
      // Identifiers include qualified names: aten::add, __torch__.M, prim::FusionGroup_0.
      while (pos_ < text_.size()) {
        if (isNameChar(text_[pos_])) {
          ++pos_;
        } else if (text_.substr(pos_, 2) == "::" && pos_ + 2 < text_.size() &&
                   (std::isalpha(static_cast<unsigned char>(text_[pos_ + 2])) || text_[pos_ + 2] == '_')) {
          pos_ += 2;
        } else {
          break;
        }
      }
      cur_ = {Tok::Ident, std::string(text_.substr(start, pos_ - start)), start};
    } else if (text_.substr(pos_, 2) == "->") {
      cur_ = {Tok::Arrow, "->", pos_};
      pos_ += 2;
    } else if (std::string_view("()[]{},:=?*<>.").find(c) != std::string_view::npos) {
      cur_ = {Tok::Punct, std::string(1, c), pos_};
      ++pos_;
    } else {
      error(pos_, std::string("unexpected character '") + c + "'");
    }
  }

  void lexNumber() {
    size_t start = pos_;
    if (text_[pos_] == '-' || text_[pos_] == '+') ++pos_;
    if (text_.substr(pos_, 3) == "inf" || text_.substr(pos_, 3) == "nan") {
      pos_ += 3;
    } else {
      while (pos_ < text_.size()) {
        char c = text_[pos_];
        bool expSign = (c == '-' || c == '+') && (text_[pos_ - 1] == 'e' || text_[pos_ - 1] == 'E');
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || expSign) ++pos_;
        else break;
      }
    }
    cur_ = {Tok::Number, std::string(text_.substr(start, pos_ - start)), start};
  }

  void lexString(char quote) {
    size_t start = pos_++;
    std::string value;
    while (true) {
      if (pos_ >= text_.size() || text_[pos_] == '\n') error(start, "unterminated string");
      char c = text_[pos_++];
      if (c == quote) break;
      if (c != '\\') {
        value += c;
        continue;
      }
      if (pos_ >= text_.size()) error(start, "unterminated string");
      char e = text_[pos_++];
      switch (e) {
        case 'n': value += '\n'; break;
        case 't': value += '\t'; break;
        case 'r': value += '\r'; break;
        case 'a': value += '\a'; break;
        case 'b': value += '\b'; break;
        case 'f': value += '\f'; break;
        case 'v': value += '\v'; break;
        case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
          // Octal, up to three digits: PyTorch prints unprintable bytes as \ooo.
          int v = e - '0';
          for (int k = 0; k < 2 && pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '7'; ++k)
            v = v * 8 + (text_[pos_++] - '0');
          if (v > 0xFF) error(pos_, "octal escape out of range");
          value += static_cast<char>(v);
          break;
        }
        case 'x': {
          if (pos_ + 2 > text_.size()) error(pos_, "bad \\x escape");
          int v = 0;
          auto [p, ec] = std::from_chars(text_.data() + pos_, text_.data() + pos_ + 2, v, 16);
          if (ec != std::errc() || p != text_.data() + pos_ + 2) error(pos_, "bad \\x escape");
          value += static_cast<char>(v);
          pos_ += 2;
          break;
        }
        default: value += e;  // \\, \", \'
      }
    }
    cur_ = {Tok::String, std::move(value), start};
  }

  std::string_view text_;
  size_t pos_ = 0;
  Token cur_;
};

bool isNumeric(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

}  // namespace

// The parser is a friend of Value and Graph so that numeric names keep their numbers.
class IRParser {
 public:
  IRParser(std::string_view text, Graph& graph, const IRParseOptions& options)
      : lex_(text), text_(text), graph_(graph), options_(options) {}

  void parse(std::unordered_map<std::string, Value*>* valueMap) {
    EMBER_CHECK(graph_.nodes().begin() == graph_.nodes().end() && graph_.inputs().empty(),
                "parseIR: the graph must be empty");
    reserveNumericNames();
    collectGroupNames();
    parseGraphBody(graph_);
    while (lex_.cur().kind == Tok::Ident && lex_.cur().text == "with") parseGroup();
    if (lex_.cur().kind != Tok::End) lex_.error(lex_.cur().pos, "unexpected " + Lexer::describe(lex_.cur()));
    for (const auto& [node, name] : pendingGroups_)
      lex_.error(0, "missing 'with " + name + " = graph(...)' for a subgraph node");
    if (valueMap) *valueMap = values_;
  }

 private:
  // ---- values ----

  // Numeric names become the values' unique numbers; every other value is numbered above them.
  void reserveNumericNames() {
    static const std::regex numeric(R"(%([0-9]+)\b)");
    std::string s(text_);
    size_t maxNum = 0;
    bool any = false;
    for (auto it = std::sregex_iterator(s.begin(), s.end(), numeric); it != std::sregex_iterator(); ++it) {
      const std::string digits = (*it)[1].str();
      if (digits.size() > 15) continue;  // absurd numbers keep their text as the name instead
      maxNum = std::max<size_t>(maxNum, std::stoull(digits));
      any = true;
    }
    if (any) graph_.nextUnique_ = std::max(graph_.nextUnique_, maxNum + 1);
  }

  void defineValue(Value* v, const Token& name) {
    if (values_.count(name.text)) lex_.error(name.pos, "value %" + name.text + " is defined twice");
    if (isNumeric(name.text) && name.text.size() <= 15) {
      v->unique_ = std::stoull(name.text);
    } else {
      v->setDebugName(name.text);
    }
    values_[name.text] = v;
  }

  Value* lookup(const Token& name) {
    auto it = values_.find(name.text);
    if (it == values_.end()) lex_.error(name.pos, "use of undefined value %" + name.text);
    return it->second;
  }

  std::vector<Value*> parseRefs() {
    std::vector<Value*> refs;
    lex_.expect(Tok::Punct, "(");
    if (!lex_.nextIf(Tok::Punct, ")")) {
      do refs.push_back(lookup(lex_.expect(Tok::Value)));
      while (lex_.nextIf(Tok::Punct, ","));
      lex_.expect(Tok::Punct, ")");
    }
    return refs;
  }

  // `%a : T, %b : T` — returns names and types (types default to Tensor).
  std::vector<std::pair<Token, TypePtr>> parseTypedNames(bool allowEmpty) {
    std::vector<std::pair<Token, TypePtr>> out;
    if (allowEmpty && lex_.cur().kind != Tok::Value) return out;
    do {
      Token name = lex_.expect(Tok::Value);
      TypePtr type = TensorType::get();
      if (lex_.nextIf(Tok::Punct, ":")) type = parseType();
      out.emplace_back(std::move(name), std::move(type));
    } while (lex_.nextIf(Tok::Punct, ","));
    return out;
  }

  // ---- graphs, blocks, nodes ----

  void parseGraphBody(Graph& g) {
    lex_.expect(Tok::Ident, "graph");
    lex_.expect(Tok::Punct, "(");
    if (!lex_.nextIf(Tok::Punct, ")")) {
      for (auto& [name, type] : parseTypedNames(false)) defineValue(g.addInput()->setType(type), name);
      lex_.expect(Tok::Punct, ")");
    }
    lex_.expect(Tok::Punct, ":");
    parseStatements(g.block(), [&] { return lex_.cur().kind == Tok::Ident && lex_.cur().text == "return"; });
    lex_.expect(Tok::Ident, "return");
    for (Value* v : parseRefs()) g.registerOutput(v);
  }

  template <typename AtEnd>
  void parseStatements(Block* b, AtEnd atEnd) {
    while (!atEnd()) {
      if (lex_.cur().kind == Tok::End) lex_.error(lex_.cur().pos, "unexpected end of input inside a block");
      parseNode(b);
    }
  }

  void parseNode(Block* b) {
    auto outputs = parseTypedNames(true);
    // A node without outputs may be written with or without the leading '=' (PyTorch reads both).
    if (!outputs.empty() || lex_.cur().kind != Tok::Ident) lex_.expect(Tok::Punct, "=");
    Token kindTok = lex_.expect(Tok::Ident);
    std::string kindName = kindTok.text;
    bool isGroup = groupNames_.count(kindName) > 0;
    if (isGroup) kindName = kindName.substr(0, kindName.rfind('_'));
    if (kindName.find("::") == std::string::npos) lex_.error(kindTok.pos, "expected a node kind such as aten::add");
    Symbol kind;
    try {
      kind = Symbol::fromQualString(kindName);
    } catch (const Error& e) {
      lex_.error(kindTok.pos, e.what());
    }
    Node* n = b->owningGraph()->create(kind, 0);
    b->appendNode(n);
    if (lex_.cur().kind == Tok::Punct && lex_.cur().text == "[") parseAttributes(n, outputs);
    for (Value* v : parseRefs()) n->addInput(v);
    if (lex_.nextIf(Tok::Punct, ",")) {
      lex_.expect(Tok::Ident, "scope");
      lex_.expect(Tok::Punct, ":");
      n->setScopeName(lex_.rawWord());
    }
    for (auto& [name, type] : outputs) defineValue(n->addOutput()->setType(type), name);
    if (isGroup) pendingGroups_.emplace_back(n, kindTok.text);
    while (lex_.cur().kind == Tok::Ident && lex_.cur().text.rfind("block", 0) == 0) parseBlock(n);
  }

  void parseBlock(Node* n) {
    Token head = lex_.next();
    if (head.text != "block" + std::to_string(n->blocks().size()))
      lex_.error(head.pos, "expected block" + std::to_string(n->blocks().size()) + " but found " + head.text);
    Block* b = n->addBlock();
    lex_.expect(Tok::Punct, "(");
    if (!lex_.nextIf(Tok::Punct, ")")) {
      for (auto& [name, type] : parseTypedNames(false)) defineValue(b->addInput()->setType(type), name);
      lex_.expect(Tok::Punct, ")");
    }
    lex_.expect(Tok::Punct, ":");
    parseStatements(b, [&] { return lex_.cur().kind == Tok::Arrow; });
    lex_.expect(Tok::Arrow);
    for (Value* v : parseRefs()) b->registerOutput(v);
  }

  void collectGroupNames() {
    static const std::regex group(R"((^|\n)\s*with\s+([A-Za-z_][A-Za-z0-9_]*::[A-Za-z0-9_]+_[0-9]+)\s*=)");
    std::string s(text_);
    for (auto it = std::sregex_iterator(s.begin(), s.end(), group); it != std::sregex_iterator(); ++it)
      groupNames_.insert((*it)[2].str());
  }

  void parseGroup() {
    lex_.expect(Tok::Ident, "with");
    Token name = lex_.expect(Tok::Ident);
    lex_.expect(Tok::Punct, "=");
    auto it = std::find_if(pendingGroups_.begin(), pendingGroups_.end(),
                           [&](const auto& p) { return p.second == name.text; });
    if (it == pendingGroups_.end()) lex_.error(name.pos, "no node refers to subgraph " + name.text);
    auto sub = std::make_shared<Graph>();
    sub->nextUnique_ = graph_.nextUnique_;  // numeric names were reserved over the whole text
    // Subgraph values live in their own namespace.
    auto outer = std::move(values_);
    values_.clear();
    parseGraphBody(*sub);
    values_ = std::move(outer);
    it->first->g_(attr::Subgraph, sub);
    pendingGroups_.erase(it);
  }

  // ---- attributes ----

  void parseAttributes(Node* n, const std::vector<std::pair<Token, TypePtr>>& outputs) {
    lex_.expect(Tok::Punct, "[");
    do {
      Token name = lex_.expect(Tok::Ident);
      lex_.expect(Tok::Punct, "=");
      TypePtr outType = outputs.size() == 1 ? outputs[0].second : nullptr;
      parseAttribute(n, Symbol::attr(name.text), outType);
    } while (lex_.nextIf(Tok::Punct, ","));
    lex_.expect(Tok::Punct, "]");
  }

  void parseAttribute(Node* n, Symbol name, const TypePtr& outType) {
    const Token& t = lex_.cur();
    size_t pos = t.pos;
    if (t.kind == Tok::Punct && t.text == "{") {
      if (!options_.parseTensorConstants) lex_.error(pos, "single-element tensor constants are not enabled");
      lex_.next();
      Token num = lex_.expect(Tok::Number);
      lex_.expect(Tok::Punct, "}");
      n->t_(name, scalarTensorConstant(num));
      return;
    }
    if (t.kind == Tok::Punct && t.text == "<") {
      lex_.next();
      Token what = lex_.expect(Tok::Ident);
      lex_.expect(Tok::Punct, ">");
      lex_.error(what.pos, "cannot parse an elided <" + what.text + "> attribute value");
    }
    if (startsType()) {
      n->ty_(name, parseType());
      return;
    }
    if (t.kind == Tok::Punct && t.text == "[" && lex_.peek().kind == Tok::Ident && !isValueWord(lex_.peek().text)) {
      lex_.next();
      std::vector<TypePtr> types;
      do types.push_back(parseType());
      while (lex_.nextIf(Tok::Punct, ","));
      lex_.expect(Tok::Punct, "]");
      n->tys_(name, std::move(types));
      return;
    }
    // `annotate(List[int], [])` is how PyTorch prints a list kept as an IValue attribute: it
    // stays one, so the graph prints back the same.
    const bool annotated = t.kind == Tok::Ident && t.text == "annotate";
    IValue v = parseIValue();
    // Attribute kinds follow how constants are stored: ints, floats, strings and lists of
    // them directly; anything else (tuples, nested lists) as an IValue.
    bool isConstantValue = n->kind() == prim::Constant && name == attr::value;
    if (annotated) {
      n->ival_(name, std::move(v));
    } else if (v.isInt()) {
      n->i_(name, v.toInt());
    } else if (v.isDouble()) {
      n->f_(name, v.toDouble());
    } else if (v.isString()) {
      n->s_(name, v.toStringRef());
    } else if (v.isIntList() && !(isConstantValue && outType && !outType->isSubtypeOf(*ListType::ofInts()))) {
      n->is_(name, v.toIntVector());
    } else if (v.isDoubleList() && !isConstantValue) {
      n->fs_(name, v.toDoubleVector());
    } else {
      n->ival_(name, std::move(v));
    }
  }

  static bool isValueWord(const std::string& w) {
    return w == "True" || w == "False" || w == "None" || w == "inf" || w == "nan" || w == "annotate";
  }
  // A type where an attribute value is expected: an identifier or a tuple type `(int, str)`
  // is a type; `(1, 2)` is a tuple constant.
  bool startsType() const {
    const Token& t = lex_.cur();
    if (t.kind == Tok::Ident) return !isValueWord(t.text);
    return false;
  }

  Tensor scalarTensorConstant(const Token& num) {
    IValue v = numberValue(num);
    return irScalarTensor(v);
  }

  IValue numberValue(const Token& num) {
    const std::string& s = num.text;
    bool isFloat = s.find_first_of(".eEn") != std::string::npos || s.find("inf") != std::string::npos;
    if (!isFloat) {
      int64_t v = 0;
      auto [p, ec] = std::from_chars(s.data() + (s[0] == '+'), s.data() + s.size(), v);
      if (ec != std::errc() || p != s.data() + s.size()) lex_.error(num.pos, "invalid integer '" + s + "'");
      return IValue(v);
    }
    if (s == "inf" || s == "+inf") return IValue(std::numeric_limits<double>::infinity());
    if (s == "-inf") return IValue(-std::numeric_limits<double>::infinity());
    if (s == "nan" || s == "+nan") return IValue(std::nan(""));
    if (s == "-nan") return IValue(-std::nan(""));
    char* end = nullptr;
    double d = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size()) lex_.error(num.pos, "invalid number '" + s + "'");
    return IValue(d);
  }

  // `annotate(List[int], [])`, as PyTorch prints an empty list constant: the list with the
  // annotated element type. (After the `annotate` identifier.)
  IValue parseAnnotatedValue(int depth) {
    lex_.expect(Tok::Punct, "(");
    TypePtr type = parseType(depth + 1);
    lex_.expect(Tok::Punct, ",");
    IValue value = parseIValue(depth + 1);
    lex_.expect(Tok::Punct, ")");
    if (auto list = type->cast<ListType>(); list && value.isList())
      return makeList(list->getElementType(), value.toListRef().elements);
    return value;
  }

  // A number, or a complex constant as PyTorch prints them: `0.+1.5j`, `2.-3.j` (a lone `1.5j`
  // is read too).
  IValue numberOrComplex() {
    Token first = lex_.next();
    auto asDouble = [](const IValue& v) { return v.isInt() ? static_cast<double>(v.toInt()) : v.toDouble(); };
    auto imaginary = [&](const Token& t) {
      Token digits = t;
      digits.text.pop_back();
      return asDouble(numberValue(digits));
    };
    if (first.text.size() > 1 && first.text.back() == 'j') return IValue(std::complex<double>(0.0, imaginary(first)));
    const Token& next = lex_.cur();
    if (next.kind == Tok::Number && next.text.size() > 1 && next.text.back() == 'j' &&
        (next.text[0] == '+' || next.text[0] == '-')) {
      double real = asDouble(numberValue(first));
      return IValue(std::complex<double>(real, imaginary(lex_.next())));
    }
    return numberValue(first);
  }

  // Constants inside `[...]`: numbers, strings, True/False/None, lists [..] and tuples (..).
  IValue parseIValue(int depth = 0) {
    if (depth > 64) lex_.error(lex_.cur().pos, "attribute value nested too deeply");
    const Token& t = lex_.cur();
    switch (t.kind) {
      case Tok::Number: return numberOrComplex();
      case Tok::String: return IValue(lex_.next().text);
      case Tok::Ident: {
        Token id = lex_.next();
        if (id.text == "True") return IValue(true);
        if (id.text == "False") return IValue(false);
        if (id.text == "None") return IValue();
        if (id.text == "inf") return IValue(std::numeric_limits<double>::infinity());
        if (id.text == "nan") return IValue(std::nan(""));
        if (id.text == "annotate") return parseAnnotatedValue(depth);
        lex_.error(id.pos, "unexpected '" + id.text + "' in an attribute value");
      }
      case Tok::Punct: {
        if (t.text == "[" || t.text == "(") {
          bool tuple = t.text == "(";
          lex_.next();
          std::vector<IValue> items;
          std::string close = tuple ? ")" : "]";
          if (!lex_.nextIf(Tok::Punct, close)) {
            do {
              if (tuple && lex_.cur().kind == Tok::Punct && lex_.cur().text == ")") break;  // (1,)
              items.push_back(parseIValue(depth + 1));
            } while (lex_.nextIf(Tok::Punct, ","));
            lex_.expect(Tok::Punct, close);
          }
          return tuple ? irTuple(std::move(items)) : irList(std::move(items));
        }
        break;
      }
      default: break;
    }
    lex_.error(t.pos, "expected an attribute value but found " + Lexer::describe(t));
  }

  // ---- types ----
  //
  //   type := base ('[]' | '?')*
  //   base := '(' [type {',' type}] ')' | NAME '(' args ')' | NAME
  // where NAME(args) covers Dict(K, V), Future(T), Union(...), RRef(T), Await(T) and tensor
  // refinements like Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu) or Long(*, *).
  TypePtr parseType(int depth = 0) {
    if (depth > 64) lex_.error(lex_.cur().pos, "type nested too deeply");
    TypePtr t = parseBaseType(depth);
    while (true) {
      if (lex_.cur().kind == Tok::Punct && lex_.cur().text == "[") {
        lex_.next();
        lex_.expect(Tok::Punct, "]");
        t = ListType::create(t);
      } else if (lex_.nextIf(Tok::Punct, "?")) {
        t = OptionalType::create(t);
      } else {
        return t;
      }
    }
  }

  TypePtr parseBaseType(int depth) {
    const Token& t = lex_.cur();
    if (t.kind == Tok::Punct && t.text == "(") {
      lex_.next();
      std::vector<TypePtr> elems;
      if (!lex_.nextIf(Tok::Punct, ")")) {
        do elems.push_back(parseType(depth + 1));
        while (lex_.nextIf(Tok::Punct, ","));
        lex_.expect(Tok::Punct, ")");
      }
      return TupleType::create(std::move(elems));
    }
    Token name = lex_.expect(Tok::Ident);
    // Annotation-style generics that some types print with: Future[int], List[T], ...
    if (lex_.cur().kind == Tok::Punct && lex_.cur().text == "[" && lex_.peek().kind != Tok::Punct) {
      lex_.next();
      std::vector<TypePtr> args;
      do args.push_back(parseType(depth + 1));
      while (lex_.nextIf(Tok::Punct, ","));
      lex_.expect(Tok::Punct, "]");
      return genericType(name, std::move(args));
    }
    bool hasArgs = lex_.cur().kind == Tok::Punct && lex_.cur().text == "(";
    if (hasArgs && name.text == "NamedTuple") return parseNamedTupleType(depth);
    if (hasArgs && (name.text == "Dict" || name.text == "Future" || name.text == "Union" || name.text == "RRef")) {
      lex_.next();
      std::vector<TypePtr> args;
      do args.push_back(parseType(depth + 1));
      while (lex_.nextIf(Tok::Punct, ","));
      lex_.expect(Tok::Punct, ")");
      if (name.text == "Dict") {
        if (args.size() != 2) lex_.error(name.pos, "Dict takes a key and a value type");
        return DictType::create(args[0], args[1]);
      }
      if (name.text == "Union") return UnionType::create(std::move(args));
      if (args.size() != 1) lex_.error(name.pos, name.text + " takes one type");
      return name.text == "Future" ? TypePtr(FutureType::create(args[0])) : TypePtr(RRefType::create(args[0]));
    }
    std::optional<ScalarType> dtype;
    if (name.text != "Tensor") {
      try {
        ScalarType st = parseScalarType(name.text);
        if (std::isupper(static_cast<unsigned char>(name.text[0]))) dtype = st;
      } catch (const Error&) {
      }
    }
    if (name.text == "Tensor" || dtype) {
      if (!hasArgs) return dtype ? TypePtr(TensorType::get()->withScalarType(dtype)) : TypePtr(TensorType::get());
      return parseTensorRefinement(dtype);
    }
    if (TypePtr simple = simpleType(name.text)) return simple;
    if (options_.resolveClass) {
      if (TypePtr cls = options_.resolveClass(name.text)) return cls;
    }
    lex_.error(name.pos, "unknown type '" + name.text + "'");
  }

  TypePtr genericType(const Token& name, std::vector<TypePtr> args) {
    const std::string& n = name.text;
    auto want = [&](size_t count) {
      if (args.size() != count) lex_.error(name.pos, n + " takes " + std::to_string(count) + " type argument(s)");
    };
    if (n == "Future") return want(1), TypePtr(FutureType::create(args[0]));
    if (n == "RRef") return want(1), TypePtr(RRefType::create(args[0]));
    if (n == "List") return want(1), TypePtr(ListType::create(args[0]));
    if (n == "Optional") return want(1), TypePtr(OptionalType::create(args[0]));
    if (n == "Dict") return want(2), TypePtr(DictType::create(args[0], args[1]));
    if (n == "Tuple") return TupleType::create(std::move(args));
    if (n == "Union") return UnionType::create(std::move(args));
    lex_.error(name.pos, "unknown generic type '" + n + "'");
  }

  // NamedTuple(x : int, y : float): the printed form of a named tuple type.
  TypePtr parseNamedTupleType(int depth) {
    lex_.expect(Tok::Punct, "(");
    std::vector<std::string> names;
    std::vector<TypePtr> types;
    if (!lex_.nextIf(Tok::Punct, ")")) {
      do {
        names.push_back(lex_.expect(Tok::Ident).text);
        lex_.expect(Tok::Punct, ":");
        types.push_back(parseType(depth + 1));
      } while (lex_.nextIf(Tok::Punct, ","));
      lex_.expect(Tok::Punct, ")");
    }
    return TupleType::createNamed("NamedTuple", std::move(names), std::move(types));
  }

  static TypePtr simpleType(const std::string& n) {
    if (n == "int") return IntType::get();
    if (n == "float") return FloatType::get();
    if (n == "bool") return BoolType::get();
    if (n == "str") return StringType::get();
    if (n == "complex") return ComplexType::get();
    if (n == "NoneType" || n == "None") return NoneType::get();
    if (n == "Device") return DeviceObjType::get();
    if (n == "Layout") return LayoutType::get();
    if (n == "ScalarType") return ScalarTypeType::get();
    if (n == "MemoryFormat") return MemoryFormatType::get();
    if (n == "Generator") return GeneratorType::get();
    if (n == "Storage") return StorageType::get();
    if (n == "Scalar" || n == "number") return NumberType::get();
    if (n == "Any") return AnyType::get();
    if (n == "Capsule") return CapsuleType::get();
    if (n == "Stream") return StreamObjType::get();
    if (n == "AnyList") return AnyListType::get();
    if (n == "AnyTuple") return AnyTupleType::get();
    if (n == "AnyClassType") return AnyClassType::get();
    return nullptr;
  }

  TypePtr parseTensorRefinement(std::optional<ScalarType> dtype) {
    lex_.expect(Tok::Punct, "(");
    std::vector<std::optional<int64_t>> sizes;
    std::optional<std::vector<std::optional<int64_t>>> strides;
    std::optional<Device> device;
    std::optional<bool> requiresGrad;
    bool sawKeyword = false;
    if (!lex_.nextIf(Tok::Punct, ")")) {
      do {
        const Token& t = lex_.cur();
        if (t.kind == Tok::Ident) {
          sawKeyword = true;
          Token key = lex_.next();
          lex_.expect(Tok::Punct, "=");
          if (key.text == "strides") {
            strides = parseDimList();
          } else if (key.text == "requires_grad") {
            requiresGrad = numberValue(lex_.expect(Tok::Number)).toInt() != 0;
          } else if (key.text == "device") {
            Token d = lex_.expect(Tok::Ident);
            std::string spec = d.text;
            if (lex_.nextIf(Tok::Punct, ":")) spec += ":" + lex_.expect(Tok::Number).text;
            try {
              device = Device::parse(spec);
            } catch (const Error& e) {
              lex_.error(d.pos, e.what());
            }
          } else {
            // Other keys PyTorch may print (e.g. `seen_none`) are accepted and ignored.
            parseIValue();
          }
        } else {
          if (sawKeyword) lex_.error(t.pos, "sizes must come before keyword arguments");
          sizes.push_back(parseDim());
        }
      } while (lex_.nextIf(Tok::Punct, ","));
      lex_.expect(Tok::Punct, ")");
    }
    // A zero-dim tensor has no strides to print: PyTorch's `Float(device=cpu)` is complete.
    if (!strides && sizes.empty()) strides.emplace();
    return TensorType::create(dtype, device, OptionalDims(sizes), strides ? OptionalDims(*strides) : OptionalDims(),
                              requiresGrad);
  }

  std::optional<int64_t> parseDim() {
    if (lex_.nextIf(Tok::Punct, "*")) return std::nullopt;
    IValue v = numberValue(lex_.expect(Tok::Number));
    if (!v.isInt()) lex_.error(lex_.cur().pos, "tensor dimensions must be integers");
    return v.toInt();
  }

  std::vector<std::optional<int64_t>> parseDimList() {
    std::vector<std::optional<int64_t>> dims;
    lex_.expect(Tok::Punct, "[");
    if (!lex_.nextIf(Tok::Punct, "]")) {
      do dims.push_back(parseDim());
      while (lex_.nextIf(Tok::Punct, ","));
      lex_.expect(Tok::Punct, "]");
    }
    return dims;
  }

  Lexer lex_;
  std::string_view text_;
  Graph& graph_;
  const IRParseOptions& options_;
  std::unordered_map<std::string, Value*> values_;
  std::unordered_set<std::string> groupNames_;
  std::vector<std::pair<Node*, std::string>> pendingGroups_;
};

void parseIR(std::string_view text, Graph& graph, const IRParseOptions& options,
             std::unordered_map<std::string, Value*>* valueMap) {
  IRParser(text, graph, options).parse(valueMap);
}

}  // namespace ember::jit
