// CanonicalizeModifiedLoops: a for-loop (a real trip count) whose continue condition is not
// always true (it has a break, or a return inside) becomes a while-loop with its own counter,
// as PyTorch does right after conversion to SSA, so such loops print and export alike:
//   %c0 = aten::gt(%n, 0); prim::Loop(max, %c0 [and init], carried..., 0)
//   body: ...; %k1 = aten::add(%k, 1); %c = aten::__and__(aten::lt(%k1, %n), next_cond)
#pragma once

#include "ember/ir/ir.h"

namespace ember::jit {

void canonicalizeModifiedLoops(Graph& graph);

}  // namespace ember::jit
