// AliasDb: building the MemoryDAG from a graph and answering alias and write queries. Moving
// nodes is in alias_analysis_move.cpp, printing in alias_analysis_print.cpp.
//
// Note [Lazy wildcards]
// Putting a value into the wildcard set of its type means: every memory location the value may
// point to may also be pointed to by anything else that escaped (graph inputs, list elements,
// module attributes...). Which locations those are is only known once the whole graph has been
// seen (a later node may make an earlier value point somewhere), so the builder records the
// values and, at the end, makes each of their leaves point to the type's wildcard element. A
// location that became such a pointer is then no longer a leaf; values that reached it reach the
// wildcard instead, which gives the same "may alias" answers as keeping both.
#include "ember/ir/alias_analysis.h"

#include <algorithm>

#include "ember/core/function_schema.h"
#include "ember/core/operator.h"
#include "ember/core/symbols.h"
#include "ember/error.h"
#include "ember/ir/ir.h"
#include "ir/memory_dag.h"

namespace ember::jit {

namespace {

TypePtr unshaped(const TypePtr& type) {
  if (type->kind() == TypeKind::TensorType) return TensorType::get();
  ArrayRef<TypePtr> contained = type->containedTypes();
  if (contained.empty()) return type;
  std::vector<TypePtr> mapped;
  for (const TypePtr& t : contained) mapped.push_back(unshaped(t));
  return type->createWithContained(std::move(mapped));
}

}  // namespace

// Kinds whose values are always mutable: the leaves of aliasTypeOf.
static bool isMutableLeafKind(TypeKind kind) {
  switch (kind) {
    case TypeKind::TensorType:
    case TypeKind::ListType:
    case TypeKind::AnyListType:
    case TypeKind::DictType:
    case TypeKind::ClassType:
    case TypeKind::AnyClassType:
    case TypeKind::InterfaceType:
    case TypeKind::StorageType:
    case TypeKind::CapsuleType:
    case TypeKind::PyObjectType:
    case TypeKind::AnyType:
      return true;
    default:
      return false;
  }
}

// The type whose wildcard set values of `type` belong to, or nullptr for immutable types:
// tensors lose their refinements, Optional[T] is T, tuples keep only their mutable fields.
static TypePtr aliasTypeOf(const TypePtr& type) {
  const TypeKind kind = type->kind();
  if (kind == TypeKind::TensorType) return TensorType::get();
  if (kind == TypeKind::AnyType) return type;
  if (isMutableLeafKind(kind)) return unshaped(type);
  switch (kind) {
    case TypeKind::OptionalType:
      return aliasTypeOf(type->containedType(0));
    case TypeKind::UnionType: {
      TypePtr only;
      for (const TypePtr& t : type->containedTypes()) {
        TypePtr m = aliasTypeOf(t);
        if (!m) continue;
        if (only && !(*only == *m)) return AnyType::get();  // several: conservatively Any
        only = m;
      }
      return only;
    }
    case TypeKind::FutureType:
    case TypeKind::RRefType: {
      TypePtr m = aliasTypeOf(type->containedType(0));
      return m ? type->createWithContained({m}) : nullptr;
    }
    case TypeKind::TupleType: {
      std::vector<TypePtr> fields;
      for (const TypePtr& t : type->containedTypes())
        if (TypePtr m = aliasTypeOf(t)) fields.push_back(m);
      return fields.empty() ? nullptr : TupleType::create(std::move(fields));
    }
    default:
      return nullptr;
  }
}

// Whether aliasTypeOf(type) is not null, without making the alias type (it allocates for lists
// and tuples, and the builder asks for every value it meets, several times).
bool isMutableTypeForAliasing(const TypePtr& type) {
  const TypeKind kind = type->kind();
  if (isMutableLeafKind(kind)) return true;
  switch (kind) {
    case TypeKind::OptionalType:
    case TypeKind::FutureType:
    case TypeKind::RRefType:
      return isMutableTypeForAliasing(type->containedType(0));
    case TypeKind::UnionType:
    case TypeKind::TupleType:
      for (const TypePtr& t : type->containedTypes())
        if (isMutableTypeForAliasing(t)) return true;
      return false;
    default:
      return false;
  }
}

// The mutable types a value of alias type `t` holds: list/dict elements, tuple fields, future
// results, object attributes.
static std::vector<TypePtr> containedAliasTypes(const TypePtr& t) {
  std::vector<TypePtr> out;
  if (auto cls = t->cast<ClassType>()) {
    for (const ClassAttribute& a : cls->attributes())
      if (TypePtr m = aliasTypeOf(a.type)) out.push_back(m);
    return out;
  }
  for (const TypePtr& c : t->containedTypes())
    if (TypePtr m = aliasTypeOf(c)) out.push_back(m);
  return out;
}

bool hasSideEffectsDeep(const Node* node) {
  if (node->hasSideEffects()) return true;
  if (const Operator* op = node->maybeOperator())
    if (op->aliasAnalysisKind() == AliasAnalysisKind::CONSERVATIVE) return true;
  for (const Block* b : node->blocks())
    for (const Node* n : b->nodes())
      if (hasSideEffectsDeep(n)) return true;
  return false;
}

// ---- building ----

class AliasDb::Builder {
 public:
  explicit Builder(AliasDb& db) : db_(db), dag_(*db.dag_) {}

