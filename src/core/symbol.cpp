#include "ember/core/symbol.h"

#include <deque>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>
#include <vector>

#include "ember/core/symbols.h"
#include "ember/error.h"

namespace ember::jit {
namespace {

struct Entry {
  std::string qual;
  uint32_t nsLen;  // length of the namespace part of `qual`
  Symbol ns;
};

// Builtin blocks are filled once at construction and never change, so reading them needs no
// lock; interned names go to a deque (stable addresses) behind a shared mutex.
class Interner {
 public:
  static Interner& get() {
    static Interner instance;
    return instance;
  }

  Symbol intern(std::string_view ns, std::string_view name) {
    std::string qual;
    qual.reserve(ns.size() + 2 + name.size());
    qual.append(ns).append("::").append(name);
    {
      std::shared_lock lock(mutex_);
      auto it = byName_.find(qual);
      if (it != byName_.end()) return Symbol(it->second);
    }
    Symbol nsSym = ns == "namespaces" ? namespaces::namespaces : intern("namespaces", ns);
    std::unique_lock lock(mutex_);
    auto it = byName_.find(qual);
    if (it != byName_.end()) return Symbol(it->second);
    EMBER_CHECK(dynamic_.size() < kMaxDynamic, "too many interned symbols");
    uint32_t id = kDynamicBase + static_cast<uint32_t>(dynamic_.size());
    dynamic_.push_back(Entry{qual, static_cast<uint32_t>(ns.size()), nsSym});
    byName_.emplace(std::move(qual), id);
    return Symbol(id);
  }

  const Entry& entry(Symbol s) {
    uint32_t id = s.id();
    if (id >= kDynamicBase) {
      std::shared_lock lock(mutex_);
      EMBER_CHECK(id - kDynamicBase < dynamic_.size(), "invalid symbol id ", id);
      return dynamic_[id - kDynamicBase];
    }
    uint32_t block = id >> detail::kSymbolBlockShift;
    uint32_t index = id & ((1u << detail::kSymbolBlockShift) - 1);
    EMBER_CHECK(block < blocks_.size() && index >= 1 && index <= blocks_[block].size(), "invalid symbol id ", id);
    return blocks_[block][index - 1];
  }

 private:
  static constexpr uint32_t kDynamicBase = 1u << 24;
  static constexpr size_t kMaxDynamic = (1u << 31) - kDynamicBase;

  Interner() {
    registerBlock(1, "namespaces", namespaces::kSymbolNames_, namespaces::kSymbolCount_);
    registerBlock(2, "prim", prim::kSymbolNames_, prim::kSymbolCount_);
    registerBlock(3, "attr", attr::kSymbolNames_, attr::kSymbolCount_);
    registerBlock(4, "aten", aten::kSymbolNames_, aten::kSymbolCount_);
    // Namespace links can only be resolved once the namespaces block exists.
    for (auto& block : blocks_)
      for (auto& e : block) e.ns = Symbol(byName_.at("namespaces::" + e.qual.substr(0, e.nsLen)));
  }

  void registerBlock(uint32_t block, std::string_view ns, const char* const* names, uint32_t count) {
    if (blocks_.size() <= block) blocks_.resize(block + 1);
    for (uint32_t i = 0; i < count; ++i) {
      std::string qual = std::string(ns) + "::" + names[i];
      uint32_t id = detail::symbolBlockBase(block) + 1 + i;
      EMBER_ASSERT(byName_.emplace(qual, id).second, "duplicate builtin symbol ", qual);
      blocks_[block].push_back(Entry{std::move(qual), static_cast<uint32_t>(ns.size()), Symbol()});
    }
  }

  std::vector<std::vector<Entry>> blocks_;
  std::deque<Entry> dynamic_;
  std::unordered_map<std::string, uint32_t> byName_;
  std::shared_mutex mutex_;
};

void checkPart(std::string_view part, std::string_view what, std::string_view whole) {
  EMBER_CHECK(!part.empty() && part.find(':') == std::string_view::npos, "invalid symbol ", what, " in '", whole,
              "': expected a string of the form 'namespace::name'");
}

}  // namespace

Symbol Symbol::fromQualString(std::string_view qualName) {
  size_t sep = qualName.find("::");
  EMBER_CHECK(sep != std::string_view::npos, "'", qualName,
              "' is not a qualified symbol: expected a string of the form 'namespace::name'");
  std::string_view ns = qualName.substr(0, sep);
  std::string_view name = qualName.substr(sep + 2);
  checkPart(ns, "namespace", qualName);
  EMBER_CHECK(!name.empty(), "invalid symbol name in '", qualName, "'");
  return Interner::get().intern(ns, name);
}

Symbol Symbol::fromNamespaceAndName(std::string_view ns, std::string_view name) {
  checkPart(ns, "namespace", ns);
  EMBER_CHECK(!name.empty(), "empty symbol name in namespace ", ns);
  return Interner::get().intern(ns, name);
}

const std::string& Symbol::toQualString() const { return Interner::get().entry(*this).qual; }

std::string_view Symbol::toUnqualString() const {
  const Entry& e = Interner::get().entry(*this);
  return std::string_view(e.qual).substr(e.nsLen + 2);
}

std::string_view Symbol::nsName() const {
  const Entry& e = Interner::get().entry(*this);
  return std::string_view(e.qual).substr(0, e.nsLen);
}

Symbol Symbol::ns() const { return Interner::get().entry(*this).ns; }

bool Symbol::is_aten() const { return ns() == namespaces::aten; }
bool Symbol::is_prim() const { return ns() == namespaces::prim; }
bool Symbol::is_attr() const { return ns() == namespaces::attr; }
bool Symbol::is_onnx() const { return ns() == namespaces::onnx; }
bool Symbol::is_scope() const { return ns() == namespaces::scope; }
bool Symbol::is_user() const { return ns() == namespaces::user; }
bool Symbol::is_cuda() const { return ns() == namespaces::cuda; }

std::ostream& operator<<(std::ostream& os, Symbol s) {
  return s.valid() ? os << s.toQualString() : os << "<invalid symbol>";
}

}  // namespace ember::jit
