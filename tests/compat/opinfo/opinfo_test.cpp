// PyTorch 1.13's OpInfo samples as TorchScript calls (gen.py records each one-line function and
// PyTorch's result or error): ember compiles every function with its frontend, runs it on the
// sample's tensors and compares, all in one process (one forked child, restarted after a crash
// or a hang). Dtype and shape exact; integers and bools exact; floats within tolerances, NaN
// equal to NaN; where PyTorch raises, ember must raise.
//
// Prints the pass rate and writes a per-op table to <fixtures>/report.txt. Cases listed in
// known_failing.txt may fail; the list must only shrink (a listed case that passes fails the
// test). Those in cpu_dependent.txt (same form) may pass or fail: PyTorch's own float32 result
// for them moves with the CPU's BLAS kernels (the fixtures are PyTorch's on the machine at hand). Options: --fixtures DIR (gen.py's output); --write-known FILE writes the failing cases
// in known_failing.txt's form, with the first failure's reason; EMBER_OPINFO_VERBOSE=1 prints
// every failure.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "child_runner.h"
#include "ember/frontend/compile.h"
#include "ember/tensor.h"
#include "ember/tensor/ops/random.h"
#include "ember/tensor/ops/spectral.h"
#include "ember_test_source_dir.h"

namespace ember::jit {
namespace {

using json = nlohmann::json;
namespace fs = std::filesystem;

std::string gFixtures;
std::string gWriteKnown;

std::string readText(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

// ---- decoding: tensors are {"dtype", "sizes", "hex"} with the raw little-endian bytes ----

Tensor decodeTensor(const json& t) {
  ScalarType dtype = parseScalarType(t.at("dtype").get<std::string>());
  std::vector<int64_t> sizes = t.at("sizes").get<std::vector<int64_t>>();
  // A complex tensor's bytes are its (re, im) pairs: read as its real view.
  const bool complex = isComplexType(dtype);
  if (complex) sizes.push_back(2);
  Tensor out = empty(sizes, complex ? (dtype == ScalarType::ComplexFloat ? kFloat : kDouble) : dtype);
  const std::string& hex = t.at("hex").get_ref<const std::string&>();
  EMBER_CHECK(hex.size() == 2 * out.nbytes(), "tensor data has ", hex.size() / 2, " bytes, expected ", out.nbytes());
  auto nibble = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
  auto* p = static_cast<uint8_t*>(out.data_ptr());
  for (size_t i = 0; i < out.nbytes(); ++i) p[i] = static_cast<uint8_t>(nibble(hex[2 * i]) * 16 + nibble(hex[2 * i + 1]));
  return complex ? view_as_complex(out) : out;
}

double decodeFloat(const json& f) { return std::strtod(f.at("f").get<std::string>().c_str(), nullptr); }

// ---- comparing ----

bool closeValue(double a, double e, double rtol, double atol) {
  if (std::isnan(a) || std::isnan(e)) return std::isnan(a) && std::isnan(e);
  if (std::isinf(a) || std::isinf(e)) return a == e;
  return std::fabs(a - e) <= atol + rtol * std::fabs(e);
}

// rtol, atol per floating dtype: a few ulps of float32/float64 (accumulation orders differ from
// PyTorch's), half and bfloat16 as torch.testing's defaults widened for float accumulation.
std::pair<double, double> tolerances(ScalarType t) {
  switch (t) {
    case ScalarType::Double: return {1e-7, 1e-7};
    case ScalarType::Half: return {2e-3, 1e-3};
    case ScalarType::BFloat16: return {1.6e-2, 1e-2};
    default: return {1e-4, 1e-5};
  }
}

std::string compareTensor(const Tensor& got, const Tensor& want, bool values) {
  if (got.scalar_type() != want.scalar_type())
    return "dtype " + scalarTypeTorchName(got.scalar_type()) + ", PyTorch " + scalarTypeTorchName(want.scalar_type());
  if (got.sizes() != want.sizes()) {
    std::ostringstream os;
    os << "shape " << got.sizes() << ", PyTorch " << want.sizes();
    return os.str();
  }
  if (!values || got.numel() == 0) return "";
  bool exact = !isFloatingType(want.scalar_type());
  auto [rtol, atol] = tolerances(want.scalar_type());
  Tensor g = got.to(kDouble).contiguous(), w = want.to(kDouble).contiguous();
  const double* gp = g.data_ptr<double>();
  const double* wp = w.data_ptr<double>();
  for (int64_t i = 0; i < g.numel(); ++i) {
    if (exact ? gp[i] != wp[i] : !closeValue(gp[i], wp[i], rtol, atol)) {
      std::ostringstream os;
      os << std::setprecision(9) << "element " << i << " is " << gp[i] << ", PyTorch " << wp[i];
      return os.str();
    }
  }
  return "";
}

std::string show(const IValue& v) {
  std::ostringstream os;
  os << v;
  std::string s = os.str();
  return s.size() > 80 ? s.substr(0, 80) + "..." : s;
}

// "" when ember's result matches PyTorch's encoded one (its tensors are ids in `tensors`), else
// why not. Without `values` only dtypes and shapes are compared.
std::string compare(const IValue& got, const json& want, const json& tensors, bool values) {
  auto differs = [&](const std::string& what) { return what + ": got " + show(got) + ", PyTorch " + want.dump().substr(0, 80); };
  if (want.is_null()) return got.isNone() ? "" : differs("not None");
  if (want.is_boolean()) return got.isBool() && got.toBool() == want.get<bool>() ? "" : differs("bool");
  if (want.is_number_integer()) return got.isInt() && got.toInt() == want.get<int64_t>() ? "" : differs("int");
  if (want.is_array() || want.contains("tuple")) {
    bool tuple = !want.is_array();
    if (tuple ? !got.isTuple() : !got.isList()) return differs(tuple ? "not a tuple" : "not a list");
    const json& items = tuple ? want.at("tuple") : want;
    const auto& elems = tuple ? got.toTupleRef().elements : got.toListRef().elements;
    if (elems.size() != items.size()) return differs("length");
    for (size_t i = 0; i < elems.size(); ++i)
      if (std::string why = compare(elems[i], items[i], tensors, values); !why.empty()) return "[" + std::to_string(i) + "] " + why;
    return "";
  }
  if (want.contains("f")) {
    if (!got.isDouble()) return differs("not a float");
    return !values || closeValue(got.toDouble(), decodeFloat(want), 1e-6, 1e-9) ? "" : differs("float");
  }
  if (want.contains("c")) {
    if (!got.isComplexDouble()) return differs("not a complex");
    const json& parts = want.at("c");
    auto near = [](double a, const json& e) { return closeValue(a, std::strtod(e.get<std::string>().c_str(), nullptr), 1e-6, 1e-9); };
    return !values || (near(got.toComplexDouble().real(), parts[0]) && near(got.toComplexDouble().imag(), parts[1]))
               ? ""
               : differs("complex");
  }
  if (want.contains("dtype"))
    return got.isInt() && got.toInt() == static_cast<int64_t>(parseScalarType(want.at("dtype").get<std::string>()))
               ? ""
               : differs("dtype");
  if (want.contains("t")) {
    if (!got.isTensor()) return differs("not a tensor");
    Tensor expected = decodeTensor(tensors.at(want.at("t").get<size_t>()));
    if (!want.value("complex", false)) return compareTensor(got.toTensor(), expected, values);
    // A complex result, recorded as its real view.
    if (!isComplexType(got.toTensor().scalar_type())) return differs("not complex");
    return compareTensor(view_as_real(got.toTensor()), expected, values);
  }
  return differs("unknown encoding");
}

// ---- running one case ----

// The last non-empty line of an error: after a TorchScript traceback, the error itself.
std::string lastLine(std::string msg) {
  while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' ')) msg.pop_back();
  size_t nl = msg.rfind('\n');
  return nl == std::string::npos ? msg : msg.substr(nl + 1);
}

struct Runner {
  const json& tensors;
  std::unordered_map<std::string, std::shared_ptr<CompilationUnit>> units;
  std::unordered_map<std::string, std::string> compileErrors;

