// Sizes wrapped in tensors, as torch.jit.trace records them: `prim::NumToTensor(aten::size(x, 0))`,
// integer arithmetic on those 0-dim tensors (`aten::floor_divide`, `aten::mul`, ...) and
// `aten::Int` back to a scalar. They carry a size, not tensor data: the tracer follows them as
// symbolic scalars instead of recording tensor operators (and instead of refusing `aten::Int` as
// a data-dependent read). One used as a real tensor is materialised with aten.scalar_tensor.
#include "ember/core/operator.h"
#include "ember/error.h"
#include "tracer.h"

namespace ember::exporter {

using jit::IValue;

namespace {

// The scalar operator computing the same as an arithmetic operator on integer tensors.
const char* scalarOpFor(const std::string& name) {
  if (name == "aten::add") return "aten::add.int";
  if (name == "aten::sub") return "aten::sub.int";
  if (name == "aten::mul") return "aten::mul.int";
  if (name == "aten::floor_divide") return "aten::floordiv.int";
  if (name == "aten::remainder") return "aten::remainder.int";
  return nullptr;
}

}  // namespace

std::optional<SymExpr> Tracer::symTensor(const Tensor& t) const {
  auto it = symTensors_.find(t.impl());
  if (it == symTensors_.end() || !t.defined() || wasMutated(t)) return std::nullopt;
  return it->second.second;
}

bool Tracer::runNumToTensor(const jit::Node* n, Frame& f, jit::Stack stack) {
  if (stack.size() != 1 || !stack[0].isInt() || f.dataDependent.count(n->input(0))) return false;
  std::optional<SymExpr> s = symOf(f, n->input(0));
  SymExpr e = s ? *s : SymExpr(stack[0].toInt());
  n->getOperator().getOperation(n)(stack);
  if (stack.size() != 1 || !stack[0].isTensor()) return false;
  f.env[n->output()] = stack[0];
  f.syms.erase(n->output());
  symTensors_[stack[0].toTensor().impl()] = {stack[0].toTensor(), e};
  return true;
}

bool Tracer::readSymTensor(const jit::Node* n, Frame& f, const jit::Stack& inputs) {
  const std::string& name = n->maybeOperator()->schema().name();
  if (name != "aten::Int" && name != "aten::ScalarImplicit") return false;
  if (inputs.size() != 1 || !inputs[0].isTensor()) return false;
  std::optional<SymExpr> s = symTensor(inputs[0].toTensor());
  if (!s) return false;
  jit::Stack stack = inputs;
  n->getOperator().getOperation(n)(stack);
  f.env[n->output()] = stack.at(0);
  f.syms.erase(n->output());
  if (!s->isConst()) f.syms[n->output()] = *s;
  return true;
}

bool Tracer::runSymTensorArithmetic(const jit::Node* n, Frame& f, const jit::Operator& op) {
  const char* scalar = scalarOpFor(op.schema().name());
  // `embed_dim // num_heads` traced as div(t, c, rounding_mode="trunc"): sizes are not
  // negative, so it is floor division.
  bool roundedDiv = false;
  if (op.schema().name() == "aten::div" && n->inputs().size() == 3) {
    const IValue& mode = f.env.at(n->input(2));
    roundedDiv = mode.isString() && (mode.toStringRef() == "trunc" || mode.toStringRef() == "floor");
    if (roundedDiv) scalar = "aten::floordiv.int";
  }
  if (!scalar || n->outputs().size() != 1) return false;
  jit::Stack stack;
  std::vector<SymExpr> args;
  bool anyTensor = false;
  for (const jit::Value* v : n->inputs()) {
    const IValue& value = f.env.at(v);
    stack.push_back(value);
    if (args.size() == 2) continue;  // alpha of add/sub: only the default is followed
    if (value.isTensor()) {
      const Tensor& t = value.toTensor();
      std::optional<SymExpr> s = symTensor(t);
      // A 0-dim integer constant the program did not compute (traced `size // 2` holds {2}).
      if (!s && t.defined() && t.dim() == 0 && isIntegralType(t.scalar_type(), false) && !currentNodeIfTraced(t))
        s = SymExpr(t.item().toLong());
      if (!s) return false;
      args.push_back(*s);
      anyTensor = true;
    } else if (value.isInt() && !f.dataDependent.count(v)) {
      std::optional<SymExpr> s = symOf(f, v);
      args.push_back(s ? *s : SymExpr(value.toInt()));
    } else {
      return false;
    }
  }
  if (!anyTensor || args.size() != 2) return false;
  if (stack.size() == 3 && !roundedDiv && !(stack[2].isInt() && stack[2].toInt() == 1)) return false;
  std::optional<SymExpr> result = symbolicScalarOp(scalar, args);
  if (!result) return false;
  op.getOperation(n)(stack);
  if (stack.size() != 1 || !stack[0].isTensor()) return false;
  f.env[n->output()] = stack[0];
  symTensors_[stack[0].toTensor().impl()] = {stack[0].toTensor(), *result};
  return true;
}

FxNode* Tracer::materializeSymTensor(const Tensor& t, const SymExpr& e) {
  FxNode* node = graph().callFunction("aten.scalar_tensor.default", {symArg(e)},
                                      {{"dtype", FxArg::dtype(t.scalar_type())}});
  FakeTensor fake;
  fake.dtype = t.scalar_type();
  fake.device = t.device();
  node->val = MetaVal::ofTensor(fake);
  attachMeta(node);
  bindOutput(t, node, fake);
  return node;
}

}  // namespace ember::exporter
