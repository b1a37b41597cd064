// The fuser's partitioning pass (see tensorexpr_fuser.h).
#include "passes/tensorexpr_fuser.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <sstream>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ember/core/function_schema.h"
#include "ember/core/symbols.h"
#include "ember/ir/alias_analysis.h"
#include "ember/ir/ir.h"
#include "passes/jit_log.h"
#include "passes/jit_opt_limit.h"
#include "passes/tensorexpr_fuser_ops.h"
#include "passes/tensorexpr_fuser_reductions.h"

namespace ember::jit {
namespace {

bool envDisabled() {
  const char* e = std::getenv("EMBER_FUSION");
  if (!e) return false;
  return std::strcmp(e, "off") == 0 || std::strcmp(e, "0") == 0 || std::strcmp(e, "false") == 0 ||
         std::strcmp(e, "OFF") == 0;
}

std::atomic<bool>& enabledFlag() {
  static std::atomic<bool> flag{!envDisabled()};
  return flag;
}

// EMBER_FUSION_DENY: comma-separated qualified operator names.
std::unordered_set<std::string> denyList() {
  std::unordered_set<std::string> out;
  const char* e = std::getenv("EMBER_FUSION_DENY");
  if (!e) return out;
  std::stringstream ss(e);
  std::string item;
  while (std::getline(ss, item, ',')) {
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (!item.empty()) out.insert(item);
  }
  return out;
}

// What the pass knows of a tensor value: dtype and rank (device cpu, no grad).
struct KnownTensor {
  ScalarType dtype;
  size_t rank;
};

class Fuser {
 public:
  Fuser(std::shared_ptr<Graph> graph, size_t minGroupSize)
      : graph_(std::move(graph)), aliasDb_(graph_), minGroupSize_(minGroupSize), deny_(denyList()) {}

  bool run() {
    inferTypes(graph_->block());
    std::vector<std::vector<Node*>> groups;
    formGroups(graph_->block(), groups);
    bool changed = false;
    for (auto& g : groups)
      for (auto& run : contiguousRuns(withoutSharedChunkSlices(g)))
        if (run.size() >= minGroupSize_ && chunksStayInside(run) && catEndsGroup(run) && JIT_OPT_ALLOWED) {  // EMBER_JIT_OPT_LIMIT=tensorexpr_fuser=N
          materialize(run);
          changed = true;
        }
    return changed;
  }

 private:
  // ---- dtype and rank of tensor values ----
  std::optional<KnownTensor> known(const Value* v) const {
    if (auto it = inferred_.find(v); it != inferred_.end()) return it->second;
    auto t = v->type()->cast<TensorType>();
    if (!t || !t->scalarType() || !t->dim() || !t->device() || !t->device()->isCpu()) return std::nullopt;
    if (!t->requiresGrad() || *t->requiresGrad()) return std::nullopt;
    return KnownTensor{*t->scalarType(), *t->dim()};
  }

  // The operand descriptions of `n`'s fused operands, or nullopt if one is unknown.
  std::optional<std::vector<FusedOperand>> operandsOf(const Node* n, const FusedOp& op) const {
    std::vector<FusedOperand> out;
    for (int i : op.operands) {
      const Value* v = n->input(i);
      if (auto k = known(v)) {
        out.push_back({k->dtype, k->rank == 0 ? OperandLevel::ZeroDim : OperandLevel::Dimensioned});
      } else if (auto s = scalarOperandOf(v)) {
        out.push_back(*s);
      } else {
        return std::nullopt;
      }
    }
    return out;
  }

