// The graph IR: Graph, Block, Node, Value and Use, as the spec's "Graph", "Node", "Block" and
// "Value" sections describe them.
//
// Note [Ownership]
// A Graph owns every Node, Value and Block in it; they are created and destroyed only through
// the graph (Graph::create, Node::addOutput, Node::addBlock, Node::destroy) and passed around
// by raw pointer. Hold a std::shared_ptr<Graph> while you hold pointers into it.
//
// Note [Node lists]
// A block's nodes form a circular doubly linked list whose sentinel is the block's
// prim::Return node (its inputs are the block's outputs). The block's prim::Param node (its
// outputs are the block's inputs) is not in the list. Appending to a block is inserting before
// its Return node. Iterators stay valid unless the node they point at is moved or destroyed.
//
// Note [Topological invariant]
// Every node carries a position number that increases along its block's list, so
// `a->isBefore(b)` is O(1). Inserting between two nodes takes the midpoint; when no gap is
// left the block is renumbered (amortised O(1)).
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ember/array_ref.h"
#include "ember/core/ivalue.h"
#include "ember/core/symbol.h"
#include "ember/core/type.h"
#include "ember/ir/attributes.h"
#include "ember/ir/named_value.h"
#include "ember/core/source_range.h"

namespace ember::jit {

class Block;
class Graph;
class Node;
class Value;
class IRParser;
class Operator;
struct FunctionSchema;

// One use of a Value: the node that uses it and the input position it is used at.
struct Use {
  Node* user;
  size_t offset;
  friend bool operator==(const Use& a, const Use& b) { return a.user == b.user && a.offset == b.offset; }
};
using UseList = std::vector<Use>;

class Value {
 public:
  Value(const Value&) = delete;
  Value& operator=(const Value&) = delete;

  const TypePtr& type() const { return type_; }
  Value* setType(TypePtr type);
  // Sets the type from a concrete tensor (dtype, device, sizes, strides, requires_grad).
  void inferTypeFrom(const Tensor& t);
  bool isCompleteTensor() const;
  bool requiresGrad() const;

  // Debug names: `%x`, `%x.1`. A name that is taken moves its old owner to a fresh `base.N`
  // name (Note [Debug names] in value.cpp). Purely numeric names are rejected.
  bool hasDebugName() const { return !uniqueName_.empty(); }
  static bool isValidName(const std::string& name);
  Value* setDebugName(const std::string& name);
  // The name, or the unique number when there is none.
  std::string debugName() const;
  // The name without a trailing `.N` suffix.
  std::string debugNameBase() const;

  Node* node() { return node_; }
  const Node* node() const { return node_; }
  size_t offset() const { return offset_; }
  size_t unique() const { return unique_; }
  Graph* owningGraph();
  const Graph* owningGraph() const;

  const UseList& uses() const { return uses_; }
  bool hasUses() const { return !uses_.empty(); }

  // Replaces the first use of this value with `newValue`.
  void replaceFirstUseWith(Value* newValue);
  // Replaces every use of this value with `newValue` (Given %3 = f(%1, %2); %4 = g(%3);
  // after %3->replaceAllUsesWith(%5): %4 = g(%5)).
  void replaceAllUsesWith(Value* newValue);
  // Replaces the uses in nodes after `node` (in its block and nested blocks after it).
  void replaceAllUsesAfterNodeWith(const Node* node, Value* newValue);
  // Replaces the uses in nodes dominated by `node`.
  void replaceAllUsesDominatedByNodeWith(const Node* node, Value* newValue);
  // Copies type and debug name from `from`.
  Value* copyMetadata(Value* from);

 private:
  friend class Node;
  friend class Graph;
  friend class Block;
  friend class IRParser;  // keeps numeric names as unique numbers
  Value(Node* node, size_t offset);

  Node* node_;
  size_t offset_;
  size_t unique_;
  UseList uses_;
  std::string uniqueName_;
  TypePtr type_;
};

// An iterator over a block's node list, forward or reverse.
template <bool Reverse>
class NodeIterator {
 public:
  using iterator_category = std::bidirectional_iterator_tag;
  using value_type = Node*;
  using difference_type = std::ptrdiff_t;
  using pointer = Node**;
  using reference = Node*;

