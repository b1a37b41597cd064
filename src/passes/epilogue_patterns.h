// The epilogue shapes the heavy-op epilogue passes recognise (fuse_conv_epilogue,
// fuse_linear_epilogue): an activation with constant arguments applied to a value, and an add
// of a value with alpha 1 (functional in either operand order, or in place writing the value).
#pragma once

#include <optional>
#include <string>

namespace ember::jit {

class Node;
class Value;

// The single node using `v`, or null when it has no use or several.
Node* onlyUser(const Value* v);

// An activation node applied to a value, as the fused operators name it: "relu", "hardtanh"
// (clamped to [lo, hi]; relu6 is hardtanh 0..6), "silu", "gelu", "gelu_tanh", "hardswish",
// "sigmoid".
struct EpilogueActivation {
  Node* node = nullptr;
  std::string name;
  double lo = 0, hi = 0;
};

// `n` as an activation of `v` (its input 0), functional or in place, with constant arguments.
std::optional<EpilogueActivation> epilogueActivationOf(Node* n, const Value* v);

// The other operand of `add`, an add of `v` with alpha 1 (an in-place add must write `v`), or
// null.
Value* epilogueAddendOf(Node* add, const Value* v);

}  // namespace ember::jit
