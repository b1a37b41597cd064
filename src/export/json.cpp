// JSON writing (shortest round-tripping doubles) and a bounded recursive-descent parser.
#include "json.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "ember/error.h"

namespace ember::exporter {

namespace {
const char* typeName(Json::Type t) {
  static const char* names[] = {"null", "bool", "int", "double", "string", "array", "object"};
  return names[static_cast<int>(t)];
}
}  // namespace

bool Json::asBool(const char* what) const {
  EMBER_CHECK(type_ == Type::Bool, what, ": expected a bool, found ", typeName(type_));
  return i_ != 0;
}
int64_t Json::asInt(const char* what) const {
  EMBER_CHECK(type_ == Type::Int, what, ": expected an integer, found ", typeName(type_));
  return i_;
}
double Json::asDouble(const char* what) const {
  EMBER_CHECK(type_ == Type::Double || type_ == Type::Int, what, ": expected a number, found ", typeName(type_));
  return type_ == Type::Int ? static_cast<double>(i_) : d_;
}
const std::string& Json::asString(const char* what) const {
  EMBER_CHECK(type_ == Type::String, what, ": expected a string, found ", typeName(type_));
  return s_;
}
const std::vector<Json>& Json::items(const char* what) const {
  EMBER_CHECK(type_ == Type::Array, what, ": expected an array, found ", typeName(type_));
  return a_;
}
const std::vector<std::pair<std::string, Json>>& Json::fields(const char* what) const {
  EMBER_CHECK(type_ == Type::Object, what, ": expected an object, found ", typeName(type_));
  return o_;
}

const Json* Json::find(const std::string& key) const {
  if (type_ != Type::Object) return nullptr;
  for (const auto& kv : o_)
    if (kv.first == key) return &kv.second;
  return nullptr;
}

const Json& Json::at(const std::string& key) const {
  EMBER_CHECK(type_ == Type::Object, "expected an object with field '", key, "', found ", typeName(type_));
  const Json* j = find(key);
  EMBER_CHECK(j, "missing field '", key, "'");
  return *j;
}

Json& Json::set(const std::string& key, Json value) {
  EMBER_ASSERT(type_ == Type::Object, "Json::set on a non-object");
  for (auto& kv : o_)
    if (kv.first == key) return kv.second = std::move(value);
  o_.emplace_back(key, std::move(value));
  return o_.back().second;
}

Json& Json::push(Json value) {
  EMBER_ASSERT(type_ == Type::Array, "Json::push on a non-array");
  a_.push_back(std::move(value));
  return a_.back();
}

namespace {
void quote(std::string& out, const std::string& s) {
  out += '"';
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
}
}  // namespace

void Json::dumpTo(std::string& out, int indent, int depth) const {
  auto newline = [&](int d) {
    if (indent < 0) return;
    out += '\n';
    out.append(static_cast<size_t>(indent * d), ' ');
  };
  switch (type_) {
    case Type::Null: out += "null"; return;
    case Type::Bool: out += i_ ? "true" : "false"; return;
    case Type::Int: out += std::to_string(i_); return;
    case Type::Double: {
      EMBER_CHECK(std::isfinite(d_), "JSON cannot hold the number ", d_);
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.17g", d_);
      std::string s = buf;
      if (s.find_first_of(".eE") == std::string::npos) s += ".0";
      out += s;
      return;
    }
    case Type::String: quote(out, s_); return;
    case Type::Array:
      out += '[';
      for (size_t i = 0; i < a_.size(); ++i) {
        if (i) out += ',';
        newline(depth + 1);
        a_[i].dumpTo(out, indent, depth + 1);
      }
      if (!a_.empty()) newline(depth);
      out += ']';
      return;
    case Type::Object:
      out += '{';
      for (size_t i = 0; i < o_.size(); ++i) {
        if (i) out += ',';
        newline(depth + 1);
        quote(out, o_[i].first);
        out += indent < 0 ? ":" : ": ";
        o_[i].second.dumpTo(out, indent, depth + 1);
      }
      if (!o_.empty()) newline(depth);
      out += '}';
      return;
  }
}

std::string Json::dump(int indent) const {
  std::string out;
  dumpTo(out, indent, 0);
  return out;
}

namespace {

class Parser {
 public:
  explicit Parser(const std::string& t) : t_(t) {}
  Json document() {
    Json j = value(0);
    ws();
    if (i_ != t_.size()) error("trailing text");
    return j;
  }

