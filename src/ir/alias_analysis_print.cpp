// AliasDb::toString: the alias sets, wildcard sets and writes, for debugging passes.
//
//   ===== Alias sets =====
//   %y : -> {%x}            (what %y points to)
//   %x : -> {WILDCARD(Tensor)}
//   ===== Memory locations =====
//   %y : {%x}
//   ===== Writes =====
//   aten::add_ (%x.1) writes {WILDCARD(Tensor)}
#include <algorithm>
#include <iostream>
#include <sstream>

#include "ember/ir/alias_analysis.h"
#include "ember/ir/ir.h"
#include "ir/memory_dag.h"

namespace ember::jit {

std::string AliasDb::toString() const {
  std::unordered_map<uint32_t, std::string> wildcardNames;
  for (const auto& [key, w] : wildcards_) wildcardNames[w->index] = "WILDCARD(" + key + ")";
  auto name = [&](uint32_t index) -> std::string {
    const Element* e = dag_->fromIndex(index);
    if (!e->values.empty()) return "%" + e->values.front()->debugName();
    auto it = wildcardNames.find(index);
    return it != wildcardNames.end() ? it->second : "#" + std::to_string(index);
  };
  auto setString = [&](const std::vector<uint32_t>& indices) {
    std::vector<std::string> names;
    for (uint32_t i : indices) names.push_back(name(i));
    std::sort(names.begin(), names.end());
    std::string s = "{";
    for (size_t i = 0; i < names.size(); ++i) s += (i ? ", " : "") + names[i];
    return s + "}";
  };

  // Values in graph order, nested blocks included.
  std::vector<const Value*> values;
  std::function<void(const Block*)> walk = [&](const Block* b) {
    for (const Value* v : b->inputs()) values.push_back(v);
    for (const Node* n : b->nodes()) {
      for (const Block* sub : n->blocks()) walk(sub);
      for (const Value* v : n->outputs()) values.push_back(v);
    }
  };
  walk(graph_->block());

  std::ostringstream out;
  out << "===== Alias sets =====\n";
  for (const Value* v : values) {
    const Element* e = elementOf(v);
    if (!e) continue;
    out << "%" << v->debugName() << " : -> " << setString(e->pointsTo);
    if (!e->contained.empty()) out << " contains " << setString(e->contained);
    out << "\n";
  }
  for (const auto& [key, w] : wildcards_)
    if (!w->pointsTo.empty() || !w->contained.empty())
      out << name(w->index) << " : -> " << setString(w->pointsTo) << " contains " << setString(w->contained) << "\n";
  out << "===== Memory locations =====\n";
  for (const Value* v : values)
    if (const Element* e = elementOf(v))
      out << "%" << v->debugName() << " : " << setString(dag_->getMemoryLocations(e).indices()) << "\n";
  out << "===== Writes =====\n";
  std::function<void(const Block*)> writes = [&](const Block* b) {
    for (const Node* n : b->nodes()) {
      auto it = writeIndex_.find(n);
      if (it != writeIndex_.end() && !it->second.empty()) {
        out << n->kind().toQualString() << " (";
        for (size_t i = 0; i < n->inputs().size(); ++i) out << (i ? ", " : "") << "%" << n->input(i)->debugName();
        out << ") writes " << setString(it->second.indices()) << "\n";
      }
      for (const Block* sub : n->blocks()) writes(sub);
    }
  };
  writes(graph_->block());
  return out.str();
}

void AliasDb::dump() const { std::cout << toString(); }

}  // namespace ember::jit
