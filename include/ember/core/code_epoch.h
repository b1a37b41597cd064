// The code epoch: a count of changes to compiled code that executor plans are built from (a graph
// function's body replaced, a method added to or removed from a class). A plan prepared ahead of
// its first call, when an archive loads, is discarded when the epoch moved in between
// (GraphFunction::prepareAhead, ExecutorSettings).
#pragma once

#include <cstdint>

namespace ember::jit {

uint64_t codeEpoch();
void noteCodeChanged();

}  // namespace ember::jit
