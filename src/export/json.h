// A small JSON value with a writer and a parser for the saved-program format. The parser reads
// untrusted files: it bounds nesting, rejects trailing text and malformed numbers and strings
// with an ember::Error naming the offset, and keeps integers exact (int64) apart from doubles.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ember::exporter {

class Json {
 public:
  enum class Type : uint8_t { Null, Bool, Int, Double, String, Array, Object };

  Json() = default;
  Json(std::nullptr_t) {}                                       // NOLINT
  Json(bool v) : type_(Type::Bool), i_(v) {}                    // NOLINT
  Json(int v) : type_(Type::Int), i_(v) {}                      // NOLINT
  Json(int64_t v) : type_(Type::Int), i_(v) {}                  // NOLINT
  Json(size_t v) : type_(Type::Int), i_(static_cast<int64_t>(v)) {}  // NOLINT
  Json(double v) : type_(Type::Double), d_(v) {}                // NOLINT
  Json(std::string v) : type_(Type::String), s_(std::move(v)) {}  // NOLINT
  Json(const char* v) : type_(Type::String), s_(v) {}           // NOLINT
  static Json array() { Json j; j.type_ = Type::Array; return j; }
  static Json object() { Json j; j.type_ = Type::Object; return j; }

  Type type() const { return type_; }
  bool isNull() const { return type_ == Type::Null; }
  // Typed access; each throws ember::Error naming `what` when the type differs.
  bool asBool(const char* what = "value") const;
  int64_t asInt(const char* what = "value") const;
  double asDouble(const char* what = "value") const;  // ints too
  const std::string& asString(const char* what = "value") const;
  const std::vector<Json>& items(const char* what = "value") const;
  const std::vector<std::pair<std::string, Json>>& fields(const char* what = "value") const;

  // Objects: the field, throwing "missing field" when absent; find returns null when absent.
  const Json& at(const std::string& key) const;
  const Json* find(const std::string& key) const;
  Json& set(const std::string& key, Json value);
  Json& push(Json value);

  std::string dump(int indent = -1) const;
  static Json parse(const std::string& text);

 private:
  void dumpTo(std::string& out, int indent, int depth) const;
  Type type_ = Type::Null;
  int64_t i_ = 0;
  double d_ = 0;
  std::string s_;
  std::vector<Json> a_;
  std::vector<std::pair<std::string, Json>> o_;
};

}  // namespace ember::exporter
