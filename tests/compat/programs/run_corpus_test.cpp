// The program corpus run by ember and compared with what PyTorch 1.13 did (gen_expected.py):
// each program is compiled (ember::jit::compile, or defineInto for script mode), its ENTRY is
// called with INPUTS, and the result, the printed output, the inputs after the call (mutation)
// and, for error cases, the kind of error (compile vs run time) and the MATCH text must agree.
//
// Every program runs in a forked child with a time limit, so a crash or a hang is one failed
// program, not a failed run. Programs listed in known_failing.txt may fail; the list must only
// shrink: a listed program that passes fails the test until it is removed from the list.
//
// Environment: EMBER_CORPUS_DIR (the .py files), EMBER_CORPUS_EXPECTED (gen_expected.py's
// output), EMBER_CORPUS_FILTER (a regex over program names), EMBER_CORPUS_VERBOSE=1 (print
// every failure's reason), EMBER_CORPUS_TIMEOUT (seconds per program, default 20),
// EMBER_CORPUS_DUMP=1 (add the entry's graph to failure reasons), EMBER_CORPUS_KNOWN_FAILING (the
// known-failing list to use instead of known_failing.txt), EMBER_CORPUS_GRAPHS=<dir of
// PyTorch's NAME.graph.txt> (also count entry graphs whose shape matches PyTorch's; not checked).
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "ember/api/compilation_unit.h"
#include "ember/core/function_schema.h"
#include "ember/runtime/graph_function.h"
#include "ember/runtime/print_sink.h"
#include "ember/tensor.h"
#include "frontend/cleanup_passes.h"
#include "frontend/compile.h"
#include "support/graph_text.h"

