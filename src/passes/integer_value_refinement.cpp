// Integer value refinement: a walk over the blocks with a stack of scopes, each mapping int
// values to the constant they are known to equal there. Boolean values remember what they imply
// when true and when false; an If's boolean outputs join what its branches imply, which is how
// `and` / `or` (compiled to Ifs) combine comparisons.
#include "passes/integer_value_refinement.h"

#include <optional>
#include <unordered_map>
#include <vector>

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "passes/jit_log.h"
#include "passes/jit_opt_limit.h"

namespace ember::jit {

namespace {

using Refinements = std::unordered_map<Value*, int64_t>;
// nullopt: the case cannot happen (a branch that yields the constant `false` is never true).
using MaybeRefinements = std::optional<Refinements>;

struct BoolRefinement {
  MaybeRefinements whenTrue = Refinements{};
  MaybeRefinements whenFalse = Refinements{};
};

MaybeRefinements unite(const MaybeRefinements& a, const Refinements& b) {
  if (!a) return std::nullopt;
  Refinements out = *a;
  for (const auto& [v, c] : b) out.emplace(v, c);
  return out;
}

// What holds on both paths; an impossible path constrains nothing.
MaybeRefinements intersect(const MaybeRefinements& a, const MaybeRefinements& b) {
  if (!a) return b;
  if (!b) return a;
  Refinements out;
  for (const auto& [v, c] : *a) {
    auto it = b->find(v);
    if (it != b->end() && it->second == c) out.emplace(v, c);
  }
  return out;
}

bool isInt(const Value* v) { return v->type()->kind() == TypeKind::IntType; }

std::optional<int64_t> intConstant(const Value* v) {
  if (v->node()->kind() != prim::Constant || !isInt(v)) return std::nullopt;
  auto iv = toIValue(v);
  if (!iv || !iv->isInt()) return std::nullopt;
  return iv->toInt();
}

std::optional<bool> boolConstant(const Value* v) {
  if (v->node()->kind() != prim::Constant) return std::nullopt;
  auto iv = toIValue(v);
  if (!iv || !iv->isBool()) return std::nullopt;
  return iv->toBool();
}

bool blockRaises(const Block* b) {
  for (const Node* n : b->nodes())
    if (n->kind() == prim::RaiseException) return true;
  return false;
}

class IntegerValueRefiner {
 public:
  explicit IntegerValueRefiner(Graph& graph) : graph_(graph) {}

  bool run() {
    runBlock(graph_.block(), {});
    return changed_;
  }

 private:
  void runBlock(Block* block, Refinements initial) {
    scopes_.push_back(std::move(initial));
    for (Node* n : block->nodes()) {
      noteComparison(n);
      refineInputs(n);
      if (n->kind() == prim::If) visitIf(n);
      // Loop bodies and other nested blocks are not refined (see the header).
    }
    refineInputs(block->returnNode());
    scopes_.pop_back();
  }

  std::optional<int64_t> lookup(Value* v) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      auto found = it->find(v);
      if (found != it->end()) return found->second;
    }
    return std::nullopt;
  }

  BoolRefinement infoOf(Value* v) const {
    auto it = info_.find(v);
    return it == info_.end() ? BoolRefinement{} : it->second;
  }

  // `x == c`, `c == x`, `x != c` and `not b`, read before the node's own inputs are refined.
  void noteComparison(Node* n) {
    if (n->kind() == aten::__not__ && n->inputs().size() == 1) {
      BoolRefinement in = infoOf(n->input(0));
      info_[n->output()] = BoolRefinement{in.whenFalse, in.whenTrue};
      return;
    }
    if ((n->kind() != aten::eq && n->kind() != aten::ne) || n->inputs().size() != 2) return;
    Value* a = n->input(0);
    Value* b = n->input(1);
    if (!isInt(a) || !isInt(b)) return;
    auto ca = intConstant(a), cb = intConstant(b);
    if (ca.has_value() == cb.has_value()) return;
    Value* refined = ca ? b : a;
    Refinements equal{{refined, ca ? *ca : *cb}};
    info_[n->output()] =
        n->kind() == aten::eq ? BoolRefinement{equal, Refinements{}} : BoolRefinement{Refinements{}, equal};
  }

  // One constant per refined value, right before the node.
  void refineInputs(Node* n) {
    std::unordered_map<Value*, Value*> made;
    for (size_t i = 0; i < n->inputs().size(); ++i) {
      Value* in = n->input(i);
      if (!isInt(in) || in->node()->kind() == prim::Constant) continue;
      auto c = lookup(in);
      if (!c) continue;
      auto it = made.find(in);
      if (it == made.end()) {
        if (!JIT_OPT_ALLOWED) continue;
        WithInsertPoint guard(n);
        it = made.emplace(in, graph_.insertConstant(IValue(*c))).first;
        GRAPH_UPDATE("Refining ", in->debugName(), " to ", *c, " in ", n->kind().toQualString());
      }
      n->replaceInput(i, it->second);
      changed_ = true;
    }
  }

  void visitIf(Node* n) {
    BoolRefinement cond = infoOf(n->input(0));
    Block* branches[2] = {n->blocks()[0], n->blocks()[1]};
    MaybeRefinements entry[2] = {cond.whenTrue, cond.whenFalse};
    for (int b = 0; b < 2; ++b) runBlock(branches[b], entry[b].value_or(Refinements{}));
    joinBoolOutputs(n, entry);
    bool raises0 = blockRaises(branches[0]), raises1 = blockRaises(branches[1]);
    if (raises0 != raises1) {
      const MaybeRefinements& holds = raises0 ? cond.whenFalse : cond.whenTrue;
      if (holds)
        for (const auto& [v, c] : *holds) scopes_.back().emplace(v, c);
    }
  }

  void joinBoolOutputs(Node* n, const MaybeRefinements entry[2]) {
    for (size_t i = 0; i < n->outputs().size(); ++i) {
      if (n->outputs()[i]->type()->kind() != TypeKind::BoolType) continue;
      BoolRefinement joined{std::nullopt, std::nullopt};
      for (int b = 0; b < 2; ++b) {
        Value* out = n->blocks()[b]->outputs()[i];
        BoolRefinement branch;
        auto constant = boolConstant(out);
        Refinements base = entry[b].value_or(Refinements{});
        if (constant) {
          branch.whenTrue = *constant ? MaybeRefinements(base) : std::nullopt;
          branch.whenFalse = *constant ? std::nullopt : MaybeRefinements(base);
        } else {
          BoolRefinement inner = infoOf(out);
          branch.whenTrue = inner.whenTrue ? unite(MaybeRefinements(base), *inner.whenTrue) : std::nullopt;
          branch.whenFalse = inner.whenFalse ? unite(MaybeRefinements(base), *inner.whenFalse) : std::nullopt;
        }
        if (!entry[b]) branch = BoolRefinement{std::nullopt, std::nullopt};
        joined.whenTrue = b == 0 ? branch.whenTrue : intersect(joined.whenTrue, branch.whenTrue);
        joined.whenFalse = b == 0 ? branch.whenFalse : intersect(joined.whenFalse, branch.whenFalse);
      }
      info_[n->outputs()[i]] = joined;
    }
  }

  Graph& graph_;
  std::vector<Refinements> scopes_;
  std::unordered_map<Value*, BoolRefinement> info_;
  bool changed_ = false;
};

}  // namespace

bool refineIntegerValues(const std::shared_ptr<Graph>& graph) {
  bool changed = IntegerValueRefiner(*graph).run();
  if (changed) GRAPH_DUMP("After refine_integer_values: ", graph);
  return changed;
}

}  // namespace ember::jit
