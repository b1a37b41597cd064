// Which operators run as a TorchScript decomposition when an input requires grad
// (decompositions.h), and running one.
#include "runtime/autograd/decompositions.h"

#include <mutex>
#include <string>
#include <unordered_map>

#include "ember/runtime/grad_mode.h"
#include "ember/tensor/ops/shape.h"
#include "runtime/autograd/formula_node.h"
#include "runtime/autograd/formulas.h"
#include "runtime/autograd/saved_tensor.h"
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
    {"aten::nanmedian.dim", "c_nanmedian_dim"},
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
    {"aten::adjoint", "c_mH"},
    {"aten::mH", "c_mH"},
    {"aten::mH.a", "c_mH"},
    {"aten::matrix_H", "c_mH"},
    {"aten::matrix_H.a", "c_mH"},
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
    {"aten::tensordot", "c_tensordot"},
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

const DecompositionShard* const kShards[] = {&kLinalgNormDecompositions,  &kBagsResampleDecompositions,
                                             &kCompositeDecompositions,   &kPackedRnnDecompositions,
                                             &kTransformerDecompositions, &kNnMissingDecompositions,
                                             &kAliasDecompositions,       &kMiscRestDecompositions,
                                             &kNnRestDecompositions};

struct DecompositionTable {
  std::unordered_map<std::string, std::string> byOp;
  std::once_flag compiled;
  std::unordered_map<std::string, std::shared_ptr<jit::Function>> functions;

