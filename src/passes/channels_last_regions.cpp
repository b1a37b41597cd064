#include "passes/channels_last_regions.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <unordered_map>
#include <unordered_set>

#include "ember/core/symbols.h"
#include "ember/core/type.h"
#include "ember/ir/alias_analysis.h"
#include "ember/ir/ir.h"
#include "passes/jit_log.h"
#include "passes/jit_opt_limit.h"

namespace ember::jit {
namespace {

constexpr int64_t kContiguousFormat = 0;  // torch.contiguous_format
constexpr int64_t kChannelsLast = 2;      // torch.channels_last

bool isTensor(const Value* v) { return v->type()->kind() == TypeKind::TensorType; }

bool isConvolution(const Node* n) {
  static const Symbol conv2d = Symbol::aten("conv2d");
  if (n->kind() == conv2d) return true;
  // ember's fused convolutions (ember::conv2d_fused and its kin) keep conv2d's leading inputs.
  return n->kind().nsName() == "ember" && n->kind().toUnqualString().rfind("conv2d", 0) == 0;
}

// Ops whose only activation is their first input and whose output keeps its memory format.
const std::unordered_set<Symbol>& unaryAgnosticOps() {
  static const std::unordered_set<Symbol> ops = [] {
    std::unordered_set<Symbol> s;
    for (const char* name : {"conv2d", "batch_norm", "relu", "relu_", "hardtanh", "hardtanh_", "silu", "silu_",
                             "sigmoid", "sigmoid_", "hardswish", "hardswish_", "gelu", "max_pool2d", "avg_pool2d",
                             "adaptive_avg_pool2d"})
      s.insert(Symbol::aten(name));
    return s;
  }();
  return ops;
}

const std::unordered_set<Symbol>& binaryAgnosticOps() {
  static const std::unordered_set<Symbol> ops = {Symbol::aten("add"), Symbol::aten("add_"), Symbol::aten("mul"),
                                                 Symbol::aten("mul_"), Symbol::aten("sub"), Symbol::aten("sub_")};
  return ops;
}

// Uses that read only sizes, rank, dtype or device: the same answer in either format.
bool isShapeOnlyUse(const Node* n) {
  static const std::unordered_set<Symbol> ops = {Symbol::aten("size"), Symbol::aten("dim"), Symbol::aten("numel"),
                                                 Symbol::prim("dtype"), Symbol::prim("device")};
  return ops.count(n->kind()) != 0;
}

bool isBinaryOp(const Node* n) { return binaryAgnosticOps().count(n->kind()) != 0; }

// Profiled as a 4-D float32 tensor with NCHW-contiguous strides that does not require grad.
bool isProfiledNchw(const Value* v) {
  auto t = v->type()->cast<TensorType>();
  if (!t || t->scalarType() != ScalarType::Float || !t->sizes() || !t->strides()) return false;
  if (!t->requiresGrad() || *t->requiresGrad()) return false;
  const auto& sizes = *t->sizes();
  const auto& strides = *t->strides();
  if (sizes.size() != 4 || strides.size() != 4) return false;
  int64_t expected = 1;
  for (int d = 3; d >= 0; --d) {
    if (!sizes[d] || !strides[d]) return false;
    if (*sizes[d] != 1 && *strides[d] != expected) return false;
    expected *= *sizes[d];
  }
  return true;
}

struct Region {
  Block* block = nullptr;
  std::vector<Node*> nodes;  // in block order
  std::unordered_set<const Node*> members;
};

// Connected components of agnostic nodes of one block, linked by activations.
void collectRegions(Block* block, std::vector<Region>& out) {
  std::vector<Node*> nodes;
  std::unordered_map<const Node*, size_t> index;
  std::vector<size_t> parent;
  auto find = [&](size_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (Node* n : block->nodes()) {
    for (Block* b : n->blocks()) collectRegions(b, out);
    auto acts = channelsLastAgnosticInputs(n);
    if (!acts) continue;
    const size_t id = nodes.size();
    nodes.push_back(n);
    parent.push_back(id);
    index[n] = id;
    for (size_t i : *acts) {
      auto it = index.find(n->input(i)->node());
      if (it != index.end()) parent[find(it->second)] = find(id);
    }
  }
  std::unordered_map<size_t, size_t> regionOf;
  const size_t first = out.size();
  for (size_t i = 0; i < nodes.size(); ++i) {
    auto [it, fresh] = regionOf.emplace(find(i), out.size());
    if (fresh) out.push_back(Region{block, {}, {}});
    out[it->second].nodes.push_back(nodes[i]);
    out[it->second].members.insert(nodes[i]);
  }
  // Only regions with a convolution pay for their conversions.
  out.erase(std::remove_if(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
                           [](const Region& r) { return std::none_of(r.nodes.begin(), r.nodes.end(), isConvolution); }),
            out.end());
}

// The node of `block` that is or contains `n` (the block's return node for its own returns).
Node* ancestorIn(Node* n, const Block* block) {
  while (n->owningBlock() != block) n = n->owningBlock()->owningNode();
  return n;
}

void forEachNode(Block* block, const std::function<void(Node*)>& fn) {
  for (Node* n : block->nodes()) {
    fn(n);
    for (Block* b : n->blocks()) forEachNode(b, fn);
  }
}

struct Exit {
  Value* value;
  Node* point;  // the conversion goes before it
  std::vector<Use> uses;
};

class RegionRewriter {
 public:
  RegionRewriter(const std::shared_ptr<Graph>& graph, const Region& region)
      : graph_(graph), region_(region), aliasDb_(graph) {}

  bool run() {
    if (!planEntries() || !checkOutsideWriters() || !planExits()) return false;
    if (!JIT_OPT_ALLOWED) return false;
    rewrite();
    return true;
  }

 private:
  bool inRegion(const Node* n) const { return region_.members.count(n) != 0; }

  // The in-place forms (relu_, add_, ...) write their first input. The other region ops write
  // nothing but batch_norm's running statistics: in a module that is not frozen those are
  // wildcards to AliasDb, as is an input, and asking about every write would refuse every region.
  static bool writesActivation(const Node* n) {
    const std::string_view name = n->kind().toUnqualString();
    return !name.empty() && name.back() == '_' && name.find("__") == std::string_view::npos;
  }

  // Entries to convert; false when one cannot be (an activation of unknown layout) or must not
  // be (written in place).
  bool planEntries() {
    for (Node* n : region_.nodes) {
      const std::vector<size_t> acts = *channelsLastAgnosticInputs(n);
      for (size_t i : acts) {
        Value* v = n->input(i);
        if (inRegion(v->node()) || std::find(entries_.begin(), entries_.end(), v) != entries_.end()) continue;
        if (isProfiledNchw(v)) {
          entries_.push_back(v);
        } else if (!isBinaryOp(n)) {
          GRAPH_DEBUG("channels-last region left alone: entry %", v->debugName(), " is not profiled NCHW");
          return false;
        }
      }
    }
    for (Value* e : entries_) {
      const ValueSet entry{e};
      Node* firstUse = nullptr;
      Node* lastUse = nullptr;
      for (const Use& u : e->uses())
        if (inRegion(u.user)) {
          if (!firstUse || u.user->isBefore(firstUse)) firstUse = u.user;
          if (!lastUse || u.user->isAfter(lastUse)) lastUse = u.user;
        }
      for (Node* n : region_.nodes)
        if (writesActivation(n) && aliasDb_.mayAlias(n->input(0), e)) {
          GRAPH_DEBUG("channels-last region left alone: ", n->kind().toQualString(), " writes to entry %",
                      e->debugName());
          return false;
        }
      for (Node* n = firstUse; n != lastUse; n = n->next())
        if (aliasDb_.writesToAlias(n, entry)) return false;
      firstUses_.push_back(firstUse);
    }
    return !entries_.empty();
  }

  bool checkOutsideWriters() {
    for (Node* n : region_.nodes)
      for (Value* o : n->outputs()) values_.insert(o);
    Node* writer = nullptr;
    forEachNode(graph_->block(), [&](Node* n) {
      // A node with blocks writes through the nodes in them, which are visited themselves (the
      // region's own block is inside one).
      if (!writer && n->blocks().empty() && !inRegion(n) && aliasDb_.writesToAlias(n, values_)) writer = n;
    });
    if (writer)
      GRAPH_DEBUG("channels-last region left alone: ", writer->kind().toQualString(), " outside it writes to its values");
    return !writer;
  }

  bool planExits() {
    for (Node* n : region_.nodes)
      for (Value* v : n->outputs()) {
        Exit exit{v, nullptr, {}};
        for (const Use& u : v->uses()) {
          if (inRegion(u.user) || isShapeOnlyUse(u.user)) continue;
          Node* at = ancestorIn(u.user, region_.block);
          if (!exit.point || at->isBefore(exit.point)) exit.point = at;
          exit.uses.push_back(u);
        }
        if (exit.uses.empty()) continue;
        // A region op writing to the value after it left would miss the NCHW copy.
        const ValueSet leaving{v};
        for (Node* m : region_.nodes)
          if (m->isAfter(exit.point) && aliasDb_.writesToAlias(m, leaving)) {
            GRAPH_DEBUG("channels-last region left alone: %", v->debugName(), " is written after it leaves");
            return false;
          }
        exits_.push_back(std::move(exit));
      }
    return true;
  }

  Value* insertContiguous(Value* v, int64_t format, Node* before) {
    WithInsertPoint guard(before);
    Value* mf = graph_->insertConstant(IValue(static_cast<int64_t>(format)));
    Node* c = graph_->insertNode(graph_->create(Symbol::aten("contiguous"), {v, mf}));
    return c->output();
  }

  void rewrite() {
    for (size_t i = 0; i < entries_.size(); ++i) {
      Value* e = entries_[i];
      Value* converted = insertContiguous(e, kChannelsLast, firstUses_[i]);
      auto t = e->type()->cast<TensorType>();
      const auto& s = *t->sizes();
      const int64_t c = *s[1], h = *s[2], w = *s[3];
      converted->setType(t->withSizesStrides(t->sizes(), std::vector<std::optional<int64_t>>{h * w * c, 1, w * c, c}));
      for (Node* n : region_.nodes) n->replaceInputWith(e, converted);
      GRAPH_UPDATE("Channels-last entry %", e->debugName(), " -> %", converted->debugName());
    }
    for (Exit& exit : exits_) {
      Value* nchw = insertContiguous(exit.value, kContiguousFormat, exit.point);
      nchw->setType(exit.value->type());
      for (const Use& u : exit.uses) u.user->replaceInput(u.offset, nchw);
      GRAPH_UPDATE("Channels-last exit %", exit.value->debugName(), " -> %", nchw->debugName());
    }
  }

  std::shared_ptr<Graph> graph_;
  const Region& region_;
  AliasDb aliasDb_;
  std::vector<Value*> entries_;
  std::vector<Node*> firstUses_;
  ValueSet values_;
  std::vector<Exit> exits_;
};

}  // namespace

std::optional<std::vector<size_t>> channelsLastAgnosticInputs(const Node* n) {
  if (n->inputs().empty() || !isTensor(n->input(0)) || n->outputs().size() != 1) return std::nullopt;
  if (unaryAgnosticOps().count(n->kind())) return std::vector<size_t>{0};
  if (isConvolution(n)) {
    // conv2d_fused's residual (input 7) is an activation too when present.
    if (n->inputs().size() > 7 && isTensor(n->input(7))) return std::vector<size_t>{0, 7};
    return std::vector<size_t>{0};
  }
  if (isBinaryOp(n)) {
    if (n->inputs().size() >= 2 && isTensor(n->input(1))) return std::vector<size_t>{0, 1};
    return std::vector<size_t>{0};
  }
  static const Symbol dropout = Symbol::aten("dropout");
  if (n->kind() == dropout && n->inputs().size() == 3) {
    // Only in eval: training draws its mask in memory order.
    auto train = toIValue(n->input(2));
    if (train && train->isBool() && !train->toBool()) return std::vector<size_t>{0};
  }
  return std::nullopt;
}

bool channelsLastRegions(const std::shared_ptr<Graph>& graph) {
  std::vector<Region> regions;
  collectRegions(graph->block(), regions);
  GRAPH_DEBUG("ChannelsLastRegions: ", regions.size(), " candidate regions");
  bool changed = false;
  // One AliasDb per region: the conversions of one region are new to an AliasDb built before.
  for (const Region& region : regions) changed |= RegionRewriter(graph, region).run();
  if (changed) GRAPH_DUMP("After ChannelsLastRegions: ", graph);
  return changed;
}

}  // namespace ember::jit
