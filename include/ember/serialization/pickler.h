// Writing IValues as Python pickles (protocol 2), in either of PyTorch's two dialects:
//  - torch.save style (the default): plain lists and dicts, any Python unpickler reads it;
//  - TorchScript archive style (`typeTags`): List[int]/List[float]/List[bool]/List[Tensor]
//    through torch.jit._pickle.build_*list, every other list and dict wrapped in
//    restore_type_tag with its static type, TorchScript objects as GLOBAL/NEWOBJ/BUILD and enums
//    as GLOBAL + value + REDUCE (FORMATS.md §3, §5.2).
//
// Tensors become `torch._utils._rebuild_tensor_v2` calls over a persistent id
// ('storage', torch.<T>Storage, key, location, numel) (§4): the bytes are not in the pickle; the
// caller writes each storage as record `<folder>/<key>`. Views of one storage share one key, and
// a value reached twice (the same tensor, list, dict or object) is written once and memoized, so
// aliasing survives a round trip. Cycles and nesting deeper than 1000 levels are errors.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ember/core/ivalue.h"
#include "ember/tensor/storage.h"

namespace ember::jit {

// A storage the pickle refers to by key.
struct PickledStorage {
  std::string key;  // "0", "1", ... in the order the pickler met them
  Storage storage;
  ScalarType dtype;
  // Bytes to write: the whole storage, rounded down to whole elements.
  size_t nbytes() const;
};

// For classes with __getstate__: returns the state to pickle, or nullopt for a plain object
// (its attributes as a dict).
using ObjectStateGetter = std::function<std::optional<IValue>(const IntrusivePtr<ObjectImpl>& object)>;

struct PicklerOptions {
  static constexpr size_t kMaxDepth = 1000;
  bool typeTags = false;             // TorchScript archive style (see above)
  ObjectStateGetter getState;        // archive style only
};

// Pickles `value`. Storages already in `storages` keep their keys (so several pickles of one
// archive can share records); new ones are appended with the next free number.
std::string pickle(const IValue& value, std::vector<PickledStorage>& storages, const PicklerOptions& options = {});

}  // namespace ember::jit
