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

}  // namespace ember::jit
