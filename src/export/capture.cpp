// exportModule / exportFunction: sets up the tracer (parameters, buffers and user inputs as
// placeholders, dynamic sizes as symbols), runs it, then builds the outputs (mutations first, as
// torch.export orders them), the graph signature and the module call graph. The module's own
// parameters and buffers are swapped for copies during the run, so capture changes nothing.
#include <set>

#include "ember/api/method.h"
#include "ember/error.h"
#include "ember/export/export.h"
#include "tracer.h"

namespace ember::exporter {

using jit::IValue;

namespace {

std::string underscored(const std::string& path) {
  std::string s = path;
  for (char& c : s)
    if (c == '.') c = '_';
  return s;
}

jit::Object ownerOf(const jit::Module& root, const std::string& path, std::string& leaf) {
  jit::Object obj = root;
  size_t start = 0;
  for (size_t dot; (dot = path.find('.', start)) != std::string::npos; start = dot + 1)
    obj = jit::Object(obj.attr(path.substr(start, dot - start)).toObject(), obj.compilationUnit());
  leaf = path.substr(start);
  return obj;
}

Tensor getPath(const jit::Module& root, const std::string& path) {
  std::string leaf;
  return ownerOf(root, path, leaf).attr(leaf).toTensor();
}

void setPath(const jit::Module& root, const std::string& path, const Tensor& t) {
  std::string leaf;
  ownerOf(root, path, leaf).setattr(leaf, t);
}

// Puts the module's original tensors back however the capture ends.
struct StateRestorer {
  const jit::Module* module = nullptr;
  std::vector<std::pair<std::string, Tensor>> originals;
  ~StateRestorer() {
    if (!module) return;
    for (const auto& [path, t] : originals) setPath(*module, path, t);
  }
};

struct UserInput {
  Tensor clone;
  FxNode* node;
};

class Capture {
 public:
  Capture(const jit::Module* module, jit::Function& fn, const ExportOptions& options)
      : module_(module), fn_(fn), options_(options), dynamic_(options.dynamic), tracer_(ep_) {}

  ExportedProgram run(std::vector<IValue> args) {
    ep_.methodName = options_.method;
    bindKeywords(args);
    resolveDynamicNames();
    // Arguments left to their defaults are constants of the program, not inputs (as torch.export).
    size_t given = args.size();
    TreeSpec inSpec = TreeSpec::of(jit::makeTuple(args));
    fillDefaults(args);
    checkDynamicSpecs(args);
    StateRestorer restorer;
    std::vector<IValue> stack;
    if (module_) {
      restorer.module = module_;
      liftState(restorer);
      stack.push_back(module_->ivalue());
      std::unordered_map<const jit::ObjectImpl*, std::pair<std::string, std::string>> paths;
      for (const jit::NamedModule& m : module_->named_modules())
        paths[m.value._ivalue().get()] = {m.name, m.value.type()->qualifiedName()};
      tracer_.setModulePaths(std::move(paths));
    }
    for (size_t i = 0; i < args.size(); ++i) stack.push_back(i < given ? liftInput(i, args[i]) : args[i]);
    Tracer::Result result = tracer_.run(fn_, stack);
    TreeSpec outSpec = buildOutputs(result);
    finish();
    ep_.moduleCallGraph.push_back({"", inSpec, outSpec});
    ep_.graph.lint();
    return std::move(ep_);
  }

 private:
  size_t firstUserArg() const { return module_ ? 1 : 0; }
  const std::vector<jit::Argument>& schemaArgs() const { return fn_.getSchema().arguments(); }

  void fillDefaults(std::vector<IValue>& args) {
    size_t first = firstUserArg();
    size_t total = schemaArgs().size() - first;
    EMBER_CHECK(args.size() <= total, "export: ", fn_.qualname(), " takes ", total, " arguments but ", args.size(),
                " were given");
    for (size_t i = args.size(); i < total; ++i) {
      const jit::Argument& a = schemaArgs()[first + i];
      EMBER_CHECK(a.defaultValue().has_value(), "export: ", fn_.qualname(), " is missing argument '", a.name(), "'");
      args.push_back(*a.defaultValue());
    }
  }

