// Parser for PyTorch's schema language (see function_schema.h).
#include <cctype>
#include <charconv>
#include <cmath>
#include <mutex>
#include <sstream>
#include <unordered_map>

#include "ember/core/function_schema.h"

namespace ember::jit {
namespace {

constexpr int kMaxTypeNesting = 100;

TypePtr placeholderCustomClass(const std::string& name) {
  static std::mutex mutex;
  static std::unordered_map<std::string, ClassTypePtr> classes;
  std::lock_guard lock(mutex);
  auto& cls = classes[name];
  if (!cls) cls = ClassType::create(name);
  return cls;
}

// Named defaults PyTorch accepts in schemas for ScalarType, Layout and MemoryFormat arguments.
std::optional<int64_t> namedDefault(const std::string& text, const Type& realType) {
  static const std::unordered_map<std::string, int64_t> kAlways = {
      {"float", int64_t(ScalarType::Float)}, {"complex", int64_t(ScalarType::ComplexFloat)},
      {"long", int64_t(ScalarType::Long)},   {"strided", 0},
      {"Mean", 1},                           {"contiguous_format", 0}};
  if (auto it = kAlways.find(text); it != kAlways.end()) return it->second;
  auto base = realType.kind() == TypeKind::OptionalType ? realType.castRaw<OptionalType>()->getElementType()
                                                         : realType.ptr();
  if (base->kind() == TypeKind::ScalarTypeType) {
    static const std::unordered_map<std::string, ScalarType> kDtypes = {
        {"uint8", ScalarType::Byte},       {"int8", ScalarType::Char},         {"int16", ScalarType::Short},
        {"short", ScalarType::Short},      {"int32", ScalarType::Int},         {"int", ScalarType::Int},
        {"int64", ScalarType::Long},       {"float16", ScalarType::Half},      {"half", ScalarType::Half},
        {"float32", ScalarType::Float},    {"float64", ScalarType::Double},    {"double", ScalarType::Double},
        {"complex32", ScalarType::ComplexHalf}, {"complex64", ScalarType::ComplexFloat},
        {"cfloat", ScalarType::ComplexFloat},   {"complex128", ScalarType::ComplexDouble},
        {"cdouble", ScalarType::ComplexDouble}, {"bool", ScalarType::Bool},    {"bfloat16", ScalarType::BFloat16}};
    if (auto it = kDtypes.find(text); it != kDtypes.end()) return int64_t(it->second);
  }
  if (base->kind() == TypeKind::LayoutType) {
    static const std::unordered_map<std::string, int64_t> kLayouts = {
        {"Strided", 0}, {"Sparse", 1}, {"SparseCsr", 2}, {"Mkldnn", 3},
        {"SparseCsc", 4}, {"SparseBsr", 5}, {"SparseBsc", 6}};
    if (auto it = kLayouts.find(text); it != kLayouts.end()) return it->second;
  }
  if (base->kind() == TypeKind::MemoryFormatType) {
    static const std::unordered_map<std::string, int64_t> kFormats = {
        {"contiguous_format", 0}, {"preserve_format", 1}, {"channels_last", 2}, {"channels_last_3d", 3}};
    if (auto it = kFormats.find(text); it != kFormats.end()) return it->second;
  }
  return std::nullopt;
}

struct ParsedType {
  TypePtr fake;
  TypePtr real;
  std::optional<AliasInfo> alias;
};

class SchemaParser {
 public:
  SchemaParser(std::string_view text, const CustomClassResolver& resolver) : text_(text), resolver_(resolver) {}

  std::variant<OperatorName, FunctionSchema> parseDeclaration() {
    OperatorName name = parseName();
    skipSpace();
    if (atEnd()) return name;
    auto schema = parseRest(std::move(name));
    expectEnd();
    return schema;
  }

  FunctionSchema parseSchemaOnly() {
    OperatorName name = parseName();
    auto schema = parseRest(std::move(name));
    expectEnd();
    return schema;
  }

