// What the subcommands run: a TARGET given on the command line is either a TorchScript archive
// (a zip: `.pt` from torch.jit.save or ember) or a TorchScript source file, compiled the way
// torch.jit.CompilationUnit compiles a string. Either way a method or function is found by name
// and called with positional arguments.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ember/api/compilation_unit.h"
#include "ember/api/module.h"
#include "ember/core/ivalue.h"

namespace ember::cli {

struct Target {
  std::string path;
  bool isArchive = false;
  jit::Module module;                             // archives
  std::shared_ptr<jit::CompilationUnit> unit;     // source files

  // The method (archives) or function (sources) called `name`; throws listing what exists.
  jit::Function& function(const std::string& name) const;
  // Calls it Python-style (defaults filled in, argument types checked); archives pass `self`.
  jit::IValue call(jit::Function& fn, std::vector<jit::IValue> args) const;
  // The stack the function's graph runs on for `args`: self first for methods, then the
  // arguments, missing trailing ones taken from their defaults.
  jit::Stack graphInputs(jit::Function& fn, std::vector<jit::IValue> args) const;
};

// Whether the file at `path` is a zip archive (by its first bytes); throws if it cannot be read.
bool isArchiveFile(const std::string& path);

// Loads TARGET; throws ember::Error (compile errors carry the source highlight).
Target loadTarget(const std::string& path);

// Before a TARGET is called repeatedly: an archive's module in eval mode has its linear layers'
// weights packed now (jit::prepack_weights), so that its first calls do not pack them. (For one
// call it would only add the copies' cost: ~1 s for wav2vec2's 380 MB of weights.)
void prepareForCalls(const Target& target);

// Positional arguments from --inputs: a torch.save file holding a tuple or list (its elements),
// or any other single value (one argument); a `.npy` file is one tensor argument.
std::vector<jit::IValue> loadInputs(const std::optional<std::string>& path);

// Reads a whole file; throws ember::Error naming it when it cannot be read.
std::string readFile(const std::string& path);

}  // namespace ember::cli