  // Operators outside the groups whose result has their first input's dtype and rank: knowing
  // them lets chains after a convolution or a linear layer fuse. A wrong guess costs only speed:
  // the group's TypeCheck fails and the unfused branch runs.
  static bool keepsDtypeAndRank(const Node* n) {
    // clang-format off
    static const std::unordered_set<std::string> names = {
        "aten::linear", "aten::conv1d", "aten::conv2d", "aten::conv3d", "aten::batch_norm", "aten::layer_norm",
        "aten::group_norm", "aten::instance_norm", "aten::max_pool1d", "aten::max_pool2d", "aten::max_pool3d",
        "aten::avg_pool1d", "aten::avg_pool2d", "aten::avg_pool3d", "aten::adaptive_avg_pool1d",
        "aten::adaptive_avg_pool2d", "aten::adaptive_avg_pool3d", "aten::dropout", "aten::contiguous", "aten::clone"};
    // clang-format on
    if (n->outputs().size() != 1 || n->inputs().empty() || !names.count(n->kind().toQualString())) return false;
    const FunctionSchema* s = n->maybeSchema();
    return s && s->overloadName().empty();
  }

  // aten::mm / aten::matmul of two floating tensors of one dtype: torch.matmul's result rank.
  std::optional<KnownTensor> matmulResult(const Node* n) const {
    if (n->kind() != aten::mm && n->kind() != aten::matmul) return std::nullopt;
    if (n->inputs().size() != 2 || n->outputs().size() != 1) return std::nullopt;
    auto a = known(n->input(0)), b = known(n->input(1));
    if (!a || !b || a->dtype != b->dtype || !isFloatingType(a->dtype) || a->rank == 0 || b->rank == 0)
      return std::nullopt;
    size_t rank = 0;
    if (a->rank >= 2 && b->rank >= 2)
      rank = std::max(a->rank, b->rank);
    else if (a->rank == 1 && b->rank == 1)
      rank = 0;
    else
      rank = a->rank == 1 ? b->rank - 1 : a->rank - 1;  // a vector operand loses its dimension
    return KnownTensor{a->dtype, rank};
  }

  // aten::cat / aten::stack of a list built in place (prim::ListConstruct) of known tensors of
  // one dtype and rank: that dtype, and that rank (cat) or one more (stack). The concatenation
  // stays outside the groups; knowing its result lets the chain after it fuse.
  std::optional<KnownTensor> catResult(const Node* n) const {
    const bool stack = n->kind() == aten::stack;
    if ((n->kind() != aten::cat && !stack) || n->inputs().size() != 2 || n->outputs().size() != 1)
      return std::nullopt;
    const Node* list = n->input(0)->node();
    if (list->kind() != prim::ListConstruct || list->inputs().empty()) return std::nullopt;
    std::optional<KnownTensor> first;
    for (const Value* v : list->inputs()) {
      auto k = known(v);
      if (!k || k->rank == 0 || (first && (k->dtype != first->dtype || k->rank != first->rank))) return std::nullopt;
      first = k;
    }
    return KnownTensor{first->dtype, first->rank + (stack ? 1 : 0)};
  }

  void inferTypes(Block* block) {
    for (Node* n : block->nodes()) {
      for (Block* b : n->blocks()) inferTypes(b);
      if (auto r = fusedReductionOf(n); r && inferReduction(n, *r)) continue;
      if (keepsDtypeAndRank(n)) {
        if (auto k = known(n->input(0)); k && isFloatingType(k->dtype)) inferred_[n->output()] = *k;
        continue;
      }
      if (auto product = matmulResult(n)) {
        inferred_[n->output()] = *product;
        continue;
      }
      if (auto joined = catResult(n)) {
        inferred_[n->output()] = *joined;
        noteCat(n);
        continue;
      }
      if (n->kind() == prim::ListUnpack) {
        inferChunk(n);
        continue;
      }
      std::optional<FusedOp> op = fusedOpOf(n);
      if (!op) continue;
      auto operands = operandsOf(n, *op);
      if (!operands) continue;
      auto typing = fusedTyping(n, *op, *operands);
      if (!typing) continue;
      size_t rank = 0;
      bool anyTensor = false;
      for (int i : op->operands)
        if (auto k = known(n->input(i))) {
          rank = std::max(rank, k->rank);
          anyTensor = true;
        }
      if (!anyTensor) continue;
      inferred_[n->output()] = KnownTensor{typing->result, rank};
      fusible_.insert(n);
    }
  }

