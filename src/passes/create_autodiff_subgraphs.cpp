// Grouping differentiable nodes into prim::DifferentiableGraph nodes (see the header).
#include "passes/create_autodiff_subgraphs.h"

#include <algorithm>
#include <atomic>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ember/core/function_schema.h"
#include "ember/core/symbols.h"
#include "ember/ir/ir.h"

namespace ember::jit {

namespace {

std::atomic<DifferentiableNodePredicate> gPredicate{nullptr};
std::atomic<size_t> gThreshold{2};

// Non-tensor values built between differentiable nodes for their arguments (sizes, dims).
bool isArgumentHelper(const Node* n) {
  if (n->kind() != prim::ListConstruct || n->inputs().empty()) return false;
  auto list = n->output()->type()->cast<ListType>();
  if (!list) return false;
  TypeKind k = list->getElementType()->kind();
  return k == TypeKind::IntType || k == TypeKind::FloatType || k == TypeKind::BoolType;
}

bool isTensorListType(const TypePtr& type) {
  auto list = type->cast<ListType>();
  if (!list) return false;
  const Type* e = list->getElementType().get();
  if (e->kind() == TypeKind::OptionalType) e = e->castRaw<OptionalType>()->getElementType().get();
  return e->kind() == TypeKind::TensorType;
}

// A list of tensors built for one differentiable node's Tensor[] argument (cat, stack): it
// joins the run with that node, so that the list never crosses the group's boundary (the
// gradient of its elements flows through the list inside the backward graph).
bool isTensorListHelper(const Node* n) {
  if (n->kind() != prim::ListConstruct || !isTensorListType(n->output()->type())) return false;
  const auto& uses = n->output()->uses();
  return uses.size() == 1 && isDifferentiableNode(uses[0].user);
}

// Moves `run` (consecutive nodes of one block, constants between them excluded) into one
// prim::DifferentiableGraph node placed where the last of them was.
void makeGroup(Graph& graph, const std::vector<Node*>& run) {
  std::unordered_set<const Node*> members(run.begin(), run.end());
  auto sub = std::make_shared<Graph>();
  Node* group = graph.create(prim::DifferentiableGraph, 0);
  group->insertBefore(run.back());
  std::unordered_map<Value*, Value*> env;
  auto mapInput = [&](Value* v) -> Value* {
    auto it = env.find(v);
    if (it != env.end()) return it->second;
    Value* inner;
    if (v->node()->kind() == prim::Constant) {
      Node* c = sub->createClone(v->node(), [](Value* x) { return x; });
      sub->appendNode(c);
      inner = c->output();
    } else {
      inner = sub->addInput(v->hasDebugName() ? v->debugNameBase() : "")->setType(v->type());
      group->addInput(v);
    }
    env.emplace(v, inner);
    return inner;
  };
  for (Node* n : run) {
    for (Value* in : n->inputs()) mapInput(in);
    Node* copy = sub->createClone(n, [&](Value* v) { return env.at(v); });
    sub->appendNode(copy);
    for (size_t i = 0; i < n->outputs().size(); ++i) env[n->output(i)] = copy->output(i);
  }
  for (Node* n : run) {
    for (Value* out : n->outputs()) {
      std::vector<Use> outside;
      for (const Use& u : out->uses())
        if (!members.count(u.user)) outside.push_back(u);
      if (outside.empty()) continue;
      sub->registerOutput(env.at(out));
      Value* replacement = group->addOutput()->setType(out->type());
      if (out->hasDebugName()) replacement->setDebugName(out->debugNameBase());
      for (const Use& u : outside) u.user->replaceInput(u.offset, replacement);
    }
  }
  group->g_(attr::Subgraph, sub);
  for (auto it = run.rbegin(); it != run.rend(); ++it) (*it)->destroy();
}

// Whether a node's result may be a view of an argument (schema `Tensor(a) self -> Tensor(a)`).
bool returnsView(const Node* n) {
  const FunctionSchema* s = n->maybeSchema();
  if (s == nullptr) return false;
  for (const auto& r : s->returns())
    if (r.aliasInfo() != nullptr && !r.isWrite()) return true;
  return false;
}

struct Grouper {
  Graph& graph;
  size_t threshold;
  bool viewsStayOutside;
  bool changed = false;
  std::vector<Node*> run;
  size_t differentiable = 0;

  void close() {
    // A tensor list whose user is not in the run may not end up in the group: cut the run there.
    for (size_t i = 0; i < run.size(); ++i) {
      bool escapes = false;
      for (const Value* out : run[i]->outputs()) {
        if (!isTensorListType(out->type())) continue;
        for (const Use& u : out->uses())
          escapes = escapes || std::find(run.begin() + static_cast<std::ptrdiff_t>(i), run.end(), u.user) == run.end();
      }
      if (escapes) {
        run.resize(i);
        break;
      }
    }
    differentiable = 0;
    for (const Node* n : run) differentiable += isDifferentiableNode(n) ? 1 : 0;
    while (!run.empty() && !isDifferentiableNode(run.back())) run.pop_back();
    if (differentiable >= threshold && !run.empty()) {
      makeGroup(graph, run);
      changed = true;
    }
    run.clear();
    differentiable = 0;
  }

  // A node's tensor-list arguments must be built in the run (else their elements' gradients
  // would be lost at the group's boundary).
  bool listArgumentsInRun(const Node* n) const {
    for (const Value* in : n->inputs())
      if (isTensorListType(in->type()) && std::find(run.begin(), run.end(), in->node()) == run.end()) return false;
    return true;
  }

  void visit(Block* block) {
    for (auto it = block->nodes().begin(); it != block->nodes().end();) {
      Node* n = *it;
      ++it;  // the run's nodes are destroyed when it closes; `it` is past them
      if (!n->blocks().empty()) {
        close();
        for (Block* b : n->blocks()) visit(b);
        continue;
      }
      if (n->kind() == prim::Constant) continue;
      if (isDifferentiableNode(n) && !(viewsStayOutside && returnsView(n)) && listArgumentsInRun(n)) {
        run.push_back(n);
        ++differentiable;
      } else if ((!run.empty() && isArgumentHelper(n)) || isTensorListHelper(n)) {
        run.push_back(n);
      } else {
        close();
      }
    }
    close();
  }
};

}  // namespace

void setDifferentiableNodePredicate(DifferentiableNodePredicate predicate) { gPredicate.store(predicate); }

bool isDifferentiableNode(const Node* node) {
  DifferentiableNodePredicate p = gPredicate.load();
  return p != nullptr && p(node);
}

void setAutodiffSubgraphThreshold(size_t threshold) { gThreshold.store(threshold < 1 ? 1 : threshold); }
size_t getAutodiffSubgraphThreshold() { return gThreshold.load(); }

bool createAutodiffSubgraphs(const std::shared_ptr<Graph>& graph, size_t threshold, bool viewsStayOutside) {
  Grouper g{*graph, threshold < 1 ? 1 : threshold, viewsStayOutside};
  g.visit(graph->block());
  return g.changed;
}

bool createAutodiffSubgraphs(const std::shared_ptr<Graph>& graph, size_t threshold) {
  return createAutodiffSubgraphs(graph, threshold, false);
}

bool createAutodiffSubgraphs(const std::shared_ptr<Graph>& graph) {
  return createAutodiffSubgraphs(graph, getAutodiffSubgraphThreshold(), false);
}

}  // namespace ember::jit
