// Loading TorchScript archives (what torch.jit.save writes in PyTorch 1.13, and what
// Module::save writes): the module object with its parameters, buffers, attributes and
// submodules, and its methods compiled from the archive's code.
//
//   ember::jit::Module m = ember::jit::load("model.pt");
//   ember::Tensor y = m.forward({x}).toTensor();
//
// Tensor data is mapped from the file without a copy where the archive stores it aligned (what
// PyTorch writes). Scripted and traced modules, frozen and inference-optimized ones, script
// classes, NamedTuples, enums, interfaces, `__getstate__`/`__setstate__` and lite-interpreter
// archives (loaded through their code) are supported. Broken or hostile archives raise
// ember::Error.
#pragma once

#include <iosfwd>
#include <string>

#include "ember/api/module.h"

namespace ember::jit {

// `extraFiles` (ExtraFilesMap, module.h): on input the names of the `extra/<name>` records wanted;
// load fills in the contents of those present.
Module load(const std::string& path, ExtraFilesMap* extraFiles = nullptr);
Module load(std::istream& in, ExtraFilesMap* extraFiles = nullptr);
Module loadFromBytes(std::string bytes, ExtraFilesMap* extraFiles = nullptr);

}  // namespace ember::jit