  // A reduction of a float tensor of known rank: it may end a group (never sit inside one).
  bool inferReduction(const Node* n, const FusedReduction& r) {
    auto in = known(n->input(0));
    if (!in) return false;
    auto dtype = r.resultDtype(in->dtype);
    auto rank = r.resultRank(in->rank);
    if (!dtype || !rank) return false;
    // layer_norm's weight and bias: tensors of the input's dtype.
    for (size_t i = 2; r.kind == FusedReductionKind::LayerNorm && i < 4; ++i) {
      if (!(i == 2 ? r.hasWeight : r.hasBias)) continue;
      auto k = known(n->input(i));
      if (!k || k->dtype != in->dtype) return false;
    }
    inferred_[n->output()] = KnownTensor{*dtype, *rank};
    reductions_.insert(n);
    return true;
  }

  // `xs = aten::chunk(x, N, dim)` unpacked into N values right away (PyTorch's
  // prim::ConstantChunk): the pieces of a known tensor have its dtype and rank. The pair joins a
  // group as a unit, reading x from outside the group (the kernel reads each piece in place).
  void inferChunk(Node* unpack) {
    Node* chunk = unpack->input(0)->node();
    if (chunk->kind() != aten::chunk || chunk->owningBlock() != unpack->owningBlock() ||
        chunk->output()->uses().size() != 1 || chunk->inputs().size() != 3)
      return;
    auto x = known(chunk->input(0));
    std::optional<IValue> n = toIValue(chunk->input(1)), dim = toIValue(chunk->input(2));
    if (!x || x->rank == 0 || !n || !n->isInt() || !dim || !dim->isInt() ||
        n->toInt() != static_cast<int64_t>(unpack->outputs().size()))
      return;
    for (Value* o : unpack->outputs()) inferred_[o] = *x;
    chunks_.insert(chunk);
    chunks_.insert(unpack);
  }

  // `aten::cat(prim::ListConstruct(...), dim)` with a constant dim, the list used only by the
  // cat: the pair may end a group (the kernel writes each piece's chain into its slice).
  void noteCat(Node* cat) {
    Node* list = cat->input(0)->node();
    std::optional<IValue> dim = toIValue(cat->input(1));
    if (cat->kind() != aten::cat || !dim || !dim->isInt() || list->owningBlock() != cat->owningBlock() ||
        list->output()->uses().size() != 1)
      return;
    cats_.insert(cat);
    cats_.insert(list);
  }

  bool canFuse(Node* n) const {
    // A cat goes with its list: EMBER_FUSION_DENY=aten::cat keeps both out.
    if (cats_.count(n)) return !deny_.count("aten::cat");
    if (deny_.count(n->kind().toQualString())) return false;
    // An unpack goes with its chunk: EMBER_FUSION_DENY=aten::chunk keeps both out.
    if (n->kind() == prim::ListUnpack && chunks_.count(n)) return !deny_.count("aten::chunk");
    if (reductions_.count(n) || chunks_.count(n)) return true;
    if (!fusible_.count(n)) return false;
    // `to` may return its input: fused, it makes a copy, which a writer could tell apart.
    if (n->kind() == aten::to) return !aliasDb_.hasWriters(n->input(0)) && !aliasDb_.hasWriters(n->output());
    return true;
  }

  // ---- partitioning ----
  void formGroups(Block* block, std::vector<std::vector<Node*>>& groups) {
    std::vector<Node*> order;
    for (Node* n : block->nodes()) {
      order.push_back(n);
      for (Block* b : n->blocks()) formGroups(b, groups);
    }
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      Node* seed = *it;
      if (assigned_.count(seed) || !canFuse(seed)) continue;
      std::vector<Node*> group{seed};
      assigned_.insert(seed);
      while (absorbProducer(block, group) || absorbSibling(block, group)) {
      }
      absorbIntruders(group);
      if (!chunksStayInside(group) || !catEndsGroup(group)) {
        GRAPH_DEBUG("no group at ", *seed, ": a piece of its chunk, or a value before its cat, is used outside it");
        for (Node* n : group) assigned_.erase(n);
        continue;
      }
      if (group.size() >= minGroupSize_) {
        GRAPH_UPDATE("fusion group of ", group.size(), " nodes ending at ", *group.back());
        groups.push_back(group);
      } else {
        for (Node* n : group) assigned_.erase(n);
        // A single node may still join a later (earlier in the block) group.
      }
    }
  }

