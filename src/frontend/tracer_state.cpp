// TracingState (ember/frontend/tracer.h): the graph being recorded, the map from traced tensors to
// the values computing them, module scopes and warnings; and the thread's current state.
#include <string>

#include "ember/frontend/tracer.h"
#include "ember/core/symbols.h"
#include "frontend/builtin_call.h"
#include "passes/dead_code_elimination.h"

namespace ember::jit::tracer {

namespace {

thread_local std::shared_ptr<TracingState> tState;

bool isDefinedTensor(const IValue& v) { return v.isTensor() && v.unsafeToTensorImpl() != nullptr; }

// PyTorch's tracer reads traced sizes back with aten::Int; TorchScript's implicit conversion
// (what overload resolution inserts) is aten::IntImplicit. Traces spell it PyTorch's way.
void spellConversionsAsTracer(Block* b) {
  for (auto it = b->nodes().begin(); it != b->nodes().end();) {
    Node* n = *it;
    ++it;
    if (n->kind() != aten::IntImplicit) continue;
    WithInsertPoint guard(n);
    Node* replacement = n->owningGraph()->insertNode(n->owningGraph()->create(aten::Int, {n->input()}));
    replacement->output()->setType(IntType::get());
    replacement->setScopeName(n->scopeName());
    n->output()->replaceAllUsesWith(replacement->output());
    n->destroy();
  }
}

}  // namespace

TracingState::TracingState() : graph_(std::make_shared<Graph>()) {}

Value* TracingState::addInput(const std::string& name, const IValue& example, TypePtr type) {
  Value* v = graph_->addInput(name);
  if (!type) type = isDefinedTensor(example) ? TensorType::get() : example.type();
  v->setType(std::move(type));
  if (isDefinedTensor(example)) setValueTrace(example, v);
  return v;
}

void TracingState::setValueTrace(const IValue& v, Value* value) {
  if (isDefinedTensor(v)) {
    tensors_[v.unsafeToTensorImpl()] = value;
    keepAlive_.push_back(v);
  }
}

Value* TracingState::findTensor(const Tensor& t) const {
  auto it = tensors_.find(t.impl());
  return it == tensors_.end() ? nullptr : it->second;
}

bool TracingState::isTraced(const IValue& v) const {
  if (isDefinedTensor(v)) return findTensor(v.toTensor()) != nullptr;
  if (v.isList()) {
    for (const IValue& e : v.toListRef().elements)
      if (isTraced(e)) return true;
  } else if (v.isTuple()) {
    for (const IValue& e : v.toTupleRef().elements)
      if (isTraced(e)) return true;
  }
  return false;
}

Value* TracingState::constant(const IValue& v) {
  if (isDefinedTensor(v)) return graph_->insertConstant(IValue(v.toTensor().clone()));
  return graph_->insertConstant(v);
}

Value* TracingState::getValueTrace(const IValue& v) {
  if (isDefinedTensor(v)) {
    if (Value* traced = findTensor(v.toTensor())) return traced;
    return constant(v);
  }
  if (!isTraced(v)) return constant(v);
  std::vector<Value*> items;
  if (v.isList()) {
    for (const IValue& e : v.toListRef().elements) items.push_back(getValueTrace(e));
    TypePtr elem = v.type()->castRaw<ListType>()->getElementType();
    return graph_->insertNode(graph_->createList(elem, items))->output();
  }
  for (const IValue& e : v.toTupleRef().elements) items.push_back(getValueTrace(e));
  return graph_->insertNode(graph_->createTuple(items))->output();
}

void TracingState::stampScope(Node* from) {
  if (scopes_.empty()) return;
  for (Node* n = from ? from->next() : graph_->block()->nodes().front(); n != graph_->block()->returnNode();
       n = n->next())
    if (n->scopeName().empty()) n->setScopeName(scopes_.back());
}

std::vector<Value*> TracingState::recordCall(Symbol name, ArrayRef<NamedValue> args, ArrayRef<NamedValue> kwargs,
                                             size_t listOutputs) {
  Node* before = graph_->block()->returnNode()->prev();
  if (before == graph_->block()->paramNode()) before = nullptr;
  Value* out = emitBuiltinCall(SourceRange(), *graph_, name, args, kwargs);
  std::vector<Value*> outputs;
  Node* producer = out->node();
  if (producer->kind() == prim::TupleConstruct && producer->kind() != name) {
    outputs = createTupleUnpack(out);
    producer->destroy();  // the tuple only packed the operator's several outputs
  } else if (listOutputs > 0 && out->type()->kind() == TypeKind::ListType) {
    Node* unpack = graph_->insertNode(graph_->createListUnpack(out, listOutputs));
    outputs.assign(unpack->outputs().begin(), unpack->outputs().end());
  } else {
    outputs.push_back(out);
  }
  stampScope(before);
  return outputs;
}

Value* TracingState::recordSize(Value* tensor, int64_t dim) {
  Node* before = graph_->block()->returnNode()->prev();
  Value* size = graph_->insert(aten::size, {tensor, dim});
  Node* wrap = graph_->insertNode(graph_->create(prim::NumToTensor, {size}));
  wrap->output()->setType(TensorType::get());
  stampScope(before);
  return wrap->output();
}

Value* TracingState::toInt(Value* v) {
  if (v->type()->kind() == TypeKind::IntType) return v;
  Node* n = graph_->insertNode(graph_->create(aten::Int, {v}));
  n->output()->setType(IntType::get());
  n->setScopeName(currentScope());
  return n->output();
}

void TracingState::pushScope(const std::string& name) {
  scopes_.push_back(scopes_.empty() ? name : scopes_.back() + "/" + name);
}

void TracingState::popScope() {
  EMBER_CHECK(!scopes_.empty(), "tracer: popScope without a matching pushScope");
  scopes_.pop_back();
}

std::shared_ptr<Graph> TracingState::finish(ArrayRef<Value*> outputs) {
  EMBER_CHECK(!outputs.empty(), "tracer: a trace needs at least one output");
  graph_->setInsertPoint(graph_->block());
  if (outputs.size() == 1) {
    graph_->registerOutput(outputs[0]);
  } else {
    graph_->registerOutput(graph_->insertNode(graph_->createTuple(outputs))->output());
  }
  spellConversionsAsTracer(graph_->block());
  eliminateDeadCode(graph_);
  graph_->lint();
  tensors_.clear();
  sources_.clear();
  keepAlive_.clear();
  return graph_;
}

std::shared_ptr<TracingState> getTracingState() { return tState; }
void setTracingState(std::shared_ptr<TracingState> state) { tState = std::move(state); }
bool isTracing() { return tState != nullptr; }

NoTracerDispatchMode::NoTracerDispatchMode() : saved_(std::move(tState)) { tState = nullptr; }
NoTracerDispatchMode::~NoTracerDispatchMode() { tState = std::move(saved_); }

}  // namespace ember::jit::tracer
