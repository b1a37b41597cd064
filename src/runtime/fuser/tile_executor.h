// Running a TileProgram (tile_program.h) on a group's inputs. The output shape is the broadcast
// of the tensor inputs; the output is walked in tiles of kTileElements elements, each tile
// running every instruction with its values in a per-thread slot buffer that stays in L1. Per
// run, each tensor input is read in place (contiguous, of the output's shape), as one element
// (every dimension broadcast), or gathered into its slot (strided or partly broadcast). Tiles
// are split across the shared intra-op pool (parallel.h) above kGrainSize elements.
//
// Memory-bound chains: while a tile computes, the next tile's in-place inputs are prefetched
// into L2, and outputs of 4 MiB or more are computed into L1 slots and written with streaming
// (non-temporal) stores, which skip the read of each output line a normal store costs. Values
// that do not move between tiles (slots, uniforms) are bound once per run of tiles.
//
// A program ending in a reduction (TileProgram::reduction) runs row by row instead: the reduced
// dims must be a suffix of the shape; blocks of whole rows (or windows of one long row) are
// computed into a per-thread row buffer and reduced with the tensor library's row kernels.
// Chunked inputs (TileProgram::chunkViews) are split with `chunk` and their pieces read like
// inputs of their own; the iteration shape is the broadcast of what the outputs depend on.
#pragma once

#include <optional>
#include <vector>

#include "ember/core/ivalue.h"
#include "runtime/fuser/tile_program.h"

namespace ember::jit {

// Runs `program` on the `numInputs` values at `inputs` and fills `outputs` (fresh contiguous
// tensors). Returns false, having computed nothing, when these inputs need the unfused path:
// shapes that do not broadcast (the unfused ops raise the error), or an output whose shape is
// not the full broadcast shape.
bool runTileProgram(const TileProgram& program, const IValue* inputs, size_t numInputs, std::vector<Tensor>& outputs);

// For a program with one output and no reduction (a piece of a fused cat): the shape its output
// would have on these inputs, or nullopt where runTileProgram would decline.
std::optional<std::vector<int64_t>> tileProgramShape(const TileProgram& program, const IValue* inputs,
                                                     size_t numInputs);

// Runs such a program straight into whole.narrow(dim, offset, size) (`whole` contiguous, of the
// output's dtype and rank, equal to its shape off `dim`): in place when the slice is contiguous,
// else each tile computed into an L1 slot and copied out by rows. False, having written
// nothing, when the shapes or dtype do not fit.
bool runTileProgramInto(const TileProgram& program, const IValue* inputs, size_t numInputs, const Tensor& whole,
                        int64_t dim, int64_t offset);

}  // namespace ember::jit
