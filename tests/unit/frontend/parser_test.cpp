#include "frontend/parser.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>

#include "fixture_reader.h"

namespace ember::jit {
namespace {

using testing::readFile;
using testing::readFixture;

// The tree, or the error message, that ember gives for a `def` (parsed as a method, as
// torch._C._parse_source_def does).
std::string parseOutcome(const std::string& src) {
  try {
    return treeToString(parseDef(src, /*isMethod=*/true).tree());
  } catch (const Error& e) {
    return std::string("ERROR ") + e.what();
  }
}

std::string firstLine(const std::string& s) { return s.substr(0, s.find('\n')); }

// Where torch._C's parser gives a message that is unclear or that torch.jit.script would not
// give (it parses with Python's ast), ember reports these instead.
const std::map<std::string, std::string>& clearerErrors() {
  static const std::map<std::string, std::string> errors = {
      {"lambda_err",
       "Lambda expressions are not supported in TorchScript:\n"
       "def f(x):\n"
       "  return lambda y: y\n"
       "         ~~~~~~ <--- HERE\n"},
      // torch._C says "expected ident but found 'newline'" without pointing anywhere useful.
      {"empty_body",
       "expected indent but found 'newline' here:\n"
       "def f(x):\n"
       "return 1\n"},
      {"unterminated_string",
       "unterminated string literal:\n"
       "def f(x):\n"
       "  return \"abc\n"
       "         ~ <--- HERE\n"},
      {"bad_char",
       "expected a valid token but found '$' here:\n"
       "def f(x):\n"
       "  return x $ 1\n"
       "           ~ <--- HERE\n"},
      {"decorator",
       "Decorators are not supported in TorchScript source code:\n"
       "def f(x):\n"
       "  @torch.jit.export\n"
       "  ~ <--- HERE\n"
       "  def g(y):\n"
       "    return y\n"},
      {"import_err",
       "import statements are not supported in TorchScript:\n"
       "def f(x):\n"
       "  import torch\n"
       "  ~~~~~~ <--- HERE\n"
       "  return x\n"},
      // Python rejects this at parse time; torch._C's parser accepts it.
      {"call_kw_then_pos",
       "positional argument follows keyword argument:\n"
       "def f(x):\n"
       "  return g(a=1, 2)\n"
       "                ~ <--- HERE\n"},
  };
  return errors;
}

TEST(Parser, MatchesPyTorchOnFixtureCases) {
  auto blocks = readFixture(readFile(testing::frontendDataDir() / "parser_cases.txt"), {"CASE"});
  ASSERT_GT(blocks.size(), 50u);
  for (const auto& block : blocks) {
    const std::string& name = block.header.at(1);
    const std::string& src = *block.section("BODY");
    std::string actual = parseOutcome(src);
    if (auto it = clearerErrors().find(name); it != clearerErrors().end()) {
      EXPECT_EQ(actual, "ERROR " + it->second) << "case " << name;
    } else if (const std::string* python = block.section("PYFRONTEND")) {
      // Python semantics, as torch.jit.script's frontend builds the tree.
      if (python->rfind("ERROR ", 0) == 0) {
        EXPECT_EQ(firstLine(actual), firstLine(*python)) << "case " << name << ":\n" << src;
      } else {
        EXPECT_EQ(actual, *python) << "case " << name << ":\n" << src;
      }
    } else if (const std::string* tree = block.section("TREE")) {
      EXPECT_EQ(actual, *tree) << "case " << name << ":\n" << src;
    } else {
      std::string message = *block.section("ERROR");
      // TorchScript's ErrorReport starts its message with a newline; ember's does not.
      if (!message.empty() && message[0] == '\n') message.erase(0, 1);
      EXPECT_EQ(actual, "ERROR " + message) << "case " << name << ":\n" << src;
    }
  }
}


// The cases where torch._C's parser (TREE or ERROR) differs from torch.jit.script's (PYFRONTEND)
// and that ember's TorchScript dialect follows: what torch.jit.CompilationUnit sees.
TEST(Parser, TorchScriptDialectMatchesTorchCParser) {
  const std::set<std::string> kDialectCases = {"precedence", "compare_chain", "comp_if", "matmul_eq",
                                               "floordiv_eq", "raw_string", "underscore_number", "lambda_err"};
  auto blocks = readFixture(readFile(testing::frontendDataDir() / "parser_cases.txt"), {"CASE"});
  size_t checked = 0;
  for (const auto& block : blocks) {
    const std::string& name = block.header.at(1);
    if (!kDialectCases.count(name)) continue;
    ++checked;
    std::string actual;
    try {
      actual = treeToString(parseDef(*block.section("BODY"), /*isMethod=*/true, SourceDialect::TorchScript).tree());
    } catch (const Error& e) {
      actual = std::string("ERROR ") + e.what();
    }
    if (const std::string* tree = block.section("TREE")) {
      EXPECT_EQ(actual, *tree) << "case " << name;
    } else {
      std::string message = *block.section("ERROR");
      if (!message.empty() && message[0] == '\n') message.erase(0, 1);
      EXPECT_EQ(firstLine(actual), "ERROR " + firstLine(message)) << "case " << name;
    }
  }
  EXPECT_EQ(checked, kDialectCases.size());
}

TEST(Parser, FStringsBecomeFormatCalls) {
  Def def = parseDef("def f(i, s):\n  return f\"i={i} {{s}}={s + 'x'}\" 'y'\n");
  EXPECT_EQ(treeToString(def.statements()[0].tree()),
            "(return\n"
            "  (apply\n"
            "    (.\n"
            "      (string_literal i={} {s}={}y)\n"
            "      (ident format))\n"
            "    (list\n"
            "      (variable (ident i))\n"
            "      (+\n"
            "        (variable (ident s))\n"
            "        (string_literal x)))\n"
            "    (list)))\n");
}

// Every code/*.py file that torch.jit.save wrote for the models in data/gen_archive_code.py.
TEST(Parser, ParsesEveryArchiveCodeFile) {
  size_t files = 0;
  size_t classes = 0;
  size_t defs = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(testing::frontendDataDir() / "archive_code")) {
    if (!entry.is_regular_file() || entry.path().extension() != ".py") continue;
    ++files;
    auto source = std::make_shared<Source>(readFile(entry.path()), entry.path().string());
    try {
      for (const Stmt& stmt : parseSourceFile(source)) {
        if (stmt.kind() == TK_CLASS_DEF) {
          ++classes;
          for (const Stmt& member : ClassDef(stmt.tree()).body()) defs += member.kind() == TK_DEF;
        } else {
          EXPECT_EQ(stmt.kind(), TK_DEF);
          ++defs;
        }
      }
    } catch (const Error& e) {
      ADD_FAILURE() << entry.path() << ": " << e.what();
    }
  }
  EXPECT_GE(files, 15u);
  EXPECT_GE(classes, 15u);
  EXPECT_GE(defs, 40u);
}

TEST(Parser, ArchiveModuleClass) {
  auto source = std::make_shared<Source>(
      "class Leaf(Module):\n"
      "  __parameters__ = [\"scale\", ]\n"
      "  __buffers__ = []\n"
      "  scale : Tensor\n"
      "  __annotations__[\"0\"] = __torch__.Lin\n"
      "  k : Final[int] = 3\n"
      "  def forward(self: __torch__.Leaf,\n"
      "    x: Tensor) -> Tensor:\n"
      "    _0 = (self).early(3, )\n"
      "    return x\n",
      "code/__torch__.py");
  List<Stmt> file = parseSourceFile(source);
  ASSERT_EQ(file.size(), 1u);
  ClassDef cls(file[0].tree());
  EXPECT_EQ(cls.name().name(), "Leaf");
  ASSERT_TRUE(cls.superclass().present());
  EXPECT_EQ(treeToFlatString(cls.superclass().get().tree()), "(variable (ident Module))");
  EXPECT_FALSE(cls.properties().present());
  EXPECT_FALSE(cls.assigns().present());
  List<Stmt> body = cls.body();
  ASSERT_EQ(body.size(), 6u);
  EXPECT_EQ(treeToFlatString(body[0].tree()),
            "(assign (list (variable (ident __parameters__))) "
            "(option (list-literal (list (string_literal scale)))) (option))");
  EXPECT_EQ(treeToFlatString(body[1].tree()),
            "(assign (list (variable (ident __buffers__))) (option (list-literal (list))) (option))");
  // A declaration: no value, a type.
  EXPECT_EQ(treeToFlatString(body[2].tree()),
            "(assign (list (variable (ident scale))) (option) (option (variable (ident Tensor))))");
  EXPECT_EQ(treeToFlatString(body[3].tree()),
            "(assign (list (subscript (variable (ident __annotations__)) (list (string_literal 0)))) "
            "(option (. (variable (ident __torch__)) (ident Lin))) (option))");
  EXPECT_EQ(treeToFlatString(body[4].tree()),
            "(assign (list (variable (ident k))) (option (const 3)) "
            "(option (subscript (variable (ident Final)) (list (variable (ident int))))))");
  Def forward(body[5].tree());
  EXPECT_EQ(forward.name().name(), "forward");
  EXPECT_EQ(forward.decl().params().size(), 2u);
  EXPECT_EQ(treeToFlatString(forward.decl().params()[0].type().get().tree()),
            "(. (variable (ident __torch__)) (ident Leaf))");
  EXPECT_EQ(treeToFlatString(forward.statements()[0].tree()),
            "(assign (list (variable (ident _0))) (option (apply (. (variable (ident self)) (ident early)) "
            "(list (const 3)) (list))) (option))");
}

TEST(Parser, OtherClassKinds) {
  auto source = std::make_shared<Source>(
      "class Point(NamedTuple):\n  x : int\n  y : float\n"
      "class Color(Enum):\n  RED = 1\n"
      "class Counter:\n  count : int\n  def __init__(self: __torch__.Counter) -> NoneType:\n"
      "    self.count = 0\n    return None\n"
      "class OneIface(ModuleInterface):\n  def forward(self, x: Tensor) -> Tensor:\n    pass\n"
      "def free(x: int) -> int:\n  return x\n",
      "code/__torch__.py");
  List<Stmt> file = parseSourceFile(source);
  ASSERT_EQ(file.size(), 5u);
  EXPECT_EQ(treeToFlatString(file[0].tree()),
            "(class (ident Point) (option (variable (ident NamedTuple))) (list "
            "(assign (list (variable (ident x))) (option) (option (variable (ident int)))) "
            "(assign (list (variable (ident y))) (option) (option (variable (ident float))))) (option) (option))");
  EXPECT_EQ(treeToFlatString(file[1].tree()),
            "(class (ident Color) (option (variable (ident Enum))) (list "
            "(assign (list (variable (ident RED))) (option (const 1)) (option))) (option) (option))");
  ClassDef counter(file[2].tree());
  EXPECT_FALSE(counter.superclass().present());
  EXPECT_EQ(counter.body().size(), 2u);
  EXPECT_EQ(Def(counter.body()[1].tree()).decl().returnType().get().kind(), TK_NONE_TYPE);
  EXPECT_EQ(ClassDef(file[3].tree()).body().size(), 1u);
  EXPECT_EQ(Def(file[4].tree()).name().name(), "free");
}

TEST(Parser, FileLevelErrors) {
  auto parseFile = [](const std::string& text, SourceDialect dialect = SourceDialect::TorchScript) {
    try {
      parseSourceFile(std::make_shared<Source>(text, "f.py"), dialect);
      return std::string("OK");
    } catch (const Error& e) {
      return std::string(e.what());
    }
  };
  // A Python file's own module-level statements parse (the Definer rejects uses of its globals).
  EXPECT_EQ(parseFile("x = 1\n", SourceDialect::Python), "OK");
  EXPECT_EQ(parseFile("x = 1\n"),
            "expected a class or function definition but found 'ident' here:\n"
            "  File \"f.py\", line 1\n"
            "x = 1\n"
            "~ <--- HERE\n");
  EXPECT_EQ(parseFile("import __torch__.foo\nclass A:\n  pass\n"), "OK");
  EXPECT_EQ(parseFile(""), "OK");
  EXPECT_EQ(parseFile("\n# only a comment\n\n"), "OK");
}

TEST(Parser, TypeCommentSignature) {
  Def def = parseDef("def f(self, x, y):\n  # type: (int, List[int]) -> float\n  return x\n", /*isMethod=*/true);
  EXPECT_EQ(treeToFlatString(def.decl().tree()),
            "(decl (list (param (ident self) (option) (option) (False)) "
            "(param (ident x) (option (variable (ident int))) (option) (False)) "
            "(param (ident y) (option (subscript (variable (ident List)) (list (variable (ident int))))) (option) "
            "(False))) (option (variable (ident float))))");
  Def sameLine = parseDef("def g(x):  # type: (int) -> int\n  return x\n");
  EXPECT_EQ(treeToFlatString(sameLine.decl().params()[0].type().get().tree()), "(variable (ident int))");
  EXPECT_THROW(parseDef("def g(x):\n  # type: (int, int) -> int\n  return x\n"), ErrorReport);
}

TEST(Parser, RangesCoverTheirText) {
  Def def = parseDef("def f(x):\n  return foo(x, 1) + y[2]\n");
  Return ret(def.statements()[0].tree());
  EXPECT_EQ(ret.expr().range().text(), "foo(x, 1) + y[2]");
  BinOp add(ret.expr().tree());
  EXPECT_EQ(add.lhs().range().text(), "foo(x, 1)");
  EXPECT_EQ(add.rhs().range().text(), "y[2]");
  EXPECT_EQ(Apply(add.lhs().tree()).inputs()[1].range().text(), "1");
}

TEST(Parser, RejectsUnsupportedSyntaxClearly) {
  auto message = [](const std::string& src) {
    try {
      parseDef(src);
      return std::string("OK");
    } catch (const Error& e) {
      return firstLine(e.what());
    }
  };
  EXPECT_EQ(message("def f(*args):\n  pass\n"),
            "Compiled functions can't take variable number of arguments or use keyword-only arguments with "
            "defaults:");
  EXPECT_EQ(message("def f(**kw):\n  pass\n"),
            "Compiled functions can't take variable number of keyword arguments:");
  EXPECT_EQ(message("def f(x):\n  return {1, 2}\n"), "Set literals are not supported in TorchScript:");
  EXPECT_EQ(message("def f(x):\n  return g(**x)\n"),
            "keyword-argument expansion (**) is not supported in TorchScript:");
  EXPECT_EQ(message("def f(x):\n  return f\"{x!r}\"\n"), "Don't support conversion in JoinedStr:");
  EXPECT_EQ(message("def f(x):\n  return f\"{x:3}\"\n"), "Don't support formatting in JoinedStr:");
  EXPECT_EQ(message("def f(x):\n  return f\"{x\"\n"), "f-string: expecting '}':");
  EXPECT_EQ(message("def f(x):\n  return b\"x\"\n"), "bytes literals are not supported in TorchScript:");
  EXPECT_EQ(message("def f(x):\n  return [i for i in x for j in x]\n"),
            "Only a single generator is currently supported:");
  EXPECT_EQ(message("def f(x):\n  return {k: 1 for k in x if k}\n"), "Comprehension ifs are not supported yet:");
  EXPECT_EQ(message("def f(x):\n  return (x\n"), "expected ) but found 'eof' here:");
  EXPECT_EQ(message("def f(x):\n  return \"\\u12\"\n"), "truncated \\u escape in string literal:");
}

TEST(Parser, NestingIsBounded) {
  auto nested = [](int n) { return "def f(x):\n  return " + std::string(n, '(') + "x" + std::string(n, ')') + "\n"; };
  Def def = parseDef(nested(200));
  EXPECT_EQ(treeToFlatString(Return(def.statements()[0].tree()).expr().tree()), "(variable (ident x))");
  try {
    parseDef(nested(100000));
    FAIL() << "no error";
  } catch (const ErrorReport& e) {
    EXPECT_EQ(e.shortMessage(), "too many nested expressions or blocks (the limit is 500)");
  }
  EXPECT_THROW(parseDef("def f(x):\n  return " + std::string(100000, '-') + "x\n"), ErrorReport);
  std::string blocks = "def f(x):\n";
  for (int i = 0; i < 1000; ++i) blocks += std::string(i + 1, ' ') + "if x:\n";
  blocks += std::string(1002, ' ') + "pass\n";
  EXPECT_THROW(parseDef(blocks), ErrorReport);
}

}  // namespace
}  // namespace ember::jit
