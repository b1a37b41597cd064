#include "ember/core/function_schema.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include "ember_test_source_dir.h"

namespace ember::jit {
namespace {

std::filesystem::path dataDir() { return ember::test::testsDir() / "unit" / "core" / "data"; }

// Every schema PyTorch 1.13 registers must print back exactly as PyTorch printed it.
TEST(FunctionSchemaTest, RoundTripsAllPyTorchSchemas) {
  std::ifstream in(dataDir() / "torch_1_13_schemas.txt");
  ASSERT_TRUE(in.good());
  std::string line;
  size_t count = 0;
  std::vector<std::string> failures;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    ++count;
    try {
      std::string printed = parseSchema(line).str();
      if (printed != line) failures.push_back(line + "\n  printed as " + printed);
    } catch (const Error& e) {
      failures.push_back(line + "\n  failed: " + e.what());
    }
  }
  EXPECT_GT(count, 4000u);
  for (size_t i = 0; i < std::min<size_t>(failures.size(), 20); ++i) ADD_FAILURE() << failures[i];
  EXPECT_EQ(failures.size(), 0u);
}

}  // namespace
}  // namespace ember::jit

namespace ember::jit {
namespace {

TEST(FunctionSchemaTest, ParsesStructure) {
  auto s = parseSchema("aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
  EXPECT_EQ(s.name(), "aten::add");
  EXPECT_EQ(s.overloadName(), "Tensor");
  ASSERT_EQ(s.arguments().size(), 3u);
  EXPECT_FALSE(s.arguments()[1].kwargOnly());
  EXPECT_TRUE(s.arguments()[2].kwargOnly());
  EXPECT_EQ(s.arguments()[2].type()->annotation_str(), "number");
  EXPECT_EQ(s.arguments()[2].defaultValue()->toInt(), 1);
  ASSERT_EQ(s.returns().size(), 1u);
  EXPECT_FALSE(s.isMutable());
}

TEST(FunctionSchemaTest, AliasAnnotations) {
  auto s = parseSchema(
      "foo::bar(Tensor(a) self, Tensor(a!)[] x, Tensor(b!)? y, Tensor(a -> *) w, t(a|b) u, Tensor(*) z) -> Tensor(a)[]");
  const auto& a = s.arguments();
  ASSERT_TRUE(a[0].aliasInfo());
  EXPECT_FALSE(a[0].aliasInfo()->isWrite());
  EXPECT_EQ(a[0].aliasInfo()->beforeSets()[0].toQualString(), "alias::a");
  // Tensor(a!)[]: a list-level AliasInfo (write) holding the element's annotation.
  ASSERT_TRUE(a[1].aliasInfo());
  EXPECT_TRUE(a[1].aliasInfo()->beforeSets().empty());
  EXPECT_TRUE(a[1].aliasInfo()->isWrite());
  ASSERT_EQ(a[1].aliasInfo()->containedTypes().size(), 1u);
  EXPECT_TRUE(a[1].aliasInfo()->containedTypes()[0].isWrite());
  EXPECT_EQ(a[2].type()->annotation_str(), "Optional[Tensor]");
  EXPECT_TRUE(a[2].isWrite());
  EXPECT_TRUE(a[3].aliasInfo()->isWildcardAfter());
  EXPECT_FALSE(a[3].aliasInfo()->isWildcardBefore());
  EXPECT_EQ(a[4].aliasInfo()->beforeSets().size(), 2u);
  EXPECT_EQ(a[4].type()->kind(), TypeKind::VarType);
  EXPECT_TRUE(a[5].aliasInfo()->isWildcardBefore());
  EXPECT_TRUE(s.isMutable());
  EXPECT_EQ(s.str(),
            "foo::bar(Tensor(a) self, Tensor(a!)[] x, Tensor(b!)? y, Tensor(a -> *) w, t(a|b) u, Tensor(*) z) -> "
            "Tensor(a)[]");
}

TEST(FunctionSchemaTest, FixedSizeListsAndDefaults) {
  auto s = parseSchema(
      "aten::f(int[2] stride=1, int[2] padding=[0, 1], float eps=1.0000000000000001e-05, str mode=\"linear\", "
      "ScalarType? dtype=None, bool flag=True, int neg=-1, float[]? w=None, int[1]? dim=None, "
      "MemoryFormat memory_format=contiguous_format, ScalarType t=long, int r=Mean) -> ()");
  const auto& a = s.arguments();
  EXPECT_EQ(a[0].N(), 2);
  EXPECT_EQ(a[0].defaultValue()->toIntVector(), (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(a[1].defaultValue()->toIntVector(), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(a[2].defaultValue()->toDouble(), 1e-5);
  EXPECT_EQ(a[3].defaultValue()->toStringRef(), "linear");
  EXPECT_TRUE(a[4].defaultValue()->isNone());
  EXPECT_EQ(a[4].type()->annotation_str(), "Optional[int]");
  EXPECT_EQ(a[4].realType()->str(), "ScalarType?");
  EXPECT_TRUE(a[5].defaultValue()->toBool());
  EXPECT_EQ(a[6].defaultValue()->toInt(), -1);
  EXPECT_EQ(a[8].N(), 1);
  EXPECT_EQ(a[9].defaultValue()->toInt(), 0);
  EXPECT_EQ(a[10].defaultValue()->toInt(), 4);  // long is ScalarType::Long
  EXPECT_EQ(a[11].defaultValue()->toInt(), 1);  // Reduction::Mean
  EXPECT_TRUE(s.returns().empty());
  // Named defaults print as their numbers, as PyTorch does.
  EXPECT_NE(s.str().find("MemoryFormat memory_format=0, ScalarType t=4, int r=1"), std::string::npos);
}

TEST(FunctionSchemaTest, VarargsNamedReturnsAndTupleReturns) {
  auto s = parseSchema("aten::max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)");
  EXPECT_EQ(s.returns()[0].name(), "values");
  EXPECT_EQ(s.returns()[1].name(), "indices");
  auto v = parseSchema("prim::FusionGroup(...) -> ...");
  EXPECT_TRUE(v.isVararg());
  EXPECT_TRUE(v.isVarret());
  EXPECT_EQ(v.str(), "prim::FusionGroup(...) -> ...");
  auto items = parseSchema("aten::items.str(Dict(str, t) self) -> ((str, t)[])");
  EXPECT_EQ(items.returns().size(), 1u);
  EXPECT_EQ(items.str(), "aten::items.str(Dict(str, t) self) -> ((str, t)[])");
  auto tup = parseSchema("f::g() -> ((int, int))");
  EXPECT_EQ(tup.returns().size(), 1u);
  EXPECT_EQ(tup.returns()[0].type()->annotation_str(), "Tuple[int, int]");
}

TEST(FunctionSchemaTest, MalformedSchemasGiveErrorsWithPosition) {
  auto message = [](const char* text) {
    try {
      parseSchema(text);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  std::string m = message("aten::f(Tensor self, Blah x) -> Tensor");
  EXPECT_NE(m.find("unknown type specifier 'Blah' at position 21"), std::string::npos) << m;
  EXPECT_NE(m.find("~ <--- HERE"), std::string::npos);
  for (const char* bad : {"aten::f(", "aten::f(Tensor) -> Tensor", "aten::f(int x=) -> ()", "aten::f(int x) ->",
                          "aten::f(..., int x) -> ()", "aten::f(Tensor x=1) -> ()", "aten::f(str s=\"abc) -> ()",
                          "aten::f(int[2 x) -> ()", "aten::f(Tensor(a x) -> ()", "aten::f() -> () trailing",
                          "aten::f(int x=[1, 2) -> ()", "", "aten::f(int[99999999999] x) -> ()"}) {
    EXPECT_NE(message(bad), "no error") << bad;
  }
  std::string deep = "f::g(" + std::string(1000, '(') + ") -> ()";
  EXPECT_NE(message(deep.c_str()), "no error");
}

TEST(FunctionSchemaTest, SubtypingOfMethodSchemas) {
  auto base = parseSchema("forward(Any self, Tensor x) -> Tensor");
  auto narrower = parseSchema("forward(Any self, Tensor? x) -> Tensor");
  EXPECT_TRUE(narrower.isSubtypeOf(base, /*asMethod=*/true));
  EXPECT_FALSE(base.isSubtypeOf(narrower, /*asMethod=*/true));
  auto renamed = parseSchema("forward(Any self, Tensor y) -> Tensor");
  EXPECT_FALSE(renamed.isSubtypeOf(base, true));
}

}  // namespace
}  // namespace ember::jit

namespace ember::jit {
namespace {

// Truncated and corrupted real schemas must either parse or throw ember::Error, never crash.
TEST(FunctionSchemaTest, CorruptedSchemasNeverCrash) {
  std::ifstream in(dataDir() / "torch_1_13_schemas.txt");
  std::string line;
  uint64_t state = 12345;
  auto next = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return state >> 33;
  };
  size_t parsed = 0, rejected = 0;
  const std::string alphabet = "()[]?!*|,.:->= \"'aTt0123456789";
  for (int n = 0; std::getline(in, line) && n < 1500; ++n) {
    for (int variant = 0; variant < 3; ++variant) {
      std::string s = line;
      if (variant == 0) s.resize(next() % (s.size() + 1));
      else if (variant == 1) s[next() % s.size()] = alphabet[next() % alphabet.size()];
      else s.erase(next() % s.size(), 1 + next() % 4);
      try {
        parseSchema(s).str();
        ++parsed;
      } catch (const Error&) {
        ++rejected;
      }
    }
  }
  EXPECT_GT(rejected, 1000u);
  EXPECT_GT(parsed, 0u);
}

}  // namespace
}  // namespace ember::jit