  // The pieces of a chunk are views of its input: a group takes chunk and unpack together, uses
  // every piece only inside itself (a fused output would be a copy), and computes something.
  bool chunksStayInside(const std::vector<Node*>& group) const {
    std::unordered_set<const Node*> in(group.begin(), group.end());
    size_t computing = 0;
    for (const Node* n : group) {
      if (!chunks_.count(n)) {
        ++computing;
        continue;
      }
      if (n->kind() == aten::chunk) {
        if (!in.count(n->output()->uses()[0].user)) return false;
        continue;
      }
      if (!in.count(n->input(0)->node())) return false;
      for (const Value* o : n->outputs())
        for (const Use& u : o->uses())
          if (!in.count(u.user)) return false;
    }
    return computing > 0;
  }

  // A group holding a cat ends in it: the list is in the group, the cat's result is the group's
  // only output (the kernel computes nothing else), and something besides the pair is computed.
  bool catEndsGroup(const std::vector<Node*>& group) const {
    std::unordered_set<const Node*> in(group.begin(), group.end());
    bool hasCat = false;
    size_t computing = 0;
    for (const Node* n : group) {
      if (n->kind() == aten::cat && cats_.count(n)) {
        hasCat = true;
        if (!in.count(n->input(0)->node())) return false;
        continue;
      }
      if (!cats_.count(n)) {
        ++computing;
      } else if (!in.count(n->output()->uses()[0].user)) {
        return false;  // a list without its cat
      }
    }
    if (!hasCat) return true;
    if (computing == 0) return false;
    for (const Node* n : group) {
      if (n->kind() == aten::cat && cats_.count(n)) continue;
      for (const Value* o : n->outputs())
        for (const Use& u : o->uses())
          if (!in.count(u.user)) return false;
    }
    return true;
  }

  bool hasCat(const std::vector<Node*>& group) const {
    return std::any_of(group.begin(), group.end(), [&](const Node* n) { return cats_.count(n) > 0; });
  }

  // A chunk of a value computed in the group is compiled per piece from the nodes the value
  // depends on (its slice), so the slice's values must be used by nothing else; else the slice
  // leaves the group (the chunk then reads the value as a group input, as before).
  std::vector<Node*> withoutSharedChunkSlices(std::vector<Node*> group) const {
    for (bool changed = true; changed;) {
      changed = false;
      std::unordered_set<const Node*> in(group.begin(), group.end());
      for (const Node* c : group) {
        if (c->kind() != aten::chunk || !in.count(c->input(0)->node())) continue;
        std::unordered_set<const Node*> slice;
        std::vector<const Node*> todo{c->input(0)->node()};
        while (!todo.empty()) {
          const Node* p = todo.back();
          todo.pop_back();
          if (!in.count(p) || slice.count(p)) continue;
          slice.insert(p);
          for (const Value* v : p->inputs()) todo.push_back(v->node());
        }
        bool shared = false;
        for (const Node* p : slice)
          for (const Value* o : p->outputs())
            for (const Use& u : o->uses()) shared = shared || (!slice.count(u.user) && u.user != c);
        if (!shared) continue;
        GRAPH_DEBUG("the slice computing ", c->input(0)->debugName(), " is used outside it: it leaves the group");
        group.erase(std::remove_if(group.begin(), group.end(), [&](Node* n) { return slice.count(n) > 0; }),
                    group.end());
        changed = true;
        break;
      }
    }
    return group;
  }

