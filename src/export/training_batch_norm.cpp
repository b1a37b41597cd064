// Training-mode batch norm in exported programs. batch_norm / native_batch_norm in training
// update the running statistics in place; a functional graph instead records
// aten._native_batch_norm_legit_functional (the functional form later PyTorch releases record,
// registered here because ember's runtime has no use for it otherwise), whose last two results
// are the new running mean and variance. The tracer rebinds the buffers to them, so they become
// BUFFER_MUTATION outputs like any other buffer change.
#include "ember/core/operator.h"
#include "ember/error.h"
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/norm.h"
#include "tracer.h"

namespace ember::exporter {

using jit::IValue;

namespace {

constexpr const char* kFunctionalBatchNorm = "aten._native_batch_norm_legit_functional.default";

Tensor optionalTensor(const IValue& v) { return v.isNone() ? Tensor() : v.toTensor(); }

// (input, weight?, bias?, running_mean, running_var, training, momentum, eps) ->
// (output, save_mean, save_invstd, new_running_mean, new_running_var); the inputs are unchanged.
void functionalBatchNormOp(jit::Stack& s) {
  IValue* a = s.data() + (s.size() - 8);
  Tensor mean = a[3].toTensor().clone(), var = a[4].toTensor().clone();
  auto [out, saveMean, saveInvstd] = native_batch_norm(a[0].toTensor(), optionalTensor(a[1]), optionalTensor(a[2]),
                                                       mean, var, a[5].toBool(), a[6].toDouble(), a[7].toDouble());
  s.resize(s.size() - 8);
  s.emplace_back(std::move(out));
  s.emplace_back(std::move(saveMean));
  s.emplace_back(std::move(saveInvstd));
  s.emplace_back(std::move(mean));
  s.emplace_back(std::move(var));
}

std::vector<SymInt> contiguous(const std::vector<SymInt>& sizes) { return FakeTensor::contiguousStrides(sizes); }

}  // namespace

void registerExportOperators() {
  static jit::RegisterOperators reg({jit::Operator(
      "aten::_native_batch_norm_legit_functional(Tensor input, Tensor? weight, Tensor? bias, Tensor running_mean, "
      "Tensor running_var, bool training, float momentum, float eps) -> (Tensor, Tensor, Tensor, Tensor, Tensor)",
      functionalBatchNormOp)});
}

bool isTrainingBatchNorm(const jit::FunctionSchema& s, const jit::Stack& in) {
  if (s.name() != "aten::batch_norm" && s.name() != "aten::native_batch_norm") return false;
  return in.size() >= 8 && in[5].isBool() && in[5].toBool() && in[3].isTensor() && in[4].isTensor();
}

void Tracer::recordTrainingBatchNorm(const jit::Node* n, Frame& f, const jit::Operator& op, const jit::Stack& inputs) {
  registerExportOperators();
  const jit::FunctionSchema& schema = op.schema();
  std::vector<FxArg> args;
  for (size_t i = 0; i < 8; ++i) args.push_back(toArg(f, n->input(i), inputs[i], schema.arguments()[i]));
  const Tensor& input = inputs[0].toTensor();
  const Tensor& mean = inputs[3].toTensor();
  const Tensor& var = inputs[4].toTensor();
  FakeTensor outFake = fakeOf(input);
  outFake.strides = contiguous(outFake.sizes);
  FakeTensor statFake = fakeOf(mean);
  // The concrete run updates the (captured copies of the) running statistics, as eager does.
  jit::Stack stack = inputs;
  op.getOperation(n)(stack);
  EMBER_CHECK(stack.size() == n->outputs().size(), "export: ", schema.name(), " returned ", stack.size(),
              " values for ", n->outputs().size(), " outputs");
  for (size_t i = 0; i < stack.size(); ++i) f.env[n->output(i)] = stack[i];
  FxNode* node = graph().callFunction(kFunctionalBatchNorm, args, {}, "_native_batch_norm_legit_functional");
  std::vector<MetaVal> vals{MetaVal::ofTensor(outFake), MetaVal::ofTensor(statFake), MetaVal::ofTensor(statFake),
                            MetaVal::ofTensor(statFake), MetaVal::ofTensor(statFake)};
  node->val = MetaVal::ofList(vals);
  attachMeta(node);
  auto item = [&](int64_t k) {
    FxNode* it = graph().callFunction("operator.getitem", {FxArg::ref(node), FxArg::integer(k)});
    it->val = vals[k];
    attachMeta(it);
    return it;
  };
  // Results of the recorded call: batch_norm has the output only, native_batch_norm all three.
  for (size_t k = 0; k < stack.size(); ++k) {
    FakeTensor fake = k == 0 ? outFake : statFake;
    if (k > 0) {  // save_mean / save_invstd have the channel count of the statistics
      fake.dtype = stack[k].toTensor().scalar_type();
    }
    bindOutput(stack[k].toTensor(), item(static_cast<int64_t>(k)), fake);
  }
  applyMutation(mean, item(3), statFake);
  applyMutation(var, item(4), fakeOf(var));
}

}  // namespace ember::exporter
