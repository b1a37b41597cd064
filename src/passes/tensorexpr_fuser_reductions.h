// The reductions a CPU fusion group may end in (tensorexpr_fuser.h): sum and mean (a dim list,
// keepdim, dtype), amax/amin, softmax/log_softmax, and layer_norm over its normalized_shape. Shared, like tensorexpr_fuser_ops.h, by
// the partitioning pass (which types the result) and the group's kernel compiler (which lowers
// it): the group computes its pointwise chain a row at a time into an L1/L2 buffer and reduces
// each row with the tensor library's reduction kernels (reduce_kernels.h), so the chain's result
// never goes to memory.
//
// The kernel handles reduced dims that are a suffix of the (broadcast) shape, for softmax the
// last dim; other dims, empty tensors and rows too long for the row buffer run unfused.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "ember/tensor/scalar_type.h"

namespace ember::jit {

class Node;

enum class FusedReductionKind : uint8_t { Sum, Mean, Amax, Amin, Softmax, LogSoftmax, LayerNorm };

struct FusedReduction {
  FusedReductionKind kind = FusedReductionKind::Sum;
  std::vector<int64_t> dims;  // as written (may be negative); empty = every dim (sum, mean, amax, amin)
  bool keepdim = false;
  std::optional<ScalarType> dtype;  // sum, mean, softmax: the dtype= argument
  // layer_norm: dims are the normalized_shape's (-k..-1), sizes its sizes; weight and bias are
  // tensor inputs of the node (or absent).
  std::vector<int64_t> normalizedShape;
  bool hasWeight = false, hasBias = false;
  double eps = 0;

  // The result has the input's shape (a row in, a row out).
  bool isRowOp() const {
    return kind == FusedReductionKind::Softmax || kind == FusedReductionKind::LogSoftmax ||
           kind == FusedReductionKind::LayerNorm;
  }
  // The dtype the reduction computes and returns for an input of `input`, or nullopt when the
  // fused kernel does not cover it (only float32/float64).
  std::optional<ScalarType> resultDtype(ScalarType input) const;
  // The result's rank for an input of rank `rank`, or nullopt when a dim is out of range or
  // repeated (the unfused operator raises the error).
  std::optional<size_t> resultRank(size_t rank) const;
};

// The reduction `node` computes, or nullopt when it is not one the fuser handles (or its dims,
// keepdim or dtype are not constants).
std::optional<FusedReduction> fusedReductionOf(const Node* node);

// The reduced dims over a rank-`rank` shape as a bit mask, or nullopt when out of range or
// repeated.
std::optional<uint64_t> reducedDimMask(const FusedReduction& r, size_t rank);

const char* fusedReductionName(FusedReductionKind kind);

}  // namespace ember::jit
