#include "frontend/tree.h"

#include <sstream>

namespace ember::jit {

namespace {

const TreeList kNoTrees;
constexpr size_t kPrintWidth = 40;

void appendFlat(std::string& out, const TreeRef& tree) {
  if (tree->isAtom()) {
    out += tree->stringValue();
    return;
  }
  out += '(';
  out += kindToString(tree->kind());
  for (const TreeRef& child : tree->trees()) {
    out += ' ';
    appendFlat(out, child);
  }
  out += ')';
}

void printIndented(std::ostream& out, const TreeRef& tree, size_t indent) {
  std::string flat = treeToFlatString(tree);
  if (tree->isAtom() || indent + flat.size() < kPrintWidth) {
    out << flat;
    return;
  }
  out << '(' << kindToString(tree->kind());
  for (const TreeRef& child : tree->trees()) {
    out << '\n' << std::string(indent + 2, ' ');
    printIndented(out, child, indent + 2);
  }
  out << ')';
}

}  // namespace

const std::string& Tree::stringValue() const {
  EMBER_UNREACHABLE("stringValue() called on a compound tree of kind '", kindToString(kind_), "'");
}

const TreeList& Tree::trees() const { return kNoTrees; }

const TreeRef& Tree::tree(size_t i) const {
  const TreeList& list = trees();
  EMBER_ASSERT(i < list.size(), "subtree ", i, " of a '", kindToString(kind_), "' tree with ", list.size(),
               " subtrees");
  return list[i];
}

void Tree::match(int kind, size_t n) const {
  EMBER_ASSERT(kind_ == kind && trees().size() == n, "expected a '", kindToString(kind), "' tree with ", n,
               " subtrees but found '", kindToString(kind_), "' with ", trees().size());
}

void Tree::matchAtLeast(int kind, size_t n) const {
  EMBER_ASSERT(kind_ == kind && trees().size() >= n, "expected a '", kindToString(kind), "' tree with at least ", n,
               " subtrees but found '", kindToString(kind_), "' with ", trees().size());
}

TreeRef makeString(const SourceRange& range, std::string value) {
  return std::make_shared<StringAtom>(range, std::move(value));
}

TreeRef makeCompound(int kind, const SourceRange& range, TreeList trees) {
  // A compound covers its subtrees, so errors about it underline all of its text.
  SourceRange merged = range;
  for (const TreeRef& t : trees) {
    if (t->range().source() == merged.source()) merged = merged.merge(t->range());
  }
  return std::make_shared<Compound>(kind, merged, std::move(trees));
}

TreeRef makeCompoundSpanning(int kind, TreeList trees) {
  EMBER_ASSERT(!trees.empty(), "a spanning compound needs subtrees");
  SourceRange range = trees.front()->range().merge(trees.back()->range());
  return makeCompound(kind, range, std::move(trees));
}

std::string treeToFlatString(const TreeRef& tree) {
  std::string out;
  appendFlat(out, tree);
  return out;
}

void printTree(std::ostream& out, const TreeRef& tree) {
  printIndented(out, tree, 0);
  out << '\n';
}

std::string treeToString(const TreeRef& tree) {
  std::ostringstream os;
  printTree(os, tree);
  return os.str();
}

std::ostream& operator<<(std::ostream& out, const TreeRef& tree) {
  printTree(out, tree);
  return out;
}

}  // namespace ember::jit
