// The table of operators PyTorch 1.13 records without a derivative (not_implemented.h). Keys are
// "aten::name.overload" for one overload or "aten::name" for all of them; an in-place `op_`
// uses the entry of `op` for backward errors (its message names `op_` where PyTorch's does),
// forward refusals are listed under their exact name. scripts/autograd_coverage.py reads this
// table: an operator listed here is handled, as it behaves as PyTorch's does.
#include "runtime/autograd/not_implemented.h"

#include "ember/error.h"

namespace ember::autograd {

namespace {

enum class Kind {
  // Autograd's fallback kernel for ops without a formula: "derivative for aten::x is not
  // implemented", x the called op (in-place spelling included), or `text` when PyTorch's
  // composite form calls another op (linalg_ldl_factor calls linalg_ldl_factor_ex).
  Fallback,
  // A derivatives.yaml not_implemented("f") entry: "the derivative for 'f' is not implemented."
  Named,
  // PyTorch raises `text` in the forward once an input requires grad.
  RefusedForward,
};

struct Entry {
  const char* op;
  Kind kind;
  const char* text;
};

const Entry kEntries[] = {
    {"aten::_add_relu", Kind::Fallback, nullptr},
    {"aten::_addmm_activation", Kind::Fallback, nullptr},
    {"aten::_aminmax", Kind::Fallback, nullptr},
    {"aten::_stack", Kind::Fallback, nullptr},
    {"aten::detach_copy", Kind::Fallback, nullptr},
    {"aten::heaviside", Kind::Fallback, nullptr},
    {"aten::scatter.reduce", Kind::Fallback, nullptr},
    {"aten::scatter.value_reduce", Kind::Fallback, nullptr},
    {"aten::nextafter", Kind::Named, "nextafter"},
    {"aten::special_zeta.other_scalar", Kind::Named, "zeta"},
    {"aten::view_as_complex_copy", Kind::RefusedForward,
     "view_as_complex_copy does not support automatic differentiation for outputs with complex dtype."},
    // PyTorch's ldexp_ multiplies into self with an out= call.
    {"aten::ldexp_", Kind::RefusedForward,
     "mul(): functions with out=... arguments don't support automatic differentiation, but one of the arguments "
     "requires grad."},
    // NN, linear-algebra and sampling ops (issue 19, derivatives_nn_rest.cpp has the others).
    {"aten::geqrf", Kind::Named, "geqrf"},
    {"aten::linalg_ldl_factor", Kind::Fallback, "aten::linalg_ldl_factor_ex"},
    {"aten::linalg_ldl_factor_ex", Kind::Fallback, nullptr},
    {"aten::linalg_ldl_solve", Kind::Fallback, nullptr},
    // SyncBatchNorm's statistics (its autograd.Function differentiates them, not autograd).
    {"aten::batch_norm_stats", Kind::Fallback, nullptr},
    {"aten::batch_norm_gather_stats", Kind::Fallback, nullptr},
    {"aten::batch_norm_gather_stats_with_counts", Kind::Fallback, nullptr},
    {"aten::batch_norm_update_stats", Kind::Fallback, nullptr},
    // Samplers and reparameterisation helpers (_standard_gamma itself has a formula).
    {"aten::_standard_gamma_grad", Kind::Named, "_standard_gamma_grad"},
    {"aten::_sample_dirichlet", Kind::Fallback, nullptr},
    {"aten::_dirichlet_grad", Kind::Fallback, nullptr},
    {"aten::binomial", Kind::Fallback, nullptr},
    {"aten::normal_functional", Kind::Fallback, nullptr},
    // torch.histogramdd's pieces.
    {"aten::_histogramdd_bin_edges", Kind::Fallback, nullptr},
    {"aten::_histogramdd_from_bin_cts", Kind::Fallback, nullptr},
    {"aten::_histogramdd_from_bin_tensors", Kind::Fallback, nullptr},
};

const Entry* find(const std::string& name, const std::string& overload, bool forward) {
  const std::string key = overload.empty() ? name : name + "." + overload;
  for (const Entry& e : kEntries) {
    if ((e.kind == Kind::RefusedForward) != forward) continue;
    if (key == e.op || name == e.op) return &e;
  }
  return nullptr;
}

}  // namespace

std::string notImplementedMessage(const jit::FunctionSchema& schema) {
  const std::string& name = schema.name();
  const Entry* e = find(name, schema.overloadName(), false);
  const bool inplace = name.size() > 1 && name.back() == '_' && name[name.size() - 2] != '_';
  if (!e && inplace) e = find(name.substr(0, name.size() - 1), schema.overloadName(), false);
  if (!e) return "the derivative for '" + name + "' is not implemented.";
  if (e->kind == Kind::Named) return std::string("the derivative for '") + e->text + "' is not implemented.";
  return "derivative for " + (e->text ? std::string(e->text) : name) + " is not implemented";
}

void checkForwardAllowed(const jit::FunctionSchema& schema) {
  if (const Entry* e = find(schema.name(), schema.overloadName(), true)) EMBER_ERROR(e->text);
}

}  // namespace ember::autograd
