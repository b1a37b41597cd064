// FX-style graph of the Export IR: building, naming, users, dead code, lint and FX text.
#include "ember/export/fx_graph.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "ember/error.h"

namespace ember::exporter {

std::vector<SymInt> FakeTensor::contiguousStrides(const std::vector<SymInt>& sizes) {
  std::vector<SymInt> strides(sizes.size(), SymInt(1));
  SymInt running(1);
  for (size_t i = sizes.size(); i-- > 0;) {
    strides[i] = running;
    // PyTorch counts a size-0 or size-1 dimension as 1 for the strides of the ones before it.
    if (sizes[i].isConst()) running = running * SymInt(std::max<int64_t>(sizes[i].constValue(), 1));
    else running = running * sizes[i];
  }
  return strides;
}

namespace {
std::string joinSyms(const std::vector<SymInt>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i].str();
  return s + "]";
}
}  // namespace

std::string FakeTensor::str() const {
  return "FakeTensor(dtype=" + scalarTypeTorchName(dtype) + ", size=" + joinSyms(sizes) +
         ", stride=" + joinSyms(strides) + ", device=" + device.str() + ")";
}

MetaVal MetaVal::ofTensor(FakeTensor t) {
  MetaVal m;
  m.kind = Kind::Tensor;
  m.tensor = std::move(t);
  return m;
}
MetaVal MetaVal::ofSym(SymExpr s) {
  MetaVal m;
  m.kind = Kind::Sym;
  m.sym = std::move(s);
  return m;
}
MetaVal MetaVal::ofList(std::vector<MetaVal> elements) {
  MetaVal m;
  m.kind = Kind::List;
  m.elements = std::move(elements);
  return m;
}

std::string MetaVal::str() const {
  switch (kind) {
    case Kind::None: return "None";
    case Kind::Tensor: return tensor.str();
    case Kind::Sym: return sym.str();
    case Kind::List: {
      std::string s = "(";
      for (size_t i = 0; i < elements.size(); ++i) s += (i ? ", " : "") + elements[i].str();
      return s + (elements.size() == 1 ? ",)" : ")");
    }
  }
  return "None";
}

FxArg FxArg::boolean(bool v) {
  FxArg a;
  a.kind = Kind::Bool;
  a.i = v;
  return a;
}
FxArg FxArg::integer(int64_t v) {
  FxArg a;
  a.kind = Kind::Int;
  a.i = v;
  return a;
}
FxArg FxArg::floating(double v) {
  FxArg a;
  a.kind = Kind::Float;
  a.f = v;
  return a;
}
FxArg FxArg::string(std::string v) {
  FxArg a;
  a.kind = Kind::String;
  a.s = std::move(v);
  return a;
}
FxArg FxArg::ref(FxNode* n) {
  EMBER_ASSERT(n, "FxArg::ref of null");
  FxArg a;
  a.kind = Kind::Node;
  a.node = n;
  return a;
}
FxArg FxArg::sequence(std::vector<FxArg> items) {
  FxArg a;
  a.kind = Kind::List;
  a.list = std::move(items);
  return a;
}
FxArg FxArg::dtype(ScalarType t) {
  FxArg a;
  a.kind = Kind::Dtype;
  a.i = static_cast<int64_t>(t);
  return a;
}
FxArg FxArg::device(const Device& d) {
  FxArg a;
  a.kind = Kind::Device;
  a.s = d.str();
  return a;
}

std::string FxArg::str() const {
  switch (kind) {
    case Kind::None: return "None";
    case Kind::Bool: return i ? "True" : "False";
    case Kind::Int: return std::to_string(i);
    case Kind::Float: return SymExpr::floatConstant(f).str();
    case Kind::String: return "'" + s + "'";
    case Kind::Node: return "%" + node->name;
    case Kind::Dtype: return scalarTypeTorchName(static_cast<ScalarType>(i));
    case Kind::Device: return s;
    case Kind::Layout: return i == 0 ? "torch.strided" : "torch.layout(" + std::to_string(i) + ")";
    case Kind::MemoryFormat: {
      static const char* names[] = {"torch.contiguous_format", "torch.preserve_format", "torch.channels_last",
                                    "torch.channels_last_3d"};
      return i >= 0 && i < 4 ? names[i] : "torch.memory_format(" + std::to_string(i) + ")";
    }
    case Kind::List: {
      std::string out = "[";
      for (size_t k = 0; k < list.size(); ++k) out += (k ? ", " : "") + list[k].str();
      return out + "]";
    }
  }
  return "None";
}

const char* toString(FxOp op) {
  switch (op) {
    case FxOp::Placeholder: return "placeholder";
    case FxOp::CallFunction: return "call_function";
    case FxOp::GetAttr: return "get_attr";
    case FxOp::Output: return "output";
  }
  return "?";
}

namespace {
void collectNodes(const FxArg& a, std::vector<FxNode*>& out) {
  if (a.kind == FxArg::Kind::Node) {
    if (std::find(out.begin(), out.end(), a.node) == out.end()) out.push_back(a.node);
  } else if (a.kind == FxArg::Kind::List) {
    for (const FxArg& e : a.list) collectNodes(e, out);
  }
}
}  // namespace

