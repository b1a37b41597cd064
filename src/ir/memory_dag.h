// MemoryDAG: the graph alias analysis builds (spec, "Alias Analysis in the IR"). Its vertices
// are Elements, one per mutable Value plus wildcard sets; an edge `a -> b` says a may point to
// b's memory. Leaves (elements pointing nowhere) stand for distinct memory locations, so two
// elements may alias when their sets of reachable leaves intersect. Containers also have
// "contained" edges to the elements that stand for what they hold.
//
// Leaf sets are computed on demand and memoised; a pass that adds edges afterwards must call
// invalidateCaches().
#pragma once

#include <memory>
#include <vector>

#include "ember/ir/alias_analysis.h"

namespace ember::jit {

struct Element {
  uint32_t index = 0;
  std::vector<const Value*> values;  // empty for wildcard and contained-type elements
  std::vector<uint32_t> pointsTo;
  std::vector<uint32_t> contained;
  // Memoised: leaves reachable through pointsTo; and those plus everything contained, transitively.
  mutable MemoryLocations memoryLocations;
  mutable MemoryLocations allContained;
  mutable bool memoryLocationsValid = false;
  mutable bool allContainedValid = false;
};

class MemoryDAG {
 public:
  Element* makeFreshValue(const Value* v);
  void makePointerTo(Element* from, Element* to);
  void addToContainedElements(Element* contained, Element* container);

  const MemoryLocations& getMemoryLocations(const Element* e) const;
  const MemoryLocations& getAllContainedMemoryLocations(const Element* e) const;
  void collectAllContainedMemoryLocations(const Element* e, MemoryLocations& out) const;
  bool mayAlias(const Element* a, const Element* b) const;
  bool mayContainAlias(const Element* a, const Element* b) const;

  Element* fromIndex(uint32_t i) const { return elements_.at(i).get(); }
  size_t size() const { return elements_.size(); }
  void invalidateCaches();

 private:
  std::vector<std::unique_ptr<Element>> elements_;
  mutable std::vector<bool> visiting_;  // scratch for getMemoryLocations
};

}  // namespace ember::jit