  NodeIterator() = default;
  explicit NodeIterator(Node* n) : cur_(n) {}
  Node* operator*() const { return cur_; }
  Node* operator->() const { return cur_; }
  NodeIterator& operator++();
  NodeIterator operator++(int) {
    auto old = *this;
    ++*this;
    return old;
  }
  NodeIterator& operator--();
  // Destroys the current node; the iterator moves back so that ++ reaches the next one.
  void destroyCurrent();
  friend bool operator==(const NodeIterator& a, const NodeIterator& b) { return a.cur_ == b.cur_; }

 private:
  Node* cur_ = nullptr;
};

template <bool Reverse>
class NodeRange {
 public:
  NodeRange(Node* head) : head_(head) {}  // NOLINT: head is the sentinel (the Return node)
  NodeIterator<Reverse> begin() const;
  NodeIterator<Reverse> end() const { return NodeIterator<Reverse>(head_); }
  NodeRange<!Reverse> reverse() const { return NodeRange<!Reverse>(head_); }
  Node* front() const { return *begin(); }
  Node* back() const { return *reverse().begin(); }

 private:
  Node* head_;
};

using graph_node_list = NodeRange<false>;
using graph_node_list_iterator = NodeIterator<false>;

class Node {
 public:
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;
  virtual ~Node();

  Symbol kind() const { return kind_; }
  Graph* owningGraph() { return graph_; }
  const Graph* owningGraph() const { return graph_; }
  Block* owningBlock() { return owningBlock_; }
  const Block* owningBlock() const { return owningBlock_; }
  // True when the node is in a block's list (not just created, not a Param/Return node).
  bool inBlockList() const;

  // The tracer's module scope, printed as `, scope: __module.0/__module.0.conv` (empty: none).
  const std::string& scopeName() const { return scopeName_; }
  Node* setScopeName(std::string scope) {
    scopeName_ = std::move(scope);
    return this;
  }

  const std::optional<SourceRange>& sourceRange() const { return sourceRange_; }
  Node* setSourceRange(SourceRange r) {
    sourceRange_ = std::move(r);
    return this;
  }

  // Note [Inlined call stack]: a node copied into another graph by inlining remembers the calls
  // it was inlined through, outermost first: for each, the called function's name and the call's
  // source range in its caller. Tracebacks print one frame per call, as if nothing were inlined.
  struct InlinedFrame {
    std::string function;                // the callee's name ("helper")
    std::optional<SourceRange> callSite;  // the call, in the caller's code
  };
  using InlinedCallStack = std::shared_ptr<const std::vector<InlinedFrame>>;
  const InlinedCallStack& callStack() const { return callStack_; }
  Node* setCallStack(InlinedCallStack stack) {
    callStack_ = std::move(stack);
    return this;
  }

  // ---- inputs and outputs ----
  ArrayRef<Value*> inputs() const { return inputs_; }
  ArrayRef<Value*> outputs() const { return outputs_; }
  Value* input(size_t i) const { return inputs_.at(i); }
  Value* output(size_t i) const { return outputs_.at(i); }
  // The single input/output; checks there is exactly one.
  Value* input() const;
  Value* output() const;
  bool hasUses() const;

  Value* addInput(Value* value);
  Value* insertInput(size_t offset, Value* value);
  // Replaces input `offset` with `newValue`, returning the old input.
  Value* replaceInput(size_t offset, Value* newValue);
  // Replaces every occurrence of `from` among the inputs with `to`.
  void replaceInputWith(Value* from, Value* to);
  void removeInput(size_t offset);
  void removeAllInputs();
  // Permutes inputs: input i becomes old input newOrder[i].
  void permuteInputs(const std::vector<size_t>& newOrder);

  Value* addOutput();
  Value* insertOutput(size_t offset);
  // Permutes outputs: output i becomes old output newOrder[i] (values keep their uses).
  void permuteOutputs(const std::vector<size_t>& newOrder);
  // Removes output `offset`; it must have no uses.
  void eraseOutput(size_t offset);

  // ---- blocks ----
  ArrayRef<Block*> blocks() const { return blocks_; }
  Block* addBlock();
  void eraseBlock(size_t offset);
  // True if this node or any nested node satisfies `pred`.
  bool anyNested(const std::function<bool(const Node*)>& pred) const;

  // ---- list position ----
  Node* next() const { return next_; }
  Node* prev() const { return prev_; }
  // Node [Topological invariant]: both nodes must be in the same block.
  bool isBefore(const Node* n) const;
  bool isAfter(const Node* n) const;
  // Inserts this unattached node before/after `n`. Given `%1 = f()` and an unattached `g`,
  // g->insertBefore(f) gives `%2 = g(); %1 = f()`.
  Node* insertBefore(Node* n);
  Node* insertAfter(Node* n);
  // Moves this attached node (with its blocks) before/after `n`, possibly into another block.
  // Does not check dependences.
  void moveBefore(Node* n);
  void moveAfter(Node* n);
  // Unlinks the node from its block without destroying it (inputs stay in place).
  void removeFromList();
  // Unlinks, drops inputs and blocks, and frees the node. Its outputs must have no uses.
  void destroy();