 private:
  [[noreturn]] void error(const std::string& what) const {
    throw Error("malformed JSON at offset " + std::to_string(i_) + ": " + what);
  }
  void ws() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\n' || t_[i_] == '\t' || t_[i_] == '\r')) ++i_;
  }
  bool literal(const char* word) {
    size_t n = std::char_traits<char>::length(word);
    if (t_.compare(i_, n, word) != 0) return false;
    i_ += n;
    return true;
  }
  Json value(int depth) {
    if (depth > 256) error("nested too deeply");
    ws();
    if (i_ >= t_.size()) error("unexpected end");
    char c = t_[i_];
    if (c == '{') return object(depth);
    if (c == '[') return array(depth);
    if (c == '"') return Json(string());
    if (literal("null")) return Json();
    if (literal("true")) return Json(true);
    if (literal("false")) return Json(false);
    if (c == '-' || (c >= '0' && c <= '9')) return number();
    error(std::string("unexpected character '") + c + "'");
  }
  Json object(int depth) {
    Json j = Json::object();
    ++i_;
    ws();
    if (i_ < t_.size() && t_[i_] == '}') {
      ++i_;
      return j;
    }
    while (true) {
      ws();
      if (i_ >= t_.size() || t_[i_] != '"') error("expected a key");
      std::string key = string();
      ws();
      if (i_ >= t_.size() || t_[i_] != ':') error("expected ':'");
      ++i_;
      j.set(key, value(depth + 1));
      ws();
      if (i_ < t_.size() && t_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < t_.size() && t_[i_] == '}') {
        ++i_;
        return j;
      }
      error("expected ',' or '}'");
    }
  }
  Json array(int depth) {
    Json j = Json::array();
    ++i_;
    ws();
    if (i_ < t_.size() && t_[i_] == ']') {
      ++i_;
      return j;
    }
    while (true) {
      j.push(value(depth + 1));
      ws();
      if (i_ < t_.size() && t_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < t_.size() && t_[i_] == ']') {
        ++i_;
        return j;
      }
      error("expected ',' or ']'");
    }
  }
  std::string string() {
    ++i_;
    std::string out;
    while (true) {
      if (i_ >= t_.size()) error("unterminated string");
      char c = t_[i_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) error("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= t_.size()) error("unterminated escape");
      char e = t_[i_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {
          if (i_ + 4 > t_.size()) error("short \\u escape");
          unsigned code = 0;
          for (int k = 0; k < 4; ++k) {
            char h = t_[i_++];
            code <<= 4;
            if (h >= '0' && h <= '9') code |= static_cast<unsigned>(h - '0');
            else if (h >= 'a' && h <= 'f') code |= static_cast<unsigned>(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F') code |= static_cast<unsigned>(h - 'A' + 10);
            else error("bad \\u escape");
          }
          if (code < 0x80) {
            out += static_cast<char>(code);
          } else if (code < 0x800) {
            out += static_cast<char>(0xC0 | (code >> 6));
            out += static_cast<char>(0x80 | (code & 0x3F));
          } else {
            out += static_cast<char>(0xE0 | (code >> 12));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (code & 0x3F));
          }
          break;
        }
        default: error("bad escape");
      }
    }
  }
  Json number() {
    size_t start = i_;
    if (t_[i_] == '-') ++i_;
    bool isDouble = false;
    while (i_ < t_.size()) {
      char c = t_[i_];
      if (c >= '0' && c <= '9') ++i_;
      else if (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
        isDouble = true;
        ++i_;
      } else {
        break;
      }
    }
    std::string s = t_.substr(start, i_ - start);
    errno = 0;
    char* end = nullptr;
    if (!isDouble) {
      long long v = std::strtoll(s.c_str(), &end, 10);
      if (end != s.c_str() + s.size() || errno == ERANGE || s == "-") error("bad integer '" + s + "'");
      return Json(static_cast<int64_t>(v));
    }
    double d = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size() || s == "-") error("bad number '" + s + "'");
    return Json(d);
  }

  const std::string& t_;
  size_t i_ = 0;
};

}  // namespace

Json Json::parse(const std::string& text) { return Parser(text).document(); }

}  // namespace ember::exporter
