// Hashing and comparing nodes' attributes, shared by the passes that bucket equal nodes (CSE,
// constant pooling). Node equality stays with each pass: what counts as the same node differs
// between them.
#pragma once

#include <cstddef>

#include "ember/core/symbol.h"

namespace ember::jit {

class Node;

// Mixes `h` into `seed` (boost's hash_combine constant).
inline size_t hashCombine(size_t seed, size_t h) { return seed ^ (h + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2)); }

// A hash of attribute `name` of `n`: ints, floats (by bits), strings and int lists by value;
// other kinds hash to 0 (equal nodes still meet in a bucket, and the pass's equality decides).
size_t hashNodeAttribute(const Node* n, Symbol name);

// The attributes' names and values combined.
size_t hashNodeAttributes(const Node* n);

// Whether attribute `name` of `a` is present in `b` with the same kind and value: numbers by bits
// (NaN equals NaN, 0.0 differs from -0.0), tensors by identity. Graphs and lists of tensors or
// types never compare equal, so nodes holding them are never merged.
bool nodeAttributeEqual(const Node* a, const Node* b, Symbol name);

}  // namespace ember::jit