  TypePtr parseTypeOnly() {
    auto t = parseType(0);
    expectEnd();
    return t.fake;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { failAt(pos_, what); }
  [[noreturn]] void failAt(size_t pos, const std::string& what) const {
    std::ostringstream os;
    os << what << " at position " << pos << " of the schema:\n" << text_ << "\n"
       << std::string(std::min(pos, text_.size()), ' ') << "~ <--- HERE";
    EMBER_ERROR(os.str());
  }

  bool atEnd() {
    skipSpace();
    return pos_ >= text_.size();
  }
  void expectEnd() {
    if (!atEnd()) fail("unexpected text after the end of the schema");
  }
  void skipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  char peek() {
    skipSpace();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }
  bool startsWith(std::string_view s) {
    skipSpace();
    return text_.substr(pos_, s.size()) == s;
  }
  bool consume(std::string_view s) {
    if (!startsWith(s)) return false;
    pos_ += s.size();
    return true;
  }
  void expect(std::string_view s) {
    if (!consume(s)) fail("expected '" + std::string(s) + "'");
  }
  static bool isIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
  static bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
  bool atIdent() { return isIdentStart(peek()); }
  std::string peekIdent() {
    skipSpace();
    size_t p = pos_;
    if (p >= text_.size() || !isIdentStart(text_[p])) return "";
    while (p < text_.size() && isIdentChar(text_[p])) ++p;
    return std::string(text_.substr(pos_, p - pos_));
  }
  std::string parseIdent() {
    std::string id = peekIdent();
    if (id.empty()) fail("expected an identifier");
    pos_ += id.size();
    return id;
  }

  OperatorName parseName() {
    std::string name = parseIdent();
    if (consume("::")) name += "::" + parseIdent();
    std::string overload;
    if (consume(".")) overload = parseIdent();
    return {std::move(name), std::move(overload)};
  }

  FunctionSchema parseRest(OperatorName name) {
    std::vector<Argument> args;
    bool kwargOnly = false, isVararg = false;
    expect("(");
    if (!consume(")")) {
      do {
        if (isVararg) fail("... must be the last element of the argument list");
        if (consume("...")) {
          isVararg = true;
        } else if (consume("*")) {
          kwargOnly = true;
        } else {
          args.push_back(parseArgument(false, kwargOnly));
        }
      } while (consume(","));
      expect(")");
    }
    std::vector<Argument> returns;
    bool isVarret = false;
    expect("->");
    if (peek() == '(') {
      expect("(");
      if (!consume(")")) {
        do {
          if (isVarret) fail("... must be the last element of the return list");
          if (consume("...")) isVarret = true;
          else returns.push_back(parseArgument(true, false));
        } while (consume(","));
        expect(")");
      }
    } else if (consume("...")) {
      isVarret = true;
    } else {
      returns.push_back(parseArgument(true, false));
    }
    return FunctionSchema(std::move(name.name), std::move(name.overloadName), std::move(args), std::move(returns),
                          isVararg, isVarret);
  }

  // `Tensor(a)[]`: the element annotation moves inside a list-level AliasInfo.
  static std::optional<AliasInfo> wrapInContainer(std::optional<AliasInfo> element, std::optional<AliasInfo> container) {
    if (element) {
      if (!container) {
        container = AliasInfo();
        container->setIsWrite(element->isWrite());
      }
      container->addContainedType(std::move(*element));
    }
    return container;
  }

  Argument parseArgument(bool isReturn, bool kwargOnly) {
    ParsedType t = parseType(0);
    std::optional<int32_t> N;
    if (peek() == '[') {
      // A sized list `int[2]` only exists at the argument level.
      expect("[");
      skipSpace();
      size_t numStart = pos_;
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
      int32_t n = 0;
      auto [p, ec] = std::from_chars(text_.data() + numStart, text_.data() + pos_, n);
      if (numStart == pos_ || ec != std::errc() || p != text_.data() + pos_) failAt(numStart, "expected a list size");
      N = n;
      expect("]");
      t.fake = ListType::create(t.fake);
      t.real = ListType::create(t.real);
      t.alias = wrapInContainer(std::move(t.alias), parseAliasAnnotation());
      if (consume("?")) {
        t.fake = OptionalType::create(t.fake);
        t.real = OptionalType::create(t.real);
      }
    }
    std::string name;
    std::optional<IValue> defaultValue;
    if (isReturn) {
      if (atIdent()) name = parseIdent();
    } else {
      if (!atIdent()) fail("expected an argument name");
      name = parseIdent();
      if (consume("=")) defaultValue = parseDefault(*t.fake, *t.real, N);
    }
    return Argument(std::move(name), t.fake, t.real, N, std::move(defaultValue), !isReturn && kwargOnly,
                    std::move(t.alias));
  }

  std::optional<AliasInfo> parseAliasAnnotation() {
    if (peek() == '(' ) {
      expect("(");
      AliasInfo info;
      auto parseSets = [&](bool before) {
        do {
          if (consume("*")) {
            before ? info.addBeforeSet(AliasInfo::wildcardSet()) : info.addAfterSet(AliasInfo::wildcardSet());
          } else {
            Symbol s = Symbol::fromQualString("alias::" + parseIdent());
            bool wild = before ? info.isWildcardBefore() : info.isWildcardAfter();
            if (!wild) before ? info.addBeforeSet(s) : info.addAfterSet(s);
          }
        } while (consume("|"));
      };
      parseSets(true);
      if (consume("!")) info.setIsWrite(true);
      if (consume("->")) {
        parseSets(false);
      } else {
        for (Symbol s : info.beforeSets()) info.addAfterSet(s);
      }
      expect(")");
      return info;
    }
    if (consume("!")) {
      AliasInfo info;
      info.addBeforeSet(Symbol::fromQualString("alias::$" + std::to_string(nextAnonymousSet_++)));
      info.setIsWrite(true);
      return info;
    }
    return std::nullopt;
  }

  std::vector<TypePtr> parseTypeList(int depth) {
    std::vector<TypePtr> types;
    expect("(");
    if (!consume(")")) {
      do {
        types.push_back(parseType(depth + 1).fake);
      } while (consume(","));
      expect(")");
    }
    return types;
  }

  ParsedType parseType(int depth) {
    if (depth > kMaxTypeNesting) fail("type nested too deeply");
    ParsedType t;
    std::string id = peekIdent();
    if (peek() == '(') {
      auto elems = parseTypeList(depth);
      t.fake = t.real = TupleType::create(std::move(elems));
    } else if (id == "Future" || id == "RRef") {
      pos_ += id.size();
      expect("(");
      TypePtr elem = parseType(depth + 1).fake;
      expect(")");
      t.fake = t.real = id == "Future" ? TypePtr(FutureType::create(elem)) : TypePtr(RRefType::create(elem));
    } else if (id == "Tensor") {
      pos_ += id.size();
      t.fake = t.real = TensorType::get();
      t.alias = parseAliasAnnotation();
    } else if (id == "Dict") {
      pos_ += id.size();
      expect("(");
      TypePtr key = parseType(depth + 1).fake;
      expect(",");
      TypePtr value = parseType(depth + 1).fake;
      expect(")");
      t.fake = t.real = DictType::create(key, value);
      t.alias = parseAliasAnnotation();
    } else if (id == "Union") {
      pos_ += id.size();
      t.fake = t.real = UnionType::create(parseTypeList(depth));
    } else if (id == "__torch__") {
      size_t start = pos_;
      std::string name = parseIdent();
      while (consume(".")) name += "." + parseIdent();
      TypePtr cls = resolver_ ? resolver_(name) : placeholderCustomClass(name);
      if (!cls) failAt(start, "Unknown custom class type " + name + ". Please ensure it is registered");
      t.fake = t.real = cls;
    } else {
      t.real = parseBaseType();
      auto k = t.real->kind();
      bool intAtRuntime = k == TypeKind::ScalarTypeType || k == TypeKind::MemoryFormatType ||
                          k == TypeKind::LayoutType || k == TypeKind::SymIntType;
      t.fake = intAtRuntime ? IntType::get() : t.real;
      t.alias = parseAliasAnnotation();
    }
    while (true) {
      if (startsWith("[") && nextNonSpaceAfter('[') == ']') {
        expect("[");
        expect("]");
        t.fake = ListType::create(t.fake);
        t.real = ListType::create(t.real);
        t.alias = wrapInContainer(std::move(t.alias), parseAliasAnnotation());
      } else if (consume("?")) {
        t.fake = OptionalType::create(t.fake);
        t.real = OptionalType::create(t.real);
      } else {
        break;
      }
    }
    return t;
  }

  char nextNonSpaceAfter(char c) {
    skipSpace();
    size_t p = pos_;
    if (p >= text_.size() || text_[p] != c) return '\0';
    ++p;
    while (p < text_.size() && std::isspace(static_cast<unsigned char>(text_[p]))) ++p;
    return p < text_.size() ? text_[p] : '\0';
  }

  TypePtr parseBaseType() {
    static const std::unordered_map<std::string, TypePtr> kBaseTypes = {
        {"Generator", GeneratorType::get()},   {"Dimname", StringType::get()},
        {"ScalarType", ScalarTypeType::get()}, {"Layout", LayoutType::get()},
        {"MemoryFormat", MemoryFormatType::get()}, {"Storage", StorageType::get()},
        {"QScheme", QSchemeType::get()},       {"Quantizer", QuantizerType::get()},
        {"ConstQuantizerPtr", IntType::get()}, {"Device", DeviceObjType::get()},
        {"DeviceIndex", IntType::get()},       {"Stream", StreamObjType::get()},
        {"Scalar", NumberType::get()},         {"str", StringType::get()},
        {"float", FloatType::get()},           {"complex", ComplexType::get()},
        {"int", IntType::get()},               {"SymInt", SymIntType::get()},
        {"bool", BoolType::get()},             {"None", NoneType::get()},
        {"NoneType", NoneType::get()},         {"Capsule", CapsuleType::get()},
        {"Any", AnyType::get()},               {"AnyClassType", AnyClassType::get()},
        {"AnyEnumType", AnyEnumType::get()}};
    size_t start = pos_;
    std::string id = peekIdent();
    if (id.empty()) fail("expected a type");
    pos_ += id.size();
    if (auto it = kBaseTypes.find(id); it != kBaseTypes.end()) return it->second;
    // Lower-case names that are no builtin type are type variables (`t`, `tVal`).
    if (std::islower(static_cast<unsigned char>(id[0]))) return VarType::create(id);
    failAt(start, "unknown type specifier '" + id + "'");
  }

  // ---- default values ----

  IValue parseDefault(const Type& type, const Type& realType, std::optional<int32_t> N) {
    size_t start = pos_;
    switch (type.kind()) {
      case TypeKind::TensorType:
      case TypeKind::GeneratorType:
      case TypeKind::QuantizerType:
        if (!consume("None")) fail("expected None as the default of a " + type.str() + " argument");
        return IValue();
      case TypeKind::StringType:
      case TypeKind::OptionalType:
      case TypeKind::NumberType:
      case TypeKind::IntType:
      case TypeKind::BoolType:
      case TypeKind::FloatType:
      case TypeKind::ComplexType:
        return parseSingleConstant(type, realType);
      case TypeKind::DeviceObjType:
        if (peek() != '"' && peek() != '\'') fail("expected a device string");
        return IValue(Device::parse(parseStringLiteral()));
      case TypeKind::ListType: {
        const TypePtr& elem = type.containedTypes()[0];
        const TypePtr& realElem = realType.containedTypes()[0];
        if (atIdent()) {
          if (!consume("None")) fail("expected None or a list");
          return IValue();
        }
        if (N && peek() != '[') {
          IValue v = parseSingleConstant(*elem, *realElem);
          return makeList(elem, std::vector<IValue>(static_cast<size_t>(std::max<int32_t>(*N, 0)), v));
        }
        return parseConstantList(elem, *realElem);
      }
      default:
        failAt(start, "arguments of type " + type.str() + " cannot have a default value");
    }
  }

  IValue parseConstantList(const TypePtr& elem, const Type& realElem) {
    expect("[");
    std::vector<IValue> values;
    if (!consume("]")) {
      do {
        values.push_back(parseSingleConstant(*elem, realElem));
      } while (consume(","));
      expect("]");
    }
    for (const auto& v : values) checkListElement(v, *elem);
    return makeList(elem, std::move(values));
  }

  void checkListElement(const IValue& v, const Type& elem) {
    bool ok = (elem.kind() == TypeKind::IntType && v.isInt()) ||
              (elem.kind() == TypeKind::FloatType && (v.isDouble() || v.isInt())) ||
              (elem.kind() == TypeKind::BoolType && v.isBool()) || elem.kind() == TypeKind::NumberType ||
              (elem.kind() == TypeKind::StringType && v.isString()) ||
              (elem.kind() == TypeKind::ComplexType) || elem.kind() == TypeKind::OptionalType;
    if (!ok) fail("default list element " + v.repr() + " does not match the list's element type " + elem.str());
  }

  IValue parseSingleConstant(const Type& type, const Type& realType) {
    char c = peek();
    if (c == '"' || c == '\'') return IValue(parseStringLiteral());
    if (c == '[') {
      // `int[]? x=[1, 2]`: a list default for an optional list.
      auto inner = type.kind() == TypeKind::OptionalType ? type.castRaw<OptionalType>()->getElementType() : nullptr;
      auto innerReal = realType.kind() == TypeKind::OptionalType ? realType.castRaw<OptionalType>()->getElementType() : nullptr;
      if (inner && inner->kind() == TypeKind::ListType)
        return parseConstantList(inner->containedTypes()[0], *innerReal->containedTypes()[0]);
      fail("unexpected list default");
    }
    if (isIdentStart(c)) {
      size_t start = pos_;
      std::string id = parseIdent();
      if (id == "True") return IValue(true);
      if (id == "False") return IValue(false);
      if (id == "None") return IValue();
      if (auto v = namedDefault(id, realType)) return IValue(*v);
      failAt(start, "invalid numeric default value '" + id + "'");
    }
    return parseNumber(type);
  }

  IValue parseNumber(const Type& type) {
    skipSpace();
    size_t start = pos_;
    bool neg = consume("-");
    skipSpace();
    size_t numStart = pos_;
    while (pos_ < text_.size() && (std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '.')) ++pos_;
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    }
    bool imag = pos_ < text_.size() && text_[pos_] == 'j';
    std::string num(text_.substr(numStart, pos_ - numStart));
    if (imag) ++pos_;
    if (num.empty() || !std::isdigit(static_cast<unsigned char>(num[0]) ) ) {
      if (num.empty() || num[0] != '.') failAt(start, "expected a default value");
    }
    std::string full = (neg ? "-" : "") + num;
    bool isFloat = type.kind() == TypeKind::FloatType || num.find_first_of(".eE") != std::string::npos;
    if (imag || type.kind() == TypeKind::ComplexType) {
      double d = toDouble(full, start);
      return IValue(imag ? std::complex<double>(0, d) : std::complex<double>(d, 0));
    }
    if (isFloat) return IValue(toDouble(full, start));
    int64_t v = 0;
    auto [p, ec] = std::from_chars(full.data(), full.data() + full.size(), v);
    if (ec != std::errc() || p != full.data() + full.size()) failAt(start, "invalid integer default '" + full + "'");
    return IValue(v);
  }

