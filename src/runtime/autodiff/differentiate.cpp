// Symbolic differentiation of a differentiable subgraph (see differentiate.h).
//
// The backward graph is built by walking the forward nodes in reverse. For each node whose
// outputs receive a gradient and whose inputs need one, the node's derivative formula (its
// compiled TorchScript def, calls inlined) is copied into df with its parameters bound as the
// eager engine binds them (record.cpp): `grad`/`gradN` to the outputs' accumulated gradients,
// `result`/`resultN` to outputs captured from f, arguments by name (tensors captured from f,
// constants copied), `<arg>_size` to an aten::size computed in f. Each gradient the formula
// returns goes through ember::autodiff_grad_to (the engine's reduction of a broadcast gradient
// to the input's sizes and cast to its dtype), and gradients reaching one value are summed with
// prim::AutogradAdd (None stands for zero). df is then optimised, and what it does not read is
// dropped from f's outputs.
#include "runtime/autodiff/differentiate.h"

#include <algorithm>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#include "ember/core/symbols.h"
#include "ember/error.h"
#include "ember/ir/ir.h"
#include "passes/common_subexpression_elimination.h"
#include "passes/constant_pooling.h"
#include "passes/constant_propagation.h"
#include "passes/create_autodiff_subgraphs.h"
#include "passes/dead_code_elimination.h"
#include "passes/inliner.h"
#include "passes/lower_tuples.h"
#include "passes/peephole.h"
#include "runtime/autograd/formulas.h"
#include "runtime/autograd/output_differentiability.h"

namespace ember::jit {

namespace {

enum class TensorKind : uint8_t { None, Tensor, List };

TensorKind tensorKind(const TypePtr& type) {
  const Type* t = type.get();
  if (t->kind() == TypeKind::OptionalType) t = t->castRaw<OptionalType>()->getElementType().get();
  if (t->kind() == TypeKind::TensorType) return TensorKind::Tensor;
  if (t->kind() == TypeKind::ListType) {
    const Type* e = t->castRaw<ListType>()->getElementType().get();
    if (e->kind() == TypeKind::OptionalType) e = e->castRaw<OptionalType>()->getElementType().get();
    if (e->kind() == TypeKind::TensorType) return TensorKind::List;
  }
  return TensorKind::None;
}

bool isNumberArg(const Argument& a) {
  const Type* t = a.type().get();
  if (t->kind() == TypeKind::OptionalType) t = t->castRaw<OptionalType>()->getElementType().get();
  return t->kind() == TypeKind::NumberType;
}

// A value whose gradient can be non-zero: a tensor whose dtype is floating (or unknown).
bool carriesGradient(const Value* v) {
  auto t = v->type()->cast<TensorType>();
  if (!t) return false;
  return !t->scalarType() || isFloatingType(*t->scalarType()) || isComplexType(*t->scalarType());
}

bool mayRequireGrad(const Value* v) {
  auto t = v->type()->cast<TensorType>();
  return t && carriesGradient(v) && (!t->requiresGrad() || *t->requiresGrad());
}

// The formula's graph with its helper calls inlined, shared by every differentiation.
const Graph& formulaGraph(const autograd::Formula& formula) {
  static std::mutex mutex;
  static std::unordered_map<std::string, std::shared_ptr<Graph>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache.find(formula.defName);
  if (it != cache.end()) return *it->second;
  std::shared_ptr<Graph> g = autograd::compiledFormula(formula).graph();
  EMBER_ASSERT(g != nullptr, "derivative formula ", formula.defName, " has no graph");
  g = g->copy();
  inlineCalls(*g);
  eliminateDeadCode(g);
  return *cache.emplace(formula.defName, g).first->second;
}

bool isGradParam(const std::string& name) {
  return name == "grad" || (name.rfind("grad", 0) == 0 && name.size() > 4 && std::isdigit(name[4]));
}

class Differentiator {
 public:
  explicit Differentiator(const std::shared_ptr<Graph>& graph) : f_(graph->copy()), df_(std::make_shared<Graph>()) {}