  DecompositionTable() {
    for (const auto& [op, def] : kDecompositionOps) byOp.emplace(op, def);
    for (const DecompositionShard* shard : kShards)
      for (size_t i = 0; i < shard->count; ++i)
        EMBER_ASSERT(byOp.emplace(shard->ops[i].first, shard->ops[i].second).second, "two decompositions for ",
                     shard->ops[i].first);
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
    std::string source = kDecompositionsSource;
    for (const DecompositionShard* shard : kShards) source += shard->source;
    for (std::shared_ptr<jit::Function>& fn : compileAutogradSource(source.c_str()))
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


// Whether the decomposition itself must give the forward values (see decompositions.h).
bool forwardIsDecomposition(const jit::FunctionSchema& schema, const jit::IValue* args, size_t nIn) {
  const std::string& name = schema.name();
  // dropout also in evaluation, where it returns its input untouched and records nothing.
  if (name == "aten::instance_norm" || name == "aten::dropout" || decomposesInPlace(name)) return true;
  // Dropout variants in training draw their mask in the decomposition, once.
  const bool dropout = name == "aten::alpha_dropout" || name == "aten::feature_dropout" ||
                       name == "aten::feature_alpha_dropout";
  if (dropout && nIn >= 3) return args[2].isBool() && args[2].toBool();
  // rrelu in training draws its slopes once (its `training` flag is the fourth argument).
  if (name == "aten::rrelu" && nIn >= 4) return args[3].isBool() && args[3].toBool();
  const bool rnn = name == "aten::lstm" || name == "aten::gru" || name == "aten::rnn_tanh" || name == "aten::rnn_relu";
  // The packed (.data) overloads take batch_sizes second, so dropout and train come one later.
  const size_t at = schema.overloadName() == "data" ? 6 : 5;
  if (rnn && nIn >= at + 2) {
    const double dropout = args[at].isDouble() ? args[at].toDouble() : 0.0;
    return dropout > 0.0 && args[at + 1].isBool() && args[at + 1].toBool();
  }
  return false;
}

// The op's arguments as the def takes them (Scalar ones as float).
void convertArgs(const jit::FunctionSchema& schema, jit::IValue* args, size_t nIn) {
  const auto& sargs = schema.arguments();
  for (size_t i = 0; i < nIn; ++i) {
    jit::IValue& v = args[i];
    if (isNumberType(sargs[i].type()) && (v.isInt() || v.isBool())) v = jit::IValue(v.toScalar().toDouble());
  }
}

// Runs the def on `args` and returns the op's results (one per schema return).
std::vector<jit::IValue> runDef(jit::Function& fn, const jit::FunctionSchema& schema, jit::Stack args) {
  fn.run(args);
  jit::IValue result = std::move(args.back());
  if (schema.returns().size() == 1) return {std::move(result)};
  return result.toTupleRef().elements;
}

bool isDefinedTensor(const jit::IValue& v) { return v.isTensor() && v.unsafeToTensorImpl() != nullptr; }

void appendTensors(const jit::IValue& v, std::vector<Tensor>& out) {
  if (isDefinedTensor(v)) out.push_back(v.toTensor());
  else if (v.isList())
    for (const jit::IValue& e : v.toListRef().elements)
      if (isDefinedTensor(e)) out.push_back(e.toTensor());
}

// Tensor, Tensor? -> 1; Tensor[], Tensor?[] -> 2; else 0 (as record.cpp counts edges).
int tensorArgKind(const jit::TypePtr& type) {
  const jit::Type* t = type.get();
  if (t->kind() == jit::TypeKind::OptionalType) t = t->castRaw<jit::OptionalType>()->getElementType().get();
  if (t->kind() == jit::TypeKind::TensorType) return 1;
  if (t->kind() == jit::TypeKind::ListType) {
    const jit::Type* e = t->castRaw<jit::ListType>()->getElementType().get();
    if (e->kind() == jit::TypeKind::OptionalType) e = e->castRaw<jit::OptionalType>()->getElementType().get();
    if (e->kind() == jit::TypeKind::TensorType) return 2;
  }
  return 0;
}

// Backward of an op with a decomposition: the decomposition run again and differentiated.
class RecomputeNode : public Node {
 public:
  RecomputeNode(std::string name, const jit::FunctionSchema& schema, jit::Function& fn)
      : name_(std::move(name)), schema_(&schema), fn_(&fn) {}
  std::string name() const override { return name_; }
  size_t numInputs() const override { return numOutputs_; }
  void releaseVariables() override {
    for (Arg& a : args_)
      for (SavedTensor& t : a.tensors) t.reset();
    released_ = true;
  }

  // Saves the op's inputs (tensors with their versions; values as they are).
  void save(const jit::IValue* args, size_t nIn) {
    const auto& sargs = schema_->arguments();
    for (size_t i = 0; i < nIn; ++i) {
      Arg a;
      a.kind = tensorArgKind(sargs[i].type());
      a.value = args[i];
      if (a.kind == 1 && isDefinedTensor(args[i])) {
        a.tensors.emplace_back(args[i].toTensor(), false);
        a.value = jit::IValue();
      } else if (a.kind == 2 && args[i].isList()) {
        for (const jit::IValue& e : args[i].toListRef().elements) {
          a.present.push_back(isDefinedTensor(e));
          a.tensors.emplace_back(isDefinedTensor(e) ? SavedTensor(e.toTensor(), false) : SavedTensor());
        }
      }
      args_.push_back(std::move(a));
    }
  }
  void setNumOutputs(size_t n) { numOutputs_ = n; }

  std::vector<Tensor> apply(std::vector<Tensor>&& grads) override {
    if (released_) throwGraphFreed();
    std::shared_ptr<Node> self = shared_from_this();
    const bool createGraph = jit::isGradEnabled();
    // The inputs in edge order (record.cpp's bindEdges: one per Tensor argument, one per list
    // element); those with an edge are differentiated. Without create_graph they are fresh
    // leaves sharing the saved tensors' data, so the recomputation is a graph of its own; with
    // it, recorded aliases of the saved tensors, so the gradients connect to their histories.
    jit::Stack stack;
    std::vector<Tensor> wrt;
    std::vector<size_t> wrtSlot;
    size_t slot = 0;
    auto prepare = [&](const Tensor& saved) -> jit::IValue {
      const size_t s = slot++;
      if (!saved.defined()) return jit::IValue();
      Tensor t = saved;
      const bool wanted = s < nextEdges().size() && nextEdges()[s].fn;
      if (!createGraph) {
        t = ember::alias(saved);
        if (wanted) setRequiresGrad(t);
      } else if (wanted) {
        // A recorded alias per input: the gradient captured for it is the partial derivative
        // (an input computed from another, dist(x, x.flip(0)), must not collect the other's).
        jit::Stack st{jit::IValue(saved)};
        callOperator("aten::alias", st);
        t = st.back().toTensor();
      }
      if (wanted) {
        wrt.push_back(t);
        wrtSlot.push_back(s);
      }
      return jit::IValue(t);
    };
    for (const Arg& a : args_) {
      if (a.kind == 1) {
        if (a.tensors.empty()) {
          ++slot;
          stack.push_back(a.value);
        } else {
          stack.push_back(prepare(a.tensors[0].unpack(self)));
        }
      } else if (a.kind == 2 && a.value.isList()) {
        std::vector<jit::IValue> elems;
        for (size_t k = 0; k < a.tensors.size(); ++k) {
          if (a.present[k]) {
            elems.push_back(prepare(a.tensors[k].unpack(self)));
          } else {
            ++slot;
            elems.push_back(a.value.toListRef().elements[k]);
          }
        }
        stack.push_back(jit::makeList(a.value.toListRef().elementType, std::move(elems)));
      } else {
        stack.push_back(a.value);
      }
    }
    std::vector<Tensor> outs;
    {
      jit::GradModeGuard mode(true);
      for (const jit::IValue& r : runDef(*fn_, *schema_, std::move(stack))) appendTensors(r, outs);
    }
    std::vector<Tensor> roots, rootGrads;
    for (size_t k = 0; k < outs.size() && k < grads.size(); ++k)
      if (grads[k].defined() && outs[k].requires_grad()) {
        roots.push_back(outs[k]);
        rootGrads.push_back(grads[k]);
      }
    std::vector<Tensor> result(nextEdges().size());
    if (roots.empty() || wrt.empty()) return result;
    std::vector<Tensor> g = grad(roots, wrt, rootGrads, createGraph, createGraph, /*allowUnused=*/true);
    for (size_t k = 0; k < g.size(); ++k) result[wrtSlot[k]] = g[k];
    return result;
  }

 private:
  struct Arg {
    int kind = 0;  // tensorArgKind
    jit::IValue value;
    std::vector<SavedTensor> tensors;
    std::vector<bool> present;
  };
  std::string name_;
  const jit::FunctionSchema* schema_;
  jit::Function* fn_;
  std::vector<Arg> args_;
  size_t numOutputs_ = 0;
  bool released_ = false;
};

}  // namespace

bool runDecompositionForward(const jit::FunctionSchema& schema, jit::Stack& stack, size_t nIn) {
  if (schema.isMutable() && !decomposesInPlace(schema.name())) return false;
  const size_t base = stack.size() - nIn;
  if (!forwardIsDecomposition(schema, stack.data() + base, nIn)) return false;
  jit::Function* fn = findDecomposition(schema);
  if (!fn) return false;
  convertArgs(schema, stack.data() + base, nIn);
  jit::Stack args(stack.begin() + static_cast<std::ptrdiff_t>(base), stack.end());
  stack.resize(base);
  for (jit::IValue& r : runDef(*fn, schema, std::move(args))) stack.push_back(std::move(r));
  return true;
}

std::shared_ptr<Node> makeRecomputeNode(const jit::FunctionSchema& schema, const jit::IValue* args, size_t nIn) {
  if (schema.isMutable()) return nullptr;
  jit::Function* fn = findDecomposition(schema);
  if (!fn) return nullptr;
  std::vector<jit::IValue> converted(args, args + nIn);
  convertArgs(schema, converted.data(), nIn);
  auto node = std::make_shared<RecomputeNode>(backwardNodeName(schema), schema, *fn);
  node->save(converted.data(), nIn);
  return node;
}

void setRecomputeOutputs(Node& node, size_t n) { static_cast<RecomputeNode&>(node).setNumOutputs(n); }

}  // namespace ember::autograd