std::vector<FxNode*> FxNode::inputNodes() const {
  std::vector<FxNode*> out;
  for (const FxArg& a : args) collectNodes(a, out);
  for (const auto& kv : kwargs) collectNodes(kv.second, out);
  return out;
}

std::pair<std::string, std::string> FxNode::atenOperator() const {
  EMBER_CHECK(isAten(), "node ", name, " does not call an ATen operator (target ", target, ")");
  std::string rest = target.substr(5);
  size_t dot = rest.rfind('.');
  EMBER_CHECK(dot != std::string::npos && dot > 0, "malformed ATen target '", target, "'");
  std::string overload = rest.substr(dot + 1);
  return {"aten::" + rest.substr(0, dot), overload == "default" ? "" : overload};
}

std::string FxGraph::nameFor(const std::string& target) {
  if (target.rfind("aten.", 0) == 0) {
    std::string rest = target.substr(5);
    size_t dot = rest.rfind('.');
    std::string base = rest.substr(0, dot);
    std::string overload = dot == std::string::npos ? "" : rest.substr(dot + 1);
    if (base == "sym_size") return "sym_size_int";
    (void)overload;
    return base;
  }
  size_t dot = target.rfind('.');
  return dot == std::string::npos ? target : target.substr(dot + 1);
}

std::string FxGraph::uniqueName(const std::string& hint) {
  std::string base = hint.empty() ? "node" : hint;
  for (char& c : base)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
  if (std::isdigit(static_cast<unsigned char>(base[0]))) base = "_" + base;
  std::string name = base;
  for (int k = 1; std::find(taken_.begin(), taken_.end(), name) != taken_.end(); ++k) name = base + "_" + std::to_string(k);
  taken_.push_back(name);
  return name;
}

FxNode* FxGraph::append(std::unique_ptr<FxNode> n, const std::string& nameHint) {
  n->name = uniqueName(nameHint);
  FxNode* raw = n.get();
  if (!nodes_.empty() && nodes_.back()->op == FxOp::Output && raw->op != FxOp::Output) {
    nodes_.insert(nodes_.end() - 1, std::move(n));
  } else {
    nodes_.push_back(std::move(n));
  }
  return raw;
}

FxNode* FxGraph::placeholder(const std::string& nameHint, MetaVal val) {
  auto n = std::make_unique<FxNode>();
  n->op = FxOp::Placeholder;
  n->val = std::move(val);
  FxNode* raw = n.get();
  // Placeholders stay first.
  size_t at = 0;
  while (at < nodes_.size() && nodes_[at]->op == FxOp::Placeholder) ++at;
  n->name = uniqueName(nameHint);
  n->target = n->name;
  nodes_.insert(nodes_.begin() + static_cast<std::ptrdiff_t>(at), std::move(n));
  return raw;
}

FxNode* FxGraph::callFunction(const std::string& target, std::vector<FxArg> args,
                              std::vector<std::pair<std::string, FxArg>> kwargs, const std::string& nameHint) {
  auto n = std::make_unique<FxNode>();
  n->op = FxOp::CallFunction;
  n->target = target;
  n->args = std::move(args);
  n->kwargs = std::move(kwargs);
  return append(std::move(n), nameHint.empty() ? nameFor(target) : nameHint);
}

FxNode* FxGraph::getAttr(const std::string& target) {
  auto n = std::make_unique<FxNode>();
  n->op = FxOp::GetAttr;
  n->target = target;
  return append(std::move(n), target);
}

FxNode* FxGraph::output(std::vector<FxArg> results) {
  EMBER_CHECK(!outputNode(), "the graph already has an output node");
  auto n = std::make_unique<FxNode>();
  n->op = FxOp::Output;
  n->target = "output";
  n->args = {FxArg::sequence(std::move(results))};
  return append(std::move(n), "output");
}

std::vector<FxNode*> FxGraph::placeholders() const {
  std::vector<FxNode*> out;
  for (const auto& n : nodes_)
    if (n->op == FxOp::Placeholder) out.push_back(n.get());
  return out;
}

FxNode* FxGraph::outputNode() const {
  return !nodes_.empty() && nodes_.back()->op == FxOp::Output ? nodes_.back().get() : nullptr;
}

FxNode* FxGraph::findNode(const std::string& name) const {
  for (const auto& n : nodes_)
    if (n->name == name) return n.get();
  return nullptr;
}

size_t FxGraph::numUsers(const FxNode* n) const {
  size_t users = 0;
  for (const auto& m : nodes_) {
    std::vector<FxNode*> in = m->inputNodes();
    if (std::find(in.begin(), in.end(), n) != in.end()) ++users;
  }
  return users;
}

namespace {
FxArg remapArg(const FxArg& a, const std::map<const FxNode*, FxNode*>& map) {
  FxArg out = a;
  if (a.kind == FxArg::Kind::Node) out.node = map.at(a.node);
  for (FxArg& e : out.list) e = remapArg(e, map);
  return out;
}
}  // namespace

