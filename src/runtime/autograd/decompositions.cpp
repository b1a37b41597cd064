// Which operators run as a TorchScript decomposition when an input requires grad
// (decompositions.h), and running one.
#include "runtime/autograd/decompositions.h"

#include <mutex>
#include <unordered_map>

#include "runtime/autograd/formulas.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::autograd {

namespace {

// Operator (name.overload, or name for the default overload) -> def in kDecompositionsSource.
// The def takes the schema's arguments in order (Scalar ones as float) and returns its result,
// a tuple for several.
const std::pair<const char*, const char*> kDecompositionOps[] = {
    {"aten::sort", "c_sort"},
    {"aten::sort.stable", "c_sort_stable"},
    {"aten::topk", "c_topk"},
    {"aten::kthvalue", "c_kthvalue"},
    {"aten::median.dim", "c_median_dim"},
    {"aten::median", "c_median"},
    {"aten::nanmedian.dim", "c_nanmedian_dim"},
    {"aten::nanmedian", "c_nanmedian"},
    {"aten::mode", "c_mode"},
    {"aten::cummax", "c_cummax"},
    {"aten::cummin", "c_cummin"},
    {"aten::max_pool1d", "c_max_pool1d"},
    {"aten::max_pool1d_with_indices", "c_max_pool1d_with_indices"},
    {"aten::max_pool2d_with_indices", "c_max_pool2d_with_indices"},
    {"aten::max_pool3d", "c_max_pool3d"},
    {"aten::max_pool3d_with_indices", "c_max_pool3d_with_indices"},
    {"aten::adaptive_max_pool1d", "c_adaptive_max_pool1d"},
    {"aten::adaptive_max_pool2d", "c_adaptive_max_pool2d"},
    {"aten::adaptive_max_pool3d", "c_adaptive_max_pool3d"},
    {"aten::avg_pool1d", "c_avg_pool1d"},
    {"aten::avg_pool2d", "c_avg_pool2d"},
    {"aten::avg_pool3d", "c_avg_pool3d"},
    {"aten::adaptive_avg_pool1d", "c_adaptive_avg_pool1d"},
    {"aten::adaptive_avg_pool3d", "c_adaptive_avg_pool3d"},
    {"aten::pad", "c_pad"},
    {"aten::_pad_enum", "c__pad_enum"},
    {"aten::_pad_circular", "c__pad_circular"},
    {"aten::reflection_pad1d", "c_reflection_pad"},
    {"aten::reflection_pad2d", "c_reflection_pad"},
    {"aten::reflection_pad3d", "c_reflection_pad"},
    {"aten::replication_pad1d", "c_replication_pad"},
    {"aten::replication_pad2d", "c_replication_pad"},
    {"aten::replication_pad3d", "c_replication_pad"},
    {"aten::l1_loss", "c_l1_loss"},
    {"aten::smooth_l1_loss", "c_smooth_l1_loss"},
    {"aten::huber_loss", "c_huber_loss"},
    {"aten::binary_cross_entropy", "c_binary_cross_entropy"},
    {"aten::binary_cross_entropy_with_logits", "c_binary_cross_entropy_with_logits"},
    {"aten::group_norm", "c_group_norm"},
    {"aten::instance_norm", "c_instance_norm"},
    {"aten::lstm.input", "c_lstm_input"},
    {"aten::gru.input", "c_gru_input"},
    {"aten::rnn_tanh.input", "c_rnn_tanh_input"},
    {"aten::rnn_relu.input", "c_rnn_relu_input"},
    {"aten::lstm_cell", "c_lstm_cell"},
    {"aten::gru_cell", "c_gru_cell"},
    {"aten::rnn_tanh_cell", "c_rnn_tanh_cell"},
    {"aten::rnn_relu_cell", "c_rnn_relu_cell"},
    {"aten::upsample_nearest1d", "c_upsample_nearest1d"},
    {"aten::upsample_nearest2d", "c_upsample_nearest2d"},
    {"aten::upsample_nearest3d", "c_upsample_nearest3d"},
    {"aten::upsample_nearest1d.vec", "c_upsample_nearest_vec"},
    {"aten::upsample_nearest2d.vec", "c_upsample_nearest_vec"},
    {"aten::upsample_nearest3d.vec", "c_upsample_nearest_vec"},
    {"aten::upsample_linear1d", "c_upsample_linear1d"},
    {"aten::upsample_bilinear2d", "c_upsample_bilinear2d"},
    {"aten::upsample_trilinear3d", "c_upsample_trilinear3d"},
    {"aten::upsample_linear1d.vec", "c_upsample_linear_vec"},
    {"aten::upsample_bilinear2d.vec", "c_upsample_linear_vec"},
    {"aten::upsample_trilinear3d.vec", "c_upsample_linear_vec"},
    {"aten::atleast_1d", "c_atleast_1d"},
    {"aten::atleast_2d", "c_atleast_2d"},
    {"aten::atleast_3d", "c_atleast_3d"},
    {"aten::atleast_1d.Sequence", "c_atleast_1d_Sequence"},
    {"aten::atleast_2d.Sequence", "c_atleast_2d_Sequence"},
    {"aten::atleast_3d.Sequence", "c_atleast_3d_Sequence"},
    {"aten::concat", "c_concat"},
    {"aten::concatenate", "c_concat"},
    {"aten::hstack", "c_hstack"},
    {"aten::vstack", "c_vstack"},
    {"aten::row_stack", "c_vstack"},
    {"aten::dstack", "c_dstack"},
    {"aten::column_stack", "c_column_stack"},
    {"aten::broadcast_to", "c_broadcast_to"},
    {"aten::mT", "c_mT"},
    {"aten::mT.a", "c_mT"},
    {"aten::adjoint", "c_mT"},
    {"aten::mH", "c_mT"},
    {"aten::mH.a", "c_mT"},
    {"aten::matrix_H", "c_mT"},
    {"aten::matrix_H.a", "c_mT"},
    {"aten::numpy_T", "c_numpy_T"},
    {"aten::numpy_T.a", "c_numpy_T"},
    {"aten::linalg_matmul", "c_linalg_matmul"},
    {"aten::linalg_diagonal", "c_linalg_diagonal"},
    {"aten::linalg_vecdot", "c_linalg_vecdot"},
    {"aten::vdot", "c_vdot"},
    {"aten::chain_matmul", "c_chain_matmul"},
    {"aten::linalg_multi_dot", "c_chain_matmul"},
    {"aten::inner", "c_inner"},
    {"aten::cross", "c_cross"},
    {"aten::linalg_cross", "c_linalg_cross"},
    {"aten::diff", "c_diff"},
    {"aten::diagflat", "c_diagflat"},
    {"aten::float_power.Tensor_Tensor", "c_float_power_Tensor_Tensor"},
    {"aten::float_power.Tensor_Scalar", "c_float_power_Tensor_Scalar"},
    {"aten::float_power.Scalar", "c_float_power_Scalar"},
    {"aten::bilinear", "c_bilinear"},
    {"aten::block_diag", "c_block_diag"},
    {"aten::nansum", "c_nansum"},
    {"aten::nanmean", "c_nanmean"},
    {"aten::std_mean", "c_std_mean"},
    {"aten::std_mean.dim", "c_std_mean_dim"},
    {"aten::std_mean.correction", "c_std_mean_correction"},
    {"aten::var_mean", "c_var_mean"},
    {"aten::var_mean.dim", "c_var_mean_dim"},
    {"aten::var_mean.correction", "c_var_mean_correction"},
    {"aten::take", "c_take"},
    {"aten::take_along_dim", "c_take_along_dim"},
    {"aten::pixel_shuffle", "c_pixel_shuffle"},
    {"aten::pixel_unshuffle", "c_pixel_unshuffle"},
    {"aten::channel_shuffle", "c_channel_shuffle"},
    {"aten::aminmax", "c_aminmax"},
    {"aten::conv1d.padding", "c_conv_padding"},
    {"aten::conv2d.padding", "c_conv_padding"},
    {"aten::conv3d.padding", "c_conv_padding"},
    {"aten::_convolution_mode", "c_conv_padding"},
    {"aten::fmax", "c_fmax"},
    {"aten::fmin", "c_fmin"},
    {"aten::kron", "c_kron"},
    {"aten::repeat_interleave.self_int", "c_repeat_interleave_self_int"},
    {"aten::repeat_interleave.self_Tensor", "c_repeat_interleave_self_Tensor"},
    {"aten::cdist", "c_cdist"},
    {"aten::dist", "c_dist"},
    {"aten::pairwise_distance", "c_pairwise_distance"},
    {"aten::cosine_similarity", "c_cosine_similarity"},
};

struct DecompositionTable {
  std::unordered_map<std::string, std::string> byOp;
  std::once_flag compiled;
  std::unordered_map<std::string, std::shared_ptr<jit::Function>> functions;

