// Tree: the s-expression-like AST the parser builds. A Tree is either an atom (a string:
// identifier names, number spellings, string literal values) or a compound with a kind and
// subtrees. Every tree carries the SourceRange it came from.
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "frontend/lexer.h"
#include "frontend/source_range.h"

namespace ember::jit {

class Tree;
using TreeRef = std::shared_ptr<const Tree>;
using TreeList = std::vector<TreeRef>;

class Tree {
 public:
  Tree(int kind, SourceRange range) : kind_(kind), range_(std::move(range)) {}
  virtual ~Tree() = default;
  Tree(const Tree&) = delete;
  Tree& operator=(const Tree&) = delete;

  int kind() const { return kind_; }
  const SourceRange& range() const { return range_; }
  virtual bool isAtom() const { return false; }
  // The string of an atom; throws for compounds.
  virtual const std::string& stringValue() const;
  // The subtrees of a compound (empty for atoms).
  virtual const TreeList& trees() const;
  const TreeRef& tree(size_t i) const;

  // Checks that this tree has `kind` and `n` subtrees (a malformed tree is an internal error).
  void match(int kind, size_t n) const;
  void matchAtLeast(int kind, size_t n) const;

 private:
  int kind_;
  SourceRange range_;
};

class StringAtom final : public Tree {
 public:
  StringAtom(SourceRange range, std::string value) : Tree(TK_STRING, std::move(range)), value_(std::move(value)) {}
  bool isAtom() const override { return true; }
  const std::string& stringValue() const override { return value_; }

 private:
  std::string value_;
};

class Compound final : public Tree {
 public:
  Compound(int kind, SourceRange range, TreeList trees) : Tree(kind, std::move(range)), trees_(std::move(trees)) {}
  const TreeList& trees() const override { return trees_; }

 private:
  TreeList trees_;
};

TreeRef makeString(const SourceRange& range, std::string value);
// The range is widened to cover every subtree from the same source.
TreeRef makeCompound(int kind, const SourceRange& range, TreeList trees = {});
// A compound whose range spans its subtrees (they must be non-empty).
TreeRef makeCompoundSpanning(int kind, TreeList trees);

// Prints like TorchScript: `(kind child child)` on one line when it fits in 40 columns,
// otherwise one subtree per line indented by two.
void printTree(std::ostream& out, const TreeRef& tree);
std::string treeToString(const TreeRef& tree);
// Always on one line.
std::string treeToFlatString(const TreeRef& tree);

std::ostream& operator<<(std::ostream& out, const TreeRef& tree);

}  // namespace ember::jit
