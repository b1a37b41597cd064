// Every function of torch.nn.functional that PyTorch 1.13 can script resolves in ember:
// gen_scriptable.py compiles `torch.nn.functional.<name>(x0)` for each public function with
// PyTorch and records whether it compiles, whether the name resolves but the one-tensor call's
// arguments do not match, or whether TorchScript cannot call it. ember must compile the first
// kind and, for the second, may only fail on the arguments (never with an unknown name).
// scriptable_known_missing.txt lists the names ember does not resolve yet (one per line, `#`
// comments); the list must only shrink.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ember/frontend/compile.h"
#include "ember_test_source_dir.h"

namespace ember::jit {
namespace {

std::string gFixture;

// Messages of ember's frontend for a name it cannot call.
bool isUnresolved(const std::string& msg) {
  return msg.find("Unknown builtin op") != std::string::npos || msg.find("has no attribute") != std::string::npos ||
         msg.find("is not defined") != std::string::npos;
}

std::set<std::string> knownMissing() {
  std::ifstream in(test::testsDir() / "compat" / "functional" / "scriptable_known_missing.txt");
  std::set<std::string> out;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line.substr(0, line.find('#')));
    if (std::string name; words >> name) out.insert(name);
  }
  return out;
}

TEST(FunctionalScriptable, ResolvesWhatPyTorchScripts) {
  const std::set<std::string> known = knownMissing();
  ASSERT_FALSE(gFixture.empty()) << "pass --fixture FILE (gen_scriptable.py's output)";
  std::ifstream in(gFixture);
  ASSERT_TRUE(in) << "cannot read " << gFixture;
  const nlohmann::json cases = nlohmann::json::parse(in);
  ASSERT_GT(cases.size(), 100u) << "too few functions recorded";
  size_t checked = 0, failures = 0;
  for (const auto& c : cases) {
    const std::string kind = c.at("pytorch"), name = c.at("name"), source = c.at("source");
    if (kind == "unresolved") continue;
    ++checked;
    std::string error;
    try {
      compile(source);
    } catch (const std::exception& e) {
      error = e.what();
    }
    const bool missing = (kind == "compiles" && !error.empty()) || (kind == "resolves" && isUnresolved(error));
    failures += missing;
    if (missing && !known.count(name))
      ADD_FAILURE() << "F." << name << "(x): PyTorch " << (kind == "compiles" ? "compiles it" : "resolves the name")
                    << ", ember: " << error.substr(0, 300);
    if (!missing && known.count(name))
      ADD_FAILURE() << "F." << name << " is listed in scriptable_known_missing.txt but resolves (remove it)";
  }
  std::cout << "torch.nn.functional: " << checked << " functions PyTorch scripts, " << checked - failures
            << " resolve in ember\n";
}

}  // namespace
}  // namespace ember::jit

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--fixture") == 0) ember::jit::gFixture = argv[i + 1];
  return RUN_ALL_TESTS();
}
