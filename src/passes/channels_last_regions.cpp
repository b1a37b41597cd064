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
// Entries of this many channels or fewer that only convolutions read stay NCHW (imageEntry):
// oneDNN's direct kernels take an NCHW image as it is (conv_onednn.cpp, its 8-channel limit).
constexpr int64_t kImageChannels = 8;

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
    for (const char* name :
         {"conv2d", "batch_norm", "relu", "relu_", "hardtanh", "hardtanh_", "silu", "silu_", "sigmoid", "sigmoid_",
          "hardswish", "hardswish_", "gelu", "max_pool2d", "avg_pool2d", "adaptive_avg_pool2d"})
      s.insert(Symbol::aten(name));
    return s;
  }();
  return ops;
}

const std::unordered_set<Symbol>& binaryAgnosticOps() {
  static const std::unordered_set<Symbol> ops = {Symbol::aten("add"),  Symbol::aten("add_"), Symbol::aten("mul"),
                                                 Symbol::aten("mul_"), Symbol::aten("sub"),  Symbol::aten("sub_")};
  return ops;
}

// Uses that read only sizes, rank, dtype or device: the same answer in either format.
bool isShapeOnlyUse(const Node* n) {
  static const std::unordered_set<Symbol> ops = {Symbol::aten("size"), Symbol::aten("dim"), Symbol::aten("numel"),
                                                 Symbol::prim("dtype"), Symbol::prim("device")};
  return ops.count(n->kind()) != 0;
}

bool isBinaryOp(const Node* n) { return binaryAgnosticOps().count(n->kind()) != 0; }

// aten::cat(tensors, 1) of a list of tensors.
bool isChannelCat(const Node* n) {
  static const Symbol cat = Symbol::aten("cat");
  if (!n || n->kind() != cat || n->inputs().size() != 2) return false;
  auto list = n->input(0)->type()->cast<ListType>();
  auto dim = toIValue(n->input(1));
  return list && list->getElementType()->kind() == TypeKind::TensorType && dim && dim->isInt() && dim->toInt() == 1;
}

// `type` with the strides of a dense channels-last tensor of its sizes; null unless it is a
// tensor type with four known sizes.
TypePtr withChannelsLastStrides(const TypePtr& type) {
  auto t = type->cast<TensorType>();
  if (!t || !t->sizes() || t->sizes()->size() != 4) return nullptr;
  const auto& s = *t->sizes();
  if (!s[1] || !s[2] || !s[3]) return nullptr;
  const int64_t c = *s[1], h = *s[2], w = *s[3];
  return t->withSizesStrides(t->sizes(), std::vector<std::optional<int64_t>>{h * w * c, 1, w * c, c});
}

const Node* onlyUser(const Value* v) { return v->uses().size() == 1 ? v->uses()[0].user : nullptr; }

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
  std::vector<Node*> nodes;  // agnostic ops and the prim::If nodes the region flows through
  std::unordered_set<const Node*> members;
  ValueSet values;  // the region's values: outputs of its ops, the If outputs it flows through
};

// Connected components of agnostic ops linked by activations, across the blocks of prim::If
// nodes: an If output whose every branch returns a region value is a region value too (a
// module's `if self.use_res_connect:` is an If until the module is frozen).
class RegionCollector {
 public:
  // Regions with fewer convolutions than `minConvolutions` are dropped.
  std::vector<Region> collect(Block* top, size_t minConvolutions) {
    visit(top);
    std::unordered_map<size_t, size_t> regionOf;
    std::vector<Region> out;
    for (size_t i = 0; i < nodes_.size(); ++i) {
      auto [it, fresh] = regionOf.emplace(find(i), out.size());
      if (fresh) out.emplace_back();
      Region& r = out[it->second];
      r.nodes.push_back(nodes_[i]);
      r.members.insert(nodes_[i]);
      for (Value* o : nodes_[i]->outputs())
        if (values_.count(o)) r.values.insert(o);
    }
    out.erase(std::remove_if(out.begin(), out.end(),
                             [&](const Region& r) {
                               const auto convs = std::count_if(r.nodes.begin(), r.nodes.end(), isConvolution);
                               return static_cast<size_t>(convs) < minConvolutions;
                             }),
              out.end());
    return out;
  }

