#include "passes/node_hashing.h"

#include <bit>
#include <functional>
#include <string>

#include "ember/ir/ir.h"

namespace ember::jit {

size_t hashNodeAttribute(const Node* n, Symbol name) {
  switch (n->kindOf(name)) {
    case AttributeKind::i:
      return std::hash<int64_t>()(n->i(name));
    case AttributeKind::f:
      return std::hash<uint64_t>()(std::bit_cast<uint64_t>(n->f(name)));
    case AttributeKind::s:
      return std::hash<std::string>()(n->s(name));
    case AttributeKind::is: {
      size_t h = 0;
      for (int64_t v : n->is(name)) h = hashCombine(h, std::hash<int64_t>()(v));
      return h;
    }
    default:
      return 0;
  }
}

size_t hashNodeAttributes(const Node* n) {
  size_t h = 0;
  for (Symbol name : n->attributeNames()) h = hashCombine(hashCombine(h, name.id()), hashNodeAttribute(n, name));
  return h;
}

bool nodeAttributeEqual(const Node* a, const Node* b, Symbol name) {
  if (!b->hasAttribute(name) || a->kindOf(name) != b->kindOf(name)) return false;
  switch (a->kindOf(name)) {
    case AttributeKind::i:
      return a->i(name) == b->i(name);
    case AttributeKind::f:
      return std::bit_cast<uint64_t>(a->f(name)) == std::bit_cast<uint64_t>(b->f(name));
    case AttributeKind::fs: {
      const auto& x = a->fs(name);
      const auto& y = b->fs(name);
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i)
        if (std::bit_cast<uint64_t>(x[i]) != std::bit_cast<uint64_t>(y[i])) return false;
      return true;
    }
    case AttributeKind::s:
      return a->s(name) == b->s(name);
    case AttributeKind::ss:
      return a->ss(name) == b->ss(name);
    case AttributeKind::is:
      return a->is(name) == b->is(name);
    case AttributeKind::t:
      return a->t(name).impl() == b->t(name).impl();
    case AttributeKind::ival:
      return a->ival(name) == b->ival(name);
    case AttributeKind::ty:
      return *a->ty(name) == *b->ty(name);
    default:
      return false;
  }
}

}  // namespace ember::jit
