// The tracer's recording of tensor operators: FX arguments from IR values, functional forms of
// in-place operators (the mutated tensor is rebound to the new node, the base of a mutated view
// is rebuilt with a scatter), symbolic output sizes checked against the concrete run.
#include <map>
#include <set>

#include "ember/core/operator.h"
#include "ember/error.h"
#include "tracer.h"

namespace ember::exporter {

using jit::IValue;

namespace {

jit::TypeKind baseKind(const jit::TypePtr& t) {
  jit::TypePtr x = t;
  while (x->kind() == jit::TypeKind::OptionalType) x = x->containedType(0);
  return x->kind();
}

std::string targetOf(const jit::FunctionSchema& s) {
  std::string name = s.name();
  return "aten." + name.substr(name.find("::") + 2) + "." + (s.overloadName().empty() ? "default" : s.overloadName());
}

bool isLiteral(const FxArg& a) {
  if (a.kind == FxArg::Kind::Node) return false;
  for (const FxArg& e : a.list)
    if (!isLiteral(e)) return false;
  return true;
}

bool equalsDefault(const IValue& v, const jit::Argument& arg) {
  if (!arg.defaultValue()) return false;
  const IValue& d = *arg.defaultValue();
  if (v.isNone() || d.isNone()) return v.isNone() && d.isNone();
  if (v.isTensor() || d.isTensor()) return false;
  return v.repr() == d.repr();
}

// The functional operator an in-place one is recorded as.
jit::OperatorPtr functionalFor(const jit::FunctionSchema& s) {
  std::string name = s.name();
  if (name.size() < 2 || name.back() != '_' || name[name.size() - 2] == '_') return nullptr;
  name.pop_back();
  auto& reg = jit::OperatorRegistry::global();
  if (auto op = reg.findOperator(jit::OperatorName{name, s.overloadName()})) return op;
  return nullptr;
}

bool isTrainingNorm(const jit::FunctionSchema& s, const jit::Stack& in) {
  static const std::set<std::string> norms = {"aten::batch_norm", "aten::instance_norm", "aten::native_batch_norm"};
  if (!norms.count(s.name())) return false;
  auto training = s.argumentIndexWithName(s.name() == "aten::instance_norm" ? "use_input_stats" : "training");
  auto mean = s.argumentIndexWithName("running_mean");
  return training && mean && in.at(*training).toBool() && !in.at(*mean).isNone();
}

// Python calls `x + 2` through add.Tensor (the number becomes a wrapped tensor), so exported
// graphs show aten.add.Tensor(%x, 2) where TorchScript picked add.Scalar; the extra argument
// of the Scalar overload is the Tensor overload's keyword argument.
void scalarOverloadAsTensor(std::string& target, std::vector<FxArg>& args,
                            std::vector<std::pair<std::string, FxArg>>& kwargs) {
  static const std::map<std::string, std::pair<const char*, const char*>> renames = {
      {"aten.add.Scalar", {"aten.add.Tensor", "alpha"}},
      {"aten.sub.Scalar", {"aten.sub.Tensor", "alpha"}},
      {"aten.mul.Scalar", {"aten.mul.Tensor", nullptr}},
      {"aten.div.Scalar", {"aten.div.Tensor", nullptr}},
      {"aten.div.Scalar_mode", {"aten.div.Tensor_mode", "rounding_mode"}}};
  auto it = renames.find(target);
  if (it == renames.end()) return;
  target = it->second.first;
  if (args.size() > 2 && it->second.second) kwargs.emplace(kwargs.begin(), it->second.second, args[2]);
  if (args.size() > 2) args.resize(2);
}

}  // namespace

bool Tracer::copiesWholeTensor(const jit::FunctionSchema& s, const jit::Stack& in) {
  if (s.name() != "aten::copy_" || in.size() < 2 || !in[1].isTensor()) return false;
  FakeTensor dst = fakeOf(in[0].toTensor()), src = fakeOf(in[1].toTensor());
  if (dst.dtype != src.dtype || !(dst.device == src.device) || dst.sizes.size() != src.sizes.size()) return false;
  for (size_t i = 0; i < dst.sizes.size(); ++i)
    if (!dst.sizes[i].sameAs(src.sizes[i])) return false;
  return true;
}

FxArg Tracer::toArg(const Frame& f, const jit::Value* v, const IValue& value, const jit::Argument& schemaArg) {
  checkNotDataDependent(f, v, "an operator argument");
  if (value.isNone()) return FxArg::none();
  if (value.isTensor()) return FxArg::ref(tensorNode(value.toTensor()));
  jit::TypeKind kind = baseKind(schemaArg.realType() ? schemaArg.realType() : schemaArg.type());
  std::optional<SymExpr> sym = symOf(f, v);
  if (value.isInt()) {
    if (kind == jit::TypeKind::ScalarTypeType) return FxArg::dtype(value.toScalarType());
    if (kind == jit::TypeKind::LayoutType || kind == jit::TypeKind::MemoryFormatType) {
      FxArg a = FxArg::integer(value.toInt());
      a.kind = kind == jit::TypeKind::LayoutType ? FxArg::Kind::Layout : FxArg::Kind::MemoryFormat;
      return a;
    }
    return sym ? symArg(*sym) : FxArg::integer(value.toInt());
  }
  if (value.isDouble()) return sym ? symArg(*sym) : FxArg::floating(value.toDouble());
  if (value.isBool()) return sym ? symArg(*sym) : FxArg::boolean(value.toBool());
  if (value.isString()) return FxArg::string(value.toStringRef());
  if (value.isDevice()) return FxArg::device(value.toDevice());
  if (value.isList() || value.isTuple()) {
    const std::vector<IValue>& items = value.isList() ? value.toListRef().elements : value.toTupleRef().elements;
    auto el = f.elementSyms.find(v);
    std::vector<FxArg> out;
    for (size_t i = 0; i < items.size(); ++i) {
      const IValue& item = items[i];
      if (el != f.elementSyms.end() && i < el->second.size() && el->second[i]) out.push_back(symArg(*el->second[i]));
      else if (item.isTensor()) out.push_back(FxArg::ref(tensorNode(item.toTensor())));
      else if (item.isNone()) out.push_back(FxArg::none());
      else if (item.isInt()) out.push_back(FxArg::integer(item.toInt()));
      else if (item.isDouble()) out.push_back(FxArg::floating(item.toDouble()));
      else if (item.isBool()) out.push_back(FxArg::boolean(item.toBool()));
      else fail("unsupported list element of type " + std::string(item.tagKind()) + " for argument '" +
                schemaArg.name() + "'");
    }
    return FxArg::sequence(std::move(out));
  }
  fail("unsupported argument '" + schemaArg.name() + "' of kind " + value.tagKind());
}

MetaArg Tracer::metaOf(const Frame& f, const jit::Value* v, const IValue& value) {
  MetaArg m;
  m.value = value;
  if (value.isTensor()) {
    m.tensor = fakeOf(value.toTensor());
  } else if (value.isInt()) {
    m.sym = symOf(f, v).value_or(SymExpr(value.toInt()));
  } else if (value.isList()) {
    auto el = f.elementSyms.find(v);
    const auto& items = value.toListRef().elements;
    for (size_t i = 0; i < items.size(); ++i) {
      if (items[i].isTensor()) m.tensors.push_back(fakeOf(items[i].toTensor()));
      else if (el != f.elementSyms.end() && i < el->second.size() && el->second[i]) m.ints.push_back(*el->second[i]);
      else if (items[i].isInt()) m.ints.emplace_back(items[i].toInt());
    }
  }
  return m;
}

void Tracer::attachMeta(FxNode* node) {
  node->stackTrace = stackTrace();
  node->nnModuleStack = moduleStack_;
  node->sourceFnStack = {{node->name, moduleStack_.empty() ? node->target : moduleStack_.back().type}};
}

void Tracer::bindOutput(const Tensor& t, FxNode* node, FakeTensor fake) {
  auto it = tensors_.find(t.impl());
  // An operator that hands back its input (contiguous() of a contiguous tensor): same value.
  if (it != tensors_.end()) return;
  TensorInfo info;
  info.tensor = t;
  info.node = node;
  info.owner = branch_;
  tensors_[t.impl()] = std::move(info);
  fakes_[t.impl()] = std::move(fake);
}

void Tracer::markAliasesStale(const Tensor& mutated) {
  std::set<const TensorImpl*> chain{mutated.impl()};
  for (std::optional<Tensor> b = tensors_.at(mutated.impl()).base; b; b = tensors_.at(b->impl()).base)
    chain.insert(b->impl());
  for (auto& [impl, info] : tensors_)
    if (!chain.count(impl) && info.tensor.is_alias_of(mutated)) info.stale = true;
}

void Tracer::rebuildBase(const Tensor& view) {
  TensorInfo& vi = tensors_.at(view.impl());
  const Tensor& base = *vi.base;
  FxNode* baseNode = tensorNode(base);
  const std::string& t = vi.viewTarget;
  const std::vector<FxArg>& a = vi.viewArgs;
  auto arg = [&](size_t i, FxArg dflt) { return i < a.size() ? a[i] : dflt; };
  FxArg src = FxArg::ref(vi.node);
  FxNode* rebuilt = nullptr;
  if (t == "aten.select.int") {
    rebuilt = graph().callFunction("aten.select_scatter.default", {FxArg::ref(baseNode), src, a.at(1), a.at(2)});
  } else if (t == "aten.slice.Tensor") {
    rebuilt = graph().callFunction("aten.slice_scatter.default",
                                     {FxArg::ref(baseNode), src, arg(1, FxArg::integer(0)), arg(2, FxArg::none()),
                                      arg(3, FxArg::none()), arg(4, FxArg::integer(1))});
  } else if (t == "aten.view.default" || t == "aten.reshape.default" || t == "aten._unsafe_view.default" ||
             t == "aten.flatten.using_ints") {
    std::vector<FxArg> sizes;
    for (const SymInt& s : fakeOf(base).sizes) sizes.push_back(symArg(s));
    rebuilt = graph().callFunction("aten.view.default", {src, FxArg::sequence(sizes)});
  } else if (t == "aten.unsqueeze.default") {
    rebuilt = graph().callFunction("aten.squeeze.dim", {src, a.at(1)});
  } else if (t == "aten.squeeze.dim") {
    rebuilt = graph().callFunction("aten.unsqueeze.default", {src, a.at(1)});
  } else if (t == "aten.transpose.int" || t == "aten.t.default") {
    std::vector<FxArg> args = a;
    args[0] = src;
    rebuilt = graph().callFunction(t, args);
  } else if (t == "aten.detach.default" || t == "aten.alias.default") {
    rebuilt = vi.node;
  } else {
    fail("an in-place operator changes a view made by " + t +
         "; export rebuilds only views made by select, slice, view/reshape, unsqueeze, squeeze and transpose. "
         "clone() the view before changing it");
  }
  FakeTensor fake = fakeOf(base);
  if (rebuilt != vi.node) {
    rebuilt->val = MetaVal::ofTensor(fake);
    attachMeta(rebuilt);
  }
  applyMutation(base, rebuilt, fake);
}

void Tracer::applyMutation(const Tensor& mutated, FxNode* functional, FakeTensor fake) {
  TensorInfo& info = tensors_.at(mutated.impl());
  if (branch_ && info.owner != branch_)
    fail("a data-dependent branch (cond) changes a tensor from outside it in place; the branches of a cond "
         "must be functional");
  if (parameters_.count(mutated.impl()))
    fail("the program changes the parameter " + info.placeholder->name + " in place; exported programs may change "
         "buffers and inputs but not parameters");
  info.node = functional;
  info.mutated = true;
  fakes_[mutated.impl()] = std::move(fake);
  if (info.base) rebuildBase(mutated);
  markAliasesStale(mutated);
  // Rebuilding the base marked its views stale, this one too; but this one is the new node.
  info.stale = false;
}

void Tracer::recordTensorOperator(const jit::Node* n, Frame& f, const jit::Operator& op) {
  const jit::FunctionSchema& schema = op.schema();
  jit::Stack inputs;
  for (const jit::Value* v : n->inputs()) inputs.push_back(f.env.at(v));
  EMBER_CHECK(inputs.size() == schema.arguments().size(), "export: ", schema.name(), " has ",
              schema.arguments().size(), " arguments but the node has ", inputs.size(), " inputs");
  // ---- functionalisation ----
  std::optional<size_t> written;
  for (size_t i = 0; i < schema.arguments().size(); ++i) {
    const jit::Argument& a = schema.arguments()[i];
    if (a.isOut()) fail("out= variants (" + schema.operatorName().str() + ") cannot be exported; call the functional form");
    if (a.isWrite()) {
      if (written || !inputs[i].isTensor()) fail(schema.operatorName().str() + " changes several arguments in place");
      written = i;
    }
  }
  if (isTrainingBatchNorm(schema, inputs)) return recordTrainingBatchNorm(n, f, op, inputs);
  if (isTrainingNorm(schema, inputs))
    fail(schema.name() + " in training mode updates its running statistics in place; call eval() on the module "
         "before exporting it");
  const jit::FunctionSchema* recorded = &schema;
  jit::OperatorPtr functional;
  if (written) {
    functional = functionalFor(schema);
    if (!functional || *written != 0)
      fail("the in-place operator " + schema.operatorName().str() + " has no functional form export can record");
    recorded = &functional->schema();
  }
  // ---- arguments ----
  std::vector<FxArg> args;
  std::vector<std::pair<std::string, FxArg>> kwargs;
  std::vector<MetaArg> metas;
  size_t lastPositional = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const jit::Argument& a = schema.arguments()[i];
    FxArg fx = toArg(f, n->input(i), inputs[i], a);
    metas.push_back(metaOf(f, n->input(i), inputs[i]));
    bool dflt = isLiteral(fx) && equalsDefault(inputs[i], a);
    if (a.kwargOnly()) {
      if (!dflt) kwargs.emplace_back(a.name(), std::move(fx));
      continue;
    }
    args.push_back(std::move(fx));
    if (!dflt) lastPositional = args.size();
  }
  args.resize(std::max<size_t>(lastPositional, 1));
  std::string target = targetOf(*recorded);
  scalarOverloadAsTensor(target, args, kwargs);
  // ---- the concrete run ----
  jit::Stack stack = inputs;
  op.getOperation(n)(stack);
  EMBER_CHECK(stack.size() == n->outputs().size(), "export: ", schema.name(), " returned ", stack.size(),
              " values for ", n->outputs().size(), " outputs");
  for (size_t i = 0; i < stack.size(); ++i) f.env[n->output(i)] = stack[i];
  if (written && copiesWholeTensor(schema, inputs)) {
    // self.copy_(src) with src of self's sizes, dtype and device: the new value is src itself
    // (functionalisation records no operator, as PyTorch's does).
    const Tensor& self = inputs[0].toTensor();
    applyMutation(self, tensorNode(inputs[1].toTensor()), fakeOf(self));
    return;
  }
  FxNode* node = graph().callFunction(target, args, kwargs);
  attachMeta(node);
  // ---- output metadata ----
  std::vector<Tensor> outs;
  for (const IValue& v : stack) {
    if (v.isTensor()) outs.push_back(v.toTensor());
    else if (v.isList())
      for (const IValue& e : v.toListRef().elements)
        if (e.isTensor()) outs.push_back(e.toTensor());
  }
  Decider decider = [this](const SymBool& c) { return decide(c); };
  std::optional<std::vector<std::vector<SymInt>>> rule = inferSymbolicSizes(schema, metas, decider);
  bool symbolicInputs = false;
  for (const MetaArg& m : metas) {
    auto symbolicSizes = [](const FakeTensor& t) {
      for (const SymInt& s : t.sizes)
        if (!s.isConst()) return true;
      return false;
    };
    if (m.tensor && symbolicSizes(*m.tensor)) symbolicInputs = true;
    for (const FakeTensor& t : m.tensors) symbolicInputs |= symbolicSizes(t);
    for (const SymInt& s : m.ints) symbolicInputs |= !s.isConst();
    if (m.sym && !m.sym->isConst()) symbolicInputs = true;
  }
  if (symbolicInputs && !rule)
    fail("no symbolic shape rule for " + schema.operatorName().str() + " on dynamic sizes; export it with static "
         "sizes, or add a rule in src/export/shape_rules.cpp");
  if (rule && rule->size() != outs.size()) rule.reset();
  std::vector<MetaVal> vals;
  for (size_t k = 0; k < outs.size(); ++k) {
    if (!outs[k].defined()) {  // an optional result not computed (the weights of fused attention)
      vals.emplace_back();
      continue;
    }
    FakeTensor fake;
    fake.dtype = outs[k].scalar_type();
    fake.device = outs[k].device();
    if (rule && symbolicInputs) {
      fake.sizes = (*rule)[k];
      EMBER_CHECK(fake.sizes.size() == static_cast<size_t>(outs[k].dim()), "export: internal error: the shape rule of ",
                  schema.name(), " gives rank ", fake.sizes.size(), " but the operator returned rank ", outs[k].dim());
      for (size_t d = 0; d < fake.sizes.size(); ++d)
        EMBER_CHECK(fake.sizes[d].evaluate(hints_) == outs[k].sizes()[d], "export: internal error: the shape rule of ",
                    schema.name(), " gives size ", fake.sizes[d].str(), " for dimension ", d, " but the operator returned ",
                    outs[k].sizes()[d]);
      // Symbolic strides only for contiguous results; a non-contiguous one keeps its example
      // strides, which at least say it is not contiguous (decompositions copy before viewing it).
      if (outs[k].is_contiguous()) fake.strides = FakeTensor::contiguousStrides(fake.sizes);
      else
        for (int64_t st : outs[k].strides()) fake.strides.emplace_back(st);
    } else {
      for (int64_t s : outs[k].sizes()) fake.sizes.emplace_back(s);
      for (int64_t s : outs[k].strides()) fake.strides.emplace_back(s);
    }
    vals.push_back(MetaVal::ofTensor(fake));
  }
  bool single = schema.returns().size() == 1 && baseKind(schema.returns()[0].type()) == jit::TypeKind::TensorType;
  if (written) {
    node->val = vals.at(0);
    applyMutation(inputs[*written].toTensor(), node, vals[0].tensor);
    return;
  }
  if (single) {
    if (outs.empty() || !outs[0].defined()) return;  // Tensor? returning None
    node->val = vals[0];
    bindOutput(outs[0], node, vals[0].tensor);
    const jit::AliasInfo* ai = schema.returns()[0].aliasInfo();
    if (ai && !ai->isWrite() && inputs[0].isTensor() && outs[0].is_alias_of(inputs[0].toTensor())) {
      TensorInfo& info = tensors_.at(outs[0].impl());
      if (info.node == node) {
        info.base = inputs[0].toTensor();
        info.viewTarget = node->target;
        info.viewArgs = node->args;
      }
    }
    return;
  }
  node->val = MetaVal::ofList(vals);
  for (size_t k = 0; k < outs.size(); ++k) {
    FxNode* item = graph().callFunction("operator.getitem", {FxArg::ref(node), FxArg::integer(static_cast<int64_t>(k))});
    item->val = vals[k];
    attachMeta(item);
    if (outs[k].defined()) bindOutput(outs[k], item, vals[k].tensor);
  }
}

}  // namespace ember::exporter