  void run() {
    for (Value* in : db_.graph_->inputs()) setWildcard(in);
    analyze(db_.graph_->block());
    connectWildcards();
    buildWriteIndex();
  }

  // Also used after the build, by AliasDb::createValue.
  Element* giveFreshAlias(const Value* v, bool withContained = true) {
    TypePtr t = aliasTypeOf(v->type());
    if (!t) return nullptr;
    if (Element* known = db_.elementMap_.find(v)) return known;
    Element* e = dag_.makeFreshValue(v);
    db_.elementMap_.set(v, e);
    if (withContained)
      for (const TypePtr& c : containedAliasTypes(t)) dag_.addToContainedElements(getOrCreateWildcard(c), e);
    return e;
  }

 private:
  Element* getOrCreateElement(const Value* v) {
    Element* known = db_.elementMap_.find(v);
    return known ? known : giveFreshAlias(v);
  }

  Element* getOrCreateWildcard(const TypePtr& type) {
    // Tensors (most wildcard values: graph inputs, parameters read with GetAttr) skip the
    // type's text.
    const bool tensor = type->kind() == TypeKind::TensorType;
    if (tensor && tensorWildcard_) return tensorWildcard_;
    TypePtr t = aliasTypeOf(type);
    if (!t) return nullptr;
    std::string key = t->str();
    if (tensor) {
      tensorWildcard_ = lookupOrMakeWildcard(key, t);
      return tensorWildcard_;
    }
    return lookupOrMakeWildcard(key, t);
  }

  Element* lookupOrMakeWildcard(const std::string& key, const TypePtr& t) {
    auto it = db_.wildcards_.find(key);
    if (it != db_.wildcards_.end()) return it->second;
    Element* w = dag_.makeFreshValue(nullptr);
    db_.wildcards_.emplace(key, w);  // before the contained types: recursive classes
    for (const TypePtr& c : containedAliasTypes(t)) dag_.addToContainedElements(getOrCreateWildcard(c), w);
    return w;
  }

  // Note [Lazy wildcards]
  Element* setWildcard(const Value* v) {
    if (!isMutable(v)) return nullptr;
    getOrCreateElement(v);
    pendingWildcards_.push_back(v);
    return getOrCreateWildcard(v->type());
  }

  static bool isMutable(const Value* v) { return isMutableTypeForAliasing(v->type()); }

