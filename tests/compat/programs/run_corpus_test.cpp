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

#include <cctype>
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
#include "ember/ir/ir.h"
#include "ember/runtime/graph_function.h"
#include "ember/runtime/print_sink.h"
#include "ember/tensor.h"
#include "frontend/cleanup_passes.h"
#include "frontend/compile.h"
#include "support/graph_text.h"
#include "support/ivalue_json.h"
#include "ember_test_source_dir.h"
#include "passes/pass_registry.h"

namespace ember::jit {
namespace {

using json = nlohmann::json;
namespace fs = std::filesystem;
using testing_support::copyContainers;
using testing_support::decode;
using testing_support::match;
using testing_support::show;

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

// A trailer line `# KEY: value` split by hand: std::regex recurses per character and overflows
// the stack on lines of tens of kilobytes (the fuser suite's inputs).
bool splitTrailerLine(const std::string& line, std::string& key, std::string& value) {
  if (line.rfind("# ", 0) != 0) return false;
  size_t colon = line.find(": ", 2);
  if (colon == std::string::npos || colon == 2) return false;
  for (size_t i = 2; i < colon; ++i)
    if (!(std::isupper(static_cast<unsigned char>(line[i])) || line[i] == '_')) return false;
  key = line.substr(2, colon - 2);
  value = line.substr(colon + 2);
  return true;
}

// The trailer: `# KEY: <json>` lines at the very end of the file.
std::map<std::string, json> readTrailer(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  std::map<std::string, json> out;
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
    std::string key, value;
    if (!splitTrailerLine(*it, key, value)) break;
    out[key] = json::parse(value);
  }
  return out;
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

// One call of the entry on freshly decoded inputs, checked against PyTorch's result, printed
// output and inputs after the call.
Outcome callOnce(const Program& p, const json& expected, GraphFunction& fn) {
  const std::string expect = p.str("EXPECT");
  const std::string matchText = p.str("MATCH");
  std::vector<IValue> args;
  try {
    const auto& params = fn.getSchema().arguments();
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
    result = fn(std::move(callArgs));
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
  if (const char* pipeline = std::getenv("EMBER_CORPUS_PASSES")) {
    // The passes issue's promise: the pass pipeline (run in place, linted after each pass)
    // leaves every program's results unchanged.
    try {
      std::shared_ptr<Graph> graph = fn->graph();
      PipelineOptions options;
      options.lintAfterEach = true;
      runPassPipeline(graph, pipeline, options);
      if (graph != fn->graph()) return {false, "the pass pipeline replaced the function's graph"};
    } catch (const std::exception& e) {
      return {false, std::string("pass pipeline: ") + e.what()};
    }
  }
  // Three calls, each on fresh inputs: the graph executor profiles the first, specialises at the
  // second and runs the specialised plan from then on; every call must give PyTorch's answer.
  for (const char* phase : {"first call", "second call", "third call"}) {
    Outcome o = callOnce(p, expected, *fn);
    if (!o.pass) return {false, std::string(phase) + ": " + o.reason};
  }
  // EMBER_CORPUS_REQUIRE_NODE (tests/compat/autodiff): the entry's specialised graph must hold it.
  if (const char* node = std::getenv("EMBER_CORPUS_REQUIRE_NODE"); node && expect == "run") {
    std::shared_ptr<Graph> g = fn->getExecutor().debugState().optimizedGraph;
    if (!g || g->toString(false).find(node) == std::string::npos)
      return {false, std::string("the specialised graph has no ") + node + (g ? ":\n" + g->toString(false) : "")};
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
  std::istringstream in(readText(listEnv ? fs::path(listEnv) : ember::test::testsDir() / "compat" / "programs" / "known_failing.txt"));
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
