// Saving and loading ExportedPrograms (ember's `.pt2e` files; the format is in docs/export.md):
// a zip holding `program.json` (versioned: graph, signature, range constraints, guards, module
// call graph) and the tensors of the state_dict and constants in PyTorch's tensor records
// (`data.pkl` + `data/<n>`, so torch.load reads the weights of a saved program as a dict).
//
//   exporter::save(ep, "model.pt2e");
//   ExportedProgram ep2 = exporter::load("model.pt2e");
//   IValue y = ep2.module().forward({x});
#pragma once

#include <string>

#include "ember/export/exported_program.h"

namespace ember::exporter {

// The program format version this build writes; load() reads every version up to it, upgrading
// older documents step by step (see upgradeProgramJson in serialize.cpp).
constexpr int64_t kProgramFormatVersion = 2;

void save(const ExportedProgram& ep, const std::string& path);
std::string saveToBytes(const ExportedProgram& ep);
// Throws ember::Error for files that are not saved programs, newer versions, or malformed JSON.
ExportedProgram load(const std::string& path);
ExportedProgram loadFromBytes(std::string bytes);

}  // namespace ember::exporter
