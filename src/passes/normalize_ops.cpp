// Op normalisation (normalize_ops.h). For each node, in PyTorch 1.13's order: rsub of two
// tensors becomes sub with the operands swapped; an alias becomes its canonical operator (same
// inputs, outputs and source range; 1.13 does not look at the input types, and no alias has a
// scalar overload); `is` / `is not` between two bools becomes eq / ne. A replacement whose
// operator ember does not register is not made.
#include "passes/normalize_ops.h"

#include <string>
#include <unordered_map>
#include <utility>

#include "ember/core/symbol.h"
#include "ember/ir/ir.h"

namespace ember::jit {

namespace {

// alias -> canonical operator, as PyTorch 1.13's compiled graphs show them (found by compiling
// a call of every aten operator and noting which ones come out under another name).
const std::unordered_map<Symbol, Symbol>& aliases() {
  static const std::unordered_map<Symbol, Symbol> kAliases = [] {
    // Aliases whose in-place forms (absolute_ -> abs_) are aliases too.
    const std::pair<const char*, const char*> withInplace[] = {
        {"absolute", "abs"},        {"arccos", "acos"},         {"arccosh", "acosh"},       {"arcsin", "asin"},
        {"arcsinh", "asinh"},       {"arctan", "atan"},         {"arctan2", "atan2"},       {"arctanh", "atanh"},
        {"clip", "clamp"},          {"divide", "div"},          {"fix", "trunc"},           {"greater", "gt"},
        {"greater_equal", "ge"},    {"less", "lt"},             {"less_equal", "le"},       {"multiply", "mul"},
        {"negative", "neg"},        {"not_equal", "ne"},        {"subtract", "sub"},        {"swapaxes", "transpose"},
        {"swapdims", "transpose"},  {"true_divide", "div"},
    };
    const std::pair<const char*, const char*> functionalOnly[] = {
        {"adjoint", "mH"},
        {"concat", "cat"},
        {"concatenate", "cat"},
        {"det", "linalg_det"},
        {"ger", "outer"},
        {"inverse", "linalg_inv"},
        {"linalg_matmul", "matmul"},
        {"matrix_exp", "linalg_matrix_exp"},
        {"matrix_power", "linalg_matrix_power"},
        {"moveaxis", "movedim"},
        {"orgqr", "linalg_householder_product"},
        {"row_stack", "vstack"},
        {"special_digamma", "digamma"},
        {"special_erf", "erf"},
        {"special_erfc", "erfc"},
        {"special_erfinv", "erfinv"},
        {"special_exp2", "exp2"},
        {"special_expit", "sigmoid"},
        {"special_expm1", "expm1"},
        {"special_gammainc", "igamma"},
        {"special_gammaincc", "igammac"},
        {"special_gammaln", "lgamma"},
        {"special_i0", "i0"},
        {"special_log1p", "log1p"},
        {"special_log_softmax", "log_softmax"},
        {"special_logit", "logit"},
        {"special_logsumexp", "logsumexp"},
        {"special_multigammaln", "mvlgamma"},
        {"special_psi", "digamma"},
        {"special_round", "round"},
        {"special_sinc", "sinc"},
        {"special_softmax", "softmax"},
        {"special_xlogy", "xlogy"},
    };
    std::unordered_map<Symbol, Symbol> m;
    for (const auto& [alias, canonical] : withInplace) {
      m.emplace(Symbol::aten(alias), Symbol::aten(canonical));
      m.emplace(Symbol::aten(std::string(alias) + "_"), Symbol::aten(std::string(canonical) + "_"));
    }
    for (const auto& [alias, canonical] : functionalOnly) m.emplace(Symbol::aten(alias), Symbol::aten(canonical));
    return m;
  }();
  return kAliases;
}

// Replaces `n` by a node of kind `kind` on `inputs` (same outputs, source range and inlining
// history). Returns false, changing nothing, when no registered operator takes them.
bool replaceWith(Node* n, Symbol kind, ArrayRef<Value*> inputs) {
  Graph& g = *n->owningGraph();
  Node* r = g.create(kind, inputs, 0);
  for (Value* out : n->outputs()) r->addOutput()->setType(out->type());
  if (!r->maybeOperator()) {
    r->destroy();
    return false;
  }
  r->insertBefore(n);
  if (n->sourceRange()) r->setSourceRange(*n->sourceRange());
  r->setCallStack(n->callStack());
  for (size_t i = 0; i < n->outputs().size(); ++i) {
    Value* old = n->outputs()[i];
    old->replaceAllUsesWith(r->outputs()[i]);
    r->outputs()[i]->copyMetadata(old);
  }
  n->destroy();
  return true;
}

bool isTensor(const Value* v) { return v->type()->kind() == TypeKind::TensorType; }
bool isBool(const Value* v) { return v->type()->kind() == TypeKind::BoolType; }

bool normalizeNode(Node* n) {
  auto in = n->inputs();
  if (n->kind() == Symbol::aten("rsub") && in.size() == 3 && isTensor(in[0]) && isTensor(in[1]))
    return replaceWith(n, Symbol::aten("sub"), {in[1], in[0], in[2]});
  if (auto it = aliases().find(n->kind()); it != aliases().end()) return replaceWith(n, it->second, in);
  if (in.size() == 2 && isBool(in[0]) && isBool(in[1])) {
    if (n->kind() == Symbol::aten("__is__")) return replaceWith(n, Symbol::aten("eq"), in);
    if (n->kind() == Symbol::aten("__isnot__")) return replaceWith(n, Symbol::aten("ne"), in);
  }
  return false;
}

void normalizeBlock(Block* block) {
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* n = *it;
    ++it;
    for (Block* b : n->blocks()) normalizeBlock(b);
    normalizeNode(n);
  }
}

}  // namespace

void normalizeOps(const std::shared_ptr<Graph>& graph) { normalizeBlock(graph->block()); }

}  // namespace ember::jit
