// The cache of weights of convolutions and linear layers reordered into the blocked layouts
// oneDNN's kernels want, kept per weight storage and its write version (onednn_weight_cache.cpp;
// onednn_memory.h makes and finds the copies). EMBER_CONV_WEIGHT_CACHE=0 starts with it off.
#pragma once

#include <cstddef>

#include "ember/tensor/tensor.h"

namespace ember::onednn {

// On by default; switching clears the cache. cachedWeightCount() counts the entries in use.
void setWeightCaching(bool enabled);
size_t cachedWeightCount();
// Whether the weights' blocked copy would be found cached after a first call: caching is on and
// the weights are contiguous (a copy made for the call is a new storage every time).
bool weightsCacheable(const Tensor& weight);
// Whether a convolution or linear layer used these (cacheable) weights before, at their current
// write version. Blocked copies are made for reused weights only, and the routing takes kernels
// that need no blocked copy for weights seen for the first time.
bool weightsUsedBefore(const Tensor& weight);
// Notes a use of the weights (at the end of the call: within it, weightsUsedBefore still
// answers for the earlier calls).
void noteWeightsUsed(const Tensor& weight);
// Notes the weights as packed ahead of their first call (linalg::prepackLinearWeight), which
// counts as a use; weightsPrepacked answers true until they are written.
void noteWeightsPrepacked(const Tensor& weight);
bool weightsPrepacked(const Tensor& weight);
// Weights reordered into a blocked layout by this process so far (for tests).
size_t weightReorderCount();
// The bytes of blocked copies the cache keeps at most (1 GiB unless set; for tests); returns the
// previous limit. Full, it drops copies of weights written since, then takes no more.
size_t setPackedCacheLimit(size_t bytes);

}  // namespace ember::onednn
