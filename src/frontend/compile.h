// Compiling TorchScript source into a CompilationUnit: module-level functions and classes
// (TorchScript classes, NamedTuples, and module classes as archives print them).
#pragma once

#include <memory>
#include <string>

#include "ember/api/compilation_unit.h"
#include "ember/frontend/compile.h"
#include "frontend/lexer.h"
#include "frontend/resolver.h"
#include "frontend/tree_views.h"

namespace ember::jit {

struct DefineOptions {
  // Qualified names: free function `f` is `functionPrefix + "f"` ("f" as torch.jit.CompilationUnit
  // names them), class `C` is `typePrefix + "C"`.
  std::string functionPrefix;
  std::string typePrefix = "__torch__.";
  std::string filename = "<string>";
  // Python: source as torch.jit.script reads it (f-strings, comparison chains); TorchScript:
  // as TorchScript's own parser reads archive code and torch.jit.CompilationUnit source.
  SourceDialect dialect = SourceDialect::Python;
  // torch.jit.CompilationUnit accepts only `def`s at the top level.
  bool allowClasses = true;
};

// compile() and compileModule() are declared in ember/frontend/compile.h.

// Defines the defs/classes of `source` into an existing unit (module definitions, archive import).
// `resolver` (may be null) is consulted for names the unit does not define.
void defineInto(CompilationUnit& cu, const std::string& source, std::shared_ptr<Resolver> resolver,
                const DefineOptions& options = {});
// The same from already parsed definitions.
void defineInto(CompilationUnit& cu, const List<Stmt>& definitions, std::shared_ptr<Resolver> resolver,
                const DefineOptions& options = {});

}  // namespace ember::jit