  // ---- attributes ----
  bool hasAttribute(Symbol name) const;
  bool hasAttributes() const { return !attributes_.empty(); }
  AttributeKind kindOf(Symbol name) const;
  std::vector<Symbol> attributeNames() const;
  Node* removeAttribute(Symbol name);
  // Copies every attribute of `from` (replacing existing ones of the same names).
  Node* copyAttributes(const Node& from);

#define EMBER_NODE_ATTR_ACCESSORS(method, Attr)                         \
  Node* method##_(Symbol name, Attr::ValueType v) {                     \
    return setAttr<Attr>(name, std::move(v));                           \
  }                                                                     \
  const Attr::ValueType& method(Symbol name) const { return getAttr<Attr>(name); }
  EMBER_NODE_ATTR_ACCESSORS(f, FloatAttr)
  EMBER_NODE_ATTR_ACCESSORS(fs, FloatsAttr)
  EMBER_NODE_ATTR_ACCESSORS(i, IntAttr)
  EMBER_NODE_ATTR_ACCESSORS(is, IntsAttr)
  EMBER_NODE_ATTR_ACCESSORS(s, StringAttr)
  EMBER_NODE_ATTR_ACCESSORS(ss, StringsAttr)
  EMBER_NODE_ATTR_ACCESSORS(t, TensorAttr)
  EMBER_NODE_ATTR_ACCESSORS(ts, TensorsAttr)
  EMBER_NODE_ATTR_ACCESSORS(g, GraphAttr)
  EMBER_NODE_ATTR_ACCESSORS(gs, GraphsAttr)
  EMBER_NODE_ATTR_ACCESSORS(ty, TypeAttr)
  EMBER_NODE_ATTR_ACCESSORS(tys, TypesAttr)
  EMBER_NODE_ATTR_ACCESSORS(ival, IValueAttr)
#undef EMBER_NODE_ATTR_ACCESSORS
  const AttributeValue& attribute(Symbol name) const;

  // ---- schema and operator ----
  // The operator this node calls, if its kind and input types match a registered schema.
  const Operator* maybeOperator() const;
  const Operator& getOperator() const;
  const FunctionSchema* maybeSchema() const;
  const FunctionSchema& schema() const;
  // True if the node matches `signature` (a schema string such as
  // "aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor").
  bool matches(const std::string& signature) const;
  // The input bound to schema argument `name`.
  Value* namedInput(const std::string& name) const;
  Value* namedInput(Symbol name) const { return namedInput(std::string(name.toUnqualString())); }
  // The constant value of an input, when it is produced by prim::Constant.
  std::optional<IValue> get(Symbol name) const;
  // The same, converted: int64_t, double, bool, std::string, std::vector<int64_t>, Tensor.
  template <typename T>
  std::optional<T> get(Symbol name) const {
    std::optional<IValue> v = get(name);
    if (!v) return std::nullopt;
    if constexpr (std::is_same_v<T, int64_t>) return v->toInt();
    else if constexpr (std::is_same_v<T, double>) return v->toDouble();
    else if constexpr (std::is_same_v<T, bool>) return v->toBool();
    else if constexpr (std::is_same_v<T, std::string>) return v->toStringRef();
    else if constexpr (std::is_same_v<T, std::vector<int64_t>>) return v->toIntVector();
    else if constexpr (std::is_same_v<T, Tensor>) return v->toTensor();
    else static_assert(sizeof(T) == 0, "Node::get<T>: unsupported type");
  }
  bool isConstant(Symbol name) const { return get(name).has_value(); }
  bool is_constant(Symbol name) const { return isConstant(name); }  // the spec's spelling
  // Whether the node has side effects or writes memory and so may never be removed by DCE.
  bool hasSideEffects() const;
  bool isNondeterministic() const;

  // Prints this node (and its blocks) like the graph printer.
  void print(std::ostream& out, size_t indent = 1) const;
  void dump() const;

 protected:
  Node(Graph* graph, Symbol kind);

 private:
  friend class Graph;
  friend class Block;
  friend class Value;
  template <bool>
  friend class NodeIterator;