 private:
  size_t find(size_t i) {
    while (parent_[i] != i) i = parent_[i] = parent_[parent_[i]];
    return i;
  }
  void join(size_t a, size_t b) { parent_[find(a)] = find(b); }
  size_t add(Node* n) {
    const size_t id = nodes_.size();
    nodes_.push_back(n);
    parent_.push_back(id);
    index_[n] = id;
    return id;
  }
  // The id of the member producing `v`, when v is a region value.
  std::optional<size_t> producer(const Value* v) const {
    if (!values_.count(v)) return std::nullopt;
    return index_.at(v->node());
  }

  // Nothing inside a loop body joins a region: "runs after" has no meaning across iterations
  // (the next iteration's region ops would read a value an outside op has written meanwhile);
  // values used in a loop leave the region before it.
  void visit(Block* block) {
    for (Node* n : block->nodes()) {
      if (n->kind() == prim::Loop) continue;
      for (Block* b : n->blocks()) visit(b);
      if (n->kind() == prim::If) {
        visitIf(n);
        continue;
      }
      auto acts = channelsLastAgnosticInputs(n);
      if (!acts) continue;
      const size_t id = add(n);
      values_.insert(n->output());
      for (size_t i : *acts)
        if (auto p = producer(n->input(i))) join(*p, id);
    }
  }

  void visitIf(Node* n) {
    std::optional<size_t> id;
    for (size_t k = 0; k < n->outputs().size(); ++k) {
      std::vector<size_t> sources;
      for (Block* b : n->blocks())
        if (auto p = producer(b->returnNode()->input(k))) sources.push_back(*p);
      if (sources.size() != n->blocks().size() || sources.empty()) continue;
      if (!id) id = add(n);
      values_.insert(n->output(k));
      for (size_t p : sources) join(p, *id);
    }
  }

  std::vector<Node*> nodes_;
  std::vector<size_t> parent_;
  std::unordered_map<const Node*, size_t> index_;
  ValueSet values_;
};

// The node of `block` that is or contains `n` (the block's return node for its own returns);
// nullptr when n is not inside `block`.
Node* ancestorIn(Node* n, const Block* block) {
  while (n && n->owningBlock() != block) n = n->owningBlock()->owningNode();
  return n;
}

// The innermost block holding every node of `users` (at any depth) and the earliest and latest
// of their ancestors in it.
struct Span {
  Block* block;
  Node* first;
  Node* last;
};
Span spanOf(const std::vector<Node*>& users) {
  Block* block = users.front()->owningBlock();
  auto holdsAll = [&](const Block* b) {
    return std::all_of(users.begin(), users.end(), [&](Node* u) { return ancestorIn(u, b) != nullptr; });
  };
  while (!holdsAll(block)) block = block->owningNode()->owningBlock();
  Span span{block, nullptr, nullptr};
  for (Node* u : users) {
    Node* a = ancestorIn(u, block);
    if (!span.first || a->isBefore(span.first)) span.first = a;
    if (!span.last || a->isAfter(span.last)) span.last = a;
  }
  return span;
}

void forEachNode(Block* block, const std::function<void(Node*)>& fn) {
  for (Node* n : block->nodes()) {
    fn(n);
    for (Block* b : n->blocks()) forEachNode(b, fn);
  }
}