  DecompositionTable() {
    for (const auto& [op, def] : kDecompositionOps) byOp.emplace(op, def);
  }
};

DecompositionTable& table() {
  static DecompositionTable t;
  return t;
}

jit::Function* findDecomposition(const jit::FunctionSchema& schema) {
  DecompositionTable& t = table();
  const std::string key =
      schema.overloadName().empty() ? schema.name() : schema.name() + "." + schema.overloadName();
  auto it = t.byOp.find(key);
  if (it == t.byOp.end()) return nullptr;
  std::call_once(t.compiled, [&] {
    for (std::shared_ptr<jit::Function>& fn : compileAutogradSource(kDecompositionsSource))
      t.functions.emplace(fn->name(), fn);
  });
  auto fn = t.functions.find(it->second);
  EMBER_ASSERT(fn != t.functions.end(), "decomposition ", it->second, " did not compile");
  return fn->second.get();
}

bool isNumberType(const jit::TypePtr& type) {
  const jit::Type* t = type.get();
  if (t->kind() == jit::TypeKind::OptionalType) t = t->castRaw<jit::OptionalType>()->getElementType().get();
  return t->kind() == jit::TypeKind::NumberType;
}

}  // namespace

bool runDecomposition(const jit::FunctionSchema& schema, jit::Stack& stack, size_t nIn) {
  if (schema.isMutable()) return false;
  jit::Function* fn = findDecomposition(schema);
  if (!fn) return false;
  const size_t base = stack.size() - nIn;
  const auto& sargs = schema.arguments();
  for (size_t i = 0; i < nIn; ++i) {
    jit::IValue& v = stack[base + i];
    if (isNumberType(sargs[i].type()) && (v.isInt() || v.isBool())) v = jit::IValue(v.toScalar().toDouble());
  }
  jit::Stack args(stack.begin() + static_cast<std::ptrdiff_t>(base), stack.end());
  stack.resize(base);
  fn->run(args);
  jit::IValue result = std::move(args.back());
  if (schema.returns().size() == 1) {
    stack.push_back(std::move(result));
  } else {
    for (jit::IValue& e : result.toTupleRef().elements) stack.push_back(e);
  }
  return true;
}

}  // namespace ember::autograd