namespace ember::jit {
namespace {

using json = nlohmann::json;
namespace fs = std::filesystem;

std::string readText(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

struct Program {
  std::string name;  // "001_if_elif_else"
  std::string source;
  std::map<std::string, json> trailer;  // AREA, MODE, ENTRY, INPUTS, EXPECT, MATCH

  std::string str(const std::string& key) const {
    auto it = trailer.find(key);
    return it == trailer.end() || !it->second.is_string() ? "" : it->second.get<std::string>();
  }
};

// The trailer: `# KEY: <json>` lines at the very end of the file.
std::map<std::string, json> readTrailer(const std::string& text) {
  static const std::regex kLine(R"(^# ([A-Z_]+): (.*)$)");
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  std::map<std::string, json> out;
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
    std::smatch m;
    if (!std::regex_match(*it, m, kLine)) break;
    out[m[1]] = json::parse(m[2].str());
  }
  return out;
}

// ---- decoding inputs ----

IValue decode(const json& j, const TypePtr& hint);

TypePtr elementHint(const TypePtr& hint, size_t i = 0) {
  if (!hint) return nullptr;
  if (auto opt = hint->cast<OptionalType>()) return elementHint(opt->containedTypes()[0], i);
  auto contained = hint->containedTypes();
  if (hint->kind() == TypeKind::TupleType) return i < contained.size() ? contained[i] : nullptr;
  return contained.empty() ? nullptr : contained[0];
}

// The element type of a list literal from its hint, or from its first element.
TypePtr listElementType(const json& arr, const TypePtr& hint) {
  TypePtr t = hint;
  if (t && t->kind() == TypeKind::OptionalType) t = t->containedTypes()[0];
  if (t && t->kind() == TypeKind::ListType) return t->containedTypes()[0];
  if (arr.empty()) return TensorType::get();
  const json& e = arr[0];
  if (e.is_boolean()) return BoolType::get();
  if (e.is_number_integer()) return IntType::get();
  if (e.is_number_float() || (e.is_object() && e.contains("float"))) return FloatType::get();
  if (e.is_string()) return StringType::get();
  if (e.is_object() && e.contains("tensor")) return TensorType::get();
  return AnyType::get();
}

Tensor decodeTensor(const json& t) {
  ScalarType dtype = parseScalarType(t.at("dtype").get<std::string>());
  std::vector<int64_t> sizes = t.at("sizes").get<std::vector<int64_t>>();
  const json& data = t.at("data");
  Tensor flat;
  if (isFloatingType(dtype)) {
    std::vector<double> v;
    for (const json& x : data) {
      if (x.is_object()) {
        std::string s = x.at("float");
        v.push_back(s == "nan" ? NAN : (s == "inf" ? INFINITY : -INFINITY));
      } else {
        v.push_back(x.get<double>());
      }
    }
    flat = tensor(v, kDouble);
  } else {
    std::vector<int64_t> v;
    for (const json& x : data) v.push_back(x.is_boolean() ? int64_t(x.get<bool>()) : x.get<int64_t>());
    flat = tensor(v, kLong);
  }
  return flat.reshape(sizes).to(dtype);
}

IValue decode(const json& j, const TypePtr& hint) {
  if (j.is_null()) return IValue();
  if (j.is_boolean()) return IValue(j.get<bool>());
  if (j.is_number_integer()) {
    if (hint && hint->kind() == TypeKind::FloatType) return IValue(double(j.get<int64_t>()));
    return IValue(j.get<int64_t>());
  }
  if (j.is_number_float()) return IValue(j.get<double>());
  if (j.is_string()) return IValue(j.get<std::string>());
  if (j.is_array()) {
    TypePtr elem = listElementType(j, hint);
    std::vector<IValue> items;
    for (const json& e : j) items.push_back(decode(e, elem));
    return makeList(elem, std::move(items));
  }
  if (j.contains("float")) {
    std::string s = j.at("float");
    return IValue(s == "nan" ? double(NAN) : (s == "inf" ? double(INFINITY) : double(-INFINITY)));
  }
  if (j.contains("tensor")) return IValue(decodeTensor(j.at("tensor")));
  if (j.contains("dtype")) return IValue(parseScalarType(j.at("dtype").get<std::string>()));
  if (j.contains("device")) return IValue(Device::parse(j.at("device").get<std::string>()));
  if (j.contains("tuple")) {
    std::vector<IValue> items;
    size_t i = 0;
    for (const json& e : j.at("tuple")) items.push_back(decode(e, elementHint(hint, i++)));
    return makeTuple(std::move(items));
  }
  if (j.contains("dict")) {
    TypePtr t = hint;
    if (t && t->kind() == TypeKind::OptionalType) t = t->containedTypes()[0];
    TypePtr keyType = StringType::get(), valueType = AnyType::get();
    if (t && t->kind() == TypeKind::DictType) {
      keyType = t->containedTypes()[0];
      valueType = t->containedTypes()[1];
    }
    auto d = DictImpl::create(keyType, valueType);
    for (const json& kv : j.at("dict")) d->insertOrAssign(decode(kv.at(0), keyType), decode(kv.at(1), valueType));
    return IValue(d);
  }
  throw std::runtime_error("cannot decode input " + j.dump());
}

// PyTorch converts a Python list or dict argument into a new TorchScript one, so the caller
// never sees the program mutate it; tensors are passed as they are. The call gets such copies.
IValue copyContainers(const IValue& v) {
  if (v.isList()) {
    const ListImpl& l = v.toListRef();
    std::vector<IValue> items;
    for (const IValue& e : l.elements) items.push_back(copyContainers(e));
    return makeList(l.elementType, std::move(items));
  }
  if (v.isTuple()) {
    std::vector<IValue> items;
    for (const IValue& e : v.toTupleRef().elements) items.push_back(copyContainers(e));
    return makeTuple(std::move(items));
  }
  if (v.isGenericDict()) {
    const DictImpl& d = v.toDictRef();
    auto copy = DictImpl::create(d.keyType, d.valueType);
    for (const auto& [k, val] : d.items()) copy->insertOrAssign(copyContainers(k), copyContainers(val));
    return IValue(copy);
  }
  return v;
}

// ---- comparing results ----

bool closeDouble(double a, double b, double rtol, double atol) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::fabs(a - b) <= atol + rtol * std::fabs(b);
}

double jsonDouble(const json& j) {
  if (j.is_object()) {
    std::string s = j.at("float");
    return s == "nan" ? NAN : (s == "inf" ? INFINITY : -INFINITY);
  }
  if (j.is_boolean()) return j.get<bool>();
  return j.get<double>();
}

std::string show(const IValue& v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

bool matchTensor(const Tensor& t, const json& e, std::string& why) {
  ScalarType want = parseScalarType(e.at("dtype").get<std::string>());
  if (t.scalar_type() != want) {
    why = "dtype " + scalarTypeTorchName(t.scalar_type()) + " != " + scalarTypeTorchName(want);
    return false;
  }
  std::vector<int64_t> sizes = e.at("sizes").get<std::vector<int64_t>>();
  if (std::vector<int64_t>(t.sizes().begin(), t.sizes().end()) != sizes) {
    why = "sizes differ";
    return false;
  }
  Tensor d = t.to(kDouble).contiguous();
  const double* p = d.data_ptr<double>();
  const json& data = e.at("data");
  bool exact = !isFloatingType(want);
  double rtol = want == ScalarType::Double ? 1e-7 : 1e-4, atol = want == ScalarType::Double ? 1e-9 : 1e-5;
  for (int64_t i = 0; i < d.numel(); ++i) {
    double w = jsonDouble(data.at(i));
    if (exact ? p[i] != w : !closeDouble(p[i], w, rtol, atol)) {
      why = "element " + std::to_string(i) + ": " + std::to_string(p[i]) + " != " + std::to_string(w);
      return false;
    }
  }
  return true;
}

bool match(const IValue& v, const json& e, std::string& why);

bool matchSequence(const std::vector<IValue>& items, const json& arr, std::string& why) {
  if (items.size() != arr.size()) {
    why = "length " + std::to_string(items.size()) + " != " + std::to_string(arr.size());
    return false;
  }
  for (size_t i = 0; i < items.size(); ++i) {
    if (!match(items[i], arr[i], why)) {
      why = "[" + std::to_string(i) + "] " + why;
      return false;
    }
  }
  return true;
}

bool match(const IValue& v, const json& e, std::string& why) {
  auto fail = [&](const std::string& what) {
    why = what + ": got " + show(v) + ", expected " + e.dump();
    return false;
  };
  if (e.is_null()) return v.isNone() || fail("not None");
  if (e.is_boolean()) return (v.isBool() && v.toBool() == e.get<bool>()) || fail("bool");
  if (e.is_number_integer()) return (v.isInt() && v.toInt() == e.get<int64_t>()) || fail("int");
  if (e.is_number_float() || (e.is_object() && e.contains("float")))
    return (v.isDouble() && closeDouble(v.toDouble(), jsonDouble(e), 1e-9, 1e-12)) || fail("float");
  if (e.is_string()) return (v.isString() && v.toStringRef() == e.get<std::string>()) || fail("str");
  if (e.is_array()) {
    if (!v.isList()) return fail("not a list");
    return matchSequence(v.toListRef().elements, e, why);
  }
  if (e.contains("tuple")) {
    if (!v.isTuple()) return fail("not a tuple");
    return matchSequence(v.toTupleRef().elements, e.at("tuple"), why);
  }
  if (e.contains("dict")) {
    if (!v.isGenericDict()) return fail("not a dict");
    auto items = v.toDictRef().items();
    const json& kvs = e.at("dict");
    if (items.size() != kvs.size()) return fail("dict size");
    for (size_t i = 0; i < items.size(); ++i) {
      if (!match(items[i].first, kvs[i].at(0), why) || !match(items[i].second, kvs[i].at(1), why)) {
        why = "dict item " + std::to_string(i) + ": " + why;
        return false;
      }
    }
    return true;
  }
  if (e.contains("tensor")) {
    if (!v.isTensor()) return fail("not a tensor");
    return matchTensor(v.toTensor(), e.at("tensor"), why);
  }
  if (e.contains("dtype")) {
    bool ok = v.isInt() && v.toInt() == static_cast<int64_t>(parseScalarType(e.at("dtype").get<std::string>()));
    return ok || fail("dtype");
  }
  if (e.contains("device")) return (v.isDevice() && v.toDevice().str() == e.at("device").get<std::string>()) || fail("device");
  return fail("unknown expected encoding");
}

// ---- graph shapes ----


// Whether the entry's graph, after the frontend's clean-up, has the shape PyTorch printed.
bool sameGraphShape(CompilationUnit& cu, const Program& p, const fs::path& expectedGraph, std::string& ours) {
  if (!fs::exists(expectedGraph)) return false;
  Function* f = cu.findFunction(p.str("ENTRY"));
  if (!f || !f->graph()) return false;
  auto g = f->graph()->copy();
  runFrontendCleanupPasses(g);
  ours = g->toString();
  return testing_support::normalizeGraphText(ours) == testing_support::normalizeGraphText(readText(expectedGraph));
}

// ---- running one program ----

struct Outcome {
  Outcome(bool p = false, std::string r = "", std::string g = "") : pass(p), reason(std::move(r)), graphNote(std::move(g)) {}
  bool pass;
  std::string reason;
  std::string graphNote;  // EMBER_CORPUS_GRAPHS: "=" same shape as PyTorch, "~<graph>" different
};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::shared_ptr<CompilationUnit> compileProgram(const Program& p) {
  if (p.str("MODE") == "script") {
    auto cu = std::make_shared<CompilationUnit>();
    DefineOptions options;
    options.typePrefix = "__torch__.corpus_" + p.name.substr(0, 3) + ".";
    options.filename = p.name + ".py";
    defineInto(*cu, p.source, nullptr, options);
    for (Function* f : cu->getFunctions())
      if (auto* gf = dynamic_cast<GraphFunction*>(f)) gf->ensureDefined();
    return cu;
  }
  return compile(p.source, "<string>");
}

Outcome checkProgram(const Program& p, const json& expected, std::shared_ptr<CompilationUnit>& cu);

// With EMBER_CORPUS_DUMP set, a failure's reason ends with the entry's graph.
Outcome runProgram(const Program& p, const json& expected) {
  std::shared_ptr<CompilationUnit> cu;
  Outcome o = checkProgram(p, expected, cu);
  if (const char* graphs = std::getenv("EMBER_CORPUS_GRAPHS"); graphs && cu) {
    std::string ours;
    try {
      bool same = sameGraphShape(*cu, p, fs::path(graphs) / (p.name + ".graph.txt"), ours);
      o.graphNote = same ? "=" : "~\n" + ours;
    } catch (const std::exception& e) {
      o.graphNote = std::string("!") + e.what();
    }
  }
  if (!o.pass && cu && std::getenv("EMBER_CORPUS_DUMP")) {
    if (Function* f = cu->findFunction(p.str("ENTRY"))) {
      try {
        o.reason += "\n" + f->graph()->toString();
      } catch (const std::exception&) {
      }
    }
  }
  return o;
}

Outcome checkProgram(const Program& p, const json& expected, std::shared_ptr<CompilationUnit>& cu) {
  const std::string expect = p.str("EXPECT");
  const std::string matchText = p.str("MATCH");
  try {
    cu = compileProgram(p);
  } catch (const std::exception& e) {
    if (expect != "compile_error") return {false, std::string("compile error: ") + e.what()};
    if (!contains(e.what(), matchText)) return {false, "compile error without '" + matchText + "': " + e.what()};
    return {true, ""};
  }
  if (expect == "compile_error") return {false, "compiled, but PyTorch rejects it (" + matchText + ")"};

  auto* fn = dynamic_cast<GraphFunction*>(cu->findFunction(p.str("ENTRY")));
  if (!fn) return {false, "entry '" + p.str("ENTRY") + "' not found"};
  std::vector<IValue> args;
  try {
    const auto& params = fn->getSchema().arguments();
    const json& inputs = p.trailer.at("INPUTS");
    for (size_t i = 0; i < inputs.size(); ++i) args.push_back(decode(inputs[i], i < params.size() ? params[i].type() : nullptr));
  } catch (const std::exception& e) {
    return {false, std::string("decoding inputs: ") + e.what()};
  }

  // PyTorch's results were made after torch.manual_seed(0).
  manual_seed(0);
  std::string printed;
  PrintSink previous = setPrintSink([&](std::string_view s) { printed += s; });
  IValue result;
  std::string runtimeError;
  try {
    std::vector<IValue> callArgs;
    for (const IValue& a : args) callArgs.push_back(copyContainers(a));
    result = (*fn)(std::move(callArgs));
  } catch (const std::exception& e) {
    runtimeError = e.what();
    if (runtimeError.empty()) runtimeError = "(empty message)";
  }
  setPrintSink(previous);

  if (expect == "runtime_error") {
    if (runtimeError.empty()) return {false, "ran, but PyTorch raises (" + matchText + "): got " + show(result)};
    if (!contains(runtimeError, matchText)) return {false, "run-time error without '" + matchText + "': " + runtimeError};
  } else {
    if (!runtimeError.empty()) return {false, "run-time error: " + runtimeError};
    std::string why;
    if (!match(result, expected.at("result"), why)) return {false, "result: " + why};
  }
  if (printed != expected.value("stdout", "")) {
    return {false, "stdout: got " + json(printed).dump() + ", expected " + expected.value("stdout", json("")).dump()};
  }
  const json& after = expected.at("inputs_after");
  if (after.is_array() && expect == "run") {
    for (size_t i = 0; i < args.size() && i < after.size(); ++i) {
      std::string why;
      if (!match(args[i], after[i], why)) return {false, "input " + std::to_string(i) + " after the call: " + why};
    }
  }
  return {true, ""};
}

// Runs `p` in a child process; a crash or a hang is a failure with that reason.
Outcome runIsolated(const Program& p, const json& expected, int timeoutSeconds) {
  int fds[2];
  if (pipe(fds) != 0) return {false, "pipe failed"};
  std::cout.flush();
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    Outcome o;
    try {
      o = runProgram(p, expected);
    } catch (const std::exception& e) {
      o = {false, std::string("harness: ") + e.what()};
    }
    std::string msg = (o.pass ? "P" : "F") + o.reason + '\x01' + o.graphNote;
    size_t off = 0;
    while (off < msg.size()) {
      ssize_t n = write(fds[1], msg.data() + off, msg.size() - off);
      if (n <= 0) break;
      off += static_cast<size_t>(n);
    }
    close(fds[1]);
    _exit(0);
  }
  close(fds[1]);
  std::string msg;
  char buf[4096];
  bool timedOut = false;
  for (;;) {
    pollfd pfd{fds[0], POLLIN, 0};
    int r = poll(&pfd, 1, timeoutSeconds * 1000);
    if (r == 0) {
      timedOut = true;
      kill(pid, SIGKILL);
      break;
    }
    if (r < 0) break;
    ssize_t n = read(fds[0], buf, sizeof buf);
    if (n <= 0) break;
    msg.append(buf, static_cast<size_t>(n));
  }
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (timedOut) return {false, "timed out after " + std::to_string(timeoutSeconds) + " s"};
  if (msg.empty()) {
    if (WIFSIGNALED(status)) return {false, "crashed with signal " + std::to_string(WTERMSIG(status))};
    return {false, "child exited without a result"};
  }
  size_t sep = msg.find('\x01');
  if (sep == std::string::npos) return {msg[0] == 'P', msg.substr(1), ""};
  return {msg[0] == 'P', msg.substr(1, sep - 1), msg.substr(sep + 1)};
}

std::set<std::string> readKnownFailing() {
  std::set<std::string> names;
  // EMBER_CORPUS_KNOWN_FAILING: another corpus's list (tests/compat/functional runs this binary).
  const char* listEnv = std::getenv("EMBER_CORPUS_KNOWN_FAILING");
  std::istringstream in(readText(listEnv ? fs::path(listEnv) : fs::path(__FILE__).parent_path() / "known_failing.txt"));
  for (std::string line; std::getline(in, line);) {
    auto hash = line.find('#');
    if (hash != std::string::npos) line = line.substr(0, hash);
    std::istringstream words(line);
    std::string name;
    if (words >> name) names.insert(name);
  }
  return names;
}

TEST(ProgramCorpus, RunsLikePyTorch) {
  const char* dir = std::getenv("EMBER_CORPUS_DIR");
  const char* expectedDir = std::getenv("EMBER_CORPUS_EXPECTED");
  if (!dir || !expectedDir) GTEST_SKIP() << "set EMBER_CORPUS_DIR and EMBER_CORPUS_EXPECTED";
  const char* filterEnv = std::getenv("EMBER_CORPUS_FILTER");
  std::regex filter(filterEnv ? filterEnv : ".*");
  bool verbose = std::getenv("EMBER_CORPUS_VERBOSE") != nullptr;
  int timeout = std::getenv("EMBER_CORPUS_TIMEOUT") ? std::atoi(std::getenv("EMBER_CORPUS_TIMEOUT")) : 20;

  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".py") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  ASSERT_FALSE(files.empty());