FxNode* FxGraph::adopt(std::unique_ptr<FxNode> n) {
  EMBER_CHECK(!n->name.empty() && std::find(taken_.begin(), taken_.end(), n->name) == taken_.end(),
              "node name '", n->name, "' is empty or taken");
  taken_.push_back(n->name);
  nodes_.push_back(std::move(n));
  return nodes_.back().get();
}

std::string FxGraph::submoduleName(const std::string& base) const {
  for (int k = 0;; ++k) {
    std::string name = base + "_" + std::to_string(k);
    if (!submodules.count(name)) return name;
  }
}

FxGraph FxGraph::clone() const {
  FxGraph g;
  for (const auto& [name, sub] : submodules) g.submodules[name] = std::make_unique<FxGraph>(sub->clone());
  std::map<const FxNode*, FxNode*> map;
  for (const auto& n : nodes_) {
    auto copy = std::make_unique<FxNode>(*n);
    for (FxArg& a : copy->args) a = remapArg(a, map);
    for (auto& kv : copy->kwargs) kv.second = remapArg(kv.second, map);
    map[n.get()] = g.adopt(std::move(copy));
  }
  return g;
}

void FxGraph::reorderPlaceholders(const std::vector<FxNode*>& order) {
  std::vector<std::unique_ptr<FxNode>> rest, sorted(order.size());
  for (auto& n : nodes_) {
    if (n->op != FxOp::Placeholder) {
      rest.push_back(std::move(n));
      continue;
    }
    auto it = std::find(order.begin(), order.end(), n.get());
    EMBER_ASSERT(it != order.end(), "placeholder ", n->name, " missing from the order");
    sorted[it - order.begin()] = std::move(n);
  }
  for (auto& n : sorted) EMBER_ASSERT(n, "the placeholder order names a node twice or a non-placeholder");
  for (auto& n : rest) sorted.push_back(std::move(n));
  nodes_ = std::move(sorted);
}

void FxGraph::eliminateDeadCode() {
  std::set<const FxNode*> live;
  for (size_t i = nodes_.size(); i-- > 0;) {
    FxNode* n = nodes_[i].get();
    if (n->op == FxOp::CallFunction && !live.count(n)) continue;
    live.insert(n);
    for (FxNode* in : n->inputNodes()) live.insert(in);
  }
  std::vector<std::unique_ptr<FxNode>> kept;
  for (auto& n : nodes_) {
    if (live.count(n.get())) kept.push_back(std::move(n));
    else taken_.erase(std::remove(taken_.begin(), taken_.end(), n->name), taken_.end());
  }
  nodes_ = std::move(kept);
}

void FxGraph::lint() const {
  std::set<const FxNode*> seen;
  bool pastPlaceholders = false;
  for (size_t i = 0; i < nodes_.size(); ++i) {
    const FxNode* n = nodes_[i].get();
    if (n->op == FxOp::Placeholder) EMBER_CHECK(!pastPlaceholders, "placeholder ", n->name, " after other nodes");
    else pastPlaceholders = true;
    if (n->op == FxOp::Output) EMBER_CHECK(i + 1 == nodes_.size(), "output node ", n->name, " is not the last node");
    for (FxNode* in : n->inputNodes())
      EMBER_CHECK(seen.count(in), "node ", n->name, " uses ", in->name, " before it is defined");
    seen.insert(n);
  }
  EMBER_CHECK(outputNode(), "the graph has no output node");
}

std::string FxGraph::str() const {
  std::ostringstream out;
  out << "graph():\n";
  for (const auto& n : nodes_) {
    out << "    ";
    if (n->op == FxOp::Output) {
      const auto& results = n->args.at(0).list;
      out << "return (";
      for (size_t i = 0; i < results.size(); ++i) {
        const FxArg& r = results[i];
        out << (i ? ", " : "") << (r.kind == FxArg::Kind::Node ? r.node->name : r.str());
      }
      out << (results.size() == 1 ? ",)" : ")") << "\n";
      continue;
    }
    out << "%" << n->name << " : [num_users=" << numUsers(n.get()) << "] = " << toString(n->op) << "[target="
        << n->target << "]";
    if (n->op == FxOp::CallFunction) {
      out << "(args = (";
      for (size_t i = 0; i < n->args.size(); ++i) out << (i ? ", " : "") << n->args[i].str();
      if (n->args.size() == 1) out << ",";
      out << "), kwargs = {";
      for (size_t i = 0; i < n->kwargs.size(); ++i)
        out << (i ? ", " : "") << n->kwargs[i].first << ": " << n->kwargs[i].second.str();
      out << "})";
    }
    out << "\n";
  }
  for (const auto& [name, sub] : submodules) {
    out << "# " << name << "\n";
    std::istringstream lines(sub->str());
    for (std::string line; std::getline(lines, line);) out << "    " << line << "\n";
  }
  return out.str();
}

std::ostream& operator<<(std::ostream& out, const FxGraph& g) { return out << g.str(); }

}  // namespace ember::exporter