  Gradient run() {
    realOutputs_ = f_->outputs().size();
    markRequiresGrad();
    seedRealOutputs();
    std::vector<Node*> nodes(f_->nodes().begin(), f_->nodes().end());
    for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) differentiateNode(*it);
    finishBackward();
    return assemble();
  }

 private:
  enum class InputKind : uint8_t { Vjp, CapturedInput, CapturedOutput };
  struct DfInput {
    InputKind kind;
    int64_t index;
    Value* value;
  };

  void markRequiresGrad() {
    for (Value* in : f_->inputs())
      if (mayRequireGrad(in)) needsGrad_.insert(in);
    for (Node* n : f_->nodes()) {
      bool any = false;
      for (Value* in : n->inputs()) any = any || needsGrad_.count(in);
      if (!any) continue;
      for (Value* out : n->outputs())
        if (carriesGradient(out) || tensorKind(out->type()) == TensorKind::List) needsGrad_.insert(out);
    }
  }

  Value* addDfInput(InputKind kind, int64_t index, const TypePtr& type) {
    Value* v = df_->addInput()->setType(type);
    dfInputs_.push_back({kind, index, v});
    return v;
  }

  void accumulate(Value* forward, Value* grad) {
    auto it = gradOf_.find(forward);
    if (it == gradOf_.end()) {
      gradOf_.emplace(forward, grad);
      return;
    }
    Node* add = df_->appendNode(df_->create(prim::AutogradAdd, {it->second, grad}));
    bool optional = it->second->type()->kind() != TypeKind::TensorType && grad->type()->kind() != TypeKind::TensorType;
    add->output()->setType(optional ? TypePtr(OptionalType::ofTensor()) : TypePtr(TensorType::get()));
    it->second = add->output();
  }

  void seedRealOutputs() {
    for (size_t j = 0; j < realOutputs_; ++j) {
      Value* y = f_->outputs()[j];
      if (!needsGrad_.count(y)) continue;
      accumulate(y, addDfInput(InputKind::Vjp, static_cast<int64_t>(j), TensorType::get()));
    }
  }

  // The df value standing for f value `v` (an f input or an f output, added if need be). A
  // captured temporary that may require grad also gets a vjp: double backward differentiates
  // df, whose gradient then flows back into it.
  Value* capture(Value* v) {
    auto it = captured_.find(v);
    if (it != captured_.end()) return it->second;
    Value* inner;
    if (v->node() == f_->paramNode()) {
      size_t i = std::find(f_->inputs().begin(), f_->inputs().end(), v) - f_->inputs().begin();
      inner = addDfInput(InputKind::CapturedInput, static_cast<int64_t>(i), v->type());
    } else {
      auto outs = f_->outputs();
      size_t i = std::find(outs.begin(), outs.end(), v) - outs.begin();
      if (i == outs.size()) i = f_->registerOutput(v);
      inner = addDfInput(InputKind::CapturedOutput, static_cast<int64_t>(i), v->type());
      if (i >= realOutputs_ && needsGrad_.count(v))
        accumulate(v, addDfInput(InputKind::Vjp, static_cast<int64_t>(i), OptionalType::ofTensor()));
    }
    captured_.emplace(v, inner);
    return inner;
  }

  // aten::size / prim::dtype of an f tensor, computed in f right after it and captured.
  Value* sizeOf(Value* v) { return metadataOf(v, aten::size, ListType::create(IntType::get()), sizes_); }
  Value* dtypeOf(Value* v) { return metadataOf(v, prim::dtype, IntType::get(), dtypes_); }