  double toDouble(const std::string& s, size_t start) {
    double d = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), d);
    if (ec != std::errc() || p != s.data() + s.size()) failAt(start, "invalid float default '" + s + "'");
    return d;
  }

  std::string parseStringLiteral() {
    skipSpace();
    size_t start = pos_;
    char quote = text_[pos_++];
    std::string out;
    while (true) {
      if (pos_ >= text_.size()) failAt(start, "unterminated string literal");
      char c = text_[pos_++];
      if (c == quote) break;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size()) failAt(start, "unterminated string literal");
      char e = text_[pos_++];
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'a': out += '\a'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'v': out += '\v'; break;
        case '\\': out += '\\'; break;
        case '\'': out += '\''; break;
        case '"': out += '"'; break;
        default:
          if (e >= '0' && e <= '7') {
            int v = e - '0';
            for (int k = 0; k < 2 && pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '7'; ++k)
              v = v * 8 + (text_[pos_++] - '0');
            out += static_cast<char>(v);
          } else {
            failAt(pos_ - 2, std::string("invalid escape sequence '\\") + e + "'");
          }
      }
    }
    return out;
  }

  std::string_view text_;
  const CustomClassResolver& resolver_;
  size_t pos_ = 0;
  int nextAnonymousSet_ = 0;
};

}  // namespace

FunctionSchema parseSchema(std::string_view text, const CustomClassResolver& resolver) {
  return SchemaParser(text, resolver).parseSchemaOnly();
}

std::variant<OperatorName, FunctionSchema> parseSchemaOrName(std::string_view text,
                                                             const CustomClassResolver& resolver) {
  return SchemaParser(text, resolver).parseDeclaration();
}

TypePtr parseSchemaType(std::string_view text, const CustomClassResolver& resolver) {
  return SchemaParser(text, resolver).parseTypeOnly();
}

}  // namespace ember::jit