  static bool allUsersIn(const Node* p, const std::vector<Node*>& group) {
    for (const Value* o : p->outputs())
      for (const Use& u : o->uses())
        if (std::find(group.begin(), group.end(), u.user) == group.end()) return false;
    return true;
  }

  // Moves one fusible producer of the group right before its first node and adds it.
  bool absorbProducer(Block* block, std::vector<Node*>& group) {
    for (auto m = group.rbegin(); m != group.rend(); ++m) {
      // A chunk's input joins when a pointwise node computes it for the chunk alone (the kernel
      // computes it per piece, PyTorch's BroadcastingChunk); else it stays a group input.
      if ((*m)->kind() == aten::chunk &&
          ((*m)->input(0)->uses().size() != 1 || !fusible_.count((*m)->input(0)->node())))
        continue;
      for (Value* in : (*m)->inputs()) {
        // A reduction fuses the chain of its input; layer_norm's weight and bias stay inputs.
        if (reductions_.count(*m) && in != (*m)->input(0)) continue;
        Node* p = in->node();
        // A reduction or a cat only ends a group: its result is not an elementwise input of the chain.
        if (p->owningBlock() != block || assigned_.count(p) || reductions_.count(p) || !canFuse(p)) continue;
        if (p->kind() == aten::cat && cats_.count(p)) continue;
        // An unpack joins after every user of its pieces (they could not move before it after);
        // a cat's list, with its cat.
        if ((p->kind() == prim::ListUnpack || cats_.count(p)) && !allUsersIn(p, group)) continue;
        Node* first = group.front();
        if (p->next() != first && (!aliasDb_.moveBeforeTopologicallyValid(p, first) || p->next() != first)) continue;
        group.insert(group.begin(), p);
        assigned_.insert(p);
        return true;
      }
    }
    return false;
  }

  // The rank of the group's pointwise values (a reduction's input, not its result).
  std::optional<size_t> groupRank(const std::vector<Node*>& group) const {
    std::optional<size_t> rank;
    for (const Node* m : group) {
      if (reductions_.count(m) || chunks_.count(m) || cats_.count(m)) continue;
      if (auto k = known(m->output())) rank = std::max(rank.value_or(0), k->rank);
    }
    return rank;
  }

  // Every user of `s` is in the group or after it in its block: moving `s` to the group carries
  // no other node along (which could land inside the group and split it).
  static bool usedInOrAfter(const Node* s, const std::vector<Node*>& group) {
    const Node* last = *std::max_element(group.begin(), group.end(), [](Node* a, Node* b) { return a->isBefore(b); });
    for (const Value* o : s->outputs())
      for (const Use& u : o->uses()) {
        if (std::find(group.begin(), group.end(), u.user) != group.end()) continue;
        if (u.user->owningBlock() != s->owningBlock() || u.user->isBefore(last)) return false;
      }
    return true;
  }

  // Two chains reading one value (PyTorch merges their groups): a fusible node before the group
  // that reads a tensor the group reads, and whose result has the group's rank, moves right
  // before the group's first node (if AliasDb allows) and joins it; its result becomes an output
  // of the group, and its own producers can then join as well.
  bool absorbSibling(Block* block, std::vector<Node*>& group) {
    std::optional<size_t> rank = groupRank(group);
    if (!rank || hasCat(group)) return false;  // a cat's group has no output but the cat
    Node* first = group.front();
    for (Node* m : group) {
      if (m->kind() == aten::chunk) continue;
      for (Value* in : m->inputs()) {
        if (!known(in)) continue;
        for (const Use& u : in->uses()) {
          Node* s = u.user;
          if (s->owningBlock() != block || !s->isBefore(first) || assigned_.count(s) || reductions_.count(s) ||
              chunks_.count(s) || !canFuse(s))
            continue;
          auto k = known(s->output());
          if (!k || k->rank != *rank || !usedInOrAfter(s, group)) continue;
          if (s->next() != first && (!aliasDb_.moveBeforeTopologicallyValid(s, first) || s->next() != first)) continue;
          GRAPH_DEBUG("merging ", *s, " into the group at ", *first, ": both read ", in->debugName());
          group.insert(group.begin(), s);
          assigned_.insert(s);
          return true;
        }
      }
    }
    return false;
  }

