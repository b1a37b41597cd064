// The tile primitives that are not the tensor library's float kernels: integer arithmetic,
// comparisons, where, minimum/maximum, clamp, casts, and the adapters that call the float
// kernels (unary_kernels.h, binary_kernels.h) with a TileInstr. Each uses the same element
// formula as the unfused operator (pointwise_arith.cpp, pointwise_pow.cpp, dtype_convert.h), so
// fusing never changes a result. All take the TileFn contract of tile_program.h.
#pragma once

#include "passes/tensorexpr_fuser_ops.h"
#include "runtime/fuser/tile_program.h"

namespace ember::jit {

// dst = op(a) through the float kernel in instr.unary.
TileFn tileFloatUnary();
// dst = a + alpha*b / a*b / a/b through the float kernel in instr.binary.
TileFn tileFloatBinary();
// Integer (Long) add/sub/rsub/mul with instr.alphaInt, abs/neg/relu; nullptr if not covered.
TileFn tileIntArith(FusedOpKind kind, UnaryOp unary = UnaryOp::Count);
// Comparison of two `dtype` operands into Bool.
TileFn tileCompare(FusedOpKind kind, ScalarType dtype);
// dst = cond ? a : b (cond Bool, a and b of `dtype`).
TileFn tileWhere(ScalarType dtype);
// minimum / maximum, NaN-propagating for floats.
TileFn tileMinMax(bool isMax, ScalarType dtype);
// clamp(a, lo, hi) for a floating dtype; lo/hi are operands 2 and 3 (uniforms), either may be
// absent (numArgs tells which: args[1] = lo or -1, args[2] = hi or -1).
TileFn tileClamp(ScalarType dtype, bool hasMin, bool hasMax);
// clamp(a, lo, hi) with tensor bounds (operands 2 and 3, per element or uniform) for a floating
// dtype, as pointwise_ternary.cpp's clampValue / clampMinValue / clampMaxValue: a NaN bound
// gives NaN. With one bound it is operand 2.
TileFn tileClampTensor(ScalarType dtype, bool hasMin, bool hasMax);
// dst (to) = convert(a (from)), as the copy kernel converts.
TileFn tileCast(ScalarType from, ScalarType to);

}  // namespace ember::jit
