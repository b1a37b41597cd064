// Compiling TorchScript source: the public entry points (the frontend's own options for archive
// code and script-mode sources are in src/frontend/compile.h).
//
//   auto cu = ember::jit::compile("def f(x: int) -> int:\n    return x + 1\n");
//   int64_t y = cu->getFunction("f")({IValue(41)}).toInt();
//
//   Module m = ember::jit::compileModule(source, "Net");  // `class Net(Module): ...` in source
//   m.setattr("weight", w);
//   Tensor out = m.forward({x}).toTensor();
#pragma once

#include <memory>
#include <string>

#include "ember/api/compilation_unit.h"
#include "ember/api/module.h"

namespace ember::jit {

// As torch.jit.CompilationUnit(source): the module-level defs, read by TorchScript's own parser
// (no classes, f-strings or comparison chains), each compiled before returning. Throws
// ember::Error pointing at the source on errors.
std::shared_ptr<CompilationUnit> compile(const std::string& source, const std::string& filename = "<string>");

// A new instance of module class `className` ("__torch__.<className>") defined in `source` in the
// class form archives use: `class Net(Module):`, `__parameters__ = ["weight", ]`, typed
// attributes (`weight : Tensor`) and methods. Attributes are unset until assigned with setattr.
Module compileModule(const std::string& source, const std::string& className);

}  // namespace ember::jit
