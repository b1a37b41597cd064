// Differential test of the Python printer: gen_code.py (PyTorch 1.13) writes, per case, the graphs
// PyTorch compiled, their schemas, the classes they belong to and the code PyTorch printed
// (`fn.code`, `module.code` and the archive's `code/` files). Here the graphs are parsed with
// ember's IR parser, the classes rebuilt from their descriptions, and ember's printer must print
// the same text. Operators ember does not register yet get their schema from PyTorch's schema list
// (tests/unit/core/data/torch_1_13_schemas.txt) so that defaults and keyword-only arguments print
// as PyTorch prints them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include "ember/core/function_schema.h"
#include "known_failing.h"
#include "ember/core/operator.h"
#include "ember/core/schema_matching.h"
#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "ember/runtime/graph_function.h"
#include "serialization/python_printer.h"

namespace ember::jit {
namespace {

namespace fs = std::filesystem;

struct Section {
  std::vector<std::string> header;  // words after "@@ "
  std::string body;
};

std::vector<std::string> splitWords(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  std::string w;
  while (in >> w) words.push_back(w);
  return words;
}

std::vector<Section> readCase(const fs::path& path) {
  std::ifstream in(path);
  std::vector<Section> sections;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("@@ ", 0) == 0) {
      sections.push_back({splitWords(line.substr(3)), ""});
    } else if (!sections.empty()) {
      sections.back().body += line + "\n";
    }
  }
  return sections;
}

std::string trimNewlines(std::string s) {
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

// The rest of a header line after `skip` words (type annotations contain spaces).
std::string headerTail(const Section& s, size_t skip) {
  std::string out;
  for (size_t i = skip; i < s.header.size(); ++i) out += (i > skip ? " " : "") + s.header[i];
  return out;
}

// PyTorch's schemas, for operators ember's registry does not have yet. Matching is by name and
// arity with the node's input types, like Node::maybeSchema does for registered operators.
class SchemaTable {
 public:
  SchemaTable() {
    const char* path = std::getenv("EMBER_TORCH_SCHEMAS");
    if (!path) return;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty()) continue;
      try {
        auto schema = std::make_shared<FunctionSchema>(parseSchema(line));
        bySymbol_[Symbol::fromQualString(schema->name())].push_back(schema);
      } catch (const Error&) {
        // A schema ember cannot parse cannot be printed against either.
      }
    }
  }

  const FunctionSchema* find(const Node& n) const {
    auto it = bySymbol_.find(n.kind());
    if (it == bySymbol_.end()) return nullptr;
    for (const auto& s : it->second) {
      std::vector<CallArgument> positional, named;
      if (s->isVararg()) {
        for (const Value* v : n.inputs()) positional.push_back(CallArgument{v->type(), "", false});
      } else {
        if (n.inputs().size() != s->arguments().size()) continue;
        for (size_t i = 0; i < n.inputs().size(); ++i)
          named.push_back(CallArgument{n.inputs()[i]->type(), s->arguments()[i].name(), false});
      }
      if (tryMatchSchema(*s, positional, named, std::nullopt, nullptr, false)) return s.get();
    }
    return nullptr;
  }

 private:
  std::unordered_map<Symbol, std::vector<std::shared_ptr<FunctionSchema>>> bySymbol_;
};

const SchemaTable& schemaTable() {
  static SchemaTable table;
  return table;
}

// A callee referred to by a function constant: only its qualified name matters to the printer.
class NamedFunction : public Function {
 public:
  explicit NamedFunction(std::string qualname) : qualname_(std::move(qualname)) {
    size_t dot = qualname_.rfind('.');
    name_ = dot == std::string::npos ? qualname_ : qualname_.substr(dot + 1);
  }
  const std::string& name() const override { return name_; }
  const std::string& qualname() const override { return qualname_; }
  const FunctionSchema& getSchema() const override { EMBER_ERROR("no schema"); }
  void run(Stack&) override { EMBER_ERROR("not callable"); }

 private:
  std::string qualname_, name_;
};

