// Alias analysis over a Graph (the spec's "Alias Analysis in the IR" and "Handling
// Mutability"): which values may share memory, which nodes write to which memory, and whether a
// node may be moved past others without changing what the program observes.
//
//   AliasDb db(graph);
//   db.mayAlias(x, y);                       // may x and y share memory?
//   db.hasWriters(v);                        // does any node write to v's memory (or an alias)?
//   db.moveAfterTopologicallyValid(n, p);    // move n after p if dependences allow it
//
// Values of mutable types (tensors, lists, dicts, objects, futures of mutable types, tuples that
// hold mutable values) get an element in a MemoryDAG (src/ir/memory_dag.h); other values are
// ignored. Operators describe their aliasing with schema annotations (`Tensor(a)`, `Tensor(a!)`,
// `t(*)`, `Tensor(a -> *)`) or their AliasAnalysisKind; prim ops have hand-written rules.
// See docs/internals/ir.md, section "Alias analysis".
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ember/array_ref.h"
#include "ember/core/type.h"

namespace ember::jit {

class Graph;
class Node;
class Value;
class Block;
class MemoryDAG;
struct Element;

// A set of memory locations (element indices), sparse: sorted 64-bit words with their offsets,
// so the usual sets of one or two locations cost one word whatever the graph's size.
class MemoryLocations {
 public:
  void set(uint32_t index);
  bool test(uint32_t index) const;
  bool empty() const { return words_.empty(); }
  size_t count() const;
  MemoryLocations& operator|=(const MemoryLocations& other);
  bool intersects(const MemoryLocations& other) const;
  void clear() { words_.clear(); }
  std::vector<uint32_t> indices() const;
  // The union of many sets at once (sorting, not pairwise merging).
  static MemoryLocations unionOf(const std::vector<const MemoryLocations*>& sets);
  friend bool operator==(const MemoryLocations& a, const MemoryLocations& b) { return a.words_ == b.words_; }

 private:
  struct Word {
    uint32_t block;
    uint64_t bits;
    friend bool operator==(const Word& a, const Word& b) { return a.block == b.block && a.bits == b.bits; }
  };
  bool intersectsSmall(const MemoryLocations& small) const;  // `small` has few words
  std::vector<Word> words_;                                  // sorted by block, no zero words
};

using ValueSet = std::unordered_set<const Value*>;

// Whether values of `type` can alias: PyTorch's "mutable types". Tensors, lists, dicts, classes,
// Any, futures of mutable types, and tuples/optionals/unions holding one of these.
bool isMutableTypeForAliasing(const TypePtr& type);

// Node::hasSideEffects, plus operators registered as CONSERVATIVE (the spec's "Marking custom ops
// as side-effectful"), plus any node inside the node's blocks that has side effects.
bool hasSideEffectsDeep(const Node* node);

class AliasDb {
 public:
  // `isFrozen`: attributes read from module objects (prim::GetAttr on a module) are constants
  // that nothing else refers to, instead of wildcards.
  explicit AliasDb(std::shared_ptr<Graph> graph, bool isFrozen = false);
  ~AliasDb();
  AliasDb(const AliasDb&) = delete;
  AliasDb& operator=(const AliasDb&) = delete;

  static bool isMutableType(const Value* v);
  static bool isMutableType(const TypePtr& type) { return isMutableTypeForAliasing(type); }

  // ---- aliasing ----
  bool mayAlias(const Value* a, const Value* b) const;
  bool mayAlias(const ValueSet& a, const ValueSet& b) const;
  // Whether a, anything a contains (list elements, tuple fields...), may alias b or its contents.
  bool mayContainAlias(const Value* a, const Value* b) const;
  bool mayContainAlias(ArrayRef<Value*> a, ArrayRef<Value*> b) const;
  bool mayContainAlias(ArrayRef<Value*> a, const Value* b) const;
  // Whether v may alias the wildcard set of its type (graph inputs, values that escaped).
  bool mayAliasWildcard(const Value* v) const;
  bool mayAliasWildcard(ArrayRef<Value*> vs) const;