  // "P" pass, "F<reason>" fail.
  std::string check(const json& c) {
    const std::string& source = c.at("source").get_ref<const std::string&>();
    Function* fn = nullptr;
    if (auto it = compileErrors.find(source); it != compileErrors.end()) return "Fcompile error: " + it->second;
    auto it = units.find(source);
    if (it == units.end()) {
      try {
        it = units.emplace(source, compile(source)).first;
      } catch (const std::exception& e) {
        std::string msg = e.what();
        return "Fcompile error: " + (compileErrors[source] = msg.substr(0, msg.find('\n')));
      }
    }
    fn = it->second->findFunction("fn");
    std::vector<IValue> args;
    for (const json& id : c.at("inputs")) args.emplace_back(decodeTensor(tensors.at(id.get<size_t>())));
    IValue result;
    try {
      manual_seed(0);  // as gen.py's recorded run: random ops that match PyTorch's streams agree
      result = (*fn)(args);
    } catch (const std::exception& e) {
      if (c.contains("error")) return "P";
      return "Frun-time error where PyTorch returns: " + lastLine(e.what());
    }
    if (c.contains("error")) return "Fran, but PyTorch raises (" + c.at("error").get<std::string>() + "): got " + show(result);
    bool values = !c.value("values_unchecked", false);
    const json& want = c.at("result");
    std::string why;
    if (c.value("ties", false) && want.contains("tuple") && result.isTuple() && result.toTupleRef().elements.size() == 2) {
      // (values, indices) of an input with duplicates: which index of equal values is PyTorch's choice.
      const auto& got = result.toTupleRef().elements;
      why = compare(got[0], want.at("tuple")[0], tensors, values);
      if (why.empty()) why = compare(got[1], want.at("tuple")[1], tensors, false);
    } else {
      why = compare(result, want, tensors, values && !c.value("ties", false));
    }
    return why.empty() ? "P" : "Fresult: " + why;
  }
};

// known_failing.txt: `<op> <dtype> <form>: <sample> <sample> ...  # reason`, one line per op,
// dtype and form; each names the cases "<op> <dtype> <form> <sample>".
std::set<std::string> readKnownFailing(const fs::path& path) {
  std::set<std::string> out;
  std::istringstream in(readText(path));
  for (std::string line; std::getline(in, line);) {
    line = line.substr(0, line.find('#'));
    size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon);
    std::istringstream samples(line.substr(colon + 1));
    for (std::string s; samples >> s;) out.insert(key + " " + s);
  }
  return out;
}

