// Reading Python pickles (the `.pkl` records of PyTorch archives) into IValues.
//
// The unpickler is a stack machine over the opcodes PyTorch's two picklers emit (FORMATS.md §3:
// protocol 2, plus the protocol 3/4 opcodes torch.save may use with another pickle_protocol).
// Nothing in the pickle is ever executed: GLOBAL names are looked up in a fixed allow-list
// (tensor rebuilding, OrderedDict, torch.Size, torch.device, dtypes, complex, set, bytes, and
// the torch.jit._pickle helpers); anything else fails with "unsupported global ...".
// TorchScript classes (`__torch__.*`) go through a caller-provided resolver.
//
// Python values that TorchScript lacks map as follows: OrderedDict -> Dict, torch.Size -> tuple
// of ints, a dtype object -> its ScalarType code (an int, as TorchScript represents dtypes),
// bytes -> str, set/frozenset -> List, nn.Parameter -> a Tensor with requires_grad. Lists and
// dicts without a type tag get their element types from their contents (List[Any] when the
// elements share no type). Quantized and sparse tensors and ints beyond 64 bits are errors.
//
// Hostile input (truncation, bad memo indices, huge lengths, cycles, nesting deeper than
// UnpicklerOptions::maxDepth) gives ember::Error; allocations are bounded by the input size.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "ember/core/ivalue.h"
#include "ember/core/type.h"
#include "ember/tensor/storage.h"
#include "ember/tensor/tensor.h"

namespace ember::jit {

// Returns the bytes of the storage a persistent id ('storage', torch.<T>Storage, key, location,
// numel) names. The caller owns record lookup and caching by key, so that tensors sharing a key
// (views) share one Storage.
using StorageLoader =
    std::function<Storage(const std::string& key, ScalarType dtype, const std::string& location)>;
// Maps a qualified TorchScript class name (`__torch__.foo.Bar`) to its ClassType or EnumType;
// returns nullptr for unknown names.
using ClassResolver = std::function<TypePtr(const std::string& qualifiedName)>;
// Applies BUILD's state to an object NEWOBJ created: `state` is the attribute dict for plain
// objects, or whatever `__getstate__` returned for classes with `__setstate__`. Returns false to
// leave the object to the default (a dict state sets the named attributes).
using ObjectBuilder = std::function<bool(const IntrusivePtr<ObjectImpl>& object, const IValue& state)>;

struct UnpicklerOptions {
  static constexpr size_t kDefaultMaxDepth = 1000;
  // Needed when the pickle holds tensors.
  StorageLoader storageLoader;
  // Needed for `__torch__.*` globals.
  ClassResolver classResolver;
  // Optional, tried first. The default sets each attribute of a dict state (adding undeclared
  // ones to the class) and rejects non-dict states.
  ObjectBuilder objectBuilder;
  // Tensors that `torch.jit._pickle.build_tensor_from_id(i)` refers to.
  const std::vector<Tensor>* tensorTable = nullptr;
  // Longest allowed chain of nested containers.
  size_t maxDepth = kDefaultMaxDepth;
};

// Unpickles one complete pickle.
IValue unpickle(std::string_view data, const UnpicklerOptions& options = {});

// The dtype a storage class name stands for: "FloatStorage" -> Float, "BFloat16Storage" ->
// BFloat16. Throws for unknown or unsupported names.
ScalarType scalarTypeFromStorageName(std::string_view name);
// The reverse: Float -> "FloatStorage".
std::string storageNameFromScalarType(ScalarType type);

}  // namespace ember::jit
