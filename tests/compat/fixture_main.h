// The main() of the differential suites whose generators write `<family>.json` files of
// {"family", "cases": [{"name", ...}]} (tests/compat/ops, tests/compat/passes): every case of every
// file in --fixtures DIR becomes a GoogleTest named family.name that calls the suite's runCase.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace ember::testing_support {

using FixtureCaseRunner = void (*)(const nlohmann::json& c);

class FixtureCaseTest : public ::testing::Test {
 public:
  FixtureCaseTest(FixtureCaseRunner run, nlohmann::json c) : run_(run), case_(std::move(c)) {}
  void TestBody() override { run_(case_); }

 private:
  FixtureCaseRunner run_;
  nlohmann::json case_;
};

// Registers one test per case; returns how many.
inline int registerFixtureCases(const std::filesystem::path& dir, FixtureCaseRunner run) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".json") continue;
    std::ifstream in(entry.path());
    nlohmann::json doc = nlohmann::json::parse(in);
    std::string family = doc.at("family").get<std::string>();
    for (const nlohmann::json& c : doc.at("cases")) {
      std::string name = c.at("name").get<std::string>();
      ::testing::RegisterTest(family.c_str(), name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                              [run, c]() -> ::testing::Test* { return new FixtureCaseTest(run, c); });
      ++count;
    }
  }
  return count;
}

// `--fixtures DIR [gtest flags]`: exit status 2 without fixtures, else the tests' result.
inline int runFixtureSuite(int argc, char** argv, FixtureCaseRunner run) {
  ::testing::InitGoogleTest(&argc, argv);
  std::string fixtures;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--fixtures" && i + 1 < argc) fixtures = argv[++i];
  }
  if (fixtures.empty()) {
    std::fprintf(stderr, "usage: %s --fixtures DIR [gtest flags]\n", argv[0]);
    return 2;
  }
  if (registerFixtureCases(fixtures, run) == 0) {
    std::fprintf(stderr, "no fixtures in %s (run gen.py first)\n", fixtures.c_str());
    return 2;
  }
  return RUN_ALL_TESTS();
}

}  // namespace ember::testing_support
