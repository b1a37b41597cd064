// What ember's oneDNN primitives share: the engine, scratch memory from ember's allocator, and
// weights in a primitive's blocked layout through the cache of onednn_weight_cache.h.
#pragma once

#include <dnnl.hpp>

#include "ember/tensor/tensor.h"
#include "tensor/onednn_weight_cache.h"

namespace ember::onednn {

// The CPU engine every ember primitive runs on.
dnnl::engine& cpuEngine();

// Memory of layout `md` from ember's caching allocator; `holder` keeps it alive.
dnnl::memory scratch(const dnnl::memory::desc& md, Tensor& holder);

// `weight` (laid out as `userDesc`) in `layout`, into `holder`: from the cache while the weights'
// storage has not been written since, else made now (by `reorder` when given, built here when
// null; ember's own transform for oneDNN's Winograd layouts) and cached when `cacheable` and the
// weights were used before at this write version.
void weightsInLayout(const Tensor& weight, const dnnl::memory::desc& userDesc, const dnnl::memory::desc& layout,
                     const dnnl::reorder* reorder, bool cacheable, dnnl::stream& stream, Tensor& holder);

}  // namespace ember::onednn