// Everything one case defines: classes by name, named tuples, callees; owns what it creates.
struct CaseWorld {
  std::map<std::string, TypePtr> types;
  std::map<std::string, std::string> calleeQualnames;
  std::vector<std::unique_ptr<Function>> functions;

  TypePtr resolve(const std::string& name) {
    if (name == "Function") return nullptr;
    auto it = types.find(name);
    if (it != types.end()) return it->second;
    // A class only referred to (script classes of the corpus): an empty class is enough to print.
    if (name.rfind("__torch__.", 0) == 0) return types[name] = ClassType::create(name);
    return nullptr;
  }

  IRParseOptions parseOptions() {
    IRParseOptions o;
    o.resolveClass = [this](const std::string& n) -> TypePtr {
      if (n == "Function") return FunctionType::create(placeholder());
      return resolve(n);
    };
    return o;
  }

  Function* placeholder() {
    static NamedFunction fn("__torch__.<unbound>");
    return &fn;
  }

  // The IR prints a NamedTuple as `NamedTuple(x : int, ...)` without its name: put it back.
  TypePtr restoreNames(const TypePtr& t) {
    std::vector<TypePtr> contained(t->containedTypes().begin(), t->containedTypes().end());
    bool changed = false;
    for (auto& c : contained) {
      TypePtr r = restoreNames(c);
      changed = changed || r != c;
      c = r;
    }
    // The IR parser names such a tuple "NamedTuple", the placeholder the text gives it.
    if (auto tt = t->cast<TupleType>(); tt && tt->schema() && tt->schema()->qualifiedName == "NamedTuple") {
      for (const auto& [name, type] : types) {
        auto named = type->cast<TupleType>();
        if (named && named->schema()->fieldNames == tt->schema()->fieldNames) return named;
      }
    }
    return changed ? t->createWithContained(std::move(contained)) : t;
  }

  void fixGraph(Graph& g) {
    std::function<void(Block*)> visit = [&](Block* b) {
      for (Value* v : b->inputs()) v->setType(restoreNames(v->type()));
      for (Node* n : b->nodes()) {
        for (Value* v : n->outputs()) v->setType(restoreNames(v->type()));
        if (n->kind() == prim::Constant && n->output()->type()->kind() == TypeKind::FunctionType &&
            n->hasAttribute(attr::name)) {
          auto it = calleeQualnames.find(n->s(attr::name));
          // Functions of a torch.jit.CompilationUnit are named without a qualifier.
          std::string qual = it != calleeQualnames.end() ? it->second : n->s(attr::name);
          functions.push_back(std::make_unique<NamedFunction>(qual));
          n->output()->setType(FunctionType::create(functions.back().get()));
        }
        for (Block* inner : n->blocks()) visit(inner);
        // fork's body is a subgraph attribute, not a block.
        if (n->hasAttribute(attr::Subgraph)) visit(n->g(attr::Subgraph)->block());
      }
    };
    visit(g.block());
  }

  std::shared_ptr<Graph> parseGraph(const std::string& text) {
    auto g = std::make_shared<Graph>();
    parseIR(text, *g, parseOptions());
    fixGraph(*g);
    return g;
  }

  FunctionSchema parseFunctionSchema(const std::string& text) {
    return parseSchema(text, [this](const std::string& n) { return resolve(n); });
  }
};

IValue parseConstant(CaseWorld& world, const std::string& typeAnnotation, const std::string& literal) {
  TypePtr type = parseTypeAnnotation(typeAnnotation, [&](const std::string& n) { return world.resolve(n); });
  std::string ir = "graph():\n  %c : " + type->irStr() + " = prim::Constant[value=" + trimNewlines(literal) +
                   "]()\n  return (%c)\n";
  Graph g;
  parseIR(ir, g);
  std::optional<IValue> v = toIValue(g.outputs()[0]);
  EMBER_CHECK(v.has_value(), "constant ", literal, " did not parse");
  return *v;
}

PythonPrintOptions printOptions(bool importable) {
  PythonPrintOptions o;
  o.enforceImportable = importable;
  o.schemaFallback = [](const Node& n) { return schemaTable().find(n); };
  return o;
}