struct Exit {
  Value* value;
  Node* point;  // the conversion goes before it, in the block defining the value
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
      const auto acts = channelsLastAgnosticInputs(n);
      if (!acts) continue;  // an If the region flows through
      for (size_t i : *acts) {
        Value* v = n->input(i);
        if (region_.values.count(v) || std::find(entries_.begin(), entries_.end(), v) != entries_.end()) continue;
        if (isProfiledNchw(v)) {
          entries_.push_back(v);
        } else if (!isBinaryOp(n)) {
          GRAPH_DEBUG("channels-last region left alone: entry %", v->debugName(), " is not profiled NCHW");
          return false;
        }
      }
    }
    for (Value* e : entries_) {
      std::vector<Node*> users;
      for (const Use& u : e->uses())
        if (inRegion(u.user)) users.push_back(u.user);
      for (Node* n : users)
        if (writesActivation(n) && aliasDb_.mayAlias(n->input(0), e)) {
          GRAPH_DEBUG("channels-last region left alone: ", n->kind().toQualString(), " writes to entry %",
                      e->debugName());
          return false;
        }
      // The copy is read from the conversion to the last region use: nothing may write the
      // entry in between.
      const Span span = spanOf(users);
      const ValueSet entry{e};
      for (Node* n = span.first; n != span.last; n = n->next())
        if (aliasDb_.writesToAlias(n, entry)) {
          GRAPH_DEBUG("channels-last region left alone: ", n->kind().toQualString(), " writes to entry %",
                      e->debugName(), " while the region reads it");
          return false;
        }
      firstUses_.push_back(span.first);
    }
    return !entries_.empty();
  }

  // An op outside the region that writes to a region value (through a view of it, say) must run
  // after every region op: it then writes the NCHW copy that all leaving uses of the value share,
  // and no region op reads the value again. (Copies of two aliasing values would not share the
  // write, hence planExits' check.)
  bool checkOutsideWriters() {
    Node* writer = nullptr;
    forEachNode(graph_->block(), [&](Node* n) {
      // A node with blocks writes through the nodes in them, which are visited themselves (the
      // region's own block is inside one).
      if (writer || !n->blocks().empty() || inRegion(n) || !aliasDb_.writesToAlias(n, region_.values)) return;
      if (exclusiveWithRegion(n)) return;
      outsideWrites_ = true;
      if (!runsAfterRegion(n)) writer = n;
    });
    if (writer)
      GRAPH_DEBUG("channels-last region left alone: ", writer->kind().toQualString(),
                  " outside it writes to its values");
    return !writer;
  }

  bool runsAfterRegion(Node* n) const {
    return std::all_of(region_.nodes.begin(), region_.nodes.end(), [&](Node* m) {
      const Span span = spanOf({m, n});
      Node* an = ancestorIn(n, span.block);
      Node* am = ancestorIn(m, span.block);
      return an != am && an->isAfter(am);
    });
  }

  // In another branch of an If than every region op: never runs with the region (the guard's
  // fallback graph, which AliasDb sees writing to anything, is in the other branch of the
  // guard's If).
  bool exclusiveWithRegion(Node* n) const {
    return std::all_of(region_.nodes.begin(), region_.nodes.end(), [&](Node* m) {
      const Span span = spanOf({m, n});
      Node* an = ancestorIn(n, span.block);
      return an == ancestorIn(m, span.block) && an->kind() == prim::If && branchOf(n, an) != branchOf(m, an);
    });
  }

  // The block of `ancestor` that holds `n`.
  static const Block* branchOf(Node* n, const Node* ancestor) {
    while (n->owningBlock()->owningNode() != ancestor) n = n->owningBlock()->owningNode();
    return n->owningBlock();
  }

  // A use that stays inside the region: by a region op, or returned by a branch of an If the
  // region flows through, as an output that is a region value.
  bool isInternalUse(const Use& u) const {
    if (inRegion(u.user)) return true;
    if (u.user->kind() != prim::Return) return false;
    const Node* owner = u.user->owningBlock()->owningNode();
    return owner && inRegion(owner) && region_.values.count(owner->output(u.offset));
  }

  bool planExits() {
    for (Node* n : region_.nodes)
      for (Value* v : n->outputs()) {
        if (!region_.values.count(v)) continue;
        Block* block = v->node()->owningBlock();
        Exit exit{v, nullptr, {}};
        for (const Use& u : v->uses()) {
          if (isInternalUse(u) || isShapeOnlyUse(u.user)) continue;
          Node* at = ancestorIn(u.user, block);
          if (!exit.point || at->isBefore(exit.point)) exit.point = at;
          exit.uses.push_back(u);
        }
        if (exit.uses.empty()) continue;
        if (writtenAfter(v, exit.point)) {
          GRAPH_DEBUG("channels-last region left alone: %", v->debugName(), " is written after it leaves");
          return false;
        }
        exits_.push_back(std::move(exit));
      }
    if (outsideWrites_)
      for (size_t i = 0; i < exits_.size(); ++i)
        for (size_t j = i + 1; j < exits_.size(); ++j)
          if (aliasDb_.mayAlias(exits_[i].value, exits_[j].value)) {
            GRAPH_DEBUG("channels-last region left alone: written values leave it twice");
            return false;
          }
    return true;
  }

  // Whether a region op that may run after `point` writes to v (the NCHW copy would miss it).
  bool writtenAfter(Value* v, Node* point) {
    const ValueSet leaving{v};
    for (Node* m : region_.nodes) {
      if (!channelsLastAgnosticInputs(m) || !aliasDb_.writesToAlias(m, leaving)) continue;
      Node* at = ancestorIn(m, point->owningBlock());
      if (!at || at == point || at->isAfter(point)) return true;
    }
    return false;
  }

  Value* insertContiguous(Value* v, int64_t format, Node* before) {
    WithInsertPoint guard(before);
    Value* mf = graph_->insertConstant(IValue(static_cast<int64_t>(format)));
    Node* c = graph_->insertNode(graph_->create(Symbol::aten("contiguous"), {v, mf}));
    return c->output();
  }

  // An entry of at most kImageChannels channels read only as the activation of convolutions:
  // an image into a network's stem.
  bool imageEntry(Value* e) const {
    const auto& sizes = *e->type()->cast<TensorType>()->sizes();  // profiled NCHW (planEntries)
    if (!sizes[1] || *sizes[1] > kImageChannels) return false;
    for (const Use& u : e->uses())
      if (inRegion(u.user) && (!isConvolution(u.user) || u.offset != 0)) return false;
    return true;
  }

  // The convolutions reading an image entry keep it NCHW and get channels-last weights instead:
  // a convolution's result is channels-last when its input or its weight is (as in PyTorch),
  // and oneDNN reads an NCHW image directly, faster than a channels-last one plus the conversion
  // (resnet18's 7x7 stem, 1 thread: 1.81 against 2.14 ms with the conversion). The weights' copy
  // is small (64x3x7x7).
  void convertWeightsOfImageReaders(Value* e) {
    std::vector<Node*> readers;
    for (const Use& u : e->uses())
      if (inRegion(u.user)) readers.push_back(u.user);
    for (Node* n : readers) {
      Value* w = n->input(1);
      Value* converted = insertContiguous(w, kChannelsLast, n);
      TypePtr channelsLast = withChannelsLastStrides(w->type());
      converted->setType(channelsLast ? channelsLast : w->type());
      n->replaceInput(1, converted);
      GRAPH_UPDATE("Channels-last weights %", converted->debugName(), " for the image entry %", e->debugName());
    }
  }

  void rewrite() {
    for (size_t i = 0; i < entries_.size(); ++i) {
      Value* e = entries_[i];
      if (imageEntry(e)) {
        convertWeightsOfImageReaders(e);
        continue;
      }
      Value* converted = insertContiguous(e, kChannelsLast, firstUses_[i]);
      converted->setType(withChannelsLastStrides(e->type()));  // entries have complete 4-D sizes
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
  bool outsideWrites_ = false;
  std::vector<Exit> exits_;
};

}  // namespace

