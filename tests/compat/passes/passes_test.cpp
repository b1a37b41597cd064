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
#include "fixture_main.h"
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

}  // namespace
}  // namespace ember::jit

int main(int argc, char** argv) { return ember::testing_support::runFixtureSuite(argc, argv, ember::jit::runCase); }
