// Loop unrolling with PyTorch 1.13's rules (its UnrollLoops), for `for` loops only (a Loop whose
// initial and body conditions are the constant True):
//  - a loop whose body is small (at most 32 executed nodes, nested blocks and their returns
//    included, constants not) and whose trip count is a constant below 64 is replaced by that
//    many copies of its body;
//  - any other small-bodied loop becomes a loop over trip_count // 8 iterations of 8 body copies,
//    followed by an epilogue loop for the remaining trip_count - 8 * (trip_count // 8).
// A body that reads the loop counter gets an explicit counter carried through the loop instead,
// so the copies and the epilogue continue its count. Inner loops are unrolled first. Dead code
// is removed afterwards when anything changed.
//
// unrollConstantLoops (`torch._C._jit_pass_constant_loop_unrolling`) unrolls only loops with a
// constant trip count, whatever their size (fully below 64 iterations, by 8 otherwise).
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

bool unrollLoops(const std::shared_ptr<Graph>& graph);
bool unrollConstantLoops(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