std::optional<std::vector<size_t>> channelsLastAgnosticInputs(const Node* n) {
  if (n->outputs().size() != 1 || n->inputs().empty()) return std::nullopt;
  // cat on dim 1 keeps channels-last; its tensors come in a list built for it alone, which is
  // part of the region as well (the list's elements are its activations).
  if (n->kind() == prim::ListConstruct && isChannelCat(onlyUser(n->output()))) {
    std::vector<size_t> all(n->inputs().size());
    std::iota(all.begin(), all.end(), size_t{0});
    return all;
  }
  if (isChannelCat(n) && n->input(0)->node()->kind() == prim::ListConstruct &&
      onlyUser(n->input(0)) == n)
    return std::vector<size_t>{0};
  if (!isTensor(n->input(0))) return std::nullopt;
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

bool channelsLastRegions(const std::shared_ptr<Graph>& graph, size_t minConvolutions) {
  std::vector<Region> regions = RegionCollector().collect(graph->block(), std::max<size_t>(1, minConvolutions));
  GRAPH_DEBUG("ChannelsLastRegions: ", regions.size(), " candidate regions");
  bool changed = false;
  // One AliasDb per region: the conversions of one region are new to an AliasDb built before.
  for (const Region& region : regions) changed |= RegionRewriter(graph, region).run();
  if (changed) GRAPH_DUMP("After ChannelsLastRegions: ", graph);
  return changed;
}

}  // namespace ember::jit