  // A move that AliasDb accepts may carry other nodes along, into the middle of the group (a
  // second chain reading the moved value): such fusible nodes join the group (they already sit
  // where it runs), other ones split it (contiguousRuns).
  void absorbIntruders(std::vector<Node*>& group) {
    std::sort(group.begin(), group.end(), [](Node* a, Node* b) { return a->isBefore(b); });
    std::optional<size_t> rank = groupRank(group);
    std::unordered_set<const Node*> in(group.begin(), group.end());
    std::vector<Node*> joined;
    for (Node* n = group.front(); n != group.back(); n = n->next()) {
      if (in.count(n) || assigned_.count(n) || reductions_.count(n) || chunks_.count(n) || cats_.count(n) ||
          !canFuse(n) || hasCat(group))
        continue;
      auto k = known(n->output());
      if (!k || !rank || k->rank != *rank) continue;
      GRAPH_DEBUG("merging ", *n, " (moved into the group) into it");
      joined.push_back(n);
      assigned_.insert(n);
    }
    group.insert(group.end(), joined.begin(), joined.end());
    std::sort(group.begin(), group.end(), [](Node* a, Node* b) { return a->isBefore(b); });
  }

  // A move that AliasDb accepts may carry other nodes along (even the move point), so a group's
  // members can end up split; each run of adjacent members is a valid group of its own.
  static std::vector<std::vector<Node*>> contiguousRuns(std::vector<Node*> members) {
    std::sort(members.begin(), members.end(), [](Node* a, Node* b) { return a->isBefore(b); });
    std::vector<std::vector<Node*>> runs;
    for (Node* n : members) {
      if (runs.empty() || runs.back().back()->next() != n) runs.emplace_back();
      runs.back().push_back(n);
    }
    return runs;
  }

  // ---- building the guarded group ----
  TypePtr typeOf(Value* v) const {
    if (auto k = known(v))
      return TensorType::fromDtypeAndRank(k->dtype, k->rank)->withDevice(Device())->withRequiresGrad(false);
    return v->type();
  }

  void materialize(const std::vector<Node*>& members) {
    std::unordered_set<const Node*> inGroup(members.begin(), members.end());
    std::vector<Value*> inputs, outputs;
    std::unordered_set<Value*> seenInputs;
    for (Node* n : members) {
      for (Value* v : n->inputs()) {
        // Number, string and None constants are copied into the subgraph; tensor constants are
        // inputs like any tensor (the kernel reads tensors from its inputs).
        bool copied = v->node()->kind() == prim::Constant && v->type()->kind() != TypeKind::TensorType;
        if (inGroup.count(v->node()) || copied || seenInputs.count(v)) continue;
        seenInputs.insert(v);
        inputs.push_back(v);
      }
      for (Value* o : n->outputs())
        for (const Use& u : o->uses())
          if (!inGroup.count(u.user)) {
            outputs.push_back(o);
            break;
          }
    }
    WithInsertPoint point(members.front());
    auto sub = buildSubgraph(members, inputs, outputs);

    // The guard: a TypeCheck over the tensor inputs.
    std::vector<Value*> checked;
    std::vector<TypePtr> checkTypes;
    for (Value* v : inputs)
      if (v->type()->kind() == TypeKind::TensorType) {
        checked.push_back(v);
        checkTypes.push_back(typeOf(v));
      }
    Node* check = graph_->insertNode(graph_->create(prim::TypeCheck, checked, checked.size() + 1));
    check->tys_(attr::types, checkTypes);
    std::unordered_map<Value*, Value*> typed;
    for (size_t i = 0; i < checked.size(); ++i) {
      check->output(i)->setType(checkTypes[i]);
      typed[checked[i]] = check->output(i);
    }
    check->output(checked.size())->setType(BoolType::get());

    Node* branch = graph_->insertNode(graph_->create(prim::If, {check->output(checked.size())}, outputs.size()));
    Block* fused = branch->addBlock();
    Block* unfused = branch->addBlock();
    {
      std::vector<Value*> groupInputs;
      for (Value* v : inputs) groupInputs.push_back(typed.count(v) ? typed[v] : v);
      Node* group = graph_->create(prim::TensorExprGroup, groupInputs, outputs.size());
      group->g_(attr::Subgraph, sub);
      fused->appendNode(group);
      for (size_t i = 0; i < outputs.size(); ++i) fused->registerOutput(group->output(i)->setType(typeOf(outputs[i])));
    }
    {
      std::unordered_map<Value*, Value*> map;
      for (Node* n : members) {
        Node* c = graph_->createClone(n, [&](Value* v) { return map.count(v) ? map[v] : v; });
        unfused->appendNode(c);
        for (size_t i = 0; i < n->outputs().size(); ++i) map[n->output(i)] = c->output(i);
      }
      for (Value* o : outputs) unfused->registerOutput(map[o]);
    }
    for (size_t i = 0; i < outputs.size(); ++i) {
      branch->output(i)->setType(typeOf(outputs[i]));
      if (outputs[i]->hasDebugName()) branch->output(i)->setDebugName(outputs[i]->debugNameBase());
      outputs[i]->replaceAllUsesWith(branch->output(i));
    }
    for (auto it = members.rbegin(); it != members.rend(); ++it) (*it)->destroy();
  }

