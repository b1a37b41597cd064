// The table of operators PyTorch 1.13 does not differentiate (not_implemented.h), with the error
// text PyTorch gives for each, as printed by PyTorch 1.13 for an input that requires grad.
// Keys are "aten::name" (every overload) or "aten::name.overload".
#include "runtime/autograd/not_implemented.h"

#include <string_view>
#include <unordered_map>

namespace ember::autograd {

namespace {

// derivatives.yaml's not_implemented(): "the derivative for '<name>' is not implemented."
#define EMBER_YAML(op) "the derivative for '" op "' is not implemented."
// No derivatives.yaml entry (PyTorch's autograd fallback): "derivative for aten::<name> is not
// implemented"; a composite op names the op it calls.
#define EMBER_FALLBACK(op) "derivative for aten::" op " is not implemented"

const std::pair<const char*, const char*> kNotImplemented[] = {
    // Linear algebra.
    {"aten::geqrf", EMBER_YAML("geqrf")},
    {"aten::linalg_ldl_factor", EMBER_FALLBACK("linalg_ldl_factor_ex")},
    {"aten::linalg_ldl_factor_ex", EMBER_FALLBACK("linalg_ldl_factor_ex")},
    {"aten::linalg_ldl_solve", EMBER_FALLBACK("linalg_ldl_solve")},
    // Fused kernels the JIT and quantization use.
    {"aten::_add_relu", EMBER_FALLBACK("_add_relu")},
    {"aten::_add_relu_", EMBER_FALLBACK("_add_relu_")},
    {"aten::_addmm_activation", EMBER_FALLBACK("_addmm_activation")},
    // SyncBatchNorm's statistics (differentiated by its autograd.Function, not by autograd).
    {"aten::batch_norm_stats", EMBER_FALLBACK("batch_norm_stats")},
    {"aten::batch_norm_gather_stats", EMBER_FALLBACK("batch_norm_gather_stats")},
    {"aten::batch_norm_gather_stats_with_counts", EMBER_FALLBACK("batch_norm_gather_stats_with_counts")},
    {"aten::batch_norm_update_stats", EMBER_FALLBACK("batch_norm_update_stats")},
    // Samplers and their reparameterisation helpers (_standard_gamma itself has a formula).
    {"aten::_standard_gamma_grad", EMBER_YAML("_standard_gamma_grad")},
    {"aten::_sample_dirichlet", EMBER_FALLBACK("_sample_dirichlet")},
    {"aten::_dirichlet_grad", EMBER_FALLBACK("_dirichlet_grad")},
    {"aten::binomial", EMBER_FALLBACK("binomial")},
    {"aten::normal_functional", EMBER_FALLBACK("normal_functional")},
    // torch.histogramdd's pieces (the bin edges of a weighted or differentiable input).
    {"aten::_histogramdd_bin_edges", EMBER_FALLBACK("_histogramdd_bin_edges")},
    {"aten::_histogramdd_from_bin_cts", EMBER_FALLBACK("_histogramdd_from_bin_cts")},
    {"aten::_histogramdd_from_bin_tensors", EMBER_FALLBACK("_histogramdd_from_bin_tensors")},
};

#undef EMBER_YAML
#undef EMBER_FALLBACK

const std::unordered_map<std::string_view, std::string_view>& table() {
  static const std::unordered_map<std::string_view, std::string_view> t(std::begin(kNotImplemented),
                                                                        std::end(kNotImplemented));
  return t;
}

}  // namespace

std::string notImplementedMessage(const jit::FunctionSchema& schema) {
  const auto& t = table();
  const std::string& name = schema.name();
  if (!schema.overloadName().empty())
    if (auto it = t.find(name + "." + schema.overloadName()); it != t.end()) return std::string(it->second);
  if (auto it = t.find(name); it != t.end()) return std::string(it->second);
  return "the derivative for '" + name + "' is not implemented.";
}

}  // namespace ember::autograd
