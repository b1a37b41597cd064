// Symbol: an interned "namespace::name" string (aten::add, prim::Constant, attr::value).
//
// Node kinds, attribute names and operator names are Symbols, so comparing and hashing them
// is an integer operation. Builtin symbols used by the compiler have compile-time ids (see
// symbols/<namespace>.h) so that passes can `switch` on a node kind; any other name is
// interned on first use, from any thread.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>

namespace ember::jit {

class Symbol {
 public:
  constexpr Symbol() = default;
  constexpr explicit Symbol(uint32_t id) : id_(id) {}

  // "aten::add" -> Symbol. Throws ember::Error unless the text has the form ns::name with
  // both parts non-empty.
  static Symbol fromQualString(std::string_view qualName);
  static Symbol fromNamespaceAndName(std::string_view ns, std::string_view name);
  static Symbol aten(std::string_view name) { return fromNamespaceAndName("aten", name); }
  static Symbol prim(std::string_view name) { return fromNamespaceAndName("prim", name); }
  static Symbol attr(std::string_view name) { return fromNamespaceAndName("attr", name); }
  static Symbol onnx(std::string_view name) { return fromNamespaceAndName("onnx", name); }
  static Symbol scope(std::string_view name) { return fromNamespaceAndName("scope", name); }
  static Symbol user(std::string_view name) { return fromNamespaceAndName("user", name); }
  static Symbol cuda(std::string_view name) { return fromNamespaceAndName("cuda", name); }

  // "aten::add"; the reference stays valid for the life of the process.
  const std::string& toQualString() const;
  // "add"
  std::string_view toUnqualString() const;
  // "aten"
  std::string_view nsName() const;
  // The namespace as a symbol of the `namespaces` namespace: namespaces::aten.
  Symbol ns() const;

  bool is_aten() const;
  bool is_prim() const;
  bool is_attr() const;
  bool is_onnx() const;
  bool is_scope() const;
  bool is_user() const;
  bool is_cuda() const;

  constexpr uint32_t id() const { return id_; }
  constexpr explicit operator uint32_t() const { return id_; }
  // A default-constructed Symbol names nothing.
  constexpr bool valid() const { return id_ != 0; }

  friend constexpr bool operator==(Symbol a, Symbol b) { return a.id_ == b.id_; }
  friend constexpr bool operator<(Symbol a, Symbol b) { return a.id_ < b.id_; }

 private:
  uint32_t id_ = 0;
};

std::ostream& operator<<(std::ostream& os, Symbol s);

namespace detail {
// Builtin symbols live in fixed blocks so that their ids are compile-time constants: block k
// holds ids [k << 16, (k + 1) << 16). Block 0 is reserved (id 0 is the invalid symbol).
constexpr uint32_t kSymbolBlockShift = 16;
constexpr uint32_t symbolBlockBase(uint32_t block) { return block << kSymbolBlockShift; }
}  // namespace detail

}  // namespace ember::jit

template <>
struct std::hash<ember::jit::Symbol> {
  size_t operator()(ember::jit::Symbol s) const noexcept { return std::hash<uint32_t>()(s.id()); }
};

// Defines a namespace NS of compile-time symbol constants (NS::Name) in id block BLOCK from an
// X-macro LIST(_) of unqualified names. Used by the headers in symbols/; the interner
// registers each block's names at start-up (symbol.cpp).
#define EMBER_SYMBOL_INDEX_(n) n,
#define EMBER_SYMBOL_NAME_(n) #n,
#define EMBER_SYMBOL_CONST_(n) \
  inline constexpr ::ember::jit::Symbol n{kSymbolBase_ + 1 + static_cast<uint32_t>(SymbolIndex_::n)};
#define EMBER_DEFINE_SYMBOL_NAMESPACE(NS, BLOCK, LIST)                                             \
  namespace NS {                                                                                 \
  enum class SymbolIndex_ : uint32_t { LIST(EMBER_SYMBOL_INDEX_) kCount_ };                      \
  inline constexpr uint32_t kSymbolBase_ = ::ember::jit::detail::symbolBlockBase(BLOCK);         \
  inline constexpr const char* kSymbolNames_[] = {LIST(EMBER_SYMBOL_NAME_)};                      \
  inline constexpr uint32_t kSymbolCount_ = static_cast<uint32_t>(SymbolIndex_::kCount_);        \
  LIST(EMBER_SYMBOL_CONST_)                                                                      \
  }
