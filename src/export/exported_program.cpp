// ExportedProgram: printing, pytree specs, input checks (sizes, ranges, guards), copies.
#include "ember/export/exported_program.h"

#include <cstring>
#include <functional>
#include <sstream>
#include <tuple>

#include "ember/error.h"

namespace ember::exporter {

using jit::IValue;

const char* toString(InputKind k) {
  switch (k) {
    case InputKind::USER_INPUT: return "USER_INPUT";
    case InputKind::PARAMETER: return "PARAMETER";
    case InputKind::BUFFER: return "BUFFER";
    case InputKind::CONSTANT_TENSOR: return "CONSTANT_TENSOR";
  }
  return "?";
}

const char* toString(OutputKind k) {
  switch (k) {
    case OutputKind::USER_OUTPUT: return "USER_OUTPUT";
    case OutputKind::BUFFER_MUTATION: return "BUFFER_MUTATION";
    case OutputKind::USER_INPUT_MUTATION: return "USER_INPUT_MUTATION";
  }
  return "?";
}

InputKind parseInputKind(const std::string& s) {
  for (InputKind k : {InputKind::USER_INPUT, InputKind::PARAMETER, InputKind::BUFFER, InputKind::CONSTANT_TENSOR})
    if (s == toString(k)) return k;
  throw Error("unknown input kind '" + s + "'");
}

OutputKind parseOutputKind(const std::string& s) {
  for (OutputKind k : {OutputKind::USER_OUTPUT, OutputKind::BUFFER_MUTATION, OutputKind::USER_INPUT_MUTATION})
    if (s == toString(k)) return k;
  throw Error("unknown output kind '" + s + "'");
}

std::string GraphSignature::str() const {
  std::ostringstream out;
  out << "    # inputs\n";
  for (const InputSpec& s : inputSpecs) {
    out << "    " << s.name << ": " << toString(s.kind);
    if (!s.target.empty()) out << " target='" << s.target << "'";
    out << "\n";
  }
  out << "    # outputs\n";
  for (const OutputSpec& s : outputSpecs) {
    out << "    " << (s.name.empty() ? "<constant>" : s.name) << ": " << toString(s.kind);
    if (!s.target.empty()) out << " target='" << s.target << "'";
    out << "\n";
  }
  return out.str();
}

// ---- TreeSpec ----

size_t TreeSpec::numLeaves() const {
  if (type == Type::Leaf) return 1;
  size_t n = 0;
  for (const TreeSpec& c : children) n += c.numLeaves();
  return n;
}

std::string TreeSpec::str() const {
  if (type == Type::Leaf) return "*";
  std::string s = "TreeSpec(";
  s += type == Type::Tuple ? "tuple" : type == Type::List ? "list" : "dict";
  s += ", ";
  if (type == Type::Dict) {
    s += "[";
    for (size_t i = 0; i < keys.size(); ++i) s += (i ? ", '" : "'") + keys[i] + "'";
    s += "], ";
  }
  s += "[";
  for (size_t i = 0; i < children.size(); ++i) s += (i ? ", " : "") + children[i].str();
  return s + "])";
}

namespace {

class SpecParser {
 public:
  explicit SpecParser(const std::string& t) : t_(t) {}
  TreeSpec parseAll() {
    TreeSpec s = parse(0);
    skip();
    EMBER_CHECK(i_ == t_.size(), "malformed TreeSpec: trailing text at ", i_);
    return s;
  }

