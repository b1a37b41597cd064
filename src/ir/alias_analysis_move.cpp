// AliasDb::moveAfterTopologicallyValid and friends (spec, "Writing optimization passes with
// AliasDb"): a node moves together with the nodes that must stay on its side of the move point.
//
// Walking from the node towards the move point, a working set collects the node and every node
// in between that depends on the working set: by data (it uses a value the set produces, or the
// set uses its value, also from inside nested blocks), or by memory (one writes what the other
// reads or writes, per the alias analysis). Nodes with side effects are never crossed. Then:
//  - moving away from where the dependences lie (after a later point, or before an earlier one),
//    the whole set moves, in order, to the other side of the move point;
//  - moving towards them, the node goes next to the move point and the rest of the set (what
//    lies between) goes to the other side of the move point.
// Either way the move point itself must not depend on what crosses it.
#include <algorithm>

#include "ember/ir/alias_analysis.h"
#include "ember/ir/ir.h"
#include "ir/memory_dag.h"

namespace ember::jit {

class AliasDb::Mover {
 public:
  Mover(const AliasDb& db, Node* mover) : db_(db), mover_(mover) { add(mover, moverPart_); }

  void addDependency(Node* n) {
    add(n, depsPart_);
    deps_.push_back(n);
  }
  // The node itself stays on the near side: only its dependences cross the move point.
  void eraseMover() { moverPart_ = Part{}; }
  const std::vector<Node*>& dependencies() const { return deps_; }

  bool dependsOn(Node* n) const { return dependsOn(n, moverPart_) || dependsOn(n, depsPart_); }

 private:
  struct Part {
    std::unordered_set<const Node*> users;  // nodes of the block using values produced here
    std::unordered_set<const Value*> used;  // values used here, nested blocks included
    MemoryLocations reads, writes;
    bool empty = true;
  };

  static Node* ancestorIn(Node* n, const Block* block) {
    while (n && n->owningBlock() != block) {
      Node* owner = n->owningBlock() ? n->owningBlock()->owningNode() : nullptr;
      n = owner;
    }
    return n;
  }

  static void collectUsed(const Node* n, Part& part) {
    for (const Value* v : n->inputs()) part.used.insert(v);
    for (const Block* b : n->blocks()) {
      for (const Node* sub : b->nodes()) collectUsed(sub, part);
      for (const Value* v : b->outputs()) part.used.insert(v);
    }
  }

  void add(Node* n, Part& part) {
    part.empty = false;
    for (const Value* out : n->outputs())
      for (const Use& u : out->uses())
        if (Node* a = ancestorIn(u.user, n->owningBlock())) part.users.insert(a);
    collectUsed(n, part);
    part.reads |= db_.getReads(n);
    part.writes |= db_.getWrites(n);
  }

  bool dependsOn(Node* n, const Part& part) const {
    if (part.empty) return false;
    if (part.users.count(n)) return true;
    for (const Value* out : n->outputs())
      if (part.used.count(out)) return true;
    MemoryLocations nWrites = db_.getWrites(n);
    if (nWrites.intersects(part.reads) || nWrites.intersects(part.writes)) return true;
    return db_.getReads(n).intersects(part.writes);
  }

  const AliasDb& db_;
  Node* mover_;
  Part moverPart_;
  Part depsPart_;
  std::vector<Node*> deps_;
};

bool AliasDb::tryMove(Node* toMove, Node* movePoint, MoveSide side, bool dryRun) {
  if (toMove == movePoint) return true;
  if (toMove->owningBlock() != movePoint->owningBlock() || !toMove->inBlockList() || !movePoint->inBlockList())
    return false;
  const bool forward = toMove->isBefore(movePoint);
  auto step = [forward](Node* n) { return forward ? n->next() : n->prev(); };
  // Moving towards the dependences: the node and the nodes between split up.
  const bool split = (side == MoveSide::Before && forward) || (side == MoveSide::After && !forward);
  if (split && step(toMove) == movePoint) return true;  // already there
  if (hasSideEffectsDeep(toMove) || (!split && hasSideEffectsDeep(movePoint))) return false;

  Mover set(*this, toMove);
  for (Node* cur = step(toMove); cur != movePoint; cur = step(cur)) {
    if (hasSideEffectsDeep(cur)) return false;
    if (set.dependsOn(cur)) set.addDependency(cur);
  }
  if (split) set.eraseMover();
  if (set.dependsOn(movePoint)) return false;
  if (dryRun) return true;

  // Dependences in program order.
  std::vector<Node*> deps = set.dependencies();
  if (!forward) std::reverse(deps.begin(), deps.end());
  if (!split) {
    std::vector<Node*> all = deps;
    all.insert(forward ? all.begin() : all.end(), toMove);
    if (side == MoveSide::After) {
      Node* cur = movePoint;
      for (Node* n : all) {
        n->moveAfter(cur);
        cur = n;
      }
    } else {
      for (Node* n : all) n->moveBefore(movePoint);
    }
  } else if (side == MoveSide::After) {
    toMove->moveAfter(movePoint);
    for (Node* n : deps) n->moveBefore(movePoint);
  } else {
    toMove->moveBefore(movePoint);
    Node* cur = movePoint;
    for (Node* n : deps) {
      n->moveAfter(cur);
      cur = n;
    }
  }
  return true;
}

bool AliasDb::moveAfterTopologicallyValid(Node* n, Node* movePoint) {
  return tryMove(n, movePoint, MoveSide::After, false);
}
bool AliasDb::moveBeforeTopologicallyValid(Node* n, Node* movePoint) {
  return tryMove(n, movePoint, MoveSide::Before, false);
}
bool AliasDb::couldMoveAfterTopologically(Node* n, Node* movePoint) {
  return tryMove(n, movePoint, MoveSide::After, true);
}
bool AliasDb::couldMoveBeforeTopologically(Node* n, Node* movePoint) {
  return tryMove(n, movePoint, MoveSide::Before, true);
}

}  // namespace ember::jit
