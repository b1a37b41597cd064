// LowerSimpleTuples: a prim::TupleUnpack or a prim::TupleIndex with a constant index whose tuple
// comes straight from a prim::TupleConstruct reads the construct's input instead; the tuples left
// unused go with the dead code elimination that follows.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

void lowerSimpleTuples(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