  Value* metadataOf(Value* v, Symbol kind, const TypePtr& type, std::unordered_map<Value*, Value*>& cache) {
    auto it = cache.find(v);
    if (it != cache.end()) return it->second;
    // Known from the guarded type (STATIC sizes, the dtype): a constant, nothing to capture.
    if (std::optional<IValue> known = knownMetadata(v, kind)) {
      WithInsertPoint point(df_->block());
      Value* c = df_->insertConstant(*known);
      cache.emplace(v, c);
      return c;
    }
    Node* n = f_->create(kind, {v});
    n->output()->setType(type);
    if (v->node() == f_->paramNode())
      f_->prependNode(n);
    else
      n->insertAfter(v->node());
    Value* inner = capture(n->output());
    cache.emplace(v, inner);
    return inner;
  }

  static std::optional<IValue> knownMetadata(Value* v, Symbol kind) {
    auto t = v->type()->cast<TensorType>();
    if (!t) return std::nullopt;
    if (kind == prim::dtype && t->scalarType()) return IValue(static_cast<int64_t>(*t->scalarType()));
    if (kind == aten::size && t->sizes()) {
      std::vector<int64_t> sizes;
      for (const auto& d : *t->sizes()) {
        if (!d) return std::nullopt;
        sizes.push_back(*d);
      }
      return makeIntList(sizes);
    }
    return std::nullopt;
  }

  Value* constantInDf(Value* v, bool asFloat) {
    Node* c = df_->createClone(v->node(), [](Value* x) { return x; });
    df_->appendNode(c);
    if (!asFloat || c->output()->type()->kind() != TypeKind::IntType) return c->output();
    double d = static_cast<double>(c->i(attr::value));
    c->destroy();
    WithInsertPoint point(df_->block());
    return df_->insertConstant(IValue(d));
  }

  // A tensor list built in f (the grouping keeps a Tensor[] argument's prim::ListConstruct in
  // the group) is rebuilt in df from its captured elements, so that f never outputs a list.
  Value* rebuildList(Value* list) {
    std::vector<Value*> elems;
    for (Value* e : list->node()->inputs())
      elems.push_back(e->node()->kind() == prim::Constant ? constantInDf(e, false) : capture(e));
    Node* lc = df_->appendNode(df_->create(prim::ListConstruct, elems));
    lc->output()->setType(list->type());
    return lc->output();
  }

  // The value of formula parameter `name` (declared with `type`) for node `n`.
  Value* bindParam(Node* n, const std::string& name, const TypePtr& type) {
    if (name.rfind("result", 0) == 0) return capture(n->output(name == "result" ? 0 : std::stoul(name.substr(6))));
    const FunctionSchema& s = n->schema();
    auto find = [&](const std::string& arg) {
      size_t i = 0;
      while (i < s.arguments().size() && s.arguments()[i].name() != arg) ++i;
      return i;
    };
    size_t i = find(name);
    if (i == s.arguments().size() && name.size() > 5 && name.compare(name.size() - 5, 5, "_size") == 0) {
      i = find(name.substr(0, name.size() - 5));
      EMBER_ASSERT(i < s.arguments().size(), "derivative formula reads unknown argument ", name);
      return sizeOf(n->input(i));
    }
    EMBER_ASSERT(i < s.arguments().size(), "derivative formula reads unknown argument ", name);
    Value* v = n->input(i);
    const bool wantsFloat = type->kind() == TypeKind::FloatType ||
                            (type->kind() == TypeKind::OptionalType &&
                             type->castRaw<OptionalType>()->getElementType()->kind() == TypeKind::FloatType);
    if (v->node()->kind() == prim::Constant) return constantInDf(v, wantsFloat);
    if (v->node()->kind() == prim::ListConstruct && tensorKind(v->type()) == TensorKind::List) return rebuildList(v);
    Value* inner = capture(v);
    if (wantsFloat && v->type()->kind() == TypeKind::IntType) {
      Node* cast = df_->appendNode(df_->create(aten::Float, {inner}));
      cast->output()->setType(FloatType::get());
      return cast->output();
    }
    return inner;
  }

