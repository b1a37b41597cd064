// The operators the CPU fuser (tensorexpr_fuser.h) puts into prim::TensorExprGroup subgraphs, and
// their dtype rules. Shared by the partitioning pass, which needs to know which nodes it may
// fuse and what dtype each fused value gets, and by the group's kernel compiler
// (src/runtime/fuser/), which lowers the same nodes to tile instructions: one table, so the two
// can never disagree about what is fusible.
//
// A fused operand is described by its dtype and its "level" in PyTorch's type promotion: a
// tensor with dimensions, a 0-dim tensor, or a Python number (wrapped scalar). Promotion follows
// torch.result_type: the highest level decides within a category (bool < integer < floating),
// a lower level only lifts the category (`int_tensor * 2.5` is float32).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "ember/tensor/scalar_type.h"
#include "tensor/kernels/unary_kernels.h"

namespace ember::jit {

class Node;
class Value;

enum class FusedOpKind : uint8_t {
  Add,
  Sub,
  Rsub,
  Mul,
  Div,
  Minimum,
  Maximum,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  Where,
  Clamp,        // number bounds
  ClampTensor,  // tensor bounds (either may be None): operands self, then the bounds given
  Unary,
  Cast
};

// How a unary op treats integer inputs.
enum class UnaryIntRule : uint8_t {
  ToFloat,  // exp, log, sigmoid, ...: integers compute in float32
  Keep,     // abs, neg, relu: integers stay integers (int64 loops)
  Reject,   // gelu, silu, floor...: only floating inputs are fused
};

struct FusedOp {
  FusedOpKind kind;
  UnaryOp unary = UnaryOp::Count;  // for kind == Unary
  UnaryIntRule intRule = UnaryIntRule::Reject;
  // Indices of the node's inputs that are operands (tensors or Python numbers), in order; other
  // inputs (alpha, clamp bounds, dtype) are read by the lowering.
  std::vector<int> operands;
  UnaryParams params;  // for unary ops with number arguments (leaky_relu, hardtanh, elu, softplus)
};

// The fused description of `node`, or nullopt when the fuser does not handle this operator or
// this use of it (a non-constant alpha, a rounding mode, an approximate= that is not a constant).
std::optional<FusedOp> fusedOpOf(const Node* node);

enum class OperandLevel : uint8_t { Scalar = 0, ZeroDim = 1, Dimensioned = 2 };

struct FusedOperand {
  ScalarType dtype;
  OperandLevel level;
};

// The dtypes fused kernels compute with: Float, Double, Long, Bool.
bool isFusibleDtype(ScalarType t);

// torch.result_type over `operands`.
ScalarType promoteOperands(const std::vector<FusedOperand>& operands);

struct FusedTyping {
  ScalarType compute;  // the dtype the op computes in (operands are cast to it)
  ScalarType result;   // the dtype of its output
};

// The compute and result dtypes of `op` on `operands` (the node's other constant inputs give
// clamp bounds and the cast's dtype), or nullopt when the fused kernels do not cover them.
std::optional<FusedTyping> fusedTyping(const Node* node, const FusedOp& op, const std::vector<FusedOperand>& operands);

// The operand description of a Python-number value (int, float or bool type), or nullopt.
std::optional<FusedOperand> scalarOperandOf(const Value* v);

}  // namespace ember::jit
