// Forms of the Python dialect that ember.jit.script meets in user code and torch.nn modules:
// PEP 604 unions in annotations (`int | None` is Optional[int], PyTorch 1.13 rejects them) and
// the truthiness of str/list/dict (`not s` is `len(s) > 0` negated, as PyTorch emits it).
#include <gtest/gtest.h>

#include "ember/api/compilation_unit.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "frontend/compile.h"

namespace ember::jit {
namespace {

std::shared_ptr<CompilationUnit> compilePython(const std::string& source) {
  auto cu = std::make_shared<CompilationUnit>();
  DefineOptions options;
  options.dialect = SourceDialect::Python;
  defineInto(*cu, source, nullptr, options);
  return cu;
}

TEST(PythonDialectForms, Pep604UnionsAreOptional) {
  auto cu = compilePython(
      "def f(x: Tensor, y: Tensor | None = None, n: None | int = None) -> int | None:\n"
      "    return n\n");
  EXPECT_EQ(cu->getFunction("f").getSchema().str(), "f(Tensor x, Tensor? y=None, int? n=None) -> int?");
}

TEST(PythonDialectForms, ContainerTruthinessIsLenGreaterThanZero) {
  auto cu = compilePython(
      "def f(s: str, xs: List[int], d: Dict[str, int]) -> bool:\n"
      "    if xs and d:\n"
      "        return not s\n"
      "    return False\n");
  std::string g = cu->getFunction("f").graph()->toString();
  FileCheck()
      .check("aten::len(%xs")
      .check("aten::gt")
      .check("aten::len(%d")
      .check("aten::gt")
      .check("aten::len(%s")
      .check("aten::gt")
      .check("aten::__not__")
      .run(g);
}

}  // namespace
}  // namespace ember::jit