  // The gradient of output k of `n`, as a defined tensor (zeros when none reached it).
  Value* outputGrad(Node* n, size_t k) {
    Value* out = n->output(k);
    auto it = gradOf_.find(out);
    Value* g;
    if (it != gradOf_.end() && it->second->type()->kind() == TypeKind::TensorType) return it->second;
    if (it != gradOf_.end()) {
      g = it->second;
    } else {
      WithInsertPoint point(df_->block());
      g = df_->insertConstant(IValue());
    }
    Node* fill =
        df_->appendNode(df_->create(Symbol::fromQualString("ember::autodiff_fill"), {g, sizeOf(out), dtypeOf(out)}));
    fill->output()->setType(TensorType::get());
    return fill->output();
  }

  void differentiateNode(Node* n) {
    bool outputHasGrad = false, inputNeedsGrad = false;
    for (Value* out : n->outputs()) outputHasGrad = outputHasGrad || gradOf_.count(out);
    for (Value* in : n->inputs()) inputNeedsGrad = inputNeedsGrad || needsGrad_.count(in);
    if (!outputHasGrad || !inputNeedsGrad) return;
    if (n->kind() == prim::ListConstruct) {
      differentiateList(n);
      return;
    }
    if (n->kind() == prim::ListUnpack) {
      differentiateUnpack(n);
      return;
    }
    const FunctionSchema& schema = n->schema();
    const autograd::Formula* formula = autograd::findFormula(schema);
    EMBER_ASSERT(formula != nullptr, "no derivative formula for ", schema.name());
    const Graph& fg = formulaGraph(*formula);
    // Captures first: capturing a result seeds its vjp, which must be in before its gradient is read.
    std::vector<Value*> params(formula->params.size(), nullptr);
    for (size_t p = 0; p < params.size(); ++p)
      if (!isGradParam(formula->params[p]) && formula->params[p] != "grads")
        params[p] = bindParam(n, formula->params[p], fg.inputs()[p]->type());
    for (size_t p = 0; p < params.size(); ++p) {
      const std::string& name = formula->params[p];
      if (isGradParam(name)) params[p] = outputGrad(n, name == "grad" ? 0 : std::stoul(name.substr(4)));
      // A Tensor[] result's gradients, as a list (built by its prim::ListUnpack's differentiation).
      if (name == "grads") params[p] = gradOf_.at(n->output(0));
    }
    std::vector<Value*> results;
    {
      WithInsertPoint point(df_->block());
      results = fg.insertGraphInto(*df_, params);
    }
    std::vector<size_t> tensorArgs;
    for (size_t i = 0; i < schema.arguments().size(); ++i)
      if (tensorKind(schema.arguments()[i].type()) != TensorKind::None) tensorArgs.push_back(i);
    std::vector<Value*> perArg;
    if (tensorArgs.size() == 1) {
      perArg.push_back(results.at(0));
    } else {
      Node* unpack = df_->appendNode(df_->createTupleUnpack(results.at(0)));
      perArg.assign(unpack->outputs().begin(), unpack->outputs().end());
    }
    EMBER_ASSERT(perArg.size() == tensorArgs.size(), "derivative formula ", formula->defName, " returned ",
                 perArg.size(), " gradients for ", tensorArgs.size(), " tensor arguments");
    for (size_t a = 0; a < tensorArgs.size(); ++a) {
      Value* x = n->input(tensorArgs[a]);
      if (!needsGrad_.count(x) || perArg[a]->type()->kind() == TypeKind::NoneType) continue;
      if (tensorKind(x->type()) == TensorKind::List) {
        // The list's elements get their gradients when its prim::ListConstruct is reached.
        accumulate(x, perArg[a]);
        continue;
      }
      Node* to = df_->appendNode(
          df_->create(Symbol::fromQualString("ember::autodiff_grad_to"), {perArg[a], sizeOf(x), dtypeOf(x)}));
      to->output()->setType(perArg[a]->type()->kind() == TypeKind::TensorType ? TypePtr(TensorType::get())
                                                                              : TypePtr(OptionalType::ofTensor()));
      accumulate(x, to->output());
    }
  }