  std::optional<size_t> userIndex(const std::string& name) const {
    for (size_t i = firstUserArg(); i < schemaArgs().size(); ++i)
      if (schemaArgs()[i].name() == name) return i - firstUserArg();
    return std::nullopt;
  }

  void bindKeywords(std::vector<IValue>& args) {
    size_t positional = args.size();
    for (const auto& [name, value] : options_.kwargs) {
      std::optional<size_t> i = userIndex(name);
      EMBER_CHECK(i.has_value(), "export: ", fn_.qualname(), " has no argument named '", name, "'");
      EMBER_CHECK(*i >= positional, "export: argument '", name, "' is given both by position and by keyword");
      while (args.size() <= *i) {
        const jit::Argument& a = schemaArgs()[firstUserArg() + args.size()];
        auto kw = options_.kwargs.find(a.name());
        if (kw != options_.kwargs.end()) args.push_back(kw->second);
        else if (a.defaultValue()) args.push_back(*a.defaultValue());
        else throw Error("export: " + fn_.qualname() + " is missing argument '" + a.name() + "'");
      }
    }
  }

  void resolveDynamicNames() {
    for (DynamicDim& d : dynamic_) {
      if (d.inputName.empty()) continue;
      std::optional<size_t> i = userIndex(d.inputName);
      EMBER_CHECK(i.has_value(), "export: dynamic dimension ", d.spec.name, " names the argument '", d.inputName,
                  "', which ", fn_.qualname(), " does not have");
      d.input = *i;
    }
  }

  void checkDynamicSpecs(const std::vector<IValue>& args) {
    std::map<std::string, std::pair<Dim, int64_t>> seen;
    for (const DynamicDim& d : dynamic_) {
      EMBER_CHECK(d.input < args.size() && args[d.input].isTensor(), "export: dynamic dimension ", d.spec.name,
                  " is given for input ", d.input, ", which is not a tensor argument");
      const Tensor& t = args[d.input].toTensor();
      EMBER_CHECK(d.dim >= 0 && d.dim < t.dim(), "export: dynamic dimension ", d.spec.name, " is dimension ", d.dim,
                  " of input ", d.input, ", which has ", t.dim(), " dimensions");
      EMBER_CHECK(!d.spec.name.empty(), "export: a Dim needs a name");
      EMBER_CHECK(d.spec.min <= d.spec.max, "export: Dim ", d.spec.name, " has min ", d.spec.min, " > max ", d.spec.max);
      int64_t size = t.sizes()[d.dim];
      EMBER_CHECK(size >= 2, "export: the example input ", d.input, " has size ", size, " in dimension ", d.dim,
                  ", which is dynamic (", d.spec.name, "); export specialises sizes 0 and 1, so give an example "
                  "with a size of at least 2 there");
      EMBER_CHECK(size >= d.spec.min && size <= d.spec.max, "export: the example size ", size, " of ", d.spec.name,
                  " is outside its range [", d.spec.min, ", ", d.spec.max, "]");
      auto [it, fresh] = seen.try_emplace(d.spec.name, d.spec, size);
      if (!fresh) {
        EMBER_CHECK(it->second.first.min == d.spec.min && it->second.first.max == d.spec.max, "export: Dim ",
                    d.spec.name, " is given with two different ranges");
        EMBER_CHECK(it->second.second == size, "export: Dim ", d.spec.name, " names sizes ", it->second.second,
                    " and ", size, " in the example inputs, which must be equal");
      }
    }
  }

