// propagate_dtype / propagate_device: shape propagation on a copy of the graph, then one
// property of each tensor type copied back (see dtype_device_propagation.h).
#include "passes/dtype_device_propagation.h"

#include "ember/core/type.h"
#include "ember/ir/ir.h"
#include "passes/jit_log.h"
#include "passes/shape_analysis.h"

namespace ember::jit {

namespace {

enum class Property { Dtype, Device };

// `ours` with the chosen property of `analysed`, when the analysis found it.
TypePtr withProperty(const TypePtr& ours, const TypePtr& analysed, Property p) {
  auto mine = std::dynamic_pointer_cast<TensorType>(ours);
  auto found = std::dynamic_pointer_cast<TensorType>(analysed);
  if (!mine || !found) return ours;
  if (p == Property::Dtype) return found->scalarType() ? mine->withScalarType(found->scalarType()) : ours;
  return found->device() ? mine->withDevice(found->device()) : ours;
}

class Copier {
 public:
  explicit Copier(Property p) : property_(p) {}

  // `ours` and `analysed` are the same block of the graph and of its analysed copy.
  void block(Block* ours, Block* analysed) {
    values(ours->inputs(), analysed->inputs());
    auto a = analysed->nodes().begin();
    for (Node* n : ours->nodes()) {
      Node* m = *a;
      ++a;
      values(n->outputs(), m->outputs());
      for (size_t i = 0; i < n->blocks().size(); ++i) block(n->blocks()[i], m->blocks()[i]);
    }
  }

  bool changed() const { return changed_; }

 private:
  template <typename Values>
  void values(const Values& ours, const Values& analysed) {
    for (size_t i = 0; i < ours.size(); ++i) {
      TypePtr t = withProperty(ours[i]->type(), analysed[i]->type(), property_);
      if (t->equals(*ours[i]->type())) continue;
      ours[i]->setType(t);
      changed_ = true;
    }
  }

  Property property_;
  bool changed_ = false;
};

bool propagateOne(const std::shared_ptr<Graph>& graph, Property p) {
  std::shared_ptr<Graph> analysed = graph->copy();
  propagateShapesOnGraph(analysed);
  Copier copier(p);
  copier.block(graph->block(), analysed->block());
  GRAPH_DUMP(p == Property::Dtype ? "After dtype propagation: " : "After device propagation: ", graph);
  return copier.changed();
}

}  // namespace

bool propagateDtype(const std::shared_ptr<Graph>& graph) { return propagateOne(graph, Property::Dtype); }

bool propagateDevice(const std::shared_ptr<Graph>& graph) { return propagateOne(graph, Property::Device); }

}  // namespace ember::jit
