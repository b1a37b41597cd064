// Block: a list of nodes with inputs (its Param node's outputs) and outputs (its Return
// node's inputs).
#include <limits>
#include <unordered_map>

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"

namespace ember::jit {

Block::Block(Graph* graph, Node* owningNode)
    : graph_(graph),
      output_(graph->create(prim::Return, 0)),
      input_(graph->create(prim::Param, 0)),
      owningNode_(owningNode) {
  output_->owningBlock_ = this;
  output_->next_ = output_->prev_ = output_;  // Note [Node lists]: the empty circular list
  output_->topoPosition_ = std::numeric_limits<int64_t>::max();
  input_->owningBlock_ = this;
  input_->topoPosition_ = std::numeric_limits<int64_t>::min();
}

Value* Block::addInput(const std::string& name) {
  Value* v = input_->addOutput();
  v->setDebugName(name);
  return v;
}

Value* Block::insertInput(size_t offset, const std::string& name) {
  Value* v = input_->insertOutput(offset);
  v->setDebugName(name);
  return v;
}

void Block::eraseInput(size_t offset) { input_->eraseOutput(offset); }

size_t Block::registerOutput(Value* v) {
  output_->addInput(v);
  return outputs().size() - 1;
}

void Block::insertOutput(size_t offset, Value* v) { output_->insertInput(offset, v); }
void Block::eraseOutput(size_t offset) { output_->removeInput(offset); }
void Block::replaceOutput(size_t offset, Value* v) { output_->replaceInput(offset, v); }

Node* Block::appendNode(Node* n) {
  EMBER_ASSERT(n->owningGraph() == graph_ && !n->inBlockList(), "appendNode: node must be unattached");
  n->insertBefore(output_);
  return n;
}

Node* Block::prependNode(Node* n) {
  EMBER_ASSERT(n->owningGraph() == graph_ && !n->inBlockList(), "prependNode: node must be unattached");
  n->insertAfter(output_);
  return n;
}

void Block::reindexTopology() {
  constexpr int64_t kInterval = int64_t{1} << 40;
  int64_t pos = std::numeric_limits<int64_t>::min();
  for (Node* n : nodes()) {
    EMBER_ASSERT(pos <= std::numeric_limits<int64_t>::max() - 2 * kInterval, "block has too many nodes to index");
    pos += kInterval;
    n->topoPosition_ = pos;
  }
}

void Block::cloneFrom(const Block* src, const std::function<Value*(Value*)>& valueMap) {
  std::unordered_map<const Value*, Value*> local;
  auto env = [&](Value* v) -> Value* {
    auto it = local.find(v);
    return it != local.end() ? it->second : valueMap(v);
  };
  for (Value* in : src->inputs()) local[in] = addInput()->copyMetadata(in);
  for (Node* n : src->nodes()) {
    Node* copy = appendNode(graph_->createClone(n, env));
    for (size_t i = 0; i < n->outputs().size(); ++i) local[n->output(i)] = copy->output(i);
  }
  for (Value* out : src->outputs()) registerOutput(env(out));
}

void Block::destroy() {
  output_->removeAllInputs();
  for (auto it = nodes().reverse().begin(), end = nodes().reverse().end(); it != end; ++it) it.destroyCurrent();
  output_->destroy();
  input_->destroy();
  graph_->freeBlock(this);
}

}  // namespace ember::jit