 private:
  void skip() {
    while (i_ < t_.size() && t_[i_] == ' ') ++i_;
  }
  void expect(const char* s) {
    skip();
    size_t n = std::strlen(s);
    EMBER_CHECK(t_.compare(i_, n, s) == 0, "malformed TreeSpec: expected '", s, "' at ", i_);
    i_ += n;
  }
  bool peek(char c) {
    skip();
    return i_ < t_.size() && t_[i_] == c;
  }
  TreeSpec parse(int depth) {
    EMBER_CHECK(depth < 64, "malformed TreeSpec: nested too deeply");
    TreeSpec s;
    if (peek('*')) {
      ++i_;
      return s;
    }
    expect("TreeSpec(");
    skip();
    if (t_.compare(i_, 5, "tuple") == 0) s.type = TreeSpec::Type::Tuple, i_ += 5;
    else if (t_.compare(i_, 4, "list") == 0) s.type = TreeSpec::Type::List, i_ += 4;
    else if (t_.compare(i_, 4, "dict") == 0) s.type = TreeSpec::Type::Dict, i_ += 4;
    else throw Error("malformed TreeSpec: unknown container at " + std::to_string(i_));
    expect(",");
    if (s.type == TreeSpec::Type::Dict) {
      expect("[");
      while (!peek(']')) {
        expect("'");
        size_t end = t_.find('\'', i_);
        EMBER_CHECK(end != std::string::npos, "malformed TreeSpec: unterminated key");
        s.keys.push_back(t_.substr(i_, end - i_));
        i_ = end + 1;
        if (peek(',')) ++i_;
      }
      expect("]");
      expect(",");
    }
    expect("[");
    while (!peek(']')) {
      s.children.push_back(parse(depth + 1));
      if (peek(',')) ++i_;
      EMBER_CHECK(i_ < t_.size(), "malformed TreeSpec: unterminated list");
    }
    expect("]");
    expect(")");
    EMBER_CHECK(s.type != TreeSpec::Type::Dict || s.keys.size() == s.children.size(),
                "malformed TreeSpec: dict keys and children differ in number");
    return s;
  }
  const std::string& t_;
  size_t i_ = 0;
};

}  // namespace

TreeSpec TreeSpec::parse(const std::string& text) { return SpecParser(text).parseAll(); }

TreeSpec TreeSpec::of(const IValue& v) {
  TreeSpec s;
  if (v.isTuple()) {
    s.type = Type::Tuple;
    for (const IValue& e : v.toTupleRef().elements) s.children.push_back(of(e));
  } else if (v.isList()) {
    s.type = Type::List;
    for (const IValue& e : v.toListRef().elements) s.children.push_back(of(e));
  } else if (v.isGenericDict()) {
    s.type = Type::Dict;
    for (const auto& [k, e] : v.toDictRef().items()) {
      EMBER_CHECK(k.isString(), "export: dicts in inputs and outputs need string keys");
      s.keys.push_back(k.toStringRef());
      s.children.push_back(of(e));
    }
  }
  return s;
}

std::vector<IValue> TreeSpec::flatten(const IValue& v, const char* what) const {
  std::vector<IValue> out;
  // Depth first, in order.
  std::function<void(const TreeSpec&, const IValue&)> walk = [&](const TreeSpec& s, const IValue& x) {
    switch (s.type) {
      case Type::Leaf: out.push_back(x); return;
      case Type::Tuple:
      case Type::List: {
        bool ok = s.type == Type::Tuple ? x.isTuple() : x.isList();
        EMBER_CHECK(ok, "the ", what, " should be a ", s.type == Type::Tuple ? "tuple" : "list", " (", str(),
                    ") but is ", x.tagKind());
        const auto& el = x.isTuple() ? x.toTupleRef().elements : x.toListRef().elements;
        EMBER_CHECK(el.size() == s.children.size(), "the ", what, " should have ", s.children.size(),
                    " elements but has ", el.size());
        for (size_t i = 0; i < el.size(); ++i) walk(s.children[i], el[i]);
        return;
      }
      case Type::Dict: {
        EMBER_CHECK(x.isGenericDict(), "the ", what, " should be a dict but is ", x.tagKind());
        EMBER_CHECK(x.toDictRef().size() == s.keys.size(), "the ", what, " dict should have ", s.keys.size(),
                    " entries");
        for (size_t i = 0; i < s.keys.size(); ++i) {
          const IValue* e = x.toDictRef().find(IValue(s.keys[i]));
          EMBER_CHECK(e, "the ", what, " dict has no key '", s.keys[i], "'");
          walk(s.children[i], *e);
        }
        return;
      }
    }
  };
  walk(*this, v);
  return out;
}

IValue TreeSpec::unflatten(const std::vector<IValue>& leaves) const {
  size_t next = 0;
  std::function<IValue(const TreeSpec&)> build = [&](const TreeSpec& s) -> IValue {
    if (s.type == Type::Leaf) {
      EMBER_CHECK(next < leaves.size(), "too few leaves for ", str());
      return leaves[next++];
    }
    std::vector<IValue> el;
    for (const TreeSpec& c : s.children) el.push_back(build(c));
    if (s.type == Type::Tuple) return jit::makeTuple(std::move(el));
    if (s.type == Type::List) {
      jit::TypePtr t = jit::AnyType::get();
      if (!el.empty()) t = el[0].type();
      return IValue(jit::ListImpl::create(t, std::move(el)));
    }
    auto d = jit::DictImpl::create(jit::StringType::get(), el.empty() ? jit::AnyType::get() : el[0].type());
    for (size_t i = 0; i < el.size(); ++i) d->insertOrAssign(IValue(s.keys[i]), el[i]);
    return IValue(d);
  };
  IValue out = build(*this);
  EMBER_CHECK(next == leaves.size(), "too many leaves for ", str());
  return out;
}

// ---- ExportedProgram ----

std::string ExportedProgram::str() const {
  std::ostringstream out;
  out << "ExportedProgram:\n";
  std::istringstream g(graph.str());
  for (std::string line; std::getline(g, line);) out << "    " << line << "\n";
  out << "Graph signature:\n" << signature.str();
  out << "Range constraints: {";
  bool first = true;
  for (const auto& [name, r] : rangeConstraints) {
    out << (first ? "" : ", ") << name << ": VR[" << r.min << ", " << r.max << "]";
    first = false;
  }
  out << "}\n";
  if (!guards.empty()) {
    out << "Guards:\n";
    for (const SymBool& g2 : guards) out << "    " << g2.str() << "\n";
  }
  return out.str();
}

std::map<std::string, int> ExportedProgram::operatorCounts() const {
  std::map<std::string, int> counts;
  for (const auto& n : graph.nodes())
    if (n->op == FxOp::CallFunction) ++counts[n->target];
  return counts;
}

ExportedProgram ExportedProgram::clone() const {
  ExportedProgram ep;
  ep.graph = graph.clone();
  ep.signature = signature;
  ep.stateDict = stateDict;
  ep.constants = constants;
  ep.rangeConstraints = rangeConstraints;
  ep.guards = guards;
  ep.moduleCallGraph = moduleCallGraph;
  ep.methodName = methodName;
  return ep;
}

SymValues ExportedProgram::checkInputs(const std::vector<IValue>& flat) const {
  std::vector<const FxNode*> users;
  for (const InputSpec& s : signature.inputSpecs)
    if (s.kind == InputKind::USER_INPUT) users.push_back(graph.findNode(s.name));
  EMBER_CHECK(flat.size() == users.size(), "the exported program takes ", users.size(), " inputs but ", flat.size(),
              " were given");
  SymValues bound;
  std::vector<std::tuple<SymInt, int64_t, std::string>> later;
  for (size_t i = 0; i < flat.size(); ++i) {
    const FxNode* p = users[i];
    EMBER_CHECK(p, "the exported program has no placeholder for input ", i);
    const MetaVal& v = p->val;
    if (v.kind == MetaVal::Kind::Sym) {
      std::string got = flat[i].repr();
      EMBER_CHECK(got == IValue(v.sym.kind() == SymKind::Float ? IValue(v.sym.floatValue())
                                 : v.sym.kind() == SymKind::Bool ? IValue(v.sym.constValue() != 0)
                                                                 : IValue(v.sym.constValue()))
                                 .repr(),
                  "input ", p->name, " was specialised to ", v.sym.str(), " at export but is ", got);
      continue;
    }
    if (v.kind != MetaVal::Kind::Tensor) continue;
    EMBER_CHECK(flat[i].isTensor(), "input ", p->name, " should be a Tensor but is ", flat[i].tagKind());
    const Tensor& t = flat[i].toTensor();
    const FakeTensor& f = v.tensor;
    EMBER_CHECK(t.scalar_type() == f.dtype, "input ", p->name, " should have dtype ", scalarTypeTorchName(f.dtype),
                " but has ", scalarTypeTorchName(t.scalar_type()));
    EMBER_CHECK(t.dim() == static_cast<int64_t>(f.sizes.size()), "input ", p->name, " should have ", f.sizes.size(),
                " dimensions but has ", t.dim());
    for (size_t d = 0; d < f.sizes.size(); ++d) {
      const SymInt& s = f.sizes[d];
      int64_t got = t.sizes()[d];
      std::string where = p->name + ".size()[" + std::to_string(d) + "]";
      if (s.isConst()) {
        EMBER_CHECK(got == s.constValue(), "expected ", where, " to be ", s.constValue(), " (static at export) but got ",
                    got);
      } else if (s.isSymbol()) {
        auto [it, fresh] = bound.try_emplace(s.symbolName(), got);
        EMBER_CHECK(fresh || it->second == got, "expected ", where, " to equal ", s.symbolName(), " = ", it->second,
                    " but got ", got);
        auto r = rangeConstraints.find(s.symbolName());
        if (r != rangeConstraints.end())
          EMBER_CHECK(got >= r->second.min && got <= r->second.max, "expected ", where, " (", s.symbolName(),
                      ") to be in the range [", r->second.min, ", ", r->second.max, "] but got ", got);
      } else {
        later.emplace_back(s, got, where);
      }
    }
  }
  for (const auto& [s, got, where] : later)
    EMBER_CHECK(s.evaluate(bound) == got, "expected ", where, " to be ", s.str(), " = ", s.evaluate(bound), " but got ",
                got);
  for (const SymBool& g : guards)
    EMBER_CHECK(g.evaluate(bound) != 0, "the inputs violate the guard ", g.str(),
                " that the exported program was captured under");
  return bound;
}

}  // namespace ember::exporter