  void liftState(StateRestorer& restorer) {
    for (const jit::NamedTensor& p : module_->named_parameters()) {
      Tensor copy = p.value.clone();
      restorer.originals.emplace_back(p.name, p.value);
      setPath(*module_, p.name, copy);
      FxNode* n = tracer_.addTensorPlaceholder(copy, "p_" + underscored(p.name), staticSizes(copy));
      tracer_.markParameter(copy);
      ep_.stateDict[p.name] = p.value;
      order_.push_back(n);
      specs_.push_back({InputKind::PARAMETER, n->name, p.name});
    }
    for (const jit::NamedTensor& b : module_->named_buffers()) {
      Tensor copy = b.value.clone();
      restorer.originals.emplace_back(b.name, b.value);
      setPath(*module_, b.name, copy);
      FxNode* n = tracer_.addTensorPlaceholder(copy, "b_" + underscored(b.name), staticSizes(copy));
      ep_.stateDict[b.name] = b.value;
      buffers_.emplace_back(b.name, copy);
      order_.push_back(n);
      specs_.push_back({InputKind::BUFFER, n->name, b.name});
    }
  }

  static std::vector<SymInt> staticSizes(const Tensor& t) {
    std::vector<SymInt> s;
    for (int64_t d : t.sizes()) s.emplace_back(d);
    return s;
  }

  std::string argName(size_t i) const {
    const std::string& n = schemaArgs().at(firstUserArg() + i).name();
    return n.empty() ? "arg" + std::to_string(i) : n;
  }

  // Placeholders for the leaves of argument i; returns the argument rebuilt from copies.
  IValue liftInput(size_t i, const IValue& arg) {
    TreeSpec spec = TreeSpec::of(arg);
    std::vector<IValue> leaves = spec.flatten(arg, "input");
    std::vector<IValue> copies;
    for (size_t k = 0; k < leaves.size(); ++k) {
      std::string name = leaves.size() == 1 && spec.type == TreeSpec::Type::Leaf ? argName(i)
                                                                                   : argName(i) + "_" + std::to_string(k);
      const IValue& leaf = leaves[k];
      if (!leaf.isTensor()) {
        MetaVal val;
        if (leaf.isInt()) val = MetaVal::ofSym(SymExpr(leaf.toInt()));
        else if (leaf.isBool()) val = MetaVal::ofSym(SymExpr::boolConstant(leaf.toBool()));
        else if (leaf.isDouble()) val = MetaVal::ofSym(SymExpr::floatConstant(leaf.toDouble()));
        FxNode* n = ep_.graph.placeholder(name, val);
        userOrder_.push_back(n);
        specs_.push_back({InputKind::USER_INPUT, n->name, ""});
        copies.push_back(leaf);
        continue;
      }
      Tensor copy = leaf.toTensor().clone();
      std::vector<SymInt> sizes = staticSizes(copy);
      std::vector<std::pair<std::string, DynamicDim>> symbols;
      for (const DynamicDim& d : dynamic_)
        if (d.input == i && spec.type == TreeSpec::Type::Leaf) {
          sizes[d.dim] = SymExpr::symbol(d.spec.name);
          symbols.emplace_back(d.spec.name, d);
        }
      FxNode* n = tracer_.addTensorPlaceholder(copy, name, sizes);
      for (const auto& [sym, d] : symbols)
        tracer_.addSymbol(sym, {d.spec.min, d.spec.max}, copy.sizes()[d.dim], n, d.dim);
      userOrder_.push_back(n);
      specs_.push_back({InputKind::USER_INPUT, n->name, ""});
      userInputs_.push_back({copy, n});
      copies.emplace_back(copy);
    }
    return spec.unflatten(copies);
  }