struct Outcome {
  std::string name;
  bool pass = false;
  std::string detail;
};

std::string firstDifference(const std::string& expected, const std::string& actual) {
  std::istringstream e(expected), a(actual);
  std::string le, la;
  for (int line = 1;; ++line) {
    bool he = static_cast<bool>(std::getline(e, le));
    bool ha = static_cast<bool>(std::getline(a, la));
    if (!he && !ha) return "";
    if (!he || !ha || le != la) {
      return "line " + std::to_string(line) + ":\n  expected: " + (he ? le : "<end>") +
             "\n  actual:   " + (ha ? la : "<end>");
    }
  }
}

Outcome compare(const std::string& name, const std::string& expected, const std::string& actual) {
  Outcome o;
  o.name = name;
  o.pass = trimNewlines(expected) == trimNewlines(actual);
  if (!o.pass) o.detail = firstDifference(trimNewlines(expected), trimNewlines(actual));
  return o;
}

void readNamedTuples(CaseWorld& world, const std::vector<Section>& sections) {
  for (const Section& s : sections) {
    if (s.header[0] == "fn" && s.header.size() == 3) world.calleeQualnames[s.header[1]] = s.header[2];
    if (s.header[0] != "namedtuple") continue;
    std::vector<std::string> fields;
    std::vector<TypePtr> elems;
    std::istringstream body(s.body);
    std::string line;
    while (std::getline(body, line)) {
      size_t sp = line.find(' ');
      if (sp == std::string::npos) continue;
      fields.push_back(line.substr(0, sp));
      elems.push_back(parseTypeAnnotation(line.substr(sp + 1), [&](const std::string& n) { return world.resolve(n); }));
    }
    world.types[s.header[1]] = TupleType::createNamed(s.header[1], fields, elems);
  }
}

// A free function case: `@@ function name`, `schema`, `graph`, `code`.
std::vector<Outcome> runFunctionCase(const std::string& caseName, const std::vector<Section>& sections) {
  CaseWorld world;
  readNamedTuples(world, sections);
  std::string schemaText, graphText, code;
  for (const Section& s : sections) {
    if (s.header[0] == "schema") schemaText = trimNewlines(s.body);
    if (s.header[0] == "graph") graphText = s.body;
    if (s.header[0] == "code") code = s.body;
  }
  std::shared_ptr<Graph> graph = world.parseGraph(graphText);
  FunctionSchema schema = world.parseFunctionSchema(schemaText);
  std::vector<IValue> constants;
  PythonPrinter printer(constants, printOptions(false));
  printer.printGraph(*graph, schema, true);
  return {compare(caseName, code, printer.str())};
}