  // ---- writes ----
  // Whether `n` (or a node in its blocks) writes to memory that a value of `vs` may alias.
  bool writesToAlias(Node* n, const ValueSet& vs) const;
  // Whether any node of the graph writes to memory `v` may alias.
  bool hasWriters(const Value* v) const;
  // Any input or output of `n` has writers.
  bool hasWriters(const Node* n) const;
  bool hasInputWriters(const Node* n) const;
  bool hasOutputWriters(const Node* n) const;
  // Whether `n` writes to a wildcard set (memory the graph does not own: inputs, escaped values).
  bool writesToWildcard(Node* n) const;
  // Whether `n` writes to one of its own inputs.
  bool isMutable(Node* n) const;
  // Memory locations written / read by `n`, including nodes nested in its blocks.
  MemoryLocations getWrites(Node* n) const;
  MemoryLocations getReads(Node* n) const;
  // All memory locations `v` may point to; and those plus what they may contain, transitively.
  const MemoryLocations& memoryLocations(const Value* v) const;
  const MemoryLocations& containedMemoryLocations(const Value* v) const;

  // ---- moving nodes ----
  // Moves `n` right after/before `movePoint` (same block), taking along the nodes that must keep
  // their order relative to `n`: data dependences, reads and writes of aliased memory. Nodes
  // with side effects are never reordered. Returns false (and changes nothing) if impossible.
  bool moveAfterTopologicallyValid(Node* n, Node* movePoint);
  bool moveBeforeTopologicallyValid(Node* n, Node* movePoint);
  bool couldMoveAfterTopologically(Node* n, Node* movePoint);
  bool couldMoveBeforeTopologically(Node* n, Node* movePoint);

  // Whether making values of `a` and `b` alias each other (e.g. replacing one by the other)
  // cannot be observed: neither has writers and they do not both escape the graph.
  bool safeToChangeAliasingRelationship(ArrayRef<Value*> a, ArrayRef<Value*> b) const;

  // ---- keeping the database current while a pass edits the graph ----
  // `newValue` takes over `existing`'s element (and so its aliasing); `existing` is forgotten.
  void replaceWithNewValue(Value* existing, Value* newValue);
  // Gives `v` (a new value) a fresh element: memory nothing else aliases.
  void createValue(const Value* v);
  // Forgets the writes of `n` (before destroying it).
  void removeWritesOf(Node* n);

  // Alias sets of every value, the wildcard sets and the writes, for debugging.
  std::string toString() const;
  void dump() const;

 private:
  class Builder;
  class Mover;
  friend class Builder;
  friend class Mover;

  enum class MoveSide { Before, After };
  bool tryMove(Node* toMove, Node* movePoint, MoveSide side, bool dryRun);
  const Element* elementOf(const Value* v) const;
  void rebuildWrittenLocations();

  std::shared_ptr<Graph> graph_;
  bool isFrozen_;
  std::unique_ptr<MemoryDAG> dag_;
  // Elements by value, indexed by Value::unique() (dense within a graph): the builder and the
  // queries look values up many times each, and a hash map was the largest single cost of DCE.
  // A slot also holds its value, so a value of another graph is never mistaken for one here.
  class ElementIndex {
   public:
    Element* find(const Value* v) const;
    void set(const Value* v, Element* e);
    void reserve(size_t valueIdBound) { slots_.resize(valueIdBound); }
    void erase(const Value* v);

   private:
    struct Slot {
      const Value* value = nullptr;
      Element* element = nullptr;
    };
    std::vector<Slot> slots_;
  };
  ElementIndex elementMap_;
  std::unordered_map<std::string, Element*> wildcards_;  // by the key of their alias type
  std::unordered_map<const Node*, MemoryLocations> writeIndex_;
  MemoryLocations writtenLocations_;
  MemoryLocations wildcardLocations_;
};

}  // namespace ember::jit