  template <typename A>
  Node* setAttr(Symbol name, typename A::ValueType v);
  template <typename A>
  const typename A::ValueType& getAttr(Symbol name) const;
  std::vector<std::unique_ptr<AttributeValue>>::const_iterator findAttr(Symbol name) const;

  void dropInput(size_t offset);       // removes this node from input(offset)'s uses
  void assignTopoPosition();
  void lookupOperator() const;
  bool isInList() const { return next_ != nullptr; }

  Symbol kind_;
  Graph* graph_;
  Block* owningBlock_ = nullptr;
  Node* next_ = nullptr;
  Node* prev_ = nullptr;
  int64_t topoPosition_ = 0;
  std::vector<Value*> inputs_;
  std::vector<Value*> outputs_;
  std::vector<Block*> blocks_;
  std::vector<std::unique_ptr<AttributeValue>> attributes_;
  std::optional<SourceRange> sourceRange_;
  InlinedCallStack callStack_;
  std::string scopeName_;
  mutable const Operator* op_ = nullptr;  // cached by lookupOperator
  mutable bool opLooked_ = false;
};

class Block {
 public:
  Block(const Block&) = delete;
  Block& operator=(const Block&) = delete;

  ArrayRef<Value*> inputs() const { return input_->outputs(); }
  ArrayRef<Value*> outputs() const { return output_->inputs(); }
  graph_node_list nodes() const { return graph_node_list(output_); }
  Node* paramNode() const { return input_; }
  Node* returnNode() const { return output_; }
  Graph* owningGraph() const { return graph_; }
  // The node this block belongs to (If/Loop/With...), or nullptr for the graph's own block.
  Node* owningNode() const { return owningNode_; }

  Value* addInput(const std::string& name = "");
  Value* insertInput(size_t offset, const std::string& name = "");
  void eraseInput(size_t offset);
  size_t registerOutput(Value* v);
  void insertOutput(size_t offset, Value* v);
  void eraseOutput(size_t offset);
  void replaceOutput(size_t offset, Value* v);
  // Input/output i becomes old input/output newOrder[i].
  void permuteInputs(const std::vector<size_t>& newOrder) { input_->permuteOutputs(newOrder); }
  void permuteOutputs(const std::vector<size_t>& newOrder) { output_->permuteInputs(newOrder); }

  Node* appendNode(Node* n);
  Node* prependNode(Node* n);
  // Copies `src`'s nodes into this (empty) block; `valueMap` maps values used from outside.
  void cloneFrom(const Block* src, const std::function<Value*(Value*)>& valueMap);
  // Destroys every node (in reverse order) and then the block's own params and returns.
  void destroy();

 private:
  friend class Graph;
  friend class Node;
  Block(Graph* graph, Node* owningNode);
  void reindexTopology();

  Graph* graph_;
  Node* output_;  // prim::Return: the list sentinel
  Node* input_;   // prim::Param
  Node* owningNode_;
};

// Builds a Value mapping for copying: values found in the map are replaced, others are
// passed to `fallback` (default: the identity, for values from enclosing scopes).
using ValueMapper = std::function<Value*(Value*)>;

class Graph : public std::enable_shared_from_this<Graph> {
 public:
  Graph();
  ~Graph();
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;

  Block* block() { return block_; }
  const Block* block() const { return block_; }
  ArrayRef<Value*> inputs() const { return block_->inputs(); }
  ArrayRef<Value*> outputs() const { return block_->outputs(); }
  graph_node_list nodes() const { return block_->nodes(); }
  Node* paramNode() const { return block_->paramNode(); }
  Node* returnNode() const { return block_->returnNode(); }

  Value* addInput(const std::string& name = "") { return block_->addInput(name); }
  Value* insertInput(size_t offset, const std::string& name = "") { return block_->insertInput(offset, name); }
  void eraseInput(size_t offset) { block_->eraseInput(offset); }
  size_t registerOutput(Value* v) { return block_->registerOutput(v); }
  void eraseOutput(size_t offset) { block_->eraseOutput(offset); }

