// SourceImporter: compiles the `code/` files of a TorchScript archive back into a
// CompilationUnit, on demand (FORMATS.md §5.4).
//
// Every `__torch__...` name met while loading - a class in data.pkl, a type annotation, a call in
// code - is resolved by opening the file of its qualifier (`__torch__.a.b.C` lives in
// `code/__torch__/a/b.py`), parsing it once, and defining just the class or function asked for;
// whatever that definition refers to is imported the same way, so definition order within and
// across files does not matter. The code is read with the names archives use: `__torch__.*`
// qualified names, `CONSTANTS.c<N>`, `ops.prim.*`, `uninitialized(T)`, `inf` and `nan`.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ember/api/compilation_unit.h"
#include "ember/core/ivalue.h"
#include "ember/core/source_range.h"

namespace ember::jit {

class Resolver;

class SourceImporter {
 public:
  // The source of the file holding qualifier's definitions ("__torch__.a.b" -> the text of
  // code/__torch__/a/b.py), or nullptr when the archive has no such file.
  using SourceLoader = std::function<std::shared_ptr<Source>(const std::string& qualifier)>;

  SourceImporter(std::shared_ptr<CompilationUnit> cu, SourceLoader loader);
  ~SourceImporter();
  SourceImporter(const SourceImporter&) = delete;
  SourceImporter& operator=(const SourceImporter&) = delete;

  // The class, NamedTuple or interface named `qualname`, defining it if needed; nullptr when
  // the archive does not define it.
  TypePtr loadType(const std::string& qualname);
  // The free function named `qualname`, or nullptr.
  Function* loadFunction(const std::string& qualname);
  // The tuple of constants.pkl (what CONSTANTS.c<N> refers to), read after the importer exists
  // because it may hold objects of archive classes.
  void setConstants(std::vector<IValue> constants);

  const std::shared_ptr<CompilationUnit>& compilationUnit() const { return cu_; }

  struct Impl;  // public so that the sugared values of archive names can refer to it

 private:
  std::shared_ptr<Impl> impl_;
  std::shared_ptr<CompilationUnit> cu_;
};

}  // namespace ember::jit