  std::shared_ptr<Graph> buildSubgraph(const std::vector<Node*>& members, const std::vector<Value*>& inputs,
                                       const std::vector<Value*>& outputs) {
    auto sub = std::make_shared<Graph>();
    std::unordered_map<Value*, Value*> map;
    for (Value* v : inputs) {
      Value* in = sub->addInput(v->hasDebugName() ? v->debugNameBase() : "")->setType(typeOf(v));
      map[v] = in;
    }
    auto mapValue = [&](Value* v) -> Value* {
      if (auto it = map.find(v); it != map.end()) return it->second;
      // Constants are copied into the subgraph (PyTorch does the same).
      EMBER_ASSERT(v->node()->kind() == prim::Constant, "fusion group input without a mapping");
      Node* c = sub->createClone(v->node(), [](Value* x) { return x; });
      sub->prependNode(c);
      map[v] = c->output();
      return c->output();
    };
    for (Node* n : members) {
      Node* c = sub->createClone(n, mapValue);
      sub->appendNode(c);
      for (size_t i = 0; i < n->outputs().size(); ++i) {
        map[n->output(i)] = c->output(i);
        c->output(i)->setType(typeOf(n->output(i)));
      }
    }
    for (Value* o : outputs) sub->registerOutput(map[o]);
    return sub;
  }

  std::shared_ptr<Graph> graph_;
  AliasDb aliasDb_;
  size_t minGroupSize_;
  std::unordered_set<std::string> deny_;
  std::unordered_map<const Value*, KnownTensor> inferred_;
  std::unordered_set<const Node*> fusible_;
  std::unordered_set<const Node*> reductions_;  // may end a group
  std::unordered_set<const Node*> chunks_;      // aten::chunk + prim::ListUnpack pairs
  std::unordered_set<const Node*> cats_;        // prim::ListConstruct + aten::cat pairs (end a group)
  std::unordered_set<const Node*> assigned_;
};

}  // namespace

bool fuseTensorExprs(const std::shared_ptr<Graph>& graph, size_t minGroupSize) {
  if (!tensorExprFuserEnabled()) return false;
  bool changed = Fuser(graph, std::max<size_t>(minGroupSize, 1)).run();
  if (changed) GRAPH_DUMP("after fuse_tensorexprs", *graph);
  return changed;
}

void setTensorExprFuserEnabled(bool enabled) { enabledFlag().store(enabled); }
bool tensorExprFuserEnabled() { return enabledFlag().load(); }

}  // namespace ember::jit