  std::set<std::string> known = readKnownFailing();
  // Listed by full name ("042_assert_passes") or without the number (generated corpora renumber).
  auto isKnown = [&known](const std::string& name) {
    auto sep = name.find('_');
    return known.count(name) != 0 || (sep != std::string::npos && known.count(name.substr(sep + 1)) != 0);
  };
  std::map<std::string, std::pair<int, int>> byArea;  // area -> (passed, total)
  std::vector<std::string> newlyFailing, nowPassing;
  int passed = 0, total = 0, graphsCompared = 0, graphsSame = 0;
  for (const fs::path& file : files) {
    Program p;
    p.name = file.stem().string();
    if (!std::regex_search(p.name, filter)) continue;
    p.source = readText(file);
    p.trailer = readTrailer(p.source);
    fs::path expPath = fs::path(expectedDir) / (p.name + ".json");
    ASSERT_TRUE(fs::exists(expPath)) << expPath << " missing: run gen_expected.py (ctest -R compat.programs.generate)";
    json expected = json::parse(readText(expPath));
    Outcome o = runIsolated(p, expected, timeout);
    if (!o.graphNote.empty()) {
      ++graphsCompared;
      if (o.graphNote == "=") ++graphsSame;
      else if (verbose) std::cout << "GRAPH " << p.name << ": " << o.graphNote.substr(0, 6000) << "\n";
    }
    auto& area = byArea[p.str("AREA")];
    ++area.second;
    ++total;
    if (o.pass) {
      ++area.first;
      ++passed;
      if (isKnown(p.name)) nowPassing.push_back(p.name);
    } else {
      if (!isKnown(p.name)) newlyFailing.push_back(p.name + ": " + o.reason);
      if (verbose) std::cout << "FAIL " << p.name << ": " << o.reason.substr(0, 6000) << "\n";
    }
  }
  std::cout << "\nProgram corpus: " << passed << " / " << total << " pass\n";
  if (graphsCompared) std::cout << "Graphs shaped like PyTorch's: " << graphsSame << " / " << graphsCompared << "\n";
  for (const auto& [area, counts] : byArea)
    std::cout << "  " << area << ": " << counts.first << " / " << counts.second << "\n";
  for (const std::string& f : newlyFailing) ADD_FAILURE() << "fails (not in known_failing.txt): " << f.substr(0, 3000);
  for (const std::string& n : nowPassing) ADD_FAILURE() << n << " passes now: remove it from known_failing.txt";
}

}  // namespace
}  // namespace ember::jit
