// Files in torch.save's format (the zip format of PyTorch 1.13; FORMATS.md §6): tensors and
// nested tuples, lists, dicts, ints, floats, bools, strings and None, read and written so that
// `torch.load` and `torch.save` interoperate with ember both ways.
//
//   IValue v = ember::load("weights.pt");        // what torch.save wrote (= jit::pickleLoad)
//   ember::save(v, "copy.pt");                   // torch.load reads it (= jit::pickleSave)
//
// Loading maps stored tensor records straight from the file (no copy); tensors that were views
// of one storage in PyTorch are views of one Storage here. What Python values become is listed
// in unpickler.h (state_dict OrderedDicts become Dicts, nn.Parameters become tensors with
// requires_grad). The legacy non-zip format (_use_new_zipfile_serialization=False) and
// TorchScript archives (use ember::jit::load) are refused with an error saying so.
#pragma once

#include <string>

#include "ember/core/ivalue.h"

namespace ember::jit {

// Loads the file at `path`.
IValue pickleLoad(const std::string& path);
// Loads an archive held in memory.
IValue pickleLoadFromBytes(std::string bytes);

// Saves `value` to `path` (root folder = file stem, as torch.save names it).
void pickleSave(const IValue& value, const std::string& path);
// Saves to memory (root folder `archive`, as torch.save to a buffer).
std::string pickleSaveToBytes(const IValue& value);

}  // namespace ember::jit

namespace ember {
// torch.load / torch.save under their PyTorch names (ember::jit::load is torch.jit.load).
inline jit::IValue load(const std::string& path) { return jit::pickleLoad(path); }
inline void save(const jit::IValue& value, const std::string& path) { jit::pickleSave(value, path); }
}  // namespace ember
