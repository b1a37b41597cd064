// The `code/` files of a module's archive: every class and function the module reaches - its
// type, the classes of its attribute values (submodules, script objects, enums, NamedTuples) and
// whatever the printed code refers to - python-printed, one file per qualifier
// (`__torch__.a.b.C` goes to `code/__torch__/a/b.py`). Used by Module::save and `ember code`.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ember/api/module.h"

namespace ember::jit {

struct ModuleCode {
  std::vector<std::pair<std::string, std::string>> files;  // (record name, text), in printing order
  std::vector<IValue> constants;                           // what the code prints as CONSTANTS.cN
  int64_t version = 3;  // the archive format version the operators used require (FORMATS.md §2)
};

ModuleCode printModuleCode(const Module& module);

}  // namespace ember::jit