  void makePointerTo(const Value* from, const Value* to) {
    if (from == to) return;
    if (!isMutable(from) || !isMutable(to)) return;  // e.g. an Optional output fed a None
    dag_.makePointerTo(getOrCreateElement(from), getOrCreateElement(to));
  }

  void registerWrite(const Value* v, Node* n, bool toContained = false) {
    if (!isMutable(v)) return;
    getOrCreateElement(v);
    writes_.push_back({n, v, toContained});
  }

  void analyze(Block* block) {
    for (Node* n : block->nodes()) analyze(n);
  }

  void analyze(Node* n);
  void analyzeIf(Node* n);
  void analyzeLoop(Node* n);
  void analyzeSchema(Node* n, const FunctionSchema& schema);
  void analyzeContainerConstruct(Node* n);
  void analyzeNorm(Node* n);

  void analyzeCreator(Node* n) {
    for (Value* out : n->outputs()) giveFreshAlias(out);
  }
  void analyzeExtractor(Node* n) {
    for (Value* out : n->outputs()) setWildcard(out);
  }
  void analyzeConservative(Node* n) {
    for (Value* in : n->inputs()) {
      if (!isMutable(in)) continue;
      registerWrite(in, n, /*toContained=*/true);
      setWildcard(in);
    }
    for (Value* out : n->outputs()) setWildcard(out);
  }

  void connectWildcards();
  void buildWriteIndex();

