// Saved ExportedPrograms: program.json (graph, signature, ranges, guards, specs) next to the
// tensors in PyTorch's record layout. Loading checks everything it reads: unknown kinds, nodes
// used before they are defined, missing tensors and newer format versions are errors.
#include "ember/export/serialize.h"

#include "ember/error.h"
#include "ember/serialization/archive_reader.h"
#include "ember/serialization/archive_writer.h"
#include "ember/serialization/storage_context.h"
#include "ember/serialization/zip_reader.h"
#include "ember/serialization/zip_writer.h"
#include "json.h"

namespace ember::exporter {

using jit::IValue;

namespace {

const char* const kFormatName = "ember.exported_program";
const char* const kProgramRecord = "program.json";

const char* symOpName(SymOp op) {
  static const char* names[] = {"Const", "Symbol", "Add", "Mul", "FloorDiv", "Mod", "Max", "Min", "TrueDiv",
                                "Eq",    "Ne",     "Lt",  "Le",  "Gt",       "Ge",  "And", "Or",  "Not"};
  return names[static_cast<int>(op)];
}

// ---- writing ----

Json symJson(const SymExpr& e) {
  Json j = Json::object();
  if (e.isConst()) {
    if (e.kind() == SymKind::Float) j.set("float", e.floatValue());
    else if (e.kind() == SymKind::Bool) j.set("bool", e.constValue() != 0);
    else j.set("int", e.constValue());
    return j;
  }
  if (e.isSymbol()) {
    j.set("symbol", e.symbolName());
    return j;
  }
  j.set("op", symOpName(e.op()));
  Json args = Json::array();
  for (const SymExpr& a : e.args()) args.push(symJson(a));
  j.set("args", std::move(args));
  return j;
}

Json symsJson(const std::vector<SymInt>& v) {
  Json j = Json::array();
  for (const SymInt& s : v) j.push(symJson(s));
  return j;
}

Json metaJson(const MetaVal& m) {
  Json j = Json::object();
  switch (m.kind) {
    case MetaVal::Kind::None: return Json();
    case MetaVal::Kind::Tensor: {
      Json t = Json::object();
      t.set("sizes", symsJson(m.tensor.sizes));
      t.set("strides", symsJson(m.tensor.strides));
      t.set("dtype", scalarTypeTorchName(m.tensor.dtype));
      t.set("device", m.tensor.device.str());
      j.set("tensor", std::move(t));
      return j;
    }
    case MetaVal::Kind::Sym: j.set("sym", symJson(m.sym)); return j;
    case MetaVal::Kind::List: {
      Json l = Json::array();
      for (const MetaVal& e : m.elements) l.push(metaJson(e));
      j.set("list", std::move(l));
      return j;
    }
  }
  return Json();
}

Json argJson(const FxArg& a) {
  Json j = Json::object();
  switch (a.kind) {
    case FxArg::Kind::None: return Json();
    case FxArg::Kind::Bool: j.set("bool", a.i != 0); break;
    case FxArg::Kind::Int: j.set("int", a.i); break;
    case FxArg::Kind::Float: j.set("float", a.f); break;
    case FxArg::Kind::String: j.set("str", a.s); break;
    case FxArg::Kind::Node: j.set("node", a.node->name); break;
    case FxArg::Kind::Dtype: j.set("dtype", scalarTypeTorchName(static_cast<ScalarType>(a.i))); break;
    case FxArg::Kind::Device: j.set("device", a.s); break;
    case FxArg::Kind::Layout: j.set("layout", a.i); break;
    case FxArg::Kind::MemoryFormat: j.set("memory_format", a.i); break;
    case FxArg::Kind::List: {
      Json l = Json::array();
      for (const FxArg& e : a.list) l.push(argJson(e));
      j.set("list", std::move(l));
      break;
    }
  }
  return j;
}

Json nodeJson(const FxNode& n) {
  Json j = Json::object();
  j.set("name", n.name);
  j.set("op", toString(n.op));
  j.set("target", n.target);
  Json args = Json::array();
  for (const FxArg& a : n.args) args.push(argJson(a));
  j.set("args", std::move(args));
  Json kwargs = Json::array();
  for (const auto& [k, v] : n.kwargs) {
    Json kv = Json::array();
    kv.push(k);
    kv.push(argJson(v));
    kwargs.push(std::move(kv));
  }
  j.set("kwargs", std::move(kwargs));
  Json meta = Json::object();
  meta.set("val", metaJson(n.val));
  meta.set("stack_trace", n.stackTrace);
  Json stack = Json::array();
  for (const NnModuleFrame& f : n.nnModuleStack) {
    Json e = Json::array();
    e.push(f.key);
    e.push(f.path);
    e.push(f.type);
    stack.push(std::move(e));
  }
  meta.set("nn_module_stack", std::move(stack));
  Json source = Json::array();
  for (const auto& [name, fn] : n.sourceFnStack) {
    Json e = Json::array();
    e.push(name);
    e.push(fn);
    source.push(std::move(e));
  }
  meta.set("source_fn_stack", std::move(source));
  j.set("meta", std::move(meta));
  return j;
}

// {"kind", "name", "target"} of an input or output spec of the graph signature.
template <typename Spec>
Json specJson(const Spec& spec) {
  Json e = Json::object();
  e.set("kind", toString(spec.kind));
  e.set("name", spec.name);
  e.set("target", spec.target);
  return e;
}

// {name: {"nodes": [...], "submodules": {...}}} for the graphs get_attr nodes read.
Json submodulesJson(const FxGraph& g, int depth = 0) {
  EMBER_CHECK(depth < 32, "saved program: submodules nested too deeply");
  Json subs = Json::object();
  for (const auto& [name, sub] : g.submodules) {
    Json j = Json::object();
    Json nodes = Json::array();
    for (const auto& n : sub->nodes()) nodes.push(nodeJson(*n));
    j.set("nodes", std::move(nodes));
    j.set("submodules", submodulesJson(*sub, depth + 1));
    subs.set(name, std::move(j));
  }
  return subs;
}

Json programJson(const ExportedProgram& ep) {
  Json j = Json::object();
  j.set("format", kFormatName);
  j.set("version", kProgramFormatVersion);
  j.set("method", ep.methodName);
  Json nodes = Json::array();
  for (const auto& n : ep.graph.nodes()) nodes.push(nodeJson(*n));
  j.set("nodes", std::move(nodes));
  if (!ep.graph.submodules.empty()) j.set("submodules", submodulesJson(ep.graph));
  Json inputs = Json::array(), outputs = Json::array();
  for (const InputSpec& s : ep.signature.inputSpecs) inputs.push(specJson(s));
  for (const OutputSpec& s : ep.signature.outputSpecs) outputs.push(specJson(s));
  Json sig = Json::object();
  sig.set("inputs", std::move(inputs));
  sig.set("outputs", std::move(outputs));
  j.set("signature", std::move(sig));
  Json ranges = Json::object();
  for (const auto& [name, r] : ep.rangeConstraints) {
    Json e = Json::object();
    e.set("min", r.min);
    e.set("max", r.max);
    ranges.set(name, std::move(e));
  }
  j.set("range_constraints", std::move(ranges));
  Json guards = Json::array();
  for (const SymBool& g : ep.guards) guards.push(symJson(g));
  j.set("guards", std::move(guards));
  Json calls = Json::array();
  for (const ModuleCallEntry& m : ep.moduleCallGraph) {
    Json e = Json::object();
    e.set("fqn", m.fqn);
    e.set("in_spec", m.inSpec.str());
    e.set("out_spec", m.outSpec.str());
    calls.push(std::move(e));
  }
  j.set("module_call_graph", std::move(calls));
  return j;
}

void write(const ExportedProgram& ep, jit::ZipWriter& writer) {
  std::string json = programJson(ep).dump(1);
  writer.writeRecord(kProgramRecord, json.data(), json.size());
  auto tensors = jit::DictImpl::create(jit::StringType::get(), jit::TensorType::get());
  for (const auto& [name, t] : ep.stateDict) tensors->insertOrAssign(IValue("state_dict." + name), IValue(t));
  for (const auto& [name, t] : ep.constants) tensors->insertOrAssign(IValue("constants." + name), IValue(t));
  std::vector<jit::PickledStorage> storages;
  jit::writeArchivePickle(writer, "data.pkl", "data", IValue(tensors), storages);
  jit::writeArchiveVersion(writer, 3);
  writer.writeEndOfFile();
}

// ---- reading ----

SymExpr symFrom(const Json& j, int depth = 0) {
  EMBER_CHECK(depth < 200, "saved program: symbolic expression nested too deeply");
  if (const Json* v = j.find("int")) return SymExpr(v->asInt("int"));
  if (const Json* v = j.find("float")) return SymExpr::floatConstant(v->asDouble("float"));
  if (const Json* v = j.find("bool")) return SymExpr::boolConstant(v->asBool("bool"));
  if (const Json* v = j.find("symbol")) return SymExpr::symbol(v->asString("symbol"));
  const std::string& op = j.at("op").asString("op");
  std::vector<SymExpr> a;
  for (const Json& x : j.at("args").items("args")) a.push_back(symFrom(x, depth + 1));
  auto need = [&](size_t n) {
    EMBER_CHECK(a.size() == n || (n == 0 && a.size() >= 1), "saved program: ", op, " with ", a.size(), " arguments");
  };
  static const std::map<std::string, SymOp> cmp = {{"Eq", SymOp::Eq}, {"Ne", SymOp::Ne}, {"Lt", SymOp::Lt},
                                                   {"Le", SymOp::Le}, {"Gt", SymOp::Gt}, {"Ge", SymOp::Ge}};
  if (op == "Add" || op == "Mul") {
    need(0);
    SymExpr r = a[0];
    for (size_t i = 1; i < a.size(); ++i) r = op == "Add" ? r + a[i] : r * a[i];
    return r;
  }
  if (op == "Not") {
    need(1);
    return SymExpr::logicalNot(a[0]);
  }
  need(2);
  if (op == "FloorDiv") return SymExpr::floorDiv(a[0], a[1]);
  if (op == "Mod") return SymExpr::mod(a[0], a[1]);
  if (op == "TrueDiv") return SymExpr::trueDiv(a[0], a[1]);
  if (op == "Max") return SymExpr::max(a[0], a[1]);
  if (op == "Min") return SymExpr::min(a[0], a[1]);
  if (op == "And") return SymExpr::logicalAnd(a[0], a[1]);
  if (op == "Or") return SymExpr::logicalOr(a[0], a[1]);
  auto c = cmp.find(op);
  EMBER_CHECK(c != cmp.end(), "saved program: unknown symbolic operation '", op, "'");
  return SymExpr::compare(c->second, a[0], a[1]);
}

std::vector<SymInt> symsFrom(const Json& j) {
  std::vector<SymInt> out;
  for (const Json& x : j.items("sizes")) out.push_back(symFrom(x));
  return out;
}

MetaVal metaFrom(const Json& j, int depth = 0) {
  EMBER_CHECK(depth < 64, "saved program: val nested too deeply");
  if (j.isNull()) return {};
  if (const Json* t = j.find("tensor")) {
    FakeTensor f;
    f.sizes = symsFrom(t->at("sizes"));
    f.strides = symsFrom(t->at("strides"));
    f.dtype = parseScalarType(t->at("dtype").asString("dtype"));
    f.device = Device::parse(t->at("device").asString("device"));
    return MetaVal::ofTensor(std::move(f));
  }
  if (const Json* s = j.find("sym")) return MetaVal::ofSym(symFrom(*s));
  std::vector<MetaVal> el;
  for (const Json& x : j.at("list").items("list")) el.push_back(metaFrom(x, depth + 1));
  return MetaVal::ofList(std::move(el));
}

FxArg argFrom(const Json& j, const std::map<std::string, FxNode*>& nodes, int depth = 0) {
  EMBER_CHECK(depth < 64, "saved program: argument nested too deeply");
  if (j.isNull()) return FxArg::none();
  const auto& f = j.fields("argument");
  EMBER_CHECK(f.size() == 1, "saved program: an argument needs exactly one field");
  const std::string& k = f[0].first;
  const Json& v = f[0].second;
  if (k == "bool") return FxArg::boolean(v.asBool("bool"));
  if (k == "int") return FxArg::integer(v.asInt("int"));
  if (k == "float") return FxArg::floating(v.asDouble("float"));
  if (k == "str") return FxArg::string(v.asString("str"));
  if (k == "dtype") return FxArg::dtype(parseScalarType(v.asString("dtype")));
  if (k == "device") return FxArg::device(Device::parse(v.asString("device")));
  if (k == "layout" || k == "memory_format") {
    FxArg a = FxArg::integer(v.asInt(k.c_str()));
    a.kind = k == "layout" ? FxArg::Kind::Layout : FxArg::Kind::MemoryFormat;
    return a;
  }
  if (k == "node") {
    auto it = nodes.find(v.asString("node"));
    EMBER_CHECK(it != nodes.end(), "saved program: node '", v.asString(), "' is used before it is defined");
    return FxArg::ref(it->second);
  }
  EMBER_CHECK(k == "list", "saved program: unknown argument kind '", k, "'");
  std::vector<FxArg> items;
  for (const Json& x : v.items("list")) items.push_back(argFrom(x, nodes, depth + 1));
  return FxArg::sequence(std::move(items));
}

FxOp opFrom(const std::string& s) {
  for (FxOp op : {FxOp::Placeholder, FxOp::CallFunction, FxOp::GetAttr, FxOp::Output})
    if (s == toString(op)) return op;
  throw Error("saved program: unknown node op '" + s + "'");
}

void readNodes(const Json& nodes, FxGraph& g) {
  std::map<std::string, FxNode*> byName;
  for (const Json& jn : nodes.items("nodes")) {
    auto n = std::make_unique<FxNode>();
    n->name = jn.at("name").asString("name");
    n->op = opFrom(jn.at("op").asString("op"));
    n->target = jn.at("target").asString("target");
    for (const Json& a : jn.at("args").items("args")) n->args.push_back(argFrom(a, byName));
    for (const Json& kv : jn.at("kwargs").items("kwargs")) {
      const auto& pair = kv.items("kwarg");
      EMBER_CHECK(pair.size() == 2, "saved program: a kwarg is a [name, value] pair");
      n->kwargs.emplace_back(pair[0].asString("kwarg name"), argFrom(pair[1], byName));
    }
    const Json& meta = jn.at("meta");
    n->val = metaFrom(meta.at("val"));
    n->stackTrace = meta.at("stack_trace").asString("stack_trace");
    for (const Json& f : meta.at("nn_module_stack").items("nn_module_stack")) {
      const auto& e = f.items("nn_module_stack entry");
      EMBER_CHECK(e.size() == 3, "saved program: an nn_module_stack entry is [key, path, type]");
      n->nnModuleStack.push_back({e[0].asString(), e[1].asString(), e[2].asString()});
    }
    for (const Json& f : meta.at("source_fn_stack").items("source_fn_stack")) {
      const auto& e = f.items("source_fn_stack entry");
      EMBER_CHECK(e.size() == 2, "saved program: a source_fn_stack entry is [name, function]");
      n->sourceFnStack.emplace_back(e[0].asString(), e[1].asString());
    }
    std::string name = n->name;
    byName[name] = g.adopt(std::move(n));
  }
}

void readGraph(const Json& nodes, const Json* submodules, FxGraph& g, int depth = 0) {
  EMBER_CHECK(depth < 32, "saved program: submodules nested too deeply");
  if (submodules) {
    for (const auto& [name, sub] : submodules->fields("submodules")) {
      auto graph = std::make_unique<FxGraph>();
      readGraph(sub.at("nodes"), sub.find("submodules"), *graph, depth + 1);
      g.submodules[name] = std::move(graph);
    }
  }
  readNodes(nodes, g);
  for (const auto& n : g.nodes())
    if (n->op == FxOp::GetAttr)
      EMBER_CHECK(g.submodules.count(n->target), "saved program: get_attr of the missing submodule '", n->target, "'");
  g.lint();
}

// Version 1 stored each range as [min, max] and had no guards.
Json upgradeFrom1(const Json& j) {
  Json out = Json::object();
  for (const auto& [k, v] : j.fields("program")) {
    if (k == "range_constraints") {
      Json ranges = Json::object();
      for (const auto& [name, r] : v.fields("range_constraints")) {
        const auto& pair = r.items("range");
        EMBER_CHECK(pair.size() == 2, "saved program (version 1): a range is [min, max]");
        Json e = Json::object();
        e.set("min", pair[0].asInt("min"));
        e.set("max", pair[1].asInt("max"));
        ranges.set(name, std::move(e));
      }
      out.set(k, std::move(ranges));
    } else if (k == "version") {
      out.set(k, int64_t{2});
    } else {
      out.set(k, v);
    }
  }
  if (!out.find("guards")) out.set("guards", Json::array());
  return out;
}

}  // namespace

// Brings a program document of any older version to the current one, one version at a time.
Json upgradeProgramJson(Json j) {
  int64_t version = j.at("version").asInt("version");
  EMBER_CHECK(version >= 1, "saved program: bad format version ", version);
  EMBER_CHECK(version <= kProgramFormatVersion, "saved program: format version ", version,
              " is newer than this ember reads (", kProgramFormatVersion, "); upgrade ember");
  if (version == 1) j = upgradeFrom1(j);
  return j;
}

namespace {

ExportedProgram read(const jit::ZipReader& reader) {
  EMBER_CHECK(reader.hasRecord(kProgramRecord), "not a saved exported program: the archive has no ", kProgramRecord,
              " (TorchScript archives load with jit::load)");
  Json j = Json::parse(reader.readRecord(kProgramRecord));
  EMBER_CHECK(j.find("format") && j.at("format").asString("format") == kFormatName,
              "not a saved exported program: ", kProgramRecord, " has no format '", kFormatName, "'");
  j = upgradeProgramJson(std::move(j));
  ExportedProgram ep;
  ep.methodName = j.at("method").asString("method");
  readGraph(j.at("nodes"), j.find("submodules"), ep.graph);
  for (const Json& e : j.at("signature").at("inputs").items("inputs"))
    ep.signature.inputSpecs.push_back({parseInputKind(e.at("kind").asString("kind")), e.at("name").asString("name"),
                                       e.at("target").asString("target")});
  for (const Json& e : j.at("signature").at("outputs").items("outputs"))
    ep.signature.outputSpecs.push_back({parseOutputKind(e.at("kind").asString("kind")),
                                        e.at("name").asString("name"), e.at("target").asString("target")});
  for (const auto& [name, r] : j.at("range_constraints").fields("range_constraints"))
    ep.rangeConstraints[name] = {r.at("min").asInt("min"), r.at("max").asInt("max")};
  for (const Json& g : j.at("guards").items("guards")) ep.guards.push_back(symFrom(g));
  for (const Json& m : j.at("module_call_graph").items("module_call_graph"))
    ep.moduleCallGraph.push_back({m.at("fqn").asString("fqn"), TreeSpec::parse(m.at("in_spec").asString("in_spec")),
                                  TreeSpec::parse(m.at("out_spec").asString("out_spec"))});
  EMBER_CHECK(!ep.moduleCallGraph.empty(), "saved program: the module call graph is empty");
  jit::StorageContext storages(reader);
  IValue tensors = jit::readArchivePickle(reader, "data.pkl", "data", storages);
  EMBER_CHECK(tensors.isGenericDict(), "saved program: data.pkl is not a dict of tensors");
  for (const auto& [k, v] : tensors.toDictRef().items()) {
    EMBER_CHECK(k.isString() && v.isTensor(), "saved program: data.pkl must map names to tensors");
    const std::string& key = k.toStringRef();
    if (key.rfind("state_dict.", 0) == 0) ep.stateDict[key.substr(11)] = v.toTensor();
    else if (key.rfind("constants.", 0) == 0) ep.constants[key.substr(10)] = v.toTensor();
    else throw Error("saved program: unexpected tensor '" + key + "'");
  }
  for (const InputSpec& s : ep.signature.inputSpecs) {
    EMBER_CHECK(ep.graph.findNode(s.name), "saved program: input spec names the missing node '", s.name, "'");
    if (s.kind == InputKind::PARAMETER || s.kind == InputKind::BUFFER)
      EMBER_CHECK(ep.stateDict.count(s.target), "saved program: no tensor for ", s.target);
    if (s.kind == InputKind::CONSTANT_TENSOR)
      EMBER_CHECK(ep.constants.count(s.target), "saved program: no tensor for constant ", s.target);
  }
  return ep;
}

}  // namespace

void save(const ExportedProgram& ep, const std::string& path) {
  jit::ZipWriter writer(path);
  write(ep, writer);
}

std::string saveToBytes(const ExportedProgram& ep) {
  std::string out;
  {
    jit::ZipWriter writer([&](const void* data, size_t size) { out.append(static_cast<const char*>(data), size); },
                          "archive");
    write(ep, writer);
  }
  return out;
}

ExportedProgram load(const std::string& path) { return read(jit::ZipReader::open(path)); }

ExportedProgram loadFromBytes(std::string bytes) { return read(jit::ZipReader::fromBytes(std::move(bytes))); }

}  // namespace ember::exporter