  TreeSpec buildOutputs(const Tracer::Result& result) {
    std::vector<FxArg> outs;
    for (const auto& [path, copy] : buffers_) {
      Tensor now = getPath(*module_, path);
      if (now.is_same(copy) && !tracer_.wasMutated(copy)) continue;
      FxNode* n = tracer_.tensorNode(now);
      outs.push_back(FxArg::ref(n));
      outSpecs_.push_back({OutputKind::BUFFER_MUTATION, n->name, path});
    }
    for (const UserInput& in : userInputs_) {
      if (!tracer_.wasMutated(in.clone)) continue;
      FxNode* n = tracer_.tensorNode(in.clone);
      outs.push_back(FxArg::ref(n));
      outSpecs_.push_back({OutputKind::USER_INPUT_MUTATION, n->name, in.node->name});
    }
    TreeSpec spec = TreeSpec::of(result.value);
    std::vector<IValue> leaves = spec.flatten(result.value, "output");
    for (size_t k = 0; k < leaves.size(); ++k) {
      std::optional<SymExpr> sym;
      if (spec.type == TreeSpec::Type::Leaf) sym = result.sym;
      else if (k < result.elementSyms.size() && spec.children.size() == leaves.size()) sym = result.elementSyms[k];
      FxArg a = leafArg(leaves[k], sym);
      outSpecs_.push_back({OutputKind::USER_OUTPUT, a.kind == FxArg::Kind::Node ? a.node->name : "", ""});
      outs.push_back(std::move(a));
    }
    ep_.graph.output(std::move(outs));
    return spec;
  }

  FxArg leafArg(const IValue& v, const std::optional<SymExpr>& sym) {
    if (v.isTensor()) return FxArg::ref(tracer_.tensorNode(v.toTensor()));
    if (sym) return tracer_.symArg(*sym);
    if (v.isNone()) return FxArg::none();
    if (v.isInt()) return FxArg::integer(v.toInt());
    if (v.isDouble()) return FxArg::floating(v.toDouble());
    if (v.isBool()) return FxArg::boolean(v.toBool());
    if (v.isString()) return FxArg::string(v.toStringRef());
    throw Error("export: the program returns a value of kind " + std::string(v.tagKind()) +
                ", which an exported program cannot return");
  }

  void finish() {
    std::vector<FxNode*> order = order_;
    std::vector<InputSpec> specs;
    for (const InputSpec& s : specs_)
      if (s.kind != InputKind::USER_INPUT) specs.push_back(s);
    for (const std::string& name : tracer_.constantOrder()) {
      FxNode* n = tracer_.constantPlaceholders().at(name);
      order.push_back(n);
      specs.push_back({InputKind::CONSTANT_TENSOR, n->name, name});
    }
    for (FxNode* n : userOrder_) order.push_back(n);
    for (const InputSpec& s : specs_)
      if (s.kind == InputKind::USER_INPUT) specs.push_back(s);
    ep_.graph.reorderPlaceholders(order);
    ep_.graph.eliminateDeadCode();
    ep_.signature.inputSpecs = std::move(specs);
    ep_.signature.outputSpecs = std::move(outSpecs_);
  }

  const jit::Module* module_;
  jit::Function& fn_;
  const ExportOptions& options_;
  std::vector<DynamicDim> dynamic_;
  ExportedProgram ep_;
  Tracer tracer_;
  std::vector<FxNode*> order_, userOrder_;
  std::vector<InputSpec> specs_;
  std::vector<OutputSpec> outSpecs_;
  std::vector<std::pair<std::string, Tensor>> buffers_;
  std::vector<UserInput> userInputs_;
};

}  // namespace

ExportedProgram exportModule(const jit::Module& module, std::vector<IValue> args, const ExportOptions& options) {
  std::optional<jit::Method> m = module.find_method(options.method);
  EMBER_CHECK(m.has_value(), "export: the module ", module.type()->qualifiedName(), " has no method '", options.method,
              "'");
  return Capture(&module, m->function(), options).run(std::move(args));
}

ExportedProgram exportFunction(jit::Function& fn, std::vector<IValue> args, const ExportOptions& options) {
  ExportOptions o = options;
  o.method = fn.name();
  return Capture(nullptr, fn, o).run(std::move(args));
}

}  // namespace ember::exporter
