// MemoryLocations (a sparse bitset) and MemoryDAG. Leaf sets are computed with an explicit stack
// rather than recursion: a chain of ten thousand views must not overflow the C++ stack.
#include "ir/memory_dag.h"

#include <algorithm>
#include <bit>

#include "ember/error.h"

namespace ember::jit {

// ---- MemoryLocations ----

void MemoryLocations::set(uint32_t index) {
  uint32_t block = index / 64;
  uint64_t bit = uint64_t{1} << (index % 64);
  auto it =
      std::lower_bound(words_.begin(), words_.end(), block, [](const Word& w, uint32_t b) { return w.block < b; });
  if (it != words_.end() && it->block == block) {
    it->bits |= bit;
  } else {
    words_.insert(it, Word{block, bit});
  }
}

bool MemoryLocations::test(uint32_t index) const {
  uint32_t block = index / 64;
  auto it =
      std::lower_bound(words_.begin(), words_.end(), block, [](const Word& w, uint32_t b) { return w.block < b; });
  return it != words_.end() && it->block == block && (it->bits >> (index % 64)) & 1;
}

size_t MemoryLocations::count() const {
  size_t n = 0;
  for (const Word& w : words_) n += std::popcount(w.bits);
  return n;
}

MemoryLocations& MemoryLocations::operator|=(const MemoryLocations& other) {
  if (other.words_.empty()) return *this;
  if (words_.empty()) {
    words_ = other.words_;
    return *this;
  }
  // A value's few locations into a large set (DCE's live locations grow one value at a time):
  // in place, instead of a merged copy of the large set each time.
  if (other.words_.size() <= 2) {
    for (const Word& w : other.words_) {
      auto it = std::lower_bound(words_.begin(), words_.end(), w.block,
                                 [](const Word& x, uint32_t b) { return x.block < b; });
      if (it != words_.end() && it->block == w.block)
        it->bits |= w.bits;
      else
        words_.insert(it, w);
    }
    return *this;
  }
  std::vector<Word> merged;
  merged.reserve(words_.size() + other.words_.size());
  auto a = words_.cbegin();
  auto b = other.words_.cbegin();
  while (a != words_.cend() || b != other.words_.cend()) {
    if (b == other.words_.end() || (a != words_.end() && a->block < b->block)) {
      merged.push_back(*a++);
    } else if (a == words_.end() || b->block < a->block) {
      merged.push_back(*b++);
    } else {
      merged.push_back(Word{a->block, a->bits | b->bits});
      ++a;
      ++b;
    }
  }
  words_ = std::move(merged);
  return *this;
}

bool MemoryLocations::intersects(const MemoryLocations& other) const {
  // A small set against a large one (a value's locations against everything written): look
  // each word up instead of walking both.
  if (words_.size() * 16 < other.words_.size()) return other.intersectsSmall(*this);
  if (other.words_.size() * 16 < words_.size()) return intersectsSmall(other);
  auto a = words_.begin(), b = other.words_.begin();
  while (a != words_.end() && b != other.words_.end()) {
    if (a->block < b->block) {
      ++a;
    } else if (b->block < a->block) {
      ++b;
    } else {
      if (a->bits & b->bits) return true;
      ++a;
      ++b;
    }
  }
  return false;
}

MemoryLocations MemoryLocations::unionOf(const std::vector<const MemoryLocations*>& sets) {
  MemoryLocations out;
  for (const MemoryLocations* s : sets) out.words_.insert(out.words_.end(), s->words_.begin(), s->words_.end());
  std::sort(out.words_.begin(), out.words_.end(), [](const Word& a, const Word& b) { return a.block < b.block; });
  size_t kept = 0;
  for (const Word& w : out.words_) {
    if (kept > 0 && out.words_[kept - 1].block == w.block) {
      out.words_[kept - 1].bits |= w.bits;
    } else {
      out.words_[kept++] = w;
    }
  }
  out.words_.resize(kept);
  return out;
}

bool MemoryLocations::intersectsSmall(const MemoryLocations& small) const {
  for (const Word& w : small.words_) {
    auto it =
        std::lower_bound(words_.begin(), words_.end(), w.block, [](const Word& x, uint32_t b) { return x.block < b; });
    if (it != words_.end() && it->block == w.block && (it->bits & w.bits)) return true;
  }
  return false;
}

std::vector<uint32_t> MemoryLocations::indices() const {
  std::vector<uint32_t> out;
  for (const Word& w : words_)
    for (uint64_t bits = w.bits; bits; bits &= bits - 1)
      out.push_back(w.block * 64 + static_cast<uint32_t>(std::countr_zero(bits)));
  return out;
}

// ---- MemoryDAG ----

Element* MemoryDAG::makeFreshValue(const Value* v) {
  auto e = std::make_unique<Element>();
  e->index = static_cast<uint32_t>(elements_.size());
  if (v) e->values.push_back(v);
  elements_.push_back(std::move(e));
  return elements_.back().get();
}

void MemoryDAG::makePointerTo(Element* from, Element* to) {
  if (from == to) return;
  if (std::find(from->pointsTo.begin(), from->pointsTo.end(), to->index) == from->pointsTo.end())
    from->pointsTo.push_back(to->index);
}

void MemoryDAG::addToContainedElements(Element* contained, Element* container) {
  if (std::find(container->contained.begin(), container->contained.end(), contained->index) ==
      container->contained.end())
    container->contained.push_back(contained->index);
}

const MemoryLocations& MemoryDAG::getMemoryLocations(const Element* e) const {
  if (e->memoryLocationsValid) return e->memoryLocations;
  // Post-order walk; `visiting` marks elements on the stack so that a cycle (which the analysis
  // should not create) ends the walk instead of looping.
  std::vector<std::pair<const Element*, size_t>> stack{{e, 0}};
  // Scratch flags, reset as elements leave the stack, so each call costs only what it visits.
  if (visiting_.size() < elements_.size()) visiting_.resize(elements_.size(), false);
  std::vector<bool>& visiting = visiting_;
  visiting[e->index] = true;
  while (!stack.empty()) {
    size_t top = stack.size() - 1;
    const Element* cur = stack[top].first;
    if (stack[top].second < cur->pointsTo.size()) {
      const Element* child = elements_[cur->pointsTo[stack[top].second++]].get();
      if (!child->memoryLocationsValid && !visiting[child->index]) {
        visiting[child->index] = true;
        stack.push_back({child, 0});
      }
      continue;
    }
    cur->memoryLocations.clear();
    if (cur->pointsTo.empty()) {
      cur->memoryLocations.set(cur->index);
    } else {
      for (uint32_t c : cur->pointsTo) {
        const Element* child = elements_[c].get();
        if (child->memoryLocationsValid) cur->memoryLocations |= child->memoryLocations;
      }
    }
    cur->memoryLocationsValid = true;
    visiting[cur->index] = false;
    stack.pop_back();
  }
  return e->memoryLocations;
}

void MemoryDAG::collectAllContainedMemoryLocations(const Element* e, MemoryLocations& out) const {
  std::vector<const Element*> work{e};
  while (!work.empty()) {
    const Element* cur = work.back();
    work.pop_back();
    if (out.test(cur->index)) continue;
    out.set(cur->index);
    if (cur->allContainedValid) {
      out |= cur->allContained;
      continue;
    }
    for (uint32_t loc : getMemoryLocations(cur).indices()) work.push_back(elements_[loc].get());
    for (uint32_t c : cur->contained) work.push_back(elements_[c].get());
  }
}

const MemoryLocations& MemoryDAG::getAllContainedMemoryLocations(const Element* e) const {
  if (!e->allContainedValid) {
    MemoryLocations locs;
    collectAllContainedMemoryLocations(e, locs);
    e->allContained = std::move(locs);
    e->allContainedValid = true;
  }
  return e->allContained;
}

bool MemoryDAG::mayAlias(const Element* a, const Element* b) const {
  return a == b || getMemoryLocations(a).intersects(getMemoryLocations(b));
}

bool MemoryDAG::mayContainAlias(const Element* a, const Element* b) const {
  return getAllContainedMemoryLocations(a).intersects(getAllContainedMemoryLocations(b));
}

void MemoryDAG::invalidateCaches() {
  for (auto& e : elements_) {
    e->memoryLocationsValid = false;
    e->allContainedValid = false;
  }
}

}  // namespace ember::jit