// A module case: classes with attributes, constants and methods; the root's `.code` and the
// archive's files, each printed by one printer in the archive's class order.
std::vector<Outcome> runModuleCase(const std::string& caseName, const std::vector<Section>& sections) {
  CaseWorld world;
  readNamedTuples(world, sections);
  for (const Section& s : sections)
    if (s.header[0] == "class") world.types[s.header[1]] = ClassType::create(s.header[1], s.header[2] == "module");
  ClassTypePtr current;
  std::string methodName;
  std::string schemaText;
  std::vector<std::unique_ptr<GraphFunction>> methods;
  std::map<std::string, GraphFunction*> callees;  // free functions the archive prints, by qualname
  std::string calleeName;
  for (const Section& s : sections) {
    const std::string& kind = s.header[0];
    if (kind == "class") {
      current = world.types[s.header[1]]->expect<ClassType>();
    } else if (kind == "callee") {
      current = nullptr;
      calleeName = s.header[1];
    } else if (kind == "graph" && !current && !calleeName.empty()) {
      auto fn = std::make_unique<GraphFunction>(calleeName, world.parseGraph(s.body));
      fn->setSchema(world.parseFunctionSchema(schemaText));
      callees[calleeName] = fn.get();
      methods.push_back(std::move(fn));
    } else if (kind == "attr") {
      auto k = s.header[1] == "parameter" ? ClassAttribute::Kind::Parameter
               : s.header[1] == "buffer"  ? ClassAttribute::Kind::Buffer
                                          : ClassAttribute::Kind::Regular;
      TypePtr t = parseTypeAnnotation(headerTail(s, 3), [&](const std::string& n) { return world.resolve(n); });
      current->addAttribute(s.header[2], t, k);
    } else if (kind == "const") {
      current->addConstant(s.header[1], parseConstant(world, headerTail(s, 2), s.body));
    } else if (kind == "method") {
      methodName = s.header[1];
    } else if (kind == "schema") {
      schemaText = trimNewlines(s.body);
    } else if (kind == "graph" && current) {
      auto fn = std::make_unique<GraphFunction>(current->qualifiedName() + "." + methodName, world.parseGraph(s.body));
      fn->setSchema(world.parseFunctionSchema(schemaText));
      current->addMethod(fn.get());
      methods.push_back(std::move(fn));
    }
  }
  std::vector<Outcome> outcomes;
  for (const Section& s : sections) {
    if (s.header[0] == "rootcode") {
      auto cls = world.types[s.header[1]]->expect<ClassType>();
      std::vector<IValue> constants;
      PythonPrinter printer(constants, printOptions(false));
      printer.printMethod(*cls->findMethod("forward"));
      outcomes.push_back(compare(caseName + " .code", s.body, printer.str()));
    } else if (s.header[0] == "file") {
      std::vector<IValue> constants;
      PythonPrinter printer(constants, printOptions(true));
      for (size_t i = 2; i < s.header.size(); ++i) {
        if (auto fn = callees.find(s.header[i]); fn != callees.end()) {
          printer.printFunction(*fn->second);
          continue;
        }
        auto it = world.types.find(s.header[i]);
        if (it == world.types.end()) {
          outcomes.push_back({caseName + " " + s.header[1], false, s.header[i] + " is not described"});
          break;
        }
        printer.printNamedType(it->second);
      }
      outcomes.push_back(compare(caseName + " " + s.header[1], s.body, printer.str()));
    }
  }
  return outcomes;
}

TEST(PrinterCompat, MatchesPyTorch) {
  const char* dir = std::getenv("EMBER_PRINTER_FIXTURES");
  ASSERT_NE(dir, nullptr) << "set EMBER_PRINTER_FIXTURES to the directory gen_code.py wrote";
  std::vector<fs::path> cases;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".case") cases.push_back(e.path());
  std::sort(cases.begin(), cases.end());
  ASSERT_GT(cases.size(), 200u) << "too few fixtures in " << dir;
  const char* only = std::getenv("EMBER_PRINTER_ONLY");
  size_t passed = 0, total = 0;
  std::vector<Outcome> failures;
  for (const fs::path& p : cases) {
    std::string name = p.stem().string();
    if (only && name.find(only) == std::string::npos) continue;
    std::vector<Section> sections = readCase(p);
    std::vector<Outcome> outcomes;
    try {
      outcomes = sections.at(0).header[0] == "function" ? runFunctionCase(name, sections)
                                                        : runModuleCase(name, sections);
    } catch (const std::exception& e) {
      outcomes = {{name, false, std::string("error: ") + e.what()}};
    }
    for (Outcome& o : outcomes) {
      ++total;
      if (o.pass) ++passed;
      else failures.push_back(std::move(o));
    }
  }
  std::cout << "python printer: " << passed << " of " << total << " texts match PyTorch 1.13\n";
  const char* knownPath = std::getenv("EMBER_PRINTER_KNOWN_FAILING");
  std::set<std::string> known = testing_support::readKnownFailing(knownPath ? knownPath : "");
  std::set<std::string> failed;
  for (const Outcome& f : failures) {
    failed.insert(f.name);
    std::cout << "---- " << f.name << (known.count(f.name) ? " (known)" : "") << "\n" << f.detail << "\n";
    EXPECT_TRUE(known.count(f.name)) << f.name << " differs from PyTorch and is not in known_failing.txt";
  }
  if (only) return;
  for (const std::string& k : known)
    EXPECT_TRUE(failed.count(k)) << k << " matches PyTorch now: remove it from known_failing.txt";
}

}  // namespace
}  // namespace ember::jit
