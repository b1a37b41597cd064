// The tracer's walk over the IR: control flow, calls, scalar operators with their symbolic
// values, guards and the errors that name the source line. Recording tensor operators
// (functionalisation included) is in tracer_ops.cpp.
#include "tracer.h"

#include "sym_nodes.h"

#include <algorithm>
#include <sstream>

#include "ember/core/operator.h"
#include "ember/runtime/graph_function.h"
#include "ember/core/symbols.h"
#include "ember/error.h"

namespace ember::exporter {

using jit::IValue;

namespace {

std::string sourceLine(const jit::SourceRange& r) {
  const std::string& text = r.source()->text();
  size_t line = r.source()->lineIndexForOffset(r.start());
  size_t begin = r.source()->offsetForLineIndex(line);
  size_t end = text.find('\n', begin);
  std::string s = text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
  size_t first = s.find_first_not_of(" \t");
  return first == std::string::npos ? "" : s.substr(first);
}

}  // namespace

// Symbolic scalar operators: name.overload -> the expression of the result.
std::optional<SymExpr> symbolicScalarOp(const std::string& op, const std::vector<SymExpr>& a) {
  auto is = [&](const char* n) { return op == n; };
  if (a.size() == 2) {
    if (is("aten::add.int") || is("aten::add.float") || is("aten::add")) return a[0] + a[1];
    if (is("aten::sub.int") || is("aten::sub.float") || is("aten::sub")) return a[0] - a[1];
    if (is("aten::mul.int") || is("aten::mul.float") || is("aten::mul") || is("aten::mul.int_float") ||
        is("aten::mul.float_int"))
      return a[0] * a[1];
    if (is("aten::floordiv.int") || is("aten::floordiv")) return SymExpr::floorDiv(a[0], a[1]);
    if (is("aten::remainder.int") || is("aten::__mod__.int")) return SymExpr::mod(a[0], a[1]);
    if (is("aten::div.int") || is("aten::div.float") || is("aten::div")) return SymExpr::trueDiv(a[0], a[1]);
    if (is("aten::eq.int") || is("aten::eq")) return SymExpr::eq(a[0], a[1]);
    if (is("aten::ne.int") || is("aten::ne")) return SymExpr::compare(SymOp::Ne, a[0], a[1]);
    if (is("aten::lt.int") || is("aten::lt")) return SymExpr::compare(SymOp::Lt, a[0], a[1]);
    if (is("aten::le.int") || is("aten::le")) return SymExpr::compare(SymOp::Le, a[0], a[1]);
    if (is("aten::gt.int") || is("aten::gt")) return SymExpr::compare(SymOp::Gt, a[0], a[1]);
    if (is("aten::ge.int") || is("aten::ge")) return SymExpr::compare(SymOp::Ge, a[0], a[1]);
    if (is("prim::max.int") || is("prim::max")) return SymExpr::max(a[0], a[1]);
    if (is("prim::min.int") || is("prim::min")) return SymExpr::min(a[0], a[1]);
    if (is("aten::__and__.bool")) return SymExpr::logicalAnd(a[0], a[1]);
    if (is("aten::__or__.bool")) return SymExpr::logicalOr(a[0], a[1]);
  }
  if (a.size() == 1) {
    if (is("aten::neg.int") || is("aten::neg")) return SymExpr(0) - a[0];
    if (is("aten::__not__")) return SymExpr::logicalNot(a[0]);
    if (is("aten::Float.int") || is("aten::Int.int") || is("aten::ScalarImplicit")) return a[0];
  }
  return std::nullopt;
}

namespace {

bool isContainerOp(jit::Symbol k) {
  return k == jit::prim::ListConstruct || k == jit::prim::TupleConstruct || k == jit::prim::ListUnpack ||
         k == jit::prim::TupleUnpack || k == jit::prim::TupleIndex || k == jit::aten::__getitem__ ||
         k == jit::Symbol::aten("len");
}

// `sizes[-2:]`: aten::slice on a list (aten::slice.t), whose elements keep their symbols.
bool isListSlice(const jit::Node* n) {
  return n->kind() == jit::aten::slice && n->inputs().size() == 4 &&
         n->input(0)->type()->kind() == jit::TypeKind::ListType;
}

bool returnsTensor(const jit::FunctionSchema& s) {
  for (const jit::Argument& r : s.returns()) {
    jit::TypePtr t = r.type();
    while (t->kind() == jit::TypeKind::OptionalType || t->kind() == jit::TypeKind::ListType) t = t->containedType(0);
    if (t->kind() == jit::TypeKind::TensorType) return true;
  }
  return false;
}

const std::set<std::string>& dataDependentOps() {
  static const std::set<std::string> ops = {"aten::item",   "aten::Int",      "aten::Float",   "aten::Bool",
                                            "aten::is_nonzero", "aten::equal", "aten::allclose", "aten::tolist",
                                            "aten::ScalarImplicit", "aten::__contains__", "prim::tolist"};
  return ops;
}

}  // namespace

void Tracer::fail(const std::string& message) const {
  std::string full = "export: " + message;
  for (auto it = frames_.rbegin(); it != frames_.rend(); ++it) {
    const jit::Node* n = (*it)->current;
    if (n && n->sourceRange() && n->sourceRange()->valid()) {
      std::optional<jit::SourceRange> original = n->sourceRange()->findSourceRangeThatGenerated();
      full += "\n" + (original ? *original : *n->sourceRange()).highlight();
      break;
    }
  }
  throw Error(full);
}

std::string Tracer::stackTrace() const {
  std::string out;
  for (const Frame* f : frames_) {
    const jit::Node* n = f->current;
    if (!n || !n->sourceRange() || !n->sourceRange()->valid()) continue;
    // Archive code points back at the Python source it was printed from (.debug_pkl).
    std::optional<jit::SourceRange> original = n->sourceRange()->findSourceRangeThatGenerated();
    const jit::SourceRange& r = original ? *original : *n->sourceRange();
    auto flc = r.fileLineCol();
    std::string file = flc ? flc->filename : "<source>";
    size_t line = flc ? flc->line : r.source()->lineIndexForOffset(r.start()) + r.source()->startingLine() + 1;
    out += "  File \"" + file + "\", line " + std::to_string(line) + ", in " + f->function + "\n    " +
           sourceLine(r) + "\n";
  }
  return out;
}

void Tracer::addSymbol(const std::string& name, SymRange range, int64_t hint, FxNode* source, int64_t dim) {
  if (symbolSources_.count(name)) return;
  ep_.rangeConstraints[name] = range;
  hints_[name] = hint;
  symbolSources_[name] = {source, dim};
  for (const auto& [impl, info] : tensors_)
    if (info.placeholder == source) symbolTensors_[name] = impl;
}

FxNode* Tracer::addTensorPlaceholder(const Tensor& t, const std::string& name, std::vector<SymInt> sizes) {
  FakeTensor fake;
  fake.sizes = std::move(sizes);
  bool symbolic = false;
  for (const SymInt& s : fake.sizes) symbolic |= !s.isConst();
  if (symbolic) {
    fake.strides = FakeTensor::contiguousStrides(fake.sizes);
  } else {
    for (int64_t s : t.strides()) fake.strides.emplace_back(s);
  }
  fake.dtype = t.scalar_type();
  fake.device = t.device();
  FxNode* node = ep_.graph.placeholder(name, MetaVal::ofTensor(fake));
  TensorInfo info;
  info.tensor = t;
  info.node = node;
  info.placeholder = node;
  tensors_[t.impl()] = info;
  fakes_[t.impl()] = fake;
  return node;
}

FxNode* Tracer::currentNodeIfTraced(const Tensor& t) const {
  auto it = tensors_.find(t.impl());
  return it == tensors_.end() ? nullptr : it->second.node;
}

bool Tracer::wasMutated(const Tensor& t) const {
  auto it = tensors_.find(t.impl());
  return it != tensors_.end() && it->second.mutated;
}

FxNode* Tracer::tensorNode(const Tensor& t) {
  auto it = tensors_.find(t.impl());
  if (it != tensors_.end() && it->second.escaped)
    fail("a tensor computed inside a data-dependent branch (cond) is used after it other than as the branch's "
         "result");
  if (branch_ && (it == tensors_.end() || it->second.owner != branch_)) {
    // From outside the branch: an operand of the cond, a placeholder of the branch's graph
    // (taken from the enclosing branch's graph, an operand of it in turn when nested).
    for (const auto& [outer, ph] : branch_->operands)
      if (outer.is_same(t)) return ph;
    Branch* b = branch_;
    branch_ = b->parent;
    FxNode* outerNode;
    try {
      outerNode = tensorNode(t);
    } catch (...) {
      branch_ = b;
      throw;
    }
    branch_ = b;
    FxNode* ph = b->graph->placeholder(outerNode->name, outerNode->val);
    b->operands.emplace_back(t, ph);
    return ph;
  }
  if (it != tensors_.end()) {
    if (it->second.stale)
      fail("this tensor shares memory with a tensor that was changed in place earlier, and export only follows "
           "in-place changes into the tensor changed and the tensors it is a view of; clone() the tensor before "
           "changing it, or change the base tensor instead of the view");
    return it->second.node;
  }
  if (std::optional<SymExpr> s = symTensor(t); s && !s->isConst()) return materializeSymTensor(t, *s);
  // A tensor the program did not compute and was not given: a constant, lifted to an input.
  std::string name = "c_tensor_constant" + std::to_string(constantNames_.size());
  Tensor copy = t.clone();
  ep_.constants[name] = copy;
  constantNames_.push_back(name);
  FakeTensor fake = fakeOf(t);
  FxNode* node = ep_.graph.placeholder(name, MetaVal::ofTensor(fake));
  TensorInfo info;
  info.tensor = t;
  info.node = node;
  info.placeholder = node;
  tensors_[t.impl()] = info;
  constantPlaceholders_[name] = node;
  return node;
}

FakeTensor Tracer::fakeOf(const Tensor& t) {
  auto it = fakes_.find(t.impl());
  if (it != fakes_.end()) return it->second;
  FakeTensor f;
  for (int64_t s : t.sizes()) f.sizes.emplace_back(s);
  for (int64_t s : t.strides()) f.strides.emplace_back(s);
  f.dtype = t.scalar_type();
  f.device = t.device();
  return f;
}

FxArg Tracer::symArg(const SymExpr& e) {
  SymbolSource source = [this](const std::string& name) -> std::pair<FxNode*, int64_t> {
    auto src = symbolSources_.find(name);
    EMBER_ASSERT(src != symbolSources_.end(), "no source for symbol ", name);
    if (!branch_) return src->second;
    // Inside a cond's branch the size is read from the input's operand placeholder.
    return {tensorNode(tensors_.at(symbolTensors_.at(name)).tensor), src->second.second};
  };
  return materializeSym(graph(), e, source, branch_ ? branch_->symNodes : symNodes_, stackTrace());
}

bool Tracer::decide(const SymBool& cond) {
  if (std::optional<bool> d = cond.decide(ep_.rangeConstraints)) return *d;
  bool hint = cond.evaluate(hints_) != 0;
  SymBool guard = hint ? cond : SymExpr::logicalNot(cond);
  if (guard.op() == SymOp::Eq) checkSpecialization(guard);
  for (const SymBool& g : ep_.guards)
    if (g.sameAs(guard)) return hint;
  ep_.guards.push_back(guard);
  return hint;
}

std::string Tracer::describeSymbol(const std::string& name) const {
  auto src = symbolSources_.find(name);
  const SymRange& r = ep_.rangeConstraints.at(name);
  std::string where = src == symbolSources_.end() ? name
                                                   : src->second.first->name + ".size()[" +
                                                         std::to_string(src->second.second) + "]";
  return name + " = " + where + " (range " + std::to_string(r.min) + " <= " + name + " <= " + std::to_string(r.max) +
         ")";
}

void Tracer::checkSpecialization(const SymBool& eq) {
  SymExpr diff = eq.args()[0] - eq.args()[1];
  std::vector<std::string> syms = diff.freeSymbols();
  std::string trace = stackTrace();
  if (syms.size() == 1) {
    const std::string& s = syms[0];
    int64_t value = hints_.at(s);
    throw ConstraintViolation("Constraints violated (" + s + ")! The dynamic dimension " + describeSymbol(s) +
                              " is forced to the constant " + std::to_string(value) + ": the program requires " +
                              eq.str() + ".\n" + trace + "Suggested fix: " + s + " is not dynamic; remove it from " +
                              "the dynamic shapes (or give it the range " + std::to_string(value) + " <= " + s +
                              " <= " + std::to_string(value) + ").");
  }
  if (syms.size() == 2) {
    throw ConstraintViolation("Constraints violated (" + syms[0] + ", " + syms[1] + ")! The program requires " +
                              eq.str() + ", but the dynamic dimensions " + describeSymbol(syms[0]) + " and " +
                              describeSymbol(syms[1]) + " are independent.\n" + trace + "Suggested fix: use one Dim " +
                              "for both dimensions (" + syms[1] + " = " + syms[0] + ").");
  }
}

SymInt Tracer::specialize(const SymExpr& e) {
  if (e.isConst()) return e;
  int64_t hint = e.evaluate(hints_);
  decide(SymExpr::eq(e, hint));
  return hint;
}

std::optional<SymExpr> Tracer::symOf(const Frame& f, const jit::Value* v) const {
  auto it = f.syms.find(v);
  if (it == f.syms.end()) return std::nullopt;
  return it->second;
}

void Tracer::checkNotDataDependent(const Frame& f, const jit::Value* v, const char* use) {
  if (!f.dataDependent.count(v)) return;
  fail(std::string("a value computed from tensor data (.item(), int(tensor), bool(tensor) ...) is used as ") + use +
       "; the exported graph cannot depend on tensor values this way. Express it with tensor operations "
       "(torch.where, masking) instead");
}

Tracer::Result Tracer::run(jit::Function& fn, const std::vector<IValue>& inputs) {
  Frame f;
  f.function = fn.name();
  std::shared_ptr<jit::Graph> graph = fn.graph();
  EMBER_CHECK(graph, "export: ", fn.qualname(), " is not a TorchScript function");
  EMBER_CHECK(graph->inputs().size() == inputs.size(), "export: ", fn.qualname(), " takes ", graph->inputs().size(),
              " inputs (self included for methods) but ", inputs.size(), " were given");
  for (size_t i = 0; i < inputs.size(); ++i) f.env[graph->inputs()[i]] = inputs[i];
  frames_.push_back(&f);
  runBlock(graph->block(), f);
  frames_.pop_back();
  EMBER_CHECK(graph->outputs().size() == 1, "export: functions with several outputs are not supported");
  const jit::Value* out = graph->outputs()[0];
  Result r;
  r.value = f.env.at(out);
  r.sym = symOf(f, out);
  auto el = f.elementSyms.find(out);
  if (el != f.elementSyms.end()) r.elementSyms = el->second;
  return r;
}

void Tracer::runBlock(const jit::Block* block, Frame& f) {
  for (const jit::Node* n : block->nodes()) {
    f.current = n;
    runNode(n, f);
  }
}

// Copies value, symbol and data-dependence of `from` (frame a) to `to` (frame b).
void Tracer::transfer(const Frame& a, const jit::Value* from, Frame& b, const jit::Value* to) {
  b.env[to] = a.env.at(from);
  if (auto s = symOf(a, from)) b.syms[to] = *s;
  else b.syms.erase(to);
  auto el = a.elementSyms.find(from);
  if (el != a.elementSyms.end()) b.elementSyms[to] = el->second;
  else b.elementSyms.erase(to);
  if (a.dataDependent.count(from)) b.dataDependent.insert(to);
  else b.dataDependent.erase(to);
  auto p = a.predicates.find(from);
  if (p != a.predicates.end()) b.predicates[to] = p->second;
  else b.predicates.erase(to);
}

void Tracer::runNode(const jit::Node* n, Frame& f) {
  jit::Symbol k = n->kind();
  if (k == jit::prim::Constant) {
    std::optional<IValue> c = jit::toIValue(n->output());
    f.env[n->output()] = c ? *c : IValue();
    return;
  }
  if (k == jit::prim::If) return runIf(n, f);
  if (k == jit::prim::Loop) return runLoop(n, f);
  if (k == jit::prim::CallFunction) {
    auto ft = n->input(0)->type()->cast<jit::FunctionType>();
    EMBER_CHECK(ft && ft->function(), "export: prim::CallFunction needs a constant function");
    return runCall(n, f, ft->function(), 1);
  }
  if (k == jit::prim::CallMethod) {
    const IValue& self = f.env.at(n->input(0));
    jit::Function* fn = self.toObjectRef().type->findMethod(n->s(jit::attr::name));
    EMBER_CHECK(fn, "export: method '", n->s(jit::attr::name), "' is not defined on ",
                self.toObjectRef().type->qualifiedName());
    auto path = modulePaths_.find(&self.toObjectRef());
    bool pushed = path != modulePaths_.end() && !path->second.first.empty();
    if (pushed) {
      std::string key = "L__self___" + path->second.first;
      for (char& c : key)
        if (c == '.') c = '_';
      moduleStack_.push_back({key, path->second.first, path->second.second});
    }
    runCall(n, f, fn, 0);
    if (pushed) moduleStack_.pop_back();
    return;
  }
  if (k == jit::prim::fork || k == jit::aten::wait) fail("fork/wait cannot be exported");
  runOperator(n, f);
}

void Tracer::runCall(const jit::Node* n, Frame& f, jit::Function* fn, size_t firstArg) {
  std::shared_ptr<jit::Graph> graph = fn->graph();
  if (!graph) fail("the builtin function " + fn->qualname() + " cannot be traced into");
  Frame callee;
  callee.function = fn->name();
  EMBER_CHECK(graph->inputs().size() == n->inputs().size() - firstArg, "export: call of ", fn->qualname(),
              " with the wrong number of arguments");
  for (size_t i = firstArg; i < n->inputs().size(); ++i) transfer(f, n->input(i), callee, graph->inputs()[i - firstArg]);
  frames_.push_back(&callee);
  runBlock(graph->block(), callee);
  frames_.pop_back();
  for (size_t i = 0; i < n->outputs().size(); ++i) transfer(callee, graph->outputs()[i], f, n->output(i));
}

bool Tracer::condition(const Frame& f, const jit::Value* v, const char* what) {
  checkNotDataDependent(f, v, what);
  bool value = f.env.at(v).toBool();
  if (auto s = symOf(f, v)) return decide(*s);
  return value;
}

void Tracer::runIf(const jit::Node* n, Frame& f) {
  auto pred = f.predicates.find(n->input(0));
  if (f.dataDependent.count(n->input(0)) && pred != f.predicates.end()) return runCond(n, f, pred->second);
  bool taken = condition(f, n->input(0), "the condition of an if statement (data-dependent control flow)");
  const jit::Block* b = n->blocks()[taken ? 0 : 1];
  runBlock(b, f);
  f.current = n;
  for (size_t i = 0; i < n->outputs().size(); ++i) transfer(f, b->outputs()[i], f, n->output(i));
}

void Tracer::enterBranch(Branch& b) {
  b.parent = branch_;
  branch_ = &b;
}

void Tracer::leaveBranch(Branch& b) {
  branch_ = b.parent;
  for (auto& [impl, info] : tensors_)
    if (info.owner == &b) {
      info.owner = nullptr;
      info.escaped = true;
    }
}

void Tracer::traceBranch(const jit::Node* n, Frame& f, bool which, Branch& branch, std::vector<Tensor>& outs) {
  const jit::Block* b = n->blocks()[which ? 0 : 1];
  enterBranch(branch);
  try {
    runBlock(b, f);
    f.current = n;
    std::vector<FxArg> results;
    for (const jit::Value* v : b->outputs()) {
      const IValue& out = f.env.at(v);
      if (!out.isTensor()) fail("the branches of a data-dependent if (cond) must return tensors, not " +
                                std::string(out.tagKind()));
      outs.push_back(out.toTensor());
      results.push_back(FxArg::ref(tensorNode(out.toTensor())));
    }
    branch.graph->output(std::move(results));
  } catch (...) {
    branch_ = branch.parent;
    throw;
  }
  leaveBranch(branch);
}

// A data-dependent if becomes higher_order.cond(pred, true_graph, false_graph, operands): both
// branches are traced into graphs of their own (the one not taken first, so the frame ends with
// the values of the one taken), their outside tensors become shared operands.
void Tracer::runCond(const jit::Node* n, Frame& f, const Tensor& predicate) {
  if (predicate.numel() != 1) fail("the condition of a data-dependent if must be a tensor with one element");
  FxNode* pred = tensorNode(predicate);
  bool taken = f.env.at(n->input(0)).toBool();
  std::unique_ptr<FxGraph> graphs[2] = {std::make_unique<FxGraph>(), std::make_unique<FxGraph>()};
  Branch branches[2] = {{graphs[0].get(), {}, {}}, {graphs[1].get(), {}, {}}};
  std::vector<Tensor> outs[2];
  for (bool which : {!taken, taken}) {
    speculative_ += which != taken;
    try {
      traceBranch(n, f, which, branches[which ? 0 : 1], outs[which ? 0 : 1]);
    } catch (...) {
      speculative_ -= which != taken;
      throw;
    }
    speculative_ -= which != taken;
  }
  // The same operands, in the same order, for both branches.
  std::vector<Tensor> operands;
  for (const Branch& b : branches)
    for (const auto& [t, ph] : b.operands)
      if (std::none_of(operands.begin(), operands.end(), [&](const Tensor& o) { return o.is_same(t); }))
        operands.push_back(t);
  std::vector<FxArg> operandArgs;
  for (const Tensor& t : operands) operandArgs.push_back(FxArg::ref(tensorNode(t)));
  for (Branch& b : branches) {
    std::vector<FxNode*> order;
    for (const Tensor& t : operands) {
      auto it = std::find_if(b.operands.begin(), b.operands.end(), [&](const auto& o) { return o.first.is_same(t); });
      order.push_back(it != b.operands.end() ? it->second : b.graph->placeholder(tensorNode(t)->name, tensorNode(t)->val));
    }
    b.graph->reorderPlaceholders(order);
    b.graph->eliminateDeadCode();
  }
  std::vector<MetaVal> vals;
  for (size_t k = 0; k < outs[0].size(); ++k) {
    FakeTensor a = fakeOf(outs[0][k]), b = fakeOf(outs[1][k]);
    bool same = a.dtype == b.dtype && a.sizes.size() == b.sizes.size();
    for (size_t d = 0; same && d < a.sizes.size(); ++d) same = a.sizes[d].sameAs(b.sizes[d]);
    if (!same) fail("the branches of a data-dependent if return tensors of different shapes or dtypes (" + a.str() +
                    " and " + b.str() + "); cond needs them equal");
    vals.push_back(MetaVal::ofTensor(a));
  }
  // A nested cond's graphs are submodules of the branch graph it is in, as in FX.
  FxGraph& g = graph();
  std::string trueName = g.submoduleName("true_graph"), falseName = g.submoduleName("false_graph");
  g.submodules[trueName] = std::move(graphs[0]);
  g.submodules[falseName] = std::move(graphs[1]);
  FxNode* tg = g.getAttr(trueName);
  FxNode* fg = g.getAttr(falseName);
  FxNode* cond = g.callFunction("higher_order.cond",
                                        {FxArg::ref(pred), FxArg::ref(tg), FxArg::ref(fg), FxArg::sequence(operandArgs)},
                                        {}, "cond");
  cond->val = MetaVal::ofList(vals);
  attachMeta(cond);
  bindHigherOrderResults(n, f, cond, outs[taken ? 0 : 1], vals);
}

// Binds `n`'s outputs to `getitem`s of the higher-order node `parent`, one per result: a fresh
// tensor stands for each (the branch or body may have returned an operand), read with no
// symbolic scalar or data-dependence left from before.
void Tracer::bindHigherOrderResults(const jit::Node* n, Frame& f, FxNode* parent, const std::vector<Tensor>& results,
                                    const std::vector<MetaVal>& vals) {
  FxGraph& g = graph();
  for (size_t k = 0; k < results.size(); ++k) {
    Tensor value = results[k].clone();
    FxNode* item = g.callFunction("operator.getitem", {FxArg::ref(parent), FxArg::integer(static_cast<int64_t>(k))});
    item->val = vals[k];
    attachMeta(item);
    bindOutput(value, item, vals[k].tensor);
    f.env[n->output(k)] = value;
    f.syms.erase(n->output(k));
    f.elementSyms.erase(n->output(k));
    f.dataDependent.erase(n->output(k));
  }
}

// A while loop on tensor data becomes higher_order.while_loop(pred, body_graph, [carried],
// [operands]) in TorchScript's loop form: the body graph takes the carried tensors then the
// operands and returns the next predicate tensor then the next carried tensors. The body is
// traced once (on copies of the carried tensors); the remaining iterations run its graph.
void Tracer::runWhileLoop(const jit::Node* n, Frame& f, const Tensor& predicate) {
  const jit::Block* body = n->blocks()[0];
  size_t carried = n->inputs().size() - 2;
  std::vector<Tensor> initial;
  for (size_t c = 0; c < carried; ++c) {
    const IValue& v = f.env.at(n->input(2 + c));
    if (!v.isTensor()) fail("the values a data-dependent while loop carries must be tensors, not " +
                            std::string(v.tagKind()));
    initial.push_back(v.toTensor());
  }
  FxNode* pred0 = tensorNode(predicate);
  std::vector<FxArg> carriedArgs;
  for (const Tensor& t : initial) carriedArgs.push_back(FxArg::ref(tensorNode(t)));
  auto bodyGraph = std::make_unique<FxGraph>();
  Branch branch{bodyGraph.get(), {}, {}};
  std::vector<FxNode*> order;
  std::vector<Tensor> stepped;
  bool go = f.env.at(n->input(1)).toBool();
  enterBranch(branch);
  speculative_ += !go;
  try {
    f.env[body->inputs()[0]] = IValue(int64_t{0});
    f.syms.erase(body->inputs()[0]);
    for (size_t c = 0; c < carried; ++c) {
      // The carried values are the body's own inputs, copies standing for any iteration's.
      Tensor copy = initial[c].clone();
      FakeTensor fake = fakeOf(initial[c]);
      FxNode* ph = bodyGraph->placeholder("carried_" + std::to_string(c), MetaVal::ofTensor(fake));
      bindOutput(copy, ph, fake);
      order.push_back(ph);
      f.env[body->inputs()[1 + c]] = copy;
      f.syms.erase(body->inputs()[1 + c]);
      f.elementSyms.erase(body->inputs()[1 + c]);
      f.dataDependent.erase(body->inputs()[1 + c]);
    }
    runBlock(body, f);
    f.current = n;
    const jit::Value* next = body->outputs()[0];
    auto nextPred = f.predicates.find(next);
    if (!f.dataDependent.count(next) || nextPred == f.predicates.end())
      fail("a data-dependent while loop's condition must be bool() of a tensor at every iteration");
    std::vector<FxArg> results{FxArg::ref(tensorNode(nextPred->second))};
    for (size_t c = 0; c < carried; ++c) {
      const IValue& v = f.env.at(body->outputs()[1 + c]);
      if (!v.isTensor()) fail("the values a data-dependent while loop carries must be tensors");
      stepped.push_back(v.toTensor());
      results.push_back(FxArg::ref(tensorNode(v.toTensor())));
      FakeTensor a = fakeOf(initial[c]), b = fakeOf(v.toTensor());
      bool same = a.dtype == b.dtype && a.sizes.size() == b.sizes.size();
      for (size_t d = 0; same && d < a.sizes.size(); ++d) same = a.sizes[d].sameAs(b.sizes[d]);
      if (!same) fail("a data-dependent while loop changes the shape or dtype of a carried tensor (" + a.str() +
                      " to " + b.str() + ")");
    }
    bodyGraph->output(std::move(results));
    stepped.insert(stepped.begin(), nextPred->second);
  } catch (...) {
    branch_ = branch.parent;
    speculative_ -= !go;
    throw;
  }
  speculative_ -= !go;
  leaveBranch(branch);
  std::vector<FxArg> operandArgs;
  std::vector<IValue> operandValues;
  for (const auto& [t, ph] : branch.operands) {
    order.push_back(ph);
    operandArgs.push_back(FxArg::ref(tensorNode(t)));
    operandValues.emplace_back(t);
  }
  bodyGraph->reorderPlaceholders(order);
  bodyGraph->eliminateDeadCode();
  // The concrete run: the traced iteration if the loop starts, then the body graph until done.
  std::vector<Tensor> values = initial;
  if (go) {
    values.assign(stepped.begin() + 1, stepped.end());
    go = speculative_ == 0 && stepped[0].item().toBool();
    jit::GraphFunction step("__export__.while_body", toTorchScriptGraph(*bodyGraph));
    for (int64_t i = 1; go; ++i) {
      EMBER_CHECK(i < (int64_t{1} << 40), "export: a data-dependent while loop does not end");
      jit::Stack stack(values.begin(), values.end());
      stack.insert(stack.end(), operandValues.begin(), operandValues.end());
      step.run(stack);
      const std::vector<IValue>& out = stack.at(0).toTupleRef().elements;
      go = out.at(0).toTensor().item().toBool();
      for (size_t c = 0; c < carried; ++c) values[c] = out.at(1 + c).toTensor();
    }
  }
  FxGraph& g = graph();
  std::string name = g.submoduleName("body_graph");
  g.submodules[name] = std::move(bodyGraph);
  FxNode* bodyNode = g.getAttr(name);
  FxNode* loop = g.callFunction("higher_order.while_loop",
                                        {FxArg::ref(pred0), FxArg::ref(bodyNode), FxArg::sequence(carriedArgs),
                                         FxArg::sequence(operandArgs)},
                                        {}, "while_loop");
  std::vector<MetaVal> vals;
  for (const Tensor& t : initial) vals.push_back(MetaVal::ofTensor(fakeOf(t)));
  loop->val = MetaVal::ofList(vals);
  attachMeta(loop);
  bindHigherOrderResults(n, f, loop, values, vals);  // values: the carried tensors
}

void Tracer::runLoop(const jit::Node* n, Frame& f) {
  auto pred = f.predicates.find(n->input(1));
  if (f.dataDependent.count(n->input(1)) && pred != f.predicates.end() && !f.dataDependent.count(n->input(0)) &&
      !symOf(f, n->input(0)) && f.env.at(n->input(0)).toInt() == INT64_MAX)
    return runWhileLoop(n, f, pred->second);
  checkNotDataDependent(f, n->input(0), "a loop's trip count (data-dependent control flow)");
  int64_t trip = f.env.at(n->input(0)).toInt();
  if (auto s = symOf(f, n->input(0))) trip = specialize(*s).constValue();
  bool go = condition(f, n->input(1), "a while loop's condition (data-dependent control flow)");
  const jit::Block* body = n->blocks()[0];
  size_t carried = n->inputs().size() - 2;
  for (size_t c = 0; c < carried; ++c) transfer(f, n->input(2 + c), f, n->output(c));
  for (int64_t i = 0; go && i < trip; ++i) {
    f.env[body->inputs()[0]] = IValue(i);
    f.syms.erase(body->inputs()[0]);
    for (size_t c = 0; c < carried; ++c) transfer(f, n->output(c), f, body->inputs()[1 + c]);
    runBlock(body, f);
    f.current = n;
    go = condition(f, body->outputs()[0], "a while loop's condition (data-dependent control flow)");
    for (size_t c = 0; c < carried; ++c) transfer(f, body->outputs()[1 + c], f, n->output(c));
  }
}

void Tracer::runOperator(const jit::Node* n, Frame& f) {
  const jit::Operator* op = n->maybeOperator();
  if (!op) fail("no operator matches the node " + std::string(n->kind().toQualString()));
  bool isAten = n->kind().ns() == jit::Symbol::fromQualString("namespaces::aten");
  if (isAten && returnsTensor(op->schema())) {
    if (runSymTensorArithmetic(n, f, *op)) return;
    return recordTensorOperator(n, f, *op);
  }
  jit::Stack stack;
  bool tensorArg = false;
  for (const jit::Value* v : n->inputs()) {
    stack.push_back(f.env.at(v));
    tensorArg |= stack.back().isTensor();
  }
  if (tensorArg && (runTensorMetadata(n, f, stack) || readSymTensor(n, f, stack))) return;
  if (n->kind() == jit::prim::NumToTensor && runNumToTensor(n, f, stack)) return;
  runScalarOperator(n, f, stack, *op);
  if (tensorArg && dataDependentOps().count(op->schema().name()))
    for (const jit::Value* o : n->outputs()) f.dataDependent.insert(o);
  const std::string& opName = op->schema().name();
  if ((opName == "aten::Bool" || opName == "aten::is_nonzero") && stack.size() == 1 && n->inputs().size() == 1 &&
      f.env.at(n->input(0)).isTensor())
    f.predicates[n->output()] = f.env.at(n->input(0)).toTensor();
}

bool Tracer::runTensorMetadata(const jit::Node* n, Frame& f, const jit::Stack& inputs) {
  const std::string& name = n->maybeOperator()->schema().name();
  if (name != "aten::size" && name != "aten::numel" && name != "aten::len" && name != "aten::stride") return false;
  if (!inputs[0].isTensor()) return false;
  FakeTensor fake = fakeOf(inputs[0].toTensor());
  const std::vector<SymInt>& dims = name == "aten::stride" ? fake.strides : fake.sizes;
  jit::Stack stack = inputs;
  n->getOperator().getOperation(n)(stack);
  f.env[n->output()] = stack.at(0);
  if (name == "aten::numel") {
    SymInt total(1);
    for (const SymInt& s : fake.sizes) total = total * s;
    if (!total.isConst()) f.syms[n->output()] = total;
  } else if (inputs.size() == 2) {  // size(self, dim)
    int64_t d = inputs[1].toInt(), r = static_cast<int64_t>(dims.size());
    if (d < 0) d += r;
    if (d >= 0 && d < r && !dims[d].isConst()) f.syms[n->output()] = dims[d];
  } else if (name == "aten::len") {
    if (!dims.empty() && !dims[0].isConst()) f.syms[n->output()] = dims[0];
  } else {
    std::vector<std::optional<SymExpr>> el(dims.begin(), dims.end());
    f.elementSyms[n->output()] = el;
  }
  return true;
}

// `list1 == list2` / `!=` on int lists (RNNs compare the hidden state's size with the expected
// one): element by element, so that equal symbolic sizes need no guard.
std::optional<SymExpr> Tracer::symbolicListEquality(const Frame& f, const jit::Node* n, const jit::Stack& stack,
                                                    const std::string& qual) {
  if (qual != "aten::eq.int_list" && qual != "aten::ne.int_list") return std::nullopt;
  if (stack.size() != 2 || !stack[0].isList() || !stack[1].isList()) return std::nullopt;
  std::vector<SymExpr> sides[2];
  for (size_t i = 0; i < 2; ++i) {
    const std::vector<IValue>& items = stack[i].toListRef().elements;
    auto el = f.elementSyms.find(n->input(i));
    for (size_t j = 0; j < items.size(); ++j) {
      if (el != f.elementSyms.end() && j < el->second.size() && el->second[j]) sides[i].push_back(*el->second[j]);
      else if (items[j].isInt()) sides[i].emplace_back(items[j].toInt());
      else return std::nullopt;
    }
  }
  SymExpr all = SymExpr::boolConstant(sides[0].size() == sides[1].size());
  for (size_t j = 0; j < sides[0].size() && j < sides[1].size(); ++j)
    all = SymExpr::logicalAnd(all, SymExpr::eq(sides[0][j], sides[1][j]));
  return qual == "aten::eq.int_list" ? all : SymExpr::logicalNot(all);
}

void Tracer::runScalarOperator(const jit::Node* n, Frame& f, jit::Stack& stack, const jit::Operator& op) {
  jit::Symbol k = n->kind();
  const bool container = isContainerOp(k) || isListSlice(n);
  std::vector<SymExpr> args;
  bool symbolic = false, dataDependent = false;
  for (size_t i = 0; i < n->inputs().size(); ++i) {
    const jit::Value* v = n->input(i);
    auto s = symOf(f, v);
    symbolic |= s.has_value() || (f.elementSyms.count(v) && !container);
    dataDependent |= f.dataDependent.count(v) > 0;
    if (s) args.push_back(*s);
    else if (stack[i].isInt()) args.emplace_back(stack[i].toInt());
    else if (stack[i].isBool()) args.push_back(SymExpr::boolConstant(stack[i].toBool()));
    else if (stack[i].isDouble()) args.push_back(SymExpr::floatConstant(stack[i].toDouble()));
  }
  std::string qual = op.schema().operatorName().str();
  std::optional<SymExpr> result;
  // Formatting a message (`f"got {input.shape}"` in an assert) does not pin the sizes it shows.
  bool makesString = op.schema().returns().size() == 1 &&
                     op.schema().returns()[0].type()->kind() == jit::TypeKind::StringType;
  if (symbolic && !container && !makesString) {
    if (args.size() == n->inputs().size()) result = symbolicScalarOp(qual, args);
    if (!result) result = symbolicListEquality(f, n, stack, qual);
    if (!result) {
      // No symbolic rule: the inputs' values are assumed (guarded) and the op runs on them.
      for (size_t i = 0; i < n->inputs().size(); ++i) {
        if (auto s = symOf(f, n->input(i))) specialize(*s);
        auto el = f.elementSyms.find(n->input(i));
        if (el != f.elementSyms.end())
          for (const auto& e : el->second)
            if (e) specialize(*e);
      }
    }
  }
  jit::Stack in = stack;
  op.getOperation(n)(stack);
  EMBER_CHECK(stack.size() == n->outputs().size(), "export: ", qual, " produced ", stack.size(), " values for ",
              n->outputs().size(), " outputs");
  for (size_t i = 0; i < n->outputs().size(); ++i) {
    f.env[n->output(i)] = stack[i];
    f.syms.erase(n->output(i));
    f.elementSyms.erase(n->output(i));
    if (dataDependent) f.dataDependent.insert(n->output(i));
  }
  if (result && !result->isConst()) f.syms[n->output()] = *result;
  if (container) propagateContainer(n, f, in);
}

void Tracer::propagateContainer(const jit::Node* n, Frame& f, const jit::Stack& in) {
  jit::Symbol k = n->kind();
  auto elementsOf = [&](const jit::Value* v) -> const std::vector<std::optional<SymExpr>>* {
    auto it = f.elementSyms.find(v);
    return it == f.elementSyms.end() ? nullptr : &it->second;
  };
  if (k == jit::prim::ListConstruct || k == jit::prim::TupleConstruct) {
    std::vector<std::optional<SymExpr>> el;
    bool any = false;
    for (const jit::Value* v : n->inputs()) {
      el.push_back(symOf(f, v));
      any |= el.back().has_value();
    }
    if (any) f.elementSyms[n->output()] = el;
    return;
  }
  const auto* el = elementsOf(n->input(0));
  if (!el) return;
  if (k == jit::prim::ListUnpack || k == jit::prim::TupleUnpack) {
    for (size_t i = 0; i < n->outputs().size() && i < el->size(); ++i)
      if ((*el)[i]) f.syms[n->output(i)] = *(*el)[i];
    return;
  }
  if (isListSlice(n)) {
    // Python's slice of the list: the bounds are assumed (guarded) at their values, the selected
    // elements keep their symbols.
    for (size_t i = 1; i < 4; ++i) {
      checkNotDataDependent(f, n->input(i), "a list slice bound");
      if (symOf(f, n->input(i))) specialize(*symOf(f, n->input(i)));
    }
    const int64_t size = static_cast<int64_t>(el->size());
    const int64_t step = in[3].toInt();
    if (step <= 0) return;
    auto bound = [&](const IValue& v, int64_t dflt) {
      if (v.isNone()) return dflt;
      int64_t b = v.toInt();
      if (b < 0) b += size;
      return std::clamp<int64_t>(b, 0, size);
    };
    std::vector<std::optional<SymExpr>> out;
    bool any = false;
    for (int64_t i = bound(in[1], 0); i < bound(in[2], size); i += step) {
      out.push_back((*el)[i]);
      any |= out.back().has_value();
    }
    if (any) f.elementSyms[n->output()] = out;
    return;
  }
  if ((k == jit::prim::TupleIndex || k == jit::aten::__getitem__) && in.size() == 2 && in[1].isInt()) {
    checkNotDataDependent(f, n->input(1), "a list index");
    if (symOf(f, n->input(1))) specialize(*symOf(f, n->input(1)));
    int64_t i = in[1].toInt(), size = static_cast<int64_t>(el->size());
    if (i < 0) i += size;
    if (i >= 0 && i < size && (*el)[i]) f.syms[n->output()] = *(*el)[i];
  }
}

}  // namespace ember::exporter
