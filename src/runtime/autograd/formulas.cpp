// Which derivative formula (derivatives_source.cpp) belongs to which operator, the parameters of
// each, and their compilation on first use.
#include "runtime/autograd/formulas.h"

#include <iterator>
#include <unordered_map>
#include <unordered_set>

#include "ember/runtime/autograd.h"

namespace ember::autograd {

namespace {

// Operator (name.overload, or name for the default overload) -> def in kDerivativesSource.
const std::pair<const char*, const char*> kFormulaOps[] = {
    {"aten::add.Tensor", "d_add_Tensor"},
    {"aten::add.Scalar", "d_add_Scalar"},
    {"aten::sub.Tensor", "d_sub_Tensor"},
    {"aten::sub.Scalar", "d_sub_Scalar"},
    {"aten::rsub.Tensor", "d_rsub_Tensor"},
    {"aten::rsub.Scalar", "d_rsub_Scalar"},
    {"aten::mul.Tensor", "d_mul_Tensor"},
    {"aten::mul.Scalar", "d_mul_Scalar"},
    {"aten::div.Tensor", "d_div_Tensor"},
    {"aten::div.Scalar", "d_div_Scalar"},
    {"aten::neg", "d_neg"},
    {"aten::negative", "d_neg"},
    {"aten::pow.Tensor_Scalar", "d_pow_Tensor_Scalar"},
    {"aten::pow.Tensor_Tensor", "d_pow_Tensor_Tensor"},
    {"aten::pow.Scalar", "d_pow_Scalar"},
    {"aten::exp", "d_exp"},
    {"aten::log", "d_log"},
    {"aten::log2", "d_log2"},
    {"aten::log10", "d_log10"},
    {"aten::log1p", "d_log1p"},
    {"aten::expm1", "d_expm1"},
    {"aten::sqrt", "d_sqrt"},
    {"aten::rsqrt", "d_rsqrt"},
    {"aten::reciprocal", "d_reciprocal"},
    {"aten::sin", "d_sin"},
    {"aten::cos", "d_cos"},
    {"aten::tan", "d_tan"},
    {"aten::tanh", "d_tanh"},
    {"aten::sigmoid", "d_sigmoid"},
    {"aten::erf", "d_erf"},
    {"aten::abs", "d_abs"},
    {"aten::absolute", "d_abs"},
    {"aten::sign", "d_zero_grad"},
    {"aten::floor", "d_zero_grad"},
    {"aten::ceil", "d_zero_grad"},
    {"aten::round", "d_zero_grad"},
    {"aten::round.decimals", "d_zero_grad"},
    {"aten::trunc", "d_zero_grad"},
    {"aten::zero", "d_zero_grad"},
    {"aten::fill.Scalar", "d_zero_grad"},
    {"aten::fill.Tensor", "d_fill_Tensor"},
    {"aten::relu", "d_relu"},
    {"aten::relu6", "d_relu6"},
    {"aten::leaky_relu", "d_leaky_relu"},
    {"aten::elu", "d_elu"},
    {"aten::gelu", "d_gelu"},
    {"aten::silu", "d_silu"},
    {"aten::softplus", "d_softplus"},
    {"aten::hardtanh", "d_hardtanh"},
    {"aten::clamp", "d_clamp"},
    {"aten::clamp_min", "d_clamp_min"},
    {"aten::clamp_max", "d_clamp_max"},
    {"aten::maximum", "d_maximum"},
    {"aten::max.other", "d_maximum"},
    {"aten::minimum", "d_minimum"},
    {"aten::min.other", "d_minimum"},
    {"aten::where.self", "d_where_self"},
    {"aten::masked_fill.Scalar", "d_masked_fill_Scalar"},
    {"aten::masked_fill.Tensor", "d_masked_fill_Tensor"},
    {"aten::sum", "d_sum"},
    {"aten::sum.dim_IntList", "d_sum_dim_IntList"},
    {"aten::mean", "d_mean"},
    {"aten::mean.dim", "d_mean_dim"},
    {"aten::amax", "d_amax"},
    {"aten::amin", "d_amax"},
    {"aten::max", "d_max"},
    {"aten::min", "d_max"},
    {"aten::median", "d_max"},
    {"aten::nanmedian", "d_max"},
    {"aten::max.dim", "d_max_dim"},
    {"aten::min.dim", "d_max_dim"},
    {"aten::square", "d_square"},
    {"aten::log_sigmoid", "d_log_sigmoid"},
    {"aten::logsumexp", "d_logsumexp"},
    {"aten::var", "d_var"},
    {"aten::var.dim", "d_var_dim"},
    {"aten::var.correction", "d_var_correction"},
    {"aten::std", "d_std"},
    {"aten::std.dim", "d_std_dim"},
    {"aten::cumsum", "d_cumsum"},
    {"aten::flip", "d_flip"},
    {"aten::einsum", "d_einsum"},
    {"aten::inverse", "d_inverse"},
    {"aten::linalg_inv", "d_inverse"},
    {"aten::det", "d_det"},
    {"aten::linalg_det", "d_linalg_det"},
    {"aten::logdet", "d_logdet"},
    {"aten::slogdet", "d_slogdet"},
    {"aten::linalg_slogdet", "d_linalg_slogdet"},
    {"aten::linalg_solve", "d_linalg_solve"},
    {"aten::matrix_power", "d_matrix_power"},
    {"aten::linalg_matrix_power", "d_matrix_power"},
    {"aten::as_strided", "d_as_strided"},
    {"aten::as_strided_scatter", "d_as_strided_scatter"},
    {"aten::logcumsumexp", "d_logcumsumexp"},
    {"aten::adaptive_avg_pool2d", "d_adaptive_avg_pool2d"},
    {"aten::_adaptive_avg_pool2d", "d_adaptive_avg_pool2d"},
    {"aten::narrow_copy", "d_narrow"},
    {"aten::std.correction", "d_std_correction"},
    {"aten::tensor_split.indices", "d_split"},
    {"aten::tensor_split.sections", "d_split"},
    {"aten::matmul", "d_matmul"},
    {"aten::mm", "d_mm"},
    {"aten::bmm", "d_bmm"},
    {"aten::mv", "d_mv"},
    {"aten::dot", "d_dot"},
    {"aten::addmm", "d_addmm"},
    {"aten::linear", "d_linear"},
    {"aten::sum_to_size", "d_sum_to_size"},
    {"aten::broadcast_tensors", "d_broadcast_tensors"},
    {"aten::view", "d_view"},
    {"aten::reshape", "d_view"},
    {"aten::flatten.using_ints", "d_view"},
    {"aten::squeeze", "d_view"},
    {"aten::squeeze.dim", "d_view"},
    {"aten::view_as", "d_view_as"},
    {"aten::reshape_as", "d_view_as"},
    {"aten::expand", "d_expand"},
    {"aten::expand_as", "d_expand_as"},
    {"aten::alias", "d_identity"},
    {"aten::contiguous", "d_identity"},
    {"aten::clone", "d_identity"},
    {"aten::to.dtype", "d_identity"},
    {"aten::to.device", "d_identity"},
    {"aten::to.dtype_layout", "d_identity"},
    {"aten::to.prim_Device", "d_identity"},
    {"aten::to.prim_dtype", "d_identity"},
    {"aten::to.prim_other", "d_identity"},
    {"aten::to.other", "d_identity_other"},
    {"aten::type_as", "d_identity_other"},
    {"aten::permute", "d_permute"},
    {"aten::transpose.int", "d_transpose_int"},
    {"aten::t", "d_t"},
    {"aten::unsqueeze", "d_unsqueeze"},
    {"aten::cat", "d_cat"},
    {"aten::stack", "d_stack"},
    {"aten::unbind.int", "d_unbind_int"},
    {"aten::split.Tensor", "d_split"},
    {"aten::split_with_sizes", "d_split"},
    {"aten::chunk", "d_split"},
    {"aten::slice.Tensor", "d_slice_Tensor"},
    {"aten::select.int", "d_select_int"},
    {"aten::narrow", "d_narrow"},
    {"aten::slice_scatter", "d_slice_scatter"},
    {"aten::select_scatter", "d_select_scatter"},
    {"aten::index.Tensor", "d_index_Tensor"},
    {"aten::gather", "d_gather"},
    {"aten::scatter_add", "d_scatter_add"},
    {"aten::index_select", "d_index_select"},
    {"aten::index_add", "d_index_add"},
    {"aten::softmax.int", "d_softmax_int"},
    {"aten::log_softmax.int", "d_log_softmax_int"},
    {"aten::mse_loss", "d_mse_loss"},
    {"aten::nll_loss_nd", "d_nll_loss_nd"},
    {"aten::cross_entropy_loss", "d_cross_entropy_loss"},
    {"aten::embedding", "d_embedding"},
    {"aten::layer_norm", "d_layer_norm"},
    {"aten::batch_norm", "d_batch_norm"},
    {"aten::conv2d", "d_conv2d"},
    {"aten::max_pool2d", "d_max_pool2d"},
    {"aten::prod", "d_prod"},
    {"aten::prod.dim_int", "d_prod_dim_int"},
    {"aten::cumprod", "d_cumprod"},
    {"aten::repeat", "d_repeat"},
    {"aten::tile", "d_tile"},
    {"aten::index_put", "d_index_put"},
    {"aten::index_put.hacked_twin", "d_index_put_hacked_twin"},
    {"aten::scatter.src", "d_scatter_src"},
    {"aten::scatter.value", "d_scatter_value"},
    {"aten::index_fill.int_Scalar", "d_index_fill_int_Scalar"},
    {"aten::index_fill.int_Tensor", "d_index_fill_int_Tensor"},
    {"aten::index_copy", "d_index_copy"},
    {"aten::masked_scatter", "d_masked_scatter"},
    {"aten::masked_select", "d_masked_select"},
    {"aten::convolution", "d_convolution"},
    {"aten::_convolution", "d_convolution"},
    {"aten::_convolution.deprecated", "d_convolution"},
    {"aten::conv1d", "d_conv_nd"},
    {"aten::conv3d", "d_conv_nd"},
    {"aten::conv_transpose1d", "d_conv_transpose_nd"},
    {"aten::conv_transpose2d.input", "d_conv_transpose_nd"},
    {"aten::conv_transpose3d.input", "d_conv_transpose_nd"},
    {"aten::constant_pad_nd", "d_constant_pad_nd"},
    {"aten::roll", "d_roll"},
    {"aten::rot90", "d_rot90"},
    {"aten::unfold", "d_unfold"},
    {"aten::atan2", "d_atan2"},
    {"aten::arctan2", "d_atan2"},
    {"aten::lerp.Scalar", "d_lerp_Scalar"},
    {"aten::lerp.Tensor", "d_lerp_Tensor"},
    {"aten::addcmul", "d_addcmul"},
    {"aten::addcdiv", "d_addcdiv"},
    {"aten::addmv", "d_addmv"},
    {"aten::baddbmm", "d_baddbmm"},
    {"aten::addbmm", "d_addbmm"},
    {"aten::outer", "d_outer"},
    {"aten::ger", "d_outer"},
    {"aten::trace", "d_trace"},
    {"aten::tril", "d_tril"},
    {"aten::triu", "d_triu"},
    {"aten::diagonal", "d_diagonal"},
    {"aten::diagonal_scatter", "d_diagonal_scatter"},
    {"aten::diag", "d_diag"},
    {"aten::diag_embed", "d_diag_embed"},
    {"aten::movedim.int", "d_movedim_int"},
    {"aten::movedim.intlist", "d_movedim_intlist"},
    {"aten::moveaxis.int", "d_movedim_int"},
    {"aten::moveaxis.intlist", "d_movedim_intlist"},
    {"aten::swapaxes", "d_swapaxes"},
    {"aten::swapdims", "d_swapdims"},
    {"aten::fliplr", "d_fliplr"},
    {"aten::flipud", "d_flipud"},
    {"aten::positive", "d_identity"},
    {"aten::unflatten.int", "d_view"},
    {"aten::ravel", "d_view"},
    {"aten::split", "d_split"},
    {"aten::split.sizes", "d_split"},
    {"aten::unsafe_split.Tensor", "d_split"},
    {"aten::unsafe_split_with_sizes", "d_split"},
    {"aten::unsafe_chunk", "d_split"},
    {"aten::_softmax", "d_softmax_int"},
    {"aten::_log_softmax", "d_log_softmax_int"},
    {"aten::special_softmax", "d_softmax_int"},
    {"aten::special_log_softmax", "d_log_softmax_int"},
    {"aten::multiply.Tensor", "d_mul_Tensor"},
    {"aten::multiply.Scalar", "d_mul_Scalar"},
    {"aten::subtract.Tensor", "d_sub_Tensor"},
    {"aten::subtract.Scalar", "d_sub_Scalar"},
    {"aten::divide.Tensor", "d_div_Tensor"},
    {"aten::divide.Scalar", "d_div_Scalar"},
    {"aten::true_divide.Tensor", "d_div_Tensor"},
    {"aten::true_divide.Scalar", "d_div_Scalar"},
    {"aten::div.Tensor_mode", "d_div_mode"},
    {"aten::divide.Tensor_mode", "d_div_mode"},
    {"aten::div.Scalar_mode", "d_div_Scalar_mode"},
    {"aten::divide.Scalar_mode", "d_div_Scalar_mode"},
    {"aten::clamp.Tensor", "d_clamp_Tensor"},
    {"aten::clip.Tensor", "d_clamp_Tensor"},
    {"aten::clip", "d_clamp"},
    {"aten::clamp_min.Tensor", "d_clamp_min_Tensor"},
    {"aten::clamp_max.Tensor", "d_clamp_max_Tensor"},
    {"aten::where.ScalarOther", "d_where_ScalarOther"},
    {"aten::where.ScalarSelf", "d_where_ScalarSelf"},
    {"aten::asin", "d_asin"},
    {"aten::arcsin", "d_asin"},
    {"aten::acos", "d_acos"},
    {"aten::arccos", "d_acos"},
    {"aten::atan", "d_atan"},
    {"aten::arctan", "d_atan"},
    {"aten::sinh", "d_sinh"},
    {"aten::cosh", "d_cosh"},
    {"aten::asinh", "d_asinh"},
    {"aten::arcsinh", "d_asinh"},
    {"aten::acosh", "d_acosh"},
    {"aten::arccosh", "d_acosh"},
    {"aten::atanh", "d_atanh"},
    {"aten::arctanh", "d_atanh"},
    {"aten::erfc", "d_erfc"},
    {"aten::special_erfc", "d_erfc"},
    {"aten::special_erf", "d_erf"},
    {"aten::erfinv", "d_erfinv"},
    {"aten::special_erfinv", "d_erfinv"},
    {"aten::exp2", "d_exp2"},
    {"aten::special_exp2", "d_exp2"},
    {"aten::special_expm1", "d_expm1"},
    {"aten::special_log1p", "d_log1p"},
    {"aten::special_expit", "d_sigmoid"},
    {"aten::lgamma", "d_lgamma"},
    {"aten::special_gammaln", "d_lgamma"},
    {"aten::digamma", "d_digamma"},
    {"aten::special_digamma", "d_digamma"},
    {"aten::special_psi", "d_digamma"},
    {"aten::polygamma", "d_polygamma"},
    {"aten::logit", "d_logit"},
    {"aten::special_logit", "d_logit"},
    {"aten::sinc", "d_sinc"},
    {"aten::special_sinc", "d_sinc"},
    {"aten::deg2rad", "d_deg2rad"},
    {"aten::rad2deg", "d_rad2deg"},
    {"aten::hypot", "d_hypot"},
    {"aten::xlogy.Tensor", "d_xlogy_Tensor"},
    {"aten::special_xlogy", "d_xlogy_Tensor"},
    {"aten::logaddexp", "d_logaddexp"},
    {"aten::logaddexp2", "d_logaddexp2"},
    {"aten::celu", "d_celu"},
    {"aten::selu", "d_selu"},
    {"aten::mish", "d_mish"},
    {"aten::hardswish", "d_hardswish"},
    {"aten::hardsigmoid", "d_hardsigmoid"},
    {"aten::hardshrink", "d_shrink"},
    {"aten::softshrink", "d_shrink"},
    {"aten::threshold", "d_threshold"},
    {"aten::glu", "d_glu"},
    {"aten::prelu", "d_prelu"},
    {"aten::nan_to_num", "d_nan_to_num"},
    {"aten::linalg_vector_norm", "d_linalg_vector_norm"},
    {"aten::norm.Scalar", "d_norm_Scalar"},
    {"aten::norm.ScalarOpt_dim", "d_norm_ScalarOpt_dim"},
    {"aten::norm.ScalarOpt_dim_dtype", "d_norm_ScalarOpt_dim"},
    {"aten::norm.ScalarOpt_dtype", "d_norm_ScalarOpt_dtype"},
    {"aten::frobenius_norm", "d_frobenius_norm"},
    {"aten::frobenius_norm.dim", "d_frobenius_norm_dim"},
    {"aten::nll_loss", "d_nll_loss_nd"},
    {"aten::nll_loss2d", "d_nll_loss_nd"},
    {"aten::copy", "d_copy"},
};

// Results that never require grad, whatever their inputs.
const char* const kNonDifferentiable[] = {
    // _pack_sequence records nothing: its results are its inputs, which keep their own history.
    "aten::_pack_sequence",
    "aten::detach",      "aten::detach_",       "aten::requires_grad_", "aten::grad",       "aten::backward",
    "prim::grad",        "aten::zeros_like",     "aten::ones_like",  "aten::empty_like",
    "aten::full_like",   "aten::rand_like",     "aten::randn_like",     "aten::randint_like", "aten::new_zeros",
    "aten::new_ones",    "aten::new_empty",     "aten::new_full",       "aten::bernoulli_", "aten::uniform_",
    "aten::normal_",     "aten::argmax",        "aten::argmin",         "prim::data",       "aten::_version",
    "aten::retain_grad", "aten::retains_grad",
    // aten_rest_ops.cpp: data detaches; the nn.init helpers write under no_grad (parameters too).
    "aten::data", "aten::_no_grad_fill_", "aten::_no_grad_zero_", "aten::_no_grad_uniform_", "aten::_no_grad_normal_",
    // Integer results, the no_grad renorm, and what PyTorch 1.13 never differentiates: dtype
    // views, the special polynomials and Bessel functions. "name.overload" keys one overload
    // ("name.default" the one without a name).
    "aten::_cast_Byte", "aten::_cast_Char", "aten::_cast_Int", "aten::_cast_Long", "aten::_cast_Short",
    "aten::_dim_arange", "aten::repeat_interleave.Tensor", "aten::where.default", "aten::where.Scalar",
    "aten::_no_grad_embedding_renorm_", "aten::view.dtype", "aten::view_copy.dtype", "aten::special_airy_ai",
    "aten::special_bessel_j0", "aten::special_bessel_j1", "aten::special_bessel_y0", "aten::special_bessel_y1",
    "aten::special_modified_bessel_i0", "aten::special_modified_bessel_i1", "aten::special_modified_bessel_k0",
    "aten::special_modified_bessel_k1", "aten::special_scaled_modified_bessel_k0",
    "aten::special_scaled_modified_bessel_k1", "aten::special_spherical_bessel_j0",
    "aten::special_chebyshev_polynomial_t", "aten::special_chebyshev_polynomial_u",
    "aten::special_chebyshev_polynomial_v", "aten::special_chebyshev_polynomial_w",
    "aten::special_shifted_chebyshev_polynomial_t", "aten::special_shifted_chebyshev_polynomial_u",
    "aten::special_shifted_chebyshev_polynomial_v", "aten::special_shifted_chebyshev_polynomial_w",
    "aten::special_hermite_polynomial_h", "aten::special_hermite_polynomial_he",
    "aten::special_laguerre_polynomial_l", "aten::special_legendre_polynomial_p",
};

std::vector<std::string> splitTopLevel(const std::string& s) {
  std::vector<std::string> out;
  int depth = 0;
  std::string cur;
  for (char c : s) {
    if (c == '[' || c == '(') ++depth;
    if (c == ']' || c == ')') --depth;
    if (c == ',' && depth == 0) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// The shards after kDerivativesSource, in compilation order.
const FormulaShard* const kShards[] = {&kLinalgFormulas, &kFftFormulas, &kSpecialScatterFormulas, &kMiscFormulas,
                                            &kMiscRestFormulas, &kNnRestFormulas};

// def name -> parameters, read from the def headers of the formulas' source.
void parseFormulas(const std::string& src, int shard, std::unordered_map<std::string, Formula>& defs) {
  size_t pos = 0;
  while ((pos = src.find("\ndef d_", pos)) != std::string::npos) {
    size_t open = src.find('(', pos), close = src.find("):", pos);
    EMBER_ASSERT(open != std::string::npos && close != std::string::npos, "malformed derivative formula header");
    Formula f;
    f.defName = src.substr(pos + 5, open - pos - 5);
    f.shard = shard;
    for (const std::string& p : splitTopLevel(src.substr(open + 1, close - open - 1)))
      f.params.push_back(trim(p.substr(0, p.find(':'))));
    const std::string name = f.defName;
    EMBER_ASSERT(defs.emplace(name, std::move(f)).second, "derivative formula ", name, " is defined twice");
    pos = close;
  }
}

struct FormulaTable {
  std::unordered_map<std::string, const Formula*> byOp;
  std::unordered_map<std::string, Formula> defs;
  std::mutex compileMutex;
  std::unordered_map<std::string, std::shared_ptr<jit::Function>> compiled;

  // Compiled so far: kDerivativesSource, and each shard (with kDerivativesSource before it).
  bool mainCompiled = false;
  std::vector<bool> shardCompiled;

  FormulaTable() : shardCompiled(std::size(kShards), false) {
    parseFormulas(kDerivativesSource, -1, defs);
    for (size_t i = 0; i < std::size(kShards); ++i) parseFormulas(kShards[i]->source, static_cast<int>(i), defs);
    auto add = [&](const char* op, const char* def) {
      auto it = defs.find(def);
      EMBER_ASSERT(it != defs.end(), "derivative formula ", def, " is missing");
      EMBER_ASSERT(byOp.emplace(op, &it->second).second, "two derivative formulas for ", op);
    };
    for (const auto& [op, def] : kFormulaOps) add(op, def);
    for (const FormulaShard* shard : kShards)
      for (size_t i = 0; i < shard->count; ++i) add(shard->ops[i].first, shard->ops[i].second);
  }
};

FormulaTable& table() {
  static FormulaTable t;
  return t;
}

FormulaCompiler gCompiler = nullptr;

std::string opKey(const std::string& name, const std::string& overload) {
  return overload.empty() ? name : name + "." + overload;
}

}  // namespace

void setFormulaCompiler(FormulaCompiler compiler) { gCompiler = compiler; }

namespace {

// Helpers both the derivative formulas and the decompositions call, compiled with each.
constexpr const char* kSharedHelpersSource = R"TS(
def _dim_of(dim: int, ndim: int) -> int:
    if dim < 0:
        return dim + ndim
    return dim

def _expand_param(v: List[int], n: int) -> List[int]:
    if len(v) == n:
        return v
    out: List[int] = []
    for i in range(n):
        out.append(v[0])
    return out
)TS";

}  // namespace

std::vector<std::shared_ptr<jit::Function>> compileAutogradSource(const char* source) {
  EMBER_CHECK(gCompiler != nullptr, "autograd: no TorchScript compiler is linked to compile derivative formulas");
  return gCompiler((std::string(kSharedHelpersSource) + source).c_str());
}

namespace {

const Formula* lookupFormula(const jit::FunctionSchema& schema) {
  FormulaTable& t = table();
  std::string name = schema.name();
  if (auto it = t.byOp.find(opKey(name, schema.overloadName())); it != t.byOp.end()) return it->second;
  // In-place variants (mul_ -> mul) share the out-of-place formula.
  if (name.size() > 1 && name.back() == '_' && name[name.size() - 2] != '_') {
    name.pop_back();
    if (auto it = t.byOp.find(opKey(name, schema.overloadName())); it != t.byOp.end()) return it->second;
  }
  return nullptr;
}

// The operators recorded without a derivative, apart from the formula table: asking it is the
// recorder's check of every call that writes or needs grad (relu_ under no_grad included), and
// building the whole table (every formula header parsed) cost ~0.6 ms of a first call.
const std::unordered_set<std::string>& nonDifferentiableOps() {
  static const std::unordered_set<std::string> ops(std::begin(kNonDifferentiable), std::end(kNonDifferentiable));
  return ops;
}

struct SchemaInfo {
  jit::OperatorName name;  // checked on each hit: a deregistered operator's address may be reused
  bool nonDifferentiable;
  bool formulaLooked = false;  // `formula` is known (looked up on the first findFormula)
  const Formula* formula = nullptr;
};

// Per thread, by schema (schemas live as long as their registered operators): the lookups by
// name happen once per operator and thread.
SchemaInfo& infoOf(const jit::FunctionSchema& schema) {
  thread_local std::unordered_map<const jit::FunctionSchema*, SchemaInfo> cache;
  auto it = cache.find(&schema);
  if (it != cache.end() && it->second.name == schema.operatorName()) return it->second;
  const auto& nonDiff = nonDifferentiableOps();
  const std::string& overload = schema.overloadName();
  const bool nd = nonDiff.count(schema.name()) || nonDiff.count(schema.name() + "." + (overload.empty() ? "default" : overload));
  return cache.insert_or_assign(&schema, SchemaInfo{schema.operatorName(), nd}).first->second;
}

}  // namespace

const Formula* findFormula(const jit::FunctionSchema& schema) {
  SchemaInfo& info = infoOf(schema);
  if (!info.formulaLooked) {
    info.formula = lookupFormula(schema);
    info.formulaLooked = true;
  }
  return info.formula;
}

bool isNonDifferentiable(const jit::FunctionSchema& schema) { return infoOf(schema).nonDifferentiable; }

jit::Function& compiledFormula(const Formula& formula) {
  FormulaTable& t = table();
  std::lock_guard<std::mutex> lock(t.compileMutex);
  auto it = t.compiled.find(formula.defName);
  if (it != t.compiled.end()) return *it->second;
  // kDerivativesSource is compiled once, on the first backward; a shard, after it in one unit
  // (its defs may call the main ones), the first time one of its formulas runs. Defs already
  // compiled keep their first Function.
  if (!t.mainCompiled) {
    for (std::shared_ptr<jit::Function>& fn : compileAutogradSource(kDerivativesSource))
      t.compiled.emplace(fn->name(), fn);
    t.mainCompiled = true;
  }
  if (formula.shard >= 0 && !t.shardCompiled[formula.shard]) {
    const std::string source = std::string(kDerivativesSource) + kShards[formula.shard]->source;
    for (std::shared_ptr<jit::Function>& fn : compileAutogradSource(source.c_str())) t.compiled.emplace(fn->name(), fn);
    t.shardCompiled[formula.shard] = true;
  }
  it = t.compiled.find(formula.defName);
  EMBER_ASSERT(it != t.compiled.end(), "derivative formula ", formula.defName, " did not compile");
  return *it->second;
}

}  // namespace ember::autograd
