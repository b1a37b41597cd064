// A fusion group compiled for one signature of its inputs (dtypes, 0-dim or not, which scalars):
// a straight-line program over "values", each a tile of up to kTileElements elements (or one
// uniform element). The executor (tile_executor.h) walks the output in tiles that stay in L1 and
// runs every instruction over each tile; only the group's outputs are written to memory.
//
// Floating-point instructions call the tensor library's vector kernels (unary_kernels.h,
// binary_kernels.h: SLEEF, AVX2/AVX-512 picked at run time), so fused results are bit-identical
// to the unfused operators; the others (comparisons, where, casts, integer arithmetic,
// minimum/maximum, clamp) are short loops in tile_kernels.cpp written with the same formulas as
// the unfused kernels. Compiling takes microseconds and the program does not depend on sizes.
// A program may end in a reduction (TileReduction: its input is a "row buffer" value) and may
// read pieces of chunked inputs (TileChunkView).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ember/core/ivalue.h"
#include "ember/tensor/scalar_type.h"
#include "passes/tensorexpr_fuser_reductions.h"
#include "tensor/kernels/binary_kernels.h"
#include "tensor/kernels/unary_kernels.h"

namespace ember::jit {

class Graph;

inline constexpr int64_t kTileElements = 1024;
inline constexpr int64_t kTileSlotBytes = kTileElements * 8;
// Operands of one instruction at most (a register chain's distinct operands, tile_chain.h).
inline constexpr int kMaxTileArgs = 8;
// Steps of one register chain at most.
inline constexpr int kMaxChainSteps = 16;

enum class TileValueKind : uint8_t {
  Input,    // a tensor input of the group (read in place, broadcast, or gathered into a slot)
  Uniform,  // one element for the whole run: a constant or a Python-number input
  Temp,     // a slot of the tile buffer
  Output,   // written straight into an output tensor
  RowBuffer,  // the input of the group's reduction: written into the row buffer, reduced per row
};

struct TileValue {
  TileValueKind kind;
  ScalarType dtype;
  int index;      // input index / uniform index / slot / output index
  int slot = -1;  // for inputs: the slot a gather fills
};

struct TileInstr;
// A primitive: ptrs[0] = destination, ptrs[1..] = operands, byte strides 0 (uniform) or the
// element size; n elements.
using TileFn = void (*)(char* const* ptrs, const int64_t* strides, int64_t n, const TileInstr& instr);

// One step of a register chain (tile_chain.h): `op` applied to the accumulator and operand
// `arg` (an index into TileInstr::args, or -1: the accumulator itself).
struct TileChainStep {
  uint8_t op = 0;
  int8_t arg = -1;
};

struct TileInstr {
  TileFn fn = nullptr;
  int dst = -1;
  int args[kMaxTileArgs] = {-1, -1, -1, -1, -1, -1, -1, -1};
  int numArgs = 0;
  UnaryKernelFn unary = nullptr;
  UnaryParams params;
  UnaryOp unaryOp = UnaryOp::Count;  // the float unary op, for register chains
  BinaryKernelFn binary = nullptr;
  BinaryArithOp binaryOp = BinaryArithOp::Add;
  bool clampMin = false, clampMax = false;  // clamp with number bounds: which are given
  double alpha = 1.0;
  int64_t alphaInt = 1;
  const char* name = "";  // for listings
  // A register chain: the steps run per vector with the accumulator in registers.
  TileChainStep chain[kMaxChainSteps];
  int chainLength = 0;
};

// How a uniform's element is obtained at the start of a run.
struct TileUniform {
  ScalarType dtype;
  int inputIndex = -1;  // a Python-number input of the group, or -1 for `constant`
  IValue constant;
};

// The reduction a group ends in: `input` (a RowBuffer value of dtype `dtype`) is reduced into
// `output` (an Output value) over the dims of `op`.
struct TileReduction {
  FusedReduction op;
  int input = -1;
  int output = -1;
  ScalarType dtype;
  int weightInput = -1, biasInput = -1;  // layer_norm: group inputs, or -1
};

// A piece of a group input split by aten::chunk: read in place like an input of its own (the
// executor appends the pieces after the group's inputs).
//
// A chunk of a value computed in the group (PyTorch's BroadcastingChunk) is compiled as that
// value's chain once per piece, reading "broadcasting" views of the chain's inputs (`rank` >= 0,
// the chunked value's rank, `dim` relative to it): an input of size 1 along the dim (or without
// it) is read whole, the others are split in `chunks` equal pieces. `source` tells chunks apart.
struct TileChunkView {
  int input;  // the group input chunked
  int64_t chunks, dim, piece;
  int rank = -1;
  int source = -1;
};

struct TileProgram {
  std::vector<TileValue> values;
  std::vector<TileInstr> instrs;
  std::vector<TileUniform> uniforms;
  std::vector<int> inputValues;        // per group input, then per chunk view: its value, or -1 (a scalar
                                       // input, read as uniforms)
  std::vector<TileChunkView> chunkViews;
  std::vector<int> outputValues;       // per group output: its value
  std::vector<uint64_t> outputInputs;  // per group output: bit i set when it depends on input i (bits past
                                       // the group's inputs: chunk views)
  int numSlots = 0;
  std::optional<TileReduction> reduction;  // the group ends in a reduction: run row by row

  std::string str() const;  // a listing, for logs and tests
};

// Compiles `subgraph` (a prim::TensorExprGroup body) for the group inputs on `stack` (the last
// subgraph->inputs().size() values). nullopt when the fused kernels do not cover this signature
// (an unsupported dtype, an operator outside the table): the group then runs unfused.
std::optional<TileProgram> compileTileProgram(const Graph& subgraph, const IValue* inputs);

// The cache key of the inputs' signature (what compileTileProgram depends on).
std::string tileSignature(const IValue* inputs, size_t n);

}  // namespace ember::jit