  // The gradient of a tensor list (from the formula of the node reading it, its only use) goes
  // to its elements, each reduced to the element's sizes and dtype as any input's is.
  void differentiateList(Node* n) {
    Value* g = gradOf_.at(n->output());
    Node* unpack = df_->appendNode(df_->create(prim::ListUnpack, {g}, n->inputs().size()));
    for (size_t i = 0; i < n->inputs().size(); ++i) {
      unpack->output(i)->setType(TensorType::get());
      Value* x = n->input(i);
      if (!needsGrad_.count(x)) continue;
      Node* to = df_->appendNode(df_->create(Symbol::fromQualString("ember::autodiff_grad_to"),
                                             {unpack->output(i), sizeOf(x), dtypeOf(x)}));
      to->output()->setType(TensorType::get());
      accumulate(x, to->output());
    }
  }

  // The gradients of a tensor list's elements (zeros where none reached one), as a list for the
  // formula of the node that returned the list (its only use is this prim::ListUnpack).
  void differentiateUnpack(Node* n) {
    std::vector<Value*> grads;
    for (size_t k = 0; k < n->outputs().size(); ++k) grads.push_back(outputGrad(n, k));
    Node* lc = df_->appendNode(df_->create(prim::ListConstruct, grads));
    lc->output()->setType(ListType::create(TensorType::get()));
    accumulate(n->input(0), lc->output());
  }

  void finishBackward() {
    for (size_t i = 0; i < f_->inputs().size(); ++i) {
      Value* x = f_->inputs()[i];
      if (!needsGrad_.count(x)) continue;
      auto it = gradOf_.find(x);
      Value* g;
      if (it != gradOf_.end()) {
        g = it->second;
      } else {
        WithInsertPoint point(df_->block());
        g = df_->insertConstant(IValue());
      }
      df_->registerOutput(g);
      dfOutputVjps_.push_back(static_cast<int64_t>(i));
    }
    readSizesFromForward();
    optimizeBackward(df_);
  }

  // Formulas ask tensors they read only for their sizes (mul's `_sum_to(g, self.size())`): the
  // sizes come from f instead, so the tensor itself need not be kept for backward.
  void readSizesFromForward() {
    std::unordered_map<Value*, Value*> forwardOf;
    for (const auto& [fwd, inner] : captured_) forwardOf.emplace(inner, fwd);
    std::vector<Node*> sizeNodes;
    for (Node* n : df_->nodes())
      if (n->kind() == aten::size && n->inputs().size() == 1 && forwardOf.count(n->input(0))) sizeNodes.push_back(n);
    for (Node* n : sizeNodes) {
      Value* fwd = forwardOf.at(n->input(0));
      if (fwd->type()->kind() != TypeKind::TensorType) continue;
      n->output()->replaceAllUsesWith(sizeOf(fwd));
      n->destroy();
    }
  }

  static void optimizeBackward(const std::shared_ptr<Graph>& g) {
    lowerSimpleTuples(g);
    constantPropagation(g);
    peepholeOptimize(g);
    eliminateCommonSubexpression(g);
    constantPooling(g);
    eliminateDeadCode(g);
  }

