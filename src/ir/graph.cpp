// Graph: ownership of nodes, values and blocks; node factories; the insertion point; copies.
#include <iostream>
#include <unordered_map>

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"

namespace ember::jit {

Graph::Graph() : block_(nullptr), insertBefore_(nullptr) {
  block_ = newBlock(nullptr);
  insertBefore_ = block_->returnNode();
}

Graph::~Graph() {
  // Everything is owned here; no use lists need maintaining while tearing down.
  for (const Node* n : allNodes_) delete n;
  for (const Value* v : allValues_) delete v;
  for (const Block* b : allBlocks_) delete b;
}

Value* Graph::newValue(Node* node, size_t offset) {
  auto* v = new Value(node, offset);
  allValues_.insert(v);
  return v;
}

void Graph::freeValue(Value* v) {
  v->setDebugName("");
  EMBER_ASSERT(allValues_.erase(v) == 1, "freeValue of a value this graph does not own");
  delete v;
}

void Graph::freeNode(Node* n) {
  EMBER_ASSERT(allNodes_.erase(n) == 1, "freeNode of a node this graph does not own");
  if (insertBefore_ == n) insertBefore_ = block_->returnNode();
  delete n;
}

Block* Graph::newBlock(Node* owningNode) {
  auto* b = new Block(this, owningNode);
  allBlocks_.insert(b);
  return b;
}

void Graph::freeBlock(Block* b) {
  EMBER_ASSERT(allBlocks_.erase(b) == 1, "freeBlock of a block this graph does not own");
  delete b;
}

// ---- factories ----

Node* Graph::create(Symbol kind, size_t numOutputs) {
  Node* n = new Node(this, kind);
  for (size_t i = 0; i < numOutputs; ++i) n->addOutput();
  return n;
}

Node* Graph::create(Symbol kind, ArrayRef<Value*> inputs, size_t numOutputs) {
  Node* n = create(kind, numOutputs);
  for (Value* v : inputs) n->addInput(v);
  return n;
}

Node* Graph::createClone(const Node* n, const ValueMapper& valueMap, bool copyBlocks) {
  Node* r = create(n->kind(), 0);
  r->copyAttributes(*n);
  if (n->sourceRange()) r->setSourceRange(*n->sourceRange());
  r->setCallStack(n->callStack());
  r->setScopeName(n->scopeName());
  for (Value* o : n->outputs()) r->addOutput()->copyMetadata(o);
  bool sameInputTypes = true;
  for (Value* i : n->inputs()) {
    Value* mapped = valueMap(i);
    sameInputTypes = sameInputTypes && mapped->type() == i->type();
    r->addInput(mapped);
  }
  // The operator a node calls follows from its kind, input types and output count: a copy with
  // the very same input types calls the original's (looking it up again matches schemas, and
  // passes copy whole graphs).
  if (n->opLooked_ && sameInputTypes) {
    r->op_ = n->op_;
    r->opLooked_ = true;
  }
  if (copyBlocks) {
    for (const Block* b : n->blocks()) r->addBlock()->cloneFrom(b, valueMap);
  }
  return r;
}

Node* Graph::createTuple(ArrayRef<Value*> values, TupleTypePtr tupleType) {
  if (!tupleType) {
    std::vector<TypePtr> types;
    for (Value* v : values) types.push_back(v->type());
    tupleType = TupleType::create(std::move(types));
  }
  Node* n = create(prim::TupleConstruct, values);
  n->output()->setType(std::move(tupleType));
  return n;
}

Node* Graph::createTupleUnpack(Value* v) {
  auto tt = v->type()->cast<TupleType>();
  EMBER_CHECK(tt != nullptr, "createTupleUnpack: expected a tuple but got ", v->type()->str());
  Node* n = create(prim::TupleUnpack, {v}, 0);
  for (const TypePtr& t : tt->containedTypes()) n->addOutput()->setType(t);
  return n;
}

Node* Graph::createTupleIndex(Value* tup, Value* idx, const TypePtr& outputType) {
  Node* n = create(prim::TupleIndex, {tup, idx});
  n->output()->setType(outputType);
  return n;
}

Node* Graph::createList(const TypePtr& elementType, ArrayRef<Value*> values) {
  for (Value* v : values) {
    EMBER_CHECK(v->type()->isSubtypeOf(elementType), "createList: element of type ", v->type()->repr_str(),
                " does not match the list's element type ", elementType->repr_str());
  }
  Node* n = create(prim::ListConstruct, values);
  n->output()->setType(ListType::create(elementType));
  return n;
}

Node* Graph::createListUnpack(Value* v, size_t size) {
  auto lt = v->type()->cast<ListType>();
  EMBER_CHECK(lt != nullptr, "createListUnpack: expected a list but got ", v->type()->str());
  Node* n = create(prim::ListUnpack, {v}, 0);
  for (size_t i = 0; i < size; ++i) n->addOutput()->setType(lt->getElementType());
  return n;
}

Node* Graph::createDict(const TypePtr& keyType, const TypePtr& valueType, ArrayRef<Value*> keys,
                        ArrayRef<Value*> values) {
  EMBER_CHECK(keys.size() == values.size(), "createDict: ", keys.size(), " keys but ", values.size(), " values");
  Node* n = create(prim::DictConstruct, 1);
  for (size_t i = 0; i < keys.size(); ++i) {
    EMBER_CHECK(keys[i]->type()->isSubtypeOf(keyType), "createDict: key type mismatch");
    EMBER_CHECK(values[i]->type()->isSubtypeOf(valueType), "createDict: value type mismatch");
    n->addInput(keys[i]);
    n->addInput(values[i]);
  }
  n->output()->setType(DictType::create(keyType, valueType));
  return n;
}

Node* Graph::createNone() {
  Node* n = create(prim::Constant);
  n->output()->setType(NoneType::get());
  return n;
}

Node* Graph::createUninitialized(TypePtr type) {
  Node* n = create(prim::Uninitialized);
  n->output()->setType(std::move(type));
  return n;
}

Node* Graph::createWithSubgraph(Symbol kind) {
  Node* n = create(kind, 0);
  n->g_(attr::Subgraph, std::make_shared<Graph>());
  return n;
}

Node* Graph::createGetAttr(Value* obj, const std::string& field) {
  auto cls = obj->type()->cast<ClassType>();
  EMBER_CHECK(cls != nullptr, "createGetAttr: expected an object but got ", obj->type()->repr_str());
  Node* n = create(prim::GetAttr, {obj});
  n->s_(attr::name, field);
  n->output()->setType(cls->getAttribute(field));
  return n;
}

Node* Graph::createSetAttr(Value* obj, const std::string& field, Value* newValue) {
  Node* n = create(prim::SetAttr, {obj, newValue}, 0);
  n->s_(attr::name, field);
  return n;
}

// ---- insertion point ----

Node* Graph::insertNode(Node* n) {
  EMBER_ASSERT(insertBefore_->inBlockList(), "the insertion point is not in a block");
  return n->insertBefore(insertBefore_);
}

void Graph::setInsertPoint(Node* n) {
  EMBER_ASSERT(n->owningGraph() == this && n->inBlockList(), "insertion point must be a node of this graph");
  insertBefore_ = n;
}

void Graph::setInsertPoint(Block* b) {
  EMBER_ASSERT(b->owningGraph() == this, "insertion block belongs to another graph");
  insertBefore_ = b->returnNode();
}

WithInsertPoint::WithInsertPoint(Node* n) : graph_(n->owningGraph()), previous_(graph_->insertPoint()) {
  graph_->setInsertPoint(n);
}

WithInsertPoint::WithInsertPoint(Block* b) : graph_(b->owningGraph()), previous_(graph_->insertPoint()) {
  graph_->setInsertPoint(b);
}

WithInsertPoint::~WithInsertPoint() { graph_->setInsertPoint(previous_); }

// ---- copies ----

std::shared_ptr<Graph> Graph::copy() const {
  auto g = std::make_shared<Graph>();
  g->block()->cloneFrom(block_, [](Value* v) -> Value* {
    EMBER_ASSERT(false, "graph uses value %", v->debugName(), " from outside itself");
    return nullptr;
  });
  return g;
}

std::vector<Value*> Graph::insertGraphInto(Graph& dest, ArrayRef<Value*> inputs) const {
  EMBER_CHECK(inputs.size() == this->inputs().size(), "insertGraphInto: expected ", this->inputs().size(),
              " inputs but got ", inputs.size());
  std::unordered_map<const Value*, Value*> env;
  for (size_t i = 0; i < inputs.size(); ++i) env[this->inputs()[i]] = inputs[i];
  auto mapper = [&](Value* v) -> Value* {
    auto it = env.find(v);
    EMBER_ASSERT(it != env.end(), "value %", v->debugName(), " is not defined before its use");
    return it->second;
  };
  for (Node* n : nodes()) {
    Node* copy = dest.insertNode(dest.createClone(n, mapper));
    for (size_t i = 0; i < n->outputs().size(); ++i) env[n->output(i)] = copy->output(i);
  }
  std::vector<Value*> outs;
  for (Value* o : outputs()) outs.push_back(mapper(o));
  return outs;
}

void Graph::dump() const { std::cout << toString(); }

}  // namespace ember::jit
