// The fuser's operator table and dtype rules (see tensorexpr_fuser_ops.h).
#include "passes/tensorexpr_fuser_ops.h"

#include <string>
#include <unordered_map>

#include "ember/core/function_schema.h"
#include "ember/core/symbols.h"
#include "ember/ir/ir.h"

namespace ember::jit {
namespace {

struct UnaryEntry {
  UnaryOp op;
  UnaryIntRule intRule;
};

const std::unordered_map<std::string, UnaryEntry>& unaryTable() {
  using R = UnaryIntRule;
  static const std::unordered_map<std::string, UnaryEntry> table = {
      {"aten::abs", {UnaryOp::Abs, R::Keep}},
      {"aten::neg", {UnaryOp::Neg, R::Keep}},
      {"aten::relu", {UnaryOp::Relu, R::Keep}},
      {"aten::exp", {UnaryOp::Exp, R::ToFloat}},
      {"aten::exp2", {UnaryOp::Exp2, R::ToFloat}},
      {"aten::expm1", {UnaryOp::Expm1, R::ToFloat}},
      {"aten::log", {UnaryOp::Log, R::ToFloat}},
      {"aten::log2", {UnaryOp::Log2, R::ToFloat}},
      {"aten::log10", {UnaryOp::Log10, R::ToFloat}},
      {"aten::log1p", {UnaryOp::Log1p, R::ToFloat}},
      {"aten::sqrt", {UnaryOp::Sqrt, R::ToFloat}},
      {"aten::rsqrt", {UnaryOp::Rsqrt, R::ToFloat}},
      {"aten::sin", {UnaryOp::Sin, R::ToFloat}},
      {"aten::cos", {UnaryOp::Cos, R::ToFloat}},
      {"aten::tan", {UnaryOp::Tan, R::ToFloat}},
      {"aten::tanh", {UnaryOp::Tanh, R::ToFloat}},
      {"aten::sigmoid", {UnaryOp::Sigmoid, R::ToFloat}},
      {"aten::erf", {UnaryOp::Erf, R::ToFloat}},
      {"aten::erfc", {UnaryOp::Erfc, R::ToFloat}},
      {"aten::reciprocal", {UnaryOp::Reciprocal, R::ToFloat}},
      {"aten::atan", {UnaryOp::Atan, R::ToFloat}},
      {"aten::silu", {UnaryOp::Silu, R::Reject}},
      {"aten::floor", {UnaryOp::Floor, R::Reject}},
      {"aten::ceil", {UnaryOp::Ceil, R::Reject}},
      {"aten::trunc", {UnaryOp::Trunc, R::Reject}},
      {"aten::frac", {UnaryOp::Frac, R::Reject}},
      {"aten::gelu", {UnaryOp::Gelu, R::Reject}},
      {"aten::mish", {UnaryOp::Mish, R::Reject}},
      {"aten::hardswish", {UnaryOp::Hardswish, R::Reject}},
      {"aten::hardsigmoid", {UnaryOp::Hardsigmoid, R::Reject}},
      {"aten::leaky_relu", {UnaryOp::LeakyRelu, R::Reject}},
      {"aten::hardtanh", {UnaryOp::Hardtanh, R::Reject}},
      {"aten::softplus", {UnaryOp::Softplus, R::Reject}},
      {"aten::elu", {UnaryOp::Elu, R::Reject}},
  };
  return table;
}

bool isConstant(const Value* v) { return v->node()->kind() == prim::Constant; }

// A binary op with an optional alpha: fusible when alpha is a constant number.
std::optional<FusedOp> binary(const Node* n, FusedOpKind kind, bool hasAlpha) {
  if (hasAlpha && (n->inputs().size() < 3 || !isConstant(n->input(2)))) return std::nullopt;
  return FusedOp{kind, UnaryOp::Count, UnaryIntRule::Reject, {0, 1}};
}

std::optional<FusedOp> unary(const Node* n, const std::string& name) {
  auto it = unaryTable().find(name);
  if (it == unaryTable().end()) return std::nullopt;
  UnaryOp op = it->second.op;
  if (op == UnaryOp::Gelu) {
    // approximate='none' or 'tanh', as a constant.
    if (n->inputs().size() != 2 || !isConstant(n->input(1))) return std::nullopt;
    std::optional<IValue> a = toIValue(n->input(1));
    if (!a || !a->isString()) return std::nullopt;
    if (a->toStringRef() == "tanh")
      op = UnaryOp::GeluTanh;
    else if (a->toStringRef() != "none")
      return std::nullopt;
    return FusedOp{FusedOpKind::Unary, op, it->second.intRule, {0}};
  }
  // The activations' number arguments, all constants, become the kernel's parameters exactly as
  // the unfused operators compute them (activation.cpp).
  std::vector<double> args;
  for (size_t i = 1; i < n->inputs().size(); ++i) {
    std::optional<IValue> v = isConstant(n->input(i)) ? toIValue(n->input(i)) : std::nullopt;
    if (!v || !(v->isDouble() || v->isInt())) return std::nullopt;
    args.push_back(v->isDouble() ? v->toDouble() : static_cast<double>(v->toInt()));
  }
  FusedOp out{FusedOpKind::Unary, op, it->second.intRule, {0}};
  size_t want = 0;
  switch (op) {
    case UnaryOp::LeakyRelu:
      want = 1;
      break;
    case UnaryOp::Hardtanh:
    case UnaryOp::Softplus:
      want = 2;
      break;
    case UnaryOp::Elu:
      want = 3;
      break;
    default:
      break;
  }
  if (args.size() != want) return std::nullopt;
  if (op == UnaryOp::Elu) {
    out.params = UnaryParams{args[0] * args[1], args[1], args[2]};
  } else {
    if (want > 0) out.params.a = args[0];
    if (want > 1) out.params.b = args[1];
  }
  return out;
}

std::optional<FusedOp> byName(const Node* n, const std::string& name, const std::string& overload) {
  using K = FusedOpKind;
  bool tensorOrScalar = overload == "Tensor" || overload == "Scalar";
  if (name == "aten::add" && tensorOrScalar) return binary(n, K::Add, true);
  if (name == "aten::sub" && tensorOrScalar) return binary(n, K::Sub, true);
  if (name == "aten::rsub" && tensorOrScalar) return binary(n, K::Rsub, true);
  if (name == "aten::mul" && tensorOrScalar) return binary(n, K::Mul, false);
  if (name == "aten::div" && tensorOrScalar) return binary(n, K::Div, false);
  if (name == "aten::minimum" && overload.empty()) return binary(n, K::Minimum, false);
  if (name == "aten::maximum" && overload.empty()) return binary(n, K::Maximum, false);
  static const std::unordered_map<std::string, K> compares = {{"aten::eq", K::Eq}, {"aten::ne", K::Ne},
                                                              {"aten::lt", K::Lt}, {"aten::le", K::Le},
                                                              {"aten::gt", K::Gt}, {"aten::ge", K::Ge}};
  if (auto c = compares.find(name); c != compares.end() && tensorOrScalar) return binary(n, c->second, false);
  if (name == "aten::where" && n->inputs().size() == 3 && overload != "Scalar")
    return FusedOp{K::Where, UnaryOp::Count, UnaryIntRule::Reject, {0, 1, 2}};
  if (name == "aten::clamp" && overload.empty()) {
    for (size_t i = 1; i < 3; ++i)
      if (!isConstant(n->input(i)) && !scalarOperandOf(n->input(i))) return std::nullopt;
    return FusedOp{K::Clamp, UnaryOp::Count, UnaryIntRule::Reject, {0}};
  }
  if (name == "aten::clamp" && overload == "Tensor" && n->inputs().size() == 3) {
    FusedOp op{K::ClampTensor, UnaryOp::Count, UnaryIntRule::Reject, {0}};
    for (int i = 1; i < 3; ++i) {
      const Value* b = n->input(i);
      if (b->node()->kind() == prim::Constant && toIValue(b)->isNone()) continue;
      if (b->type()->kind() != TypeKind::TensorType) return std::nullopt;
      op.operands.push_back(i);
    }
    if (op.operands.size() == 1) return std::nullopt;  // both None: the operator's error
    return op;
  }
  if (name == "aten::to" && overload == "dtype") {
    // Constant dtype, no copy= or memory_format requests.
    for (size_t i = 1; i < n->inputs().size(); ++i)
      if (!isConstant(n->input(i))) return std::nullopt;
    if (n->inputs().size() > 4 && !toIValue(n->input(4))->isNone()) return std::nullopt;
    return FusedOp{K::Cast, UnaryOp::Count, UnaryIntRule::Reject, {0}};
  }
  if (overload.empty()) return unary(n, name);
  return std::nullopt;
}

bool isFloat(ScalarType t) { return t == ScalarType::Float || t == ScalarType::Double; }

// PyTorch's combine_categories(higher, lower) restricted to the fusible dtypes.
std::optional<ScalarType> combine(std::optional<ScalarType> higher, std::optional<ScalarType> lower) {
  if (!higher) return lower;
  if (!lower) return higher;
  if (isFloat(*higher)) return higher;
  if (*higher == ScalarType::Bool || isFloat(*lower)) return promoteTypes(*higher, *lower);
  return higher;
}

std::optional<double> constantNumber(const Value* v) {
  std::optional<IValue> iv = toIValue(v);
  if (!iv || !(iv->isDouble() || iv->isInt() || iv->isBool())) return std::nullopt;
  return iv->isDouble() ? iv->toDouble() : static_cast<double>(iv->isInt() ? iv->toInt() : iv->toBool());
}

bool isNoneConstant(const Value* v) {
  std::optional<IValue> iv = toIValue(v);
  return iv && iv->isNone();
}

}  // namespace

std::optional<FusedOp> fusedOpOf(const Node* node) {
  const FunctionSchema* schema = node->maybeSchema();
  if (!schema) return std::nullopt;
  if (schema->returns().size() != 1 || node->outputs().size() != 1) return std::nullopt;
  return byName(node, schema->name(), schema->overloadName());
}

bool isFusibleDtype(ScalarType t) {
  return t == ScalarType::Float || t == ScalarType::Double || t == ScalarType::Long || t == ScalarType::Bool;
}

ScalarType promoteOperands(const std::vector<FusedOperand>& operands) {
  std::optional<ScalarType> byLevel[3];
  for (const FusedOperand& o : operands) {
    auto& r = byLevel[static_cast<int>(o.level)];
    r = r ? promoteTypes(*r, o.dtype) : o.dtype;
  }
  return *combine(byLevel[2], combine(byLevel[1], byLevel[0]));
}

std::optional<FusedOperand> scalarOperandOf(const Value* v) {
  switch (v->type()->kind()) {
    case TypeKind::FloatType:
      return FusedOperand{ScalarType::Float, OperandLevel::Scalar};  // default dtype
    case TypeKind::IntType:
      return FusedOperand{ScalarType::Long, OperandLevel::Scalar};
    case TypeKind::BoolType:
      return FusedOperand{ScalarType::Bool, OperandLevel::Scalar};
    default:
      return std::nullopt;
  }
}

std::optional<FusedTyping> fusedTyping(const Node* node, const FusedOp& op, const std::vector<FusedOperand>& operands) {
  using K = FusedOpKind;
  for (const FusedOperand& o : operands)
    if (!isFusibleDtype(o.dtype)) return std::nullopt;
  ScalarType r = promoteOperands(operands);
  switch (op.kind) {
    case K::Add:
    case K::Sub:
    case K::Rsub:
    case K::Mul: {
      if (r == ScalarType::Bool) return std::nullopt;
      std::optional<double> alpha = op.kind == K::Mul ? std::optional<double>(1.0) : constantNumber(node->input(2));
      if (!alpha) return std::nullopt;
      if (op.kind != K::Mul) {
        // Integer results take integer alphas only; a bool alpha is rejected by the operator.
        std::optional<IValue> a = toIValue(node->input(2));
        if (a->isBool() || (!isFloat(r) && a->isDouble())) return std::nullopt;
      }
      return FusedTyping{r, r};
    }
    case K::Div: {
      ScalarType c = isFloat(r) ? r : ScalarType::Float;
      return FusedTyping{c, c};
    }
    case K::Minimum:
    case K::Maximum:
      if (r == ScalarType::Bool) return std::nullopt;
      return FusedTyping{r, r};
    case K::Eq:
    case K::Ne:
    case K::Lt:
    case K::Le:
    case K::Gt:
    case K::Ge:
      if (r == ScalarType::Bool) return std::nullopt;
      return FusedTyping{r, ScalarType::Bool};
    case K::Where: {
      if (operands[0].dtype != ScalarType::Bool) return std::nullopt;
      ScalarType v = promoteOperands({operands[1], operands[2]});
      return FusedTyping{v, v};
    }
    case K::Clamp: {
      ScalarType self = operands[0].dtype;
      if (!isFloat(self)) return std::nullopt;
      if (isNoneConstant(node->input(1)) && isNoneConstant(node->input(2))) return std::nullopt;
      return FusedTyping{self, self};
    }
    case K::ClampTensor:
      // Floating only: integer and bool bounds have their own rules (bool min is `or`).
      if (!isFloat(r)) return std::nullopt;
      return FusedTyping{r, r};
    case K::Unary: {
      ScalarType self = operands[0].dtype;
      if (isFloat(self)) return FusedTyping{self, self};
      if (self == ScalarType::Bool) {
        if (op.intRule != UnaryIntRule::ToFloat) return std::nullopt;
        return FusedTyping{ScalarType::Float, ScalarType::Float};
      }
      if (op.intRule == UnaryIntRule::ToFloat) return FusedTyping{ScalarType::Float, ScalarType::Float};
      if (op.intRule == UnaryIntRule::Keep) return FusedTyping{self, self};
      return std::nullopt;
    }
    case K::Cast: {
      std::optional<IValue> d = toIValue(node->input(1));
      if (!d || !d->isInt()) return std::nullopt;
      auto t = static_cast<ScalarType>(d->toInt());
      if (!isFusibleDtype(t)) return std::nullopt;
      return FusedTyping{t, t};
    }
  }
  return std::nullopt;
}

}  // namespace ember::jit