  struct Write {
    Node* node;
    const Value* value;
    bool toContained;
  };
  AliasDb& db_;
  MemoryDAG& dag_;
  std::vector<const Value*> pendingWildcards_;
  std::vector<Write> writes_;
  std::vector<Node*> writesToAllWildcards_;
  Element* tensorWildcard_ = nullptr;
};

void AliasDb::Builder::analyze(Node* n) {
  Symbol k = n->kind();
  if (k == prim::If) return analyzeIf(n);
  if (k == prim::Loop) return analyzeLoop(n);
  if (k == prim::fork) {
    // The forked function may keep or write whatever it is given.
    for (Value* in : n->inputs()) setWildcard(in);
    return analyzeCreator(n);
  }
  static const Symbol kWait = Symbol::aten("wait"), kInstanceNorm = Symbol::aten("instance_norm");
  if (k == kWait) {
    // The task waited for may have written to anything that escaped into it.
    for (Value* out : n->outputs()) setWildcard(out);
    writesToAllWildcards_.push_back(n);
    return;
  }
  if (k == aten::batch_norm || k == kInstanceNorm) return analyzeNorm(n);
  if (k == prim::Constant || k == prim::Uninitialized || k == prim::CreateObject || k == prim::tolist ||
      k == prim::AutogradZero || k == prim::BroadcastSizes || k == prim::ChunkSizes) {
    return analyzeCreator(n);
  }
  if (k == prim::Closure) {
    for (Block* b : n->blocks()) analyze(b);
    return analyzeCreator(n);
  }
  if (k == prim::ListConstruct || k == prim::TupleConstruct || k == prim::DictConstruct)
    return analyzeContainerConstruct(n);
  if (k == prim::GetAttr && db_.isFrozen_) {
    auto cls = n->input(0)->type()->cast<ClassType>();
    if (cls && cls->isModule()) return analyzeCreator(n);
  }
  if (k == prim::TupleUnpack || k == prim::TupleIndex || k == prim::TupleSlice || k == prim::ListUnpack ||
      k == prim::GetAttr) {
    return analyzeExtractor(n);
  }
  if (k == prim::unchecked_cast || k == prim::profile || k == prim::profile_ivalue || k == prim::Guard) {
    if (!n->inputs().empty()) {
      for (Value* out : n->outputs()) makePointerTo(out, n->input(0));
    }
    return;
  }
  if (k == prim::ConstantChunk) {
    for (Value* out : n->outputs()) makePointerTo(out, n->input(0));
    return;
  }
  if (k == prim::TypeCheck || k == prim::RequiresGradCheck) {
    for (size_t i = 0; i + 1 < n->outputs().size() && i < n->inputs().size(); ++i)
      makePointerTo(n->output(i), n->input(i));
    return;
  }
  if (k == prim::BailOut) {
    if (n->inputs().size() > 1) makePointerTo(n->output(0), n->input(1));
    return;
  }
  if (k == prim::SetAttr) {
    registerWrite(n->input(0), n);
    setWildcard(n->input(1));
    return;
  }
  if (k == prim::CallFunction || k == prim::CallMethod || k == prim::Enter || k == prim::Exit || k == prim::PythonOp)
    return analyzeConservative(n);
  if (k == prim::Print || k == prim::isinstance) return;  // read only

  // Everything else follows its operator's registration.
  for (Block* b : n->blocks()) analyze(b);
  const Operator* op = n->maybeOperator();
  // Nodes the analysis knows nothing about (frontend-only nodes, ops without a matching
  // schema, block-carrying nodes) are treated like CONSERVATIVE operators.
  if (!op || !n->blocks().empty()) return analyzeConservative(n);
  switch (op->aliasAnalysisKind()) {
    case AliasAnalysisKind::PURE_FUNCTION:
      return analyzeCreator(n);
    case AliasAnalysisKind::FROM_SCHEMA:
      return analyzeSchema(n, op->schema());
    case AliasAnalysisKind::CONSERVATIVE:
    case AliasAnalysisKind::INTERNAL_SPECIAL_CASE:  // a prim op without a rule here
      return analyzeConservative(n);
  }
}

void AliasDb::Builder::analyzeIf(Node* n) {
  for (Block* b : n->blocks()) analyze(b);
  for (size_t i = 0; i < n->outputs().size(); ++i)
    for (Block* b : n->blocks())
      if (i < b->outputs().size()) makePointerTo(n->output(i), b->outputs()[i]);
}

// The body's carried inputs point to the loop's initial values, the loop's outputs to the body's
// results. No edge goes from the body's inputs back to its outputs (as in PyTorch): each
// iteration's values are created in that iteration, so a body input of iteration i+1 cannot be
// confused with values of iteration i+1 itself.
void AliasDb::Builder::analyzeLoop(Node* n) {
  Block* body = n->blocks().at(0);
  for (size_t i = 2; i < n->inputs().size() && i - 1 < body->inputs().size(); ++i)
    makePointerTo(body->inputs()[i - 1], n->input(i));
  analyze(body);
  for (size_t i = 0; i < n->outputs().size() && i + 1 < body->outputs().size(); ++i)
    makePointerTo(n->output(i), body->outputs()[i + 1]);
}

// Schema annotations: `(a)` binds an alias set to an input, `!` writes to it, `*` (or `a -> *`)
// puts the value into the wildcard set; outputs point to the inputs bound to their sets and are
// fresh when they have no annotation.
void AliasDb::Builder::analyzeSchema(Node* n, const FunctionSchema& schema) {
  // (alias set, input bound to it): a schema names a few sets at most, so a flat list searched
  // linearly (no allocation for the many schemas without annotations) serves.
  std::vector<std::pair<Symbol, Value*>> formalToActual;
  const auto& args = schema.arguments();
  for (size_t i = 0; i < args.size() && i < n->inputs().size(); ++i) {
    const AliasInfo* formal = args[i].aliasInfo();
    Value* actual = n->input(i);
    if (!formal || !isMutable(actual)) continue;
    if (formal->isWrite()) registerWrite(actual, n);
    if (!formal->containedTypes().empty() && formal->containedTypes()[0].isWrite())
      registerWrite(actual, n, /*toContained=*/true);
    if (formal->isWildcardBefore() || formal->isWildcardAfter()) setWildcard(actual);
    for (Symbol s : formal->beforeSets())
      if (s != AliasInfo::wildcardSet()) formalToActual.emplace_back(s, actual);
  }
  const auto& returns = schema.returns();
  for (size_t i = 0; i < n->outputs().size(); ++i) {
    Value* actual = n->output(i);
    if (i >= returns.size()) {  // `-> ...`: nothing is known about these
      setWildcard(actual);
      continue;
    }
    const AliasInfo* formal = returns[i].aliasInfo();
    if (!formal) {
      giveFreshAlias(actual);
      continue;
    }
    if (!isMutable(actual)) continue;
    if (formal->isWildcardBefore()) {
      setWildcard(actual);
      continue;
    }
    bool bound = false;
    // `Tensor(a)[]`: the list is bound through its elements' set.
    const std::vector<Symbol>& sets = formal->beforeSets().empty() && !formal->containedTypes().empty()
                                          ? formal->containedTypes()[0].beforeSets()
                                          : formal->beforeSets();
    for (Symbol s : sets) {
      for (const auto& [set, in] : formalToActual) {
        if (set != s) continue;
        makePointerTo(actual, in);
        bound = true;
      }
    }
    // `-> Tensor(b)` with b on no input, or a list-level annotation without a set: fresh.
    if (!bound) giveFreshAlias(actual);
    if (formal->isWrite()) registerWrite(actual, n);
  }
}

// Containers hold their elements through the wildcard set of the elements' type: what is put
// into a list may be reached through any list of that type. As in PyTorch, a container whose
// only use is the graph's return or an aten::cat holds its elements directly instead, since
// nothing in the graph can take them out again.
void AliasDb::Builder::analyzeContainerConstruct(Node* n) {
  if (n->outputs().size() != 1 || !isMutable(n->output())) return;
  Value* container = n->output();
  Element* e = giveFreshAlias(container, /*withContained=*/false);
  bool onlyReturnedOrConcatenated = false;
  if (container->uses().size() == 1) {
    const Node* user = container->uses()[0].user;
    onlyReturnedOrConcatenated = user == db_.graph_->returnNode() || user->kind() == aten::cat;
  }
  for (Value* in : n->inputs()) {
    if (!isMutable(in)) continue;
    Element* contained = onlyReturnedOrConcatenated ? getOrCreateElement(in) : setWildcard(in);
    if (contained) dag_.addToContainedElements(contained, e);
  }
}

// batch_norm/instance_norm update their running statistics in place when training (or when the
// flag is not a constant); frozen graphs are for inference.
void AliasDb::Builder::analyzeNorm(Node* n) {
  analyzeCreator(n);
  if (db_.isFrozen_ || n->inputs().size() < 6) return;
  std::optional<IValue> training = toIValue(n->input(5));
  if (training && training->isBool() && !training->toBool()) return;
  registerWrite(n->input(3), n);
  registerWrite(n->input(4), n);
}

void AliasDb::Builder::connectWildcards() {
  std::unordered_set<uint32_t> wildcardIndices;
  for (const auto& [key, w] : db_.wildcards_) wildcardIndices.insert(w->index);
  std::vector<std::pair<Element*, Element*>> edges;
  for (const Value* v : pendingWildcards_) {
    Element* w = getOrCreateWildcard(v->type());
    for (uint32_t loc : dag_.getMemoryLocations(db_.elementOf(v)).indices())
      if (!wildcardIndices.count(loc)) edges.push_back({dag_.fromIndex(loc), w});
  }
  for (auto& [from, to] : edges) dag_.makePointerTo(from, to);
  // A value of type Any may be anything: every wildcard set may alias the Any set.
  auto any = db_.wildcards_.find(AnyType::get()->str());
  if (any != db_.wildcards_.end())
    for (const auto& [key, w] : db_.wildcards_)
      if (w != any->second) dag_.makePointerTo(w, any->second);
  dag_.invalidateCaches();
}

void AliasDb::Builder::buildWriteIndex() {
  for (const Write& w : writes_) {
    const Element* e = db_.elementOf(w.value);
    db_.writeIndex_[w.node] |= w.toContained ? dag_.getAllContainedMemoryLocations(e) : dag_.getMemoryLocations(e);
  }
  for (const auto& [key, w] : db_.wildcards_) db_.wildcardLocations_ |= dag_.getMemoryLocations(w);
  for (Node* n : writesToAllWildcards_) db_.writeIndex_[n] |= db_.wildcardLocations_;
  db_.rebuildWrittenLocations();
}

// ---- AliasDb ----

AliasDb::AliasDb(std::shared_ptr<Graph> graph, bool isFrozen)
    : graph_(std::move(graph)), isFrozen_(isFrozen), dag_(std::make_unique<MemoryDAG>()) {
  EMBER_CHECK(graph_ != nullptr, "AliasDb: no graph");
  elementMap_.reserve(graph_->valueIdBound());  // one allocation, not a doubling per new maximum
  Builder(*this).run();
}

AliasDb::~AliasDb() = default;

bool AliasDb::isMutableType(const Value* v) { return isMutableTypeForAliasing(v->type()); }

void AliasDb::rebuildWrittenLocations() {
  std::vector<const MemoryLocations*> sets;
  for (const auto& [node, locs] : writeIndex_) sets.push_back(&locs);
  writtenLocations_ = MemoryLocations::unionOf(sets);
}

const Element* AliasDb::elementOf(const Value* v) const { return elementMap_.find(v); }

Element* AliasDb::ElementIndex::find(const Value* v) const {
  const size_t i = v->unique();
  return i < slots_.size() && slots_[i].value == v ? slots_[i].element : nullptr;
}

void AliasDb::ElementIndex::set(const Value* v, Element* e) {
  const size_t i = v->unique();
  if (i >= slots_.size()) slots_.resize(std::max(i + 1, slots_.size() * 2));
  slots_[i] = Slot{v, e};
}

void AliasDb::ElementIndex::erase(const Value* v) {
  const size_t i = v->unique();
  if (i < slots_.size() && slots_[i].value == v) slots_[i] = Slot{};
}

const MemoryLocations& AliasDb::memoryLocations(const Value* v) const {
  static const MemoryLocations kNone;
  const Element* e = elementOf(v);
  return e ? dag_->getMemoryLocations(e) : kNone;
}

const MemoryLocations& AliasDb::containedMemoryLocations(const Value* v) const {
  static const MemoryLocations kNone;
  const Element* e = elementOf(v);
  return e ? dag_->getAllContainedMemoryLocations(e) : kNone;
}

bool AliasDb::mayAlias(const Value* a, const Value* b) const {
  const Element* ea = elementOf(a);
  const Element* eb = elementOf(b);
  return ea && eb && dag_->mayAlias(ea, eb);
}

bool AliasDb::mayAlias(const ValueSet& a, const ValueSet& b) const {
  MemoryLocations la;
  for (const Value* v : a) la |= memoryLocations(v);
  if (la.empty()) return false;
  for (const Value* v : b)
    if (la.intersects(memoryLocations(v))) return true;
  return false;
}

bool AliasDb::mayContainAlias(const Value* a, const Value* b) const {
  const Element* ea = elementOf(a);
  const Element* eb = elementOf(b);
  return ea && eb && dag_->mayContainAlias(ea, eb);
}

bool AliasDb::mayContainAlias(ArrayRef<Value*> a, ArrayRef<Value*> b) const {
  MemoryLocations la, lb;
  for (const Value* v : a)
    if (const Element* e = elementOf(v)) la |= dag_->getAllContainedMemoryLocations(e);
  if (la.empty()) return false;
  for (const Value* v : b)
    if (const Element* e = elementOf(v)) lb |= dag_->getAllContainedMemoryLocations(e);
  return la.intersects(lb);
}

bool AliasDb::mayContainAlias(ArrayRef<Value*> a, const Value* b) const {
  Value* bs[] = {const_cast<Value*>(b)};
  return mayContainAlias(a, ArrayRef<Value*>(bs, 1));
}

bool AliasDb::mayAliasWildcard(const Value* v) const {
  const Element* e = elementOf(v);
  if (!e) return false;
  TypePtr t = aliasTypeOf(v->type());
  auto it = wildcards_.find(t->str());
  return it != wildcards_.end() && dag_->mayAlias(e, it->second);
}

bool AliasDb::mayAliasWildcard(ArrayRef<Value*> vs) const {
  for (const Value* v : vs)
    if (mayAliasWildcard(v)) return true;
  return false;
}

MemoryLocations AliasDb::getWrites(Node* n) const {
  MemoryLocations out;
  auto it = writeIndex_.find(n);
  if (it != writeIndex_.end()) out |= it->second;
  for (Block* b : n->blocks())
    for (Node* sub : b->nodes()) out |= getWrites(sub);
  return out;
}

MemoryLocations AliasDb::getReads(Node* n) const {
  MemoryLocations out;
  for (const Value* in : n->inputs())
    if (const Element* e = elementOf(in)) out |= dag_->getAllContainedMemoryLocations(e);
  for (Block* b : n->blocks())
    for (Node* sub : b->nodes()) out |= getReads(sub);
  return out;
}

bool AliasDb::writesToAlias(Node* n, const ValueSet& vs) const {
  MemoryLocations writes = getWrites(n);
  if (writes.empty()) return false;
  for (const Value* v : vs)
    if (writes.intersects(memoryLocations(v))) return true;
  return false;
}

bool AliasDb::hasWriters(const Value* v) const {
  if (v->type()->kind() == TypeKind::NoneType) return false;
  return writtenLocations_.intersects(memoryLocations(v));
}

bool AliasDb::hasInputWriters(const Node* n) const {
  for (const Value* v : n->inputs())
    if (hasWriters(v)) return true;
  return false;
}

bool AliasDb::hasOutputWriters(const Node* n) const {
  for (const Value* v : n->outputs())
    if (hasWriters(v)) return true;
  return false;
}

bool AliasDb::hasWriters(const Node* n) const { return hasInputWriters(n) || hasOutputWriters(n); }

bool AliasDb::writesToWildcard(Node* n) const {
  auto it = writeIndex_.find(n);
  return it != writeIndex_.end() && it->second.intersects(wildcardLocations_);
}

bool AliasDb::isMutable(Node* n) const {
  ValueSet inputs(n->inputs().begin(), n->inputs().end());
  return writesToAlias(n, inputs);
}

bool AliasDb::safeToChangeAliasingRelationship(ArrayRef<Value*> a, ArrayRef<Value*> b) const {
  for (ArrayRef<Value*> vs : {a, b})
    for (const Value* v : vs)
      if (hasWriters(v)) return false;
  auto escapes = [&](ArrayRef<Value*> vs) {
    return mayContainAlias(graph_->inputs(), vs) || mayContainAlias(graph_->outputs(), vs) || mayAliasWildcard(vs);
  };
  return !(escapes(a) && escapes(b));
}

void AliasDb::replaceWithNewValue(Value* existing, Value* newValue) {
  Element* e = elementMap_.find(existing);
  if (!e) return;
  elementMap_.erase(existing);
  std::replace(e->values.begin(), e->values.end(), static_cast<const Value*>(existing),
               static_cast<const Value*>(newValue));
  elementMap_.set(newValue, e);
}

void AliasDb::createValue(const Value* v) { Builder(*this).giveFreshAlias(v); }

void AliasDb::removeWritesOf(Node* n) {
  writeIndex_.erase(n);
  rebuildWrittenLocations();
}

}  // namespace ember::jit
