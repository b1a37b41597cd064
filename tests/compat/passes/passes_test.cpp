// Differential pass tests: gen.py ran PyTorch 1.13's passes (`torch._C._jit_pass_<name>`) on
// graphs of real TorchScript programs and IR snippets; here ember parses the same input, runs
// the passes of the same names from its registry (linting after each) and must print the same
// graph up to value names. Cases listed in a case file's KNOWN_DIFFERENCES must still lint, and
// are reported (not failed) when they differ.
//
//   ember_compat_passes_tests --fixtures DIR [gtest flags]
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "ember/core/type.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "passes/pass_registry.h"

namespace ember::jit {
namespace {

using json = nlohmann::json;

// Values are renamed %v0, %v1, ... in order of first appearance (PyTorch and ember number the
// values they create differently); source comments go.
std::string normalizeNames(const std::string& text) {
  static const std::regex kName("%[A-Za-z0-9_.]+");
  static const std::regex kComment(" +#[^\n]*");
  std::string body = std::regex_replace(text, kComment, "");
  std::map<std::string, std::string> names;
  std::string out;
  size_t last = 0;
  for (auto it = std::sregex_iterator(body.begin(), body.end(), kName); it != std::sregex_iterator(); ++it) {
    out += body.substr(last, it->position() - last);
    auto [pos, fresh] = names.emplace(it->str(), "%v" + std::to_string(names.size()));
    out += pos->second;
    last = it->position() + it->length();
  }
  return out + body.substr(last);
}

std::shared_ptr<Graph> parse(const std::string& text) {
  static std::map<std::string, TypePtr> classes;
  IRParseOptions options;
  options.resolveClass = [](const std::string& name) -> TypePtr {
    auto& t = classes[name];
    if (!t) t = ClassType::create(name, name.rfind("__torch__", 0) == 0);
    return t;
  };
  auto g = std::make_shared<Graph>();
  parseIR(text, *g, options);
  return g;
}

void runCase(const json& c) {
  const std::string passes = c.at("passes").get<std::string>();
  SCOPED_TRACE("passes: " + passes + "\ninput:\n" + c.at("input").get<std::string>());
  auto g = parse(c.at("input").get<std::string>());
  g->lint();
  PipelineOptions options;
  options.lintAfterEach = true;
  runPassPipeline(g, passes, options);
  // PyTorch's text goes through ember's parser and printer too, so only the passes can differ.
  std::string expected = normalizeNames(parse(c.at("expected").get<std::string>())->toString(false));
  std::string actual = normalizeNames(g->toString(false));
  if (c.contains("known_difference")) {
    if (actual == expected)
      std::printf("note: %s now matches PyTorch; remove it from KNOWN_DIFFERENCES\n",
                  c.at("name").get<std::string>().c_str());
    else
      std::printf("known difference in %s: %s\n", c.at("name").get<std::string>().c_str(),
                  c.at("known_difference").get<std::string>().c_str());
    return;
  }
  EXPECT_EQ(actual, expected);
}

class CaseTest : public ::testing::Test {
 public:
  explicit CaseTest(json c) : case_(std::move(c)) {}
  void TestBody() override { runCase(case_); }

 private:
  json case_;
};

int registerFixtures(const std::filesystem::path& dir) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".json") continue;
    std::ifstream in(entry.path());
    json doc = json::parse(in);
    std::string family = doc.at("family").get<std::string>();
    for (const json& c : doc.at("cases")) {
      std::string name = c.at("name").get<std::string>();
      ::testing::RegisterTest(family.c_str(), name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                              [c]() -> ::testing::Test* { return new CaseTest(c); });
      ++count;
    }
  }
  return count;
}

}  // namespace
}  // namespace ember::jit

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  std::string fixtures;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--fixtures" && i + 1 < argc) fixtures = argv[++i];
  }
  if (fixtures.empty()) {
    std::fprintf(stderr, "usage: %s --fixtures DIR [gtest flags]\n", argv[0]);
    return 2;
  }
  if (ember::jit::registerFixtures(fixtures) == 0) {
    std::fprintf(stderr, "no fixtures in %s (run gen.py first)\n", fixtures.c_str());
    return 2;
  }
  return RUN_ALL_TESTS();
}