  // Drops df inputs it does not read and f outputs nothing needs, then orders df's inputs as
  // PyTorch does: vjps, captured inputs, captured outputs.
  Gradient assemble() {
    std::vector<DfInput> kept;
    for (const DfInput& in : dfInputs_)
      if (in.value->hasUses()) kept.push_back(in);
    // f outputs beyond the real ones that df still reads (or takes the vjp of while reading).
    std::vector<int64_t> liveOutputs;
    for (const DfInput& in : kept)
      if (in.kind == InputKind::CapturedOutput && in.index >= static_cast<int64_t>(realOutputs_))
        liveOutputs.push_back(in.index);
    std::sort(liveOutputs.begin(), liveOutputs.end());
    liveOutputs.erase(std::unique(liveOutputs.begin(), liveOutputs.end()), liveOutputs.end());
    // A vjp of a temporary no longer read is dropped with it.
    std::vector<DfInput> final;
    for (const DfInput& in : kept) {
      if (in.kind == InputKind::Vjp && in.index >= static_cast<int64_t>(realOutputs_) &&
          !std::binary_search(liveOutputs.begin(), liveOutputs.end(), in.index)) {
        // The None must come before the vjp's uses.
        auto nodes = df_->nodes();
        WithInsertPoint point(nodes.begin() == nodes.end() ? df_->returnNode() : *nodes.begin());
        in.value->replaceAllUsesWith(df_->insertConstant(IValue()));
        continue;
      }
      final.push_back(in);
    }
    // Renumber f's outputs: the real ones, then the live temporaries in order.
    std::unordered_map<int64_t, int64_t> renumber;
    for (size_t j = 0; j < realOutputs_; ++j) renumber[static_cast<int64_t>(j)] = static_cast<int64_t>(j);
    for (size_t k = 0; k < liveOutputs.size(); ++k) renumber[liveOutputs[k]] = static_cast<int64_t>(realOutputs_ + k);
    std::vector<Value*> fOutputs(f_->outputs().begin(), f_->outputs().end());
    while (f_->outputs().size() > realOutputs_) f_->eraseOutput(f_->outputs().size() - 1);
    for (int64_t i : liveOutputs) f_->registerOutput(fOutputs[static_cast<size_t>(i)]);
    eliminateDeadCode(f_);

    Gradient grad;
    grad.f = f_;
    grad.fRealOutputs = static_cast<int64_t>(realOutputs_);
    std::vector<Value*> order;
    for (InputKind kind : {InputKind::Vjp, InputKind::CapturedInput, InputKind::CapturedOutput}) {
      for (const DfInput& in : final) {
        if (in.kind != kind) continue;
        order.push_back(in.value);
        int64_t index = kind == InputKind::CapturedInput ? in.index : renumber.at(in.index);
        (kind == InputKind::Vjp             ? grad.dfInputVjps
         : kind == InputKind::CapturedInput ? grad.dfInputCapturedInputs
                                            : grad.dfInputCapturedOutputs)
            .push_back(index);
      }
    }
    auto df = std::make_shared<Graph>();
    std::vector<Value*> inputs(df_->inputs().size(), nullptr);
    for (Value* v : order) {
      size_t i = std::find(df_->inputs().begin(), df_->inputs().end(), v) - df_->inputs().begin();
      inputs[i] = df->addInput()->setType(v->type());
    }
    // Dropped inputs have no uses left; a None stands in for them while copying.
    {
      WithInsertPoint point(df->block());
      for (Value*& in : inputs)
        if (!in) in = df->insertConstant(IValue());
      for (Value* out : df_->insertGraphInto(*df, inputs)) df->registerOutput(out);
    }
    eliminateDeadCode(df);
    grad.df = df;
    grad.dfOutputVjps = dfOutputVjps_;
    return grad;
  }

  std::shared_ptr<Graph> f_, df_;
  size_t realOutputs_ = 0;
  std::unordered_set<Value*> needsGrad_;
  std::unordered_map<Value*, Value*> gradOf_, captured_, sizes_, dtypes_;
  std::vector<DfInput> dfInputs_;
  std::vector<int64_t> dfOutputVjps_;
};

}  // namespace

namespace {

// A Tensor[] result used only by one prim::ListUnpack (unbind, split, chunk into names): the
// unpack joins the group, and the list's gradients are assembled from its outputs'.
bool listResultUnpacked(const Node* n) {
  if (n->outputs().size() != 1) return false;
  const auto& uses = n->output()->uses();
  return uses.size() == 1 && uses[0].user->kind() == prim::ListUnpack;
}

}  // namespace

