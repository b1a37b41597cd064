// Register chains: a run of a tile program's float instructions in which each one's result is
// read only by the next one (chain10's `(sqrt(relu((a*b+a)*0.5-b)+1)*a-b)*0.25`) becomes one
// instruction. Its kernel evaluates the run a few vectors at a time with the running value (the
// accumulator) in registers, reading the other operands (tiles in L1, or uniforms) as it goes;
// the per-op kernels instead load and store a tile slot for every op. The steps are dispatched
// once per strip of vectors, not per element.
//
// Only ops whose vector formula is correctly rounded, or a bit operation, join a chain (add and
// sub with alpha 1, mul, div, sqrt, rsqrt and reciprocal as 1/x, relu as max(0, x), abs, neg,
// clamp with number bounds),
// written as the tensor library's kernels write them, so a chain's result equals the per-op
// kernels' bit for bit. tile_chain.isa.cpp is compiled once per instruction set, like the
// tensor library's kernels, and picked at run time.
#pragma once

#include <cstdint>

#include "ember/tensor/scalar_type.h"
#include "runtime/fuser/tile_program.h"

namespace ember::jit {

// What a step does with the accumulator `acc` and its operand `x` (TileChainStep::op).
enum class TileChainOp : uint8_t {
  Load,  // acc = x (the first step)
  Add,   // acc + x
  Sub,   // acc - x
  RSub,  // x - acc
  Mul,   // acc * x
  Div,   // acc / x
  RDiv,  // x / acc
  Relu,  // max(0, acc)
  Sqrt,
  Rsqrt,       // 1 / sqrt(acc)
  Reciprocal,  // 1 / acc
  Abs,
  Neg,
  ClampMin,  // x > acc ? x : acc (clamp's lower number bound; a NaN bound gives NaN)
  ClampMax,  // x < acc ? x : acc (the upper one)
  Count
};

const char* tileChainOpName(TileChainOp op);  // for listings

// Replaces runs of at least two chainable instructions of `prog` (before its slots are
// assigned) by register chains.
void fuseRegisterChains(TileProgram& prog);

// Off: programs compiled from now on keep one instruction per op (for benchmarks' A/B runs;
// EMBER_FUSER_CHAINS=off in the environment starts with them off).
void setTileChainsEnabled(bool enabled);

// The chain kernel for Float or Double (nullptr for other dtypes), for the CPU's instruction set.
TileFn tileChainKernel(ScalarType dtype);

namespace isa_DEFAULT { TileFn tileChainKernel(ScalarType dtype); }
namespace isa_AVX2 { TileFn tileChainKernel(ScalarType dtype); }
namespace isa_AVX512 { TileFn tileChainKernel(ScalarType dtype); }

}  // namespace ember::jit
