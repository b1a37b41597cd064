// Packing the weights of a module's linear layers before its first call (ember/api/prepack.h).
#include "ember/api/prepack.h"

#include <optional>
#include <unordered_set>
#include <vector>

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "tensor/linear_onednn.h"

namespace ember::jit {

namespace {

// The operand positions of the weights each operator runs on the packed linear route.
const std::vector<size_t>* weightOperands(Symbol kind) {
  static const Symbol linear = Symbol::aten("linear");
  static const Symbol encoderLayer = Symbol::aten("_transformer_encoder_layer_fwd");
  static const Symbol attention = Symbol::aten("_native_multi_head_attention");
  static const std::vector<size_t> linearWeights{1};
  static const std::vector<size_t> encoderWeights{3, 5, 14, 16};  // qkv, out projection, feed-forward 1, 2
  static const std::vector<size_t> attentionWeights{5, 7};        // qkv, out projection
  if (kind == linear) return &linearWeights;
  if (kind == encoderLayer) return &encoderWeights;
  if (kind == attention) return &attentionWeights;
  return nullptr;
}

// The value `v` holds when the method runs on `self`: `self` itself, an attribute reached from it
// through prim::GetAttr nodes, or a constant; nullopt for anything computed.
std::optional<IValue> staticValue(const Value* v, const Value* selfValue, const Module& self) {
  if (v == selfValue) return self.ivalue();
  const Node* n = v->node();
  if (n->kind() == prim::Constant) return toIValue(v);
  if (n->kind() != prim::GetAttr) return std::nullopt;
  std::optional<IValue> holder = staticValue(n->input(0), selfValue, self);
  if (!holder || !holder->isObject()) return std::nullopt;
  const auto& object = holder->toObject();
  const std::string& name = n->s(attr::name);
  if (!object->type->hasAttribute(name)) return std::nullopt;
  return object->getAttr(name);
}

class WeightPacker {
 public:
  size_t packed() const { return packed_; }

  void visitModule(const Module& m) {
    for (const Method& method : m.get_methods())
      if (std::shared_ptr<Graph> g = method.graph()) visitBlock(g->block(), g->inputs()[0], m);
  }

 private:
  void visitBlock(const Block* block, const Value* selfValue, const Module& self) {
    for (const Node* n : block->nodes()) {
      for (const Block* sub : n->blocks()) visitBlock(sub, selfValue, self);
      const std::vector<size_t>* operands = weightOperands(n->kind());
      if (!operands) continue;
      for (size_t i : *operands) {
        if (i >= n->inputs().size()) continue;
        std::optional<IValue> w = staticValue(n->input(i), selfValue, self);
        if (w && w->isTensor()) pack(w->toTensor());
      }
    }
  }

  void pack(const Tensor& weight) {
    // A weight shared by several layers (tied weights) is packed and counted once.
    if (!weight.defined() || !seen_.insert(weight.impl()).second) return;
    if (linalg::prepackLinearWeight(weight)) ++packed_;
  }

  std::unordered_set<const void*> seen_;
  size_t packed_ = 0;
};

}  // namespace

size_t prepack_weights(const Module& module) {
  if (module.is_training()) return 0;
  WeightPacker packer;
  for (const Module& m : module.modules()) packer.visitModule(m);
  return packer.packed();
}

}  // namespace ember::jit