  // ---- creating nodes (unattached; insert them with insertNode/appendNode) ----
  Node* create(Symbol kind, size_t numOutputs = 1);
  Node* create(Symbol kind, ArrayRef<Value*> inputs, size_t numOutputs = 1);
  Node* createClone(const Node* n, const ValueMapper& valueMap, bool copyBlocks = true);
  Node* createTuple(ArrayRef<Value*> values, TupleTypePtr tupleType = nullptr);
  Node* createTupleUnpack(Value* v);
  Node* createTupleIndex(Value* tup, Value* idx, const TypePtr& outputType);
  Node* createList(const TypePtr& elementType, ArrayRef<Value*> values);
  Node* createListUnpack(Value* v, size_t size);
  Node* createDict(const TypePtr& keyType, const TypePtr& valueType, ArrayRef<Value*> keys,
                   ArrayRef<Value*> values);
  Node* createNone();
  Node* createUninitialized(TypePtr type);
  Node* createWithSubgraph(Symbol kind);  // a node with an empty `Subgraph` graph attribute
  Node* createGetAttr(Value* obj, const std::string& field);
  Node* createSetAttr(Value* obj, const std::string& field, Value* newValue);

  // ---- the insertion point ----
  Node* insertNode(Node* n);  // inserts before the insertion point
  Node* appendNode(Node* n) { return block_->appendNode(n); }
  Node* prependNode(Node* n) { return block_->prependNode(n); }
  // New nodes go before `n` / at the end of `b`.
  void setInsertPoint(Node* n);
  void setInsertPoint(Block* b);
  Node* insertPoint() const { return insertBefore_; }
  Block* insertBlock() const { return insertBefore_->owningBlock(); }

  // Inserts a call of operator `opname` resolved against the registry with TorchScript's
  // overload rules, turning C++ values among `args` into prim::Constant nodes.
  // graph->insert(aten::add, {x, 3}) inserts `%c : int = prim::Constant[value=3]()` and
  // `%r : Tensor = aten::add(%x, %c, %alpha)`.
  // Keyword arguments are NamedValues with a name.
  Value* insert(Symbol opname, ArrayRef<NamedValue> args, ArrayRef<NamedValue> kwargs = {},
                const std::optional<SourceRange>& range = std::nullopt);
  // Inserts prim::Constant for `value` at the insertion point.
  Value* insertConstant(const IValue& value, const std::optional<SourceRange>& range = std::nullopt);

  // ---- whole-graph operations ----
  std::shared_ptr<Graph> copy() const;
  // Copies this graph's nodes into `dest` at its insertion point, mapping inputs to `inputs`;
  // returns the values corresponding to this graph's outputs.
  std::vector<Value*> insertGraphInto(Graph& dest, ArrayRef<Value*> inputs) const;
  // Checks every invariant (Note [Ownership], [Node lists], [Topological invariant], scoping
  // of values across blocks, use-list consistency); throws ember::Error listing the failures
  // with the graph printed.
  void lint() const;
  std::string toString(bool printSourceLocations = true) const;
  void dump() const;

  size_t numValues() const { return allValues_.size(); }
  // Every value of the graph has a unique() below this (values are numbered as they are made).
  size_t valueIdBound() const { return nextUnique_; }
  size_t numNodes() const { return allNodes_.size(); }
  // Debug-name bookkeeping shared with Value::setDebugName.
  std::unordered_map<std::string, Value*>& uniqueNames() { return uniqueNames_; }
  std::unordered_map<std::string, size_t>& nameBaseSuffix() { return nameBaseSuffix_; }

 private:
  friend class Node;
  friend class Value;
  friend class Block;
  friend class IRParser;

  Value* newValue(Node* node, size_t offset);
  void freeValue(Value* v);
  void freeNode(Node* n);
  Block* newBlock(Node* owningNode);
  void freeBlock(Block* b);

  size_t nextUnique_ = 0;
  std::unordered_set<const Node*> allNodes_;
  std::unordered_set<const Value*> allValues_;
  std::unordered_set<const Block*> allBlocks_;
  std::unordered_map<std::string, Value*> uniqueNames_;
  std::unordered_map<std::string, size_t> nameBaseSuffix_;
  Block* block_;
  Node* insertBefore_;
};

std::ostream& operator<<(std::ostream& out, const Graph& g);
std::ostream& operator<<(std::ostream& out, const Node& n);

// RAII: sets the graph's insertion point and restores the previous one on scope exit.
class WithInsertPoint {
 public:
  explicit WithInsertPoint(Node* n);
  explicit WithInsertPoint(Block* b);
  ~WithInsertPoint();
  WithInsertPoint(const WithInsertPoint&) = delete;
  WithInsertPoint& operator=(const WithInsertPoint&) = delete;

 private:
  Graph* graph_;
  Node* previous_;
};

// The constant value of `v` if a prim::Constant produces it.
std::optional<IValue> toIValue(const Value* v);

}  // namespace ember::jit