bool canDifferentiateNode(const Node* n) {
  if (!n->blocks().empty()) return false;
  if (n->kind() == prim::ListUnpack) {
    const Node* producer = n->input()->node();
    return tensorKind(n->input()->type()) == TensorKind::List && producer->kind() != prim::ListConstruct &&
           producer->maybeSchema() != nullptr && canDifferentiateNode(producer);
  }
  const FunctionSchema* s = n->maybeSchema();
  if (!s || s->isMutable() || s->isVararg() || s->isVarret()) return false;
  const autograd::Formula* formula = autograd::findFormula(*s);
  if (!formula) return false;
  // Ops with a result PyTorch leaves outside autograd (_ctc_loss's log_alpha) stay with the
  // interpreter's recording, which leaves it alone (output_differentiability.h).
  for (size_t k = 1; k < s->returns().size(); ++k)
    if (!autograd::isDifferentiableOutput(*s, k)) return false;
  bool tensorOutput = false, listOutput = false;
  for (const Argument& r : s->returns()) {
    TensorKind k = tensorKind(r.type());
    listOutput = listOutput || k == TensorKind::List;
    tensorOutput = tensorOutput || k != TensorKind::None;
  }
  if (listOutput && !listResultUnpacked(n)) return false;
  for (const std::string& p : formula->params)
    if (p == "grads" && !listOutput) return false;
  if (!tensorOutput) return false;
  for (size_t i = 0; i < s->arguments().size(); ++i) {
    const Argument& a = s->arguments()[i];
    // A Tensor[] argument: a list built here for this node alone (it joins the group with it).
    if (tensorKind(a.type()) == TensorKind::List &&
        (n->input(i)->node()->kind() != prim::ListConstruct || n->input(i)->uses().size() != 1))
      return false;
    // Scalars reach formulas as floats: a constant or a float is converted in df. A complex
    // constant stays with eager autograd, which conjugates it for the formula (1j * z).
    if (isNumberArg(a) && n->input(i)->node()->kind() != prim::Constant &&
        n->input(i)->type()->kind() != TypeKind::FloatType)
      return false;
    if (isNumberArg(a) && n->input(i)->type()->kind() == TypeKind::ComplexType) return false;
  }
  return true;
}

Gradient differentiate(const std::shared_ptr<Graph>& graph) { return Differentiator(graph).run(); }

void differentiateNode(Node* node) {
  EMBER_ASSERT(node->kind() == prim::DifferentiableGraph, "differentiateNode expects a prim::DifferentiableGraph");
  Gradient g;
  try {
    g = differentiate(node->g(attr::Subgraph));
  } catch (const Error& e) {
    EMBER_ERROR("differentiating a prim::DifferentiableGraph failed: ", e.what(), "\nits subgraph:\n",
                node->g(attr::Subgraph)->toString(false));
  }
  node->g_(attr::Subgraph, g.f);
  node->g_(Symbol::attr("ReverseSubgraph"), g.df);
  node->i_(Symbol::attr("f_real_outputs"), g.fRealOutputs);
  node->is_(Symbol::attr("df_input_vjps"), g.dfInputVjps);
  node->is_(Symbol::attr("df_input_captured_inputs"), g.dfInputCapturedInputs);
  node->is_(Symbol::attr("df_input_captured_outputs"), g.dfInputCapturedOutputs);
  node->is_(Symbol::attr("df_output_vjps"), g.dfOutputVjps);
}

namespace {
// The grouping pass asks the runtime which nodes it can differentiate.
const bool kPredicateInstalled = [] {
  setDifferentiableNodePredicate(&canDifferentiateNode);
  return true;
}();
}  // namespace

}  // namespace ember::jit
