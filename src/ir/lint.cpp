// Graph::lint: checks every structural invariant of the IR and reports all failures at once,
// with the graph printed, so a broken pass is caught where it broke the graph.
//
// Checked: ownership (every node, value and block reachable from the graph is owned by it,
// and everything it owns is reachable); Note [Node lists] (links, owning block, sentinel);
// Note [Topological invariant] (positions increase along each block); scoping (every input is
// defined earlier in its block or an enclosing one, block outputs likewise); use lists (each
// input has exactly its use record, each use record points back); output offsets; debug-name
// table; the shapes of prim::If and prim::Loop.
#include <sstream>
#include <unordered_set>

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"

namespace ember::jit {

namespace {

class Linter {
 public:
  explicit Linter(const Graph& g) : g_(g) {}

  std::vector<std::string> run() {
    scopes_.emplace_back();
    checkBlock(g_.block());
    checkOwnership();
    return std::move(failures_);
  }

 private:
  template <typename... Parts>
  void fail(const Parts&... parts) {
    failures_.push_back(::ember::detail::concat(parts...));
  }

  std::string describe(const Node* n) const { return ::ember::detail::concat(n->kind().toQualString()); }

  bool inScope(const Value* v) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it)
      if (it->count(v)) return true;
    return false;
  }

  void checkValue(const Value* v, const Node* n, size_t offset) {
    values_.insert(v);
    if (v->node() != n) fail("%", v->debugName(), " claims to be produced by another node than ", describe(n));
    if (v->offset() != offset) fail("%", v->debugName(), " has offset ", v->offset(), " but is output ", offset);
    if (v->hasDebugName()) {
      auto& names = const_cast<Graph&>(g_).uniqueNames();
      auto it = names.find(v->debugName());
      if (it == names.end() || it->second != v) fail("%", v->debugName(), " is missing from the name table");
    }
    for (const Use& u : v->uses()) {
      if (u.offset >= u.user->inputs().size() || u.user->inputs()[u.offset] != v)
        fail("%", v->debugName(), " has a use record (", describe(u.user), ", ", u.offset,
             ") that does not point back to it");
    }
    scopes_.back().insert(v);
  }

  void checkUses(const Node* n) {
    for (size_t i = 0; i < n->inputs().size(); ++i) {
      const Value* v = n->inputs()[i];
      if (!inScope(v)) fail("%", v->debugName(), " is used by ", describe(n), " before it is defined or out of its scope");
      size_t count = 0;
      for (const Use& u : v->uses())
        if (u.user == n && u.offset == i) ++count;
      if (count != 1) fail("%", v->debugName(), " has ", count, " use records for input ", i, " of ", describe(n));
    }
  }

  void checkBlock(const Block* b) {
    blocks_.insert(b);
    if (b->owningGraph() != &g_) fail("a block belongs to another graph");
    const Node* param = b->paramNode();
    const Node* ret = b->returnNode();
    nodes_.insert(param);
    nodes_.insert(ret);
    if (!param->inputs().empty()) fail("a prim::Param node has inputs");
    if (!ret->outputs().empty()) fail("a prim::Return node has outputs");
    for (size_t i = 0; i < param->outputs().size(); ++i) checkValue(param->outputs()[i], param, i);
    const Node* prev = ret;
    bool firstNode = true;
    for (const Node* n : b->nodes()) {
      nodes_.insert(n);
      if (n->owningBlock() != b) fail(describe(n), " is in a block's list but names another owning block");
      if (n->owningGraph() != &g_) fail(describe(n), " belongs to another graph");
      if (n->prev() != prev) fail(describe(n), ": prev link broken");
      if (!firstNode && !prev->isBefore(n)) fail(describe(n), " is not after its predecessor in topological order");
      firstNode = false;
      if (n->kind() == prim::Param || n->kind() == prim::Return) fail("a ", describe(n), " node is in a node list");
      checkUses(n);
      checkControlFlowShape(n);
      for (const Block* sub : n->blocks()) {
        if (sub->owningNode() != n) fail("a block of ", describe(n), " names another owning node");
        scopes_.emplace_back();
        checkBlock(sub);
        scopes_.pop_back();
      }
      for (size_t i = 0; i < n->outputs().size(); ++i) checkValue(n->outputs()[i], n, i);
      prev = n;
    }
    if (ret->prev() != prev) fail("the prim::Return sentinel's prev link is broken");
    checkUses(ret);
  }

  void checkControlFlowShape(const Node* n) {
    if (n->kind() == prim::If) {
      if (n->inputs().size() != 1) fail("prim::If takes one condition input, has ", n->inputs().size());
      if (n->blocks().size() != 2) fail("prim::If has ", n->blocks().size(), " blocks, expected 2");
      for (const Block* b : n->blocks()) {
        if (!b->inputs().empty()) fail("a prim::If block has inputs");
        if (b->outputs().size() != n->outputs().size())
          fail("a prim::If block returns ", b->outputs().size(), " values for ", n->outputs().size(), " outputs");
      }
    } else if (n->kind() == prim::Loop) {
      if (n->inputs().size() < 2) fail("prim::Loop needs a trip count and a condition");
      if (n->blocks().size() != 1) {
        fail("prim::Loop has ", n->blocks().size(), " blocks, expected 1");
        return;
      }
      size_t carried = n->inputs().size() >= 2 ? n->inputs().size() - 2 : 0;
      const Block* body = n->blocks()[0];
      if (n->outputs().size() != carried) fail("prim::Loop has ", n->outputs().size(), " outputs for ", carried, " carried values");
      if (body->inputs().size() != carried + 1) fail("prim::Loop body takes ", body->inputs().size(), " inputs, expected ", carried + 1);
      if (body->outputs().size() != carried + 1) fail("prim::Loop body returns ", body->outputs().size(), " values, expected ", carried + 1);
    }
  }

  void checkOwnership() {
    auto& mg = const_cast<Graph&>(g_);
    if (mg.numNodes() != nodes_.size())
      fail("the graph owns ", mg.numNodes(), " nodes but ", nodes_.size(), " are reachable (unattached or leaked nodes)");
    if (mg.numValues() != values_.size())
      fail("the graph owns ", mg.numValues(), " values but ", values_.size(), " are reachable");
    for (const auto& [name, v] : mg.uniqueNames())
      if (!values_.count(v) || v->debugName() != name) fail("the name table maps '", name, "' to a stale value");
  }

  const Graph& g_;
  std::vector<std::unordered_set<const Value*>> scopes_;
  std::unordered_set<const Node*> nodes_;
  std::unordered_set<const Value*> values_;
  std::unordered_set<const Block*> blocks_;
  std::vector<std::string> failures_;
};

}  // namespace

void Graph::lint() const {
  auto failures = Linter(*this).run();
  if (failures.empty()) return;
  std::ostringstream msg;
  msg << "Graph::lint found " << failures.size() << " problem(s):\n";
  for (const auto& f : failures) msg << "  - " << f << "\n";
  msg << "in graph:\n" << toString(false);
  EMBER_ERROR(msg.str());
}

}  // namespace ember::jit