void writeKnownFailing(const std::string& path, const json& cases, const std::vector<std::string>& outcome) {
  std::map<std::string, std::pair<std::string, std::string>> groups;  // key -> (samples, first reason)
  for (size_t i = 0; i < cases.size(); ++i) {
    if (outcome[i][0] == 'P') continue;
    std::string id = cases[i].at("id");
    size_t sp = id.rfind(' ');
    auto& [samples, reason] = groups[id.substr(0, sp)];
    if (samples.empty()) reason = outcome[i].substr(1, 100);
    samples += " " + id.substr(sp + 1);
  }
  std::ofstream out(path);
  out << "# OpInfo cases ember fails (opinfo_test.cpp): `<op> <dtype> <form>: <samples>  # first reason`.\n"
      << "# This list must only shrink.\n";
  for (const auto& [key, v] : groups) out << key << ":" << v.first << "  # " << v.second << "\n";
}

TEST(OpInfo, SamplesRunLikePyTorch) {
  ASSERT_FALSE(gFixtures.empty()) << "pass --fixtures DIR (gen.py's output)";
  json data = json::parse(readText(fs::path(gFixtures) / "cases.json"));
  const json& cases = data.at("cases");
  Runner runner{data.at("tensors"), {}, {}};
  auto outcome = testing_support::runAllInChildren(
      cases.size(), [&](size_t i) { return runner.check(cases[i]); }, 20, "Fcrashed or timed out");

  bool verbose = std::getenv("EMBER_OPINFO_VERBOSE") != nullptr;
  std::set<std::string> known = readKnownFailing(test::testsDir() / "compat" / "opinfo" / "known_failing.txt");
  const std::set<std::string> cpuDependent =
      readKnownFailing(test::testsDir() / "compat" / "opinfo" / "cpu_dependent.txt");
  std::map<std::string, std::pair<size_t, size_t>> perOp;  // op -> (passed, total)
  size_t passed = 0;
  std::vector<std::string> unexpected, nowPassing;
  for (size_t i = 0; i < cases.size(); ++i) {
    const std::string& id = cases[i].at("id").get_ref<const std::string&>();
    auto& [opPassed, opTotal] = perOp[cases[i].at("op").get<std::string>()];
    ++opTotal;
    if (outcome[i][0] == 'P') {
      ++passed;
      ++opPassed;
      if (known.count(id)) nowPassing.push_back(id);
      continue;
    }
    if (verbose) std::cout << "FAIL " << id << ": " << outcome[i].substr(1) << "\n";
    if (!known.count(id) && !cpuDependent.count(id)) unexpected.push_back(id + ": " + outcome[i].substr(1));
  }
  size_t opsPassing = 0;
  std::ofstream report(fs::path(gFixtures) / "report.txt");
  for (const auto& [op, counts] : perOp) {
    opsPassing += counts.first == counts.second;
    report << op << " " << counts.first << "/" << counts.second << "\n";
  }
  std::cout << "OpInfo: " << cases.size() << " cases of " << perOp.size() << " ops: " << passed << " passed ("
            << std::fixed << std::setprecision(1) << 100.0 * double(passed) / double(cases.size()) << "%), "
            << opsPassing << " ops pass every case; per op: " << (fs::path(gFixtures) / "report.txt").string() << "\n";
  if (!gWriteKnown.empty()) writeKnownFailing(gWriteKnown, cases, outcome);
  EXPECT_GE(cases.size(), 1000u) << "too few cases generated";
  for (const auto& u : unexpected) ADD_FAILURE() << "case fails: " << u;
  for (const auto& p : nowPassing) ADD_FAILURE() << "listed in known_failing.txt but passes (remove it): " << p;
}

}  // namespace
}  // namespace ember::jit

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], "--fixtures") == 0) ember::jit::gFixtures = argv[i + 1];
    if (std::strcmp(argv[i], "--write-known") == 0) ember::jit::gWriteKnown = argv[i + 1];
  }
  return RUN_ALL_TESTS();
}
