// The differentiable-graph stage of the specialised pipeline (see the header).
#include "runtime/autodiff/autodiff_stage.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <unordered_set>

#include "ember/core/function_schema.h"
#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "ember/runtime/grad_mode.h"
#include "passes/create_autodiff_subgraphs.h"
#include "passes/dead_code_elimination.h"
#include "passes/jit_log.h"
#include "passes/tensorexpr_fuser.h"
#include "runtime/autodiff/differentiate.h"

namespace ember::jit {

namespace {

std::atomic<bool>& enabledFlag() {
  static std::atomic<bool> flag{[] {
    const char* e = std::getenv("EMBER_AUTODIFF");
    return !(e && (std::strcmp(e, "off") == 0 || std::strcmp(e, "0") == 0 || std::strcmp(e, "false") == 0));
  }()};
  return flag;
}

bool guardsRequireGrad(const Block& block) {
  for (const Node* n : block.nodes()) {
    if (n->kind() != prim::TypeCheck && n->kind() != prim::RequiresGradCheck) continue;
    for (const TypePtr& t : n->tys(attr::types))
      if (auto tt = t->cast<TensorType>(); tt && tt->requiresGrad() && *tt->requiresGrad()) return true;
  }
  return false;
}

// Whether a value of this type may hold a tensor (lists, optionals, tuples of tensors, and types
// the check does not know do).
bool mayHoldTensor(const Type& t) {
  switch (t.kind()) {
    case TypeKind::IntType:
    case TypeKind::FloatType:
    case TypeKind::BoolType:
    case TypeKind::NoneType:
    case TypeKind::StringType:
    case TypeKind::DeviceObjType:
    case TypeKind::NumberType:
      return false;
    case TypeKind::ListType:
    case TypeKind::OptionalType:
    case TypeKind::TupleType:
      for (const TypePtr& c : t.containedTypes())
        if (mayHoldTensor(*c)) return true;
      return false;
    default:
      return true;
  }
}

// Whether the graph writes a tensor in place (requires_grad_ included): a value that does not
// require grad where it is defined may then require it later (x.requires_grad_(), or a copy_
// of such a tensor into a view of it), so no value is known not to.
bool writesTensors(const Block& block) {
  for (const Node* n : block.nodes()) {
    if (const FunctionSchema* s = n->maybeSchema(); s && s->isMutable()) return true;
    for (const Block* b : n->blocks())
      if (writesTensors(*b)) return true;
  }
  return false;
}

// Values that cannot require grad (in a graph that writes no tensor): guarded with
// requires_grad=0, or computed by a differentiable operator from such values and non-tensors.
// Other nodes are not trusted (a factory can make a tensor that requires grad).
void collectNoGrad(const Block& block, std::unordered_set<const Value*>& noGrad) {
  for (const Node* n : block.nodes()) {
    if (n->kind() == prim::TypeCheck) {
      const auto& types = n->tys(attr::types);
      for (size_t i = 0; i < types.size(); ++i)
        if (auto tt = types[i]->cast<TensorType>(); tt && tt->requiresGrad() && !*tt->requiresGrad())
          noGrad.insert(n->output(i));
      continue;
    }
    for (const Block* b : n->blocks()) collectNoGrad(*b, noGrad);
    if (!canDifferentiateNode(n)) continue;
    bool all = true;
    for (const Value* in : n->inputs())
      if (mayHoldTensor(*in->type()) && !noGrad.count(in)) all = false;
    if (all)
      for (const Value* out : n->outputs()) noGrad.insert(out);
  }
}

// Puts a group's nodes back where the group was (PyTorch's unmergeSubgraph).
void inlineGroup(Node* group) {
  Graph& g = *group->owningGraph();
  WithInsertPoint point(group);
  std::vector<Value*> outs = group->g(attr::Subgraph)->insertGraphInto(g, group->inputs());
  for (size_t i = 0; i < outs.size(); ++i) group->output(i)->replaceAllUsesWith(outs[i]);
  group->destroy();
}

void differentiateGroups(Block* block, const std::unordered_set<const Value*>& noGrad) {
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* n = *it;
    ++it;
    for (Block* b : n->blocks()) differentiateGroups(b, noGrad);
    if (n->kind() != prim::DifferentiableGraph) continue;
    std::shared_ptr<Graph> sub = n->g(attr::Subgraph);
    for (size_t i = 0; i < n->inputs().size(); ++i) {
      auto t = sub->inputs()[i]->type()->cast<TensorType>();
      if (t) sub->inputs()[i]->setType(t->withRequiresGrad(noGrad.count(n->input(i)) ? std::optional<bool>(false)
                                                                                      : std::nullopt));
    }
    try {
      differentiateNode(n);
    } catch (const std::exception& e) {
      // A group the differentiator cannot handle runs with eager recording, as if never grouped.
      GRAPH_UPDATE("JIT autodiff left a group inline: ", e.what());
      inlineGroup(n);
      continue;
    }
    // f runs with grad off: its tensors need none, and the fuser may take its pointwise chains.
    std::shared_ptr<Graph> f = n->g(attr::Subgraph);
    for (Value* in : f->inputs())
      if (auto t = in->type()->cast<TensorType>()) in->setType(t->withRequiresGrad(false));
    fuseTensorExprs(f);
  }
}

}  // namespace

void setAutodiffEnabled(bool enabled) { enabledFlag().store(enabled); }
bool getAutodiffEnabled() { return enabledFlag().load(); }

bool splitDifferentiableGraphs(const std::shared_ptr<Graph>& graph, bool profiledRequiresGrad) {
  if (!getAutodiffEnabled() || !isGradEnabled()) return false;
  if (!profiledRequiresGrad && !guardsRequireGrad(*graph->block())) return false;
  std::unordered_set<const Value*> noGrad;
  const bool writes = writesTensors(*graph->block());
  if (!writes) collectNoGrad(*graph->block(), noGrad);
  if (!createAutodiffSubgraphs(graph, getAutodiffSubgraphThreshold(), /*viewsStayOutside=*/writes)) return false;
  differentiateGroups(graph->block(), noGrad);
  eliminateDeadCode(graph);  // constants only the groups read
  GRAPH_DUMP("After splitting differentiable graphs:", graph);
  return true;
}

}  // namespace ember::jit
