// Adapter for the smaller NN families' differential cases (cases_nn.py): one "nn" op whose "fn"
// names the function; "seed" seeds ember's default generator first (dropout draws PyTorch's
// CPU stream).
#include "ember/tensor/ops/nn_misc.h"
#include "ember/tensor/ops/random.h"
#include "harness.h"

namespace ember::compat {
namespace {

std::vector<Tensor> four(std::tuple<Tensor, Tensor, Tensor, Tensor> r) {
  return {std::get<0>(r), std::get<1>(r), std::get<2>(r), std::get<3>(r)};
}

std::vector<Tensor> dropoutFamily(const std::string& fn, const Tensor& x, double p, bool train) {
  if (fn == "dropout") return {dropout(x, p, train)};
  if (fn == "feature_dropout") return {feature_dropout(x, p, train)};
  if (fn == "alpha_dropout") return {alpha_dropout(x, p, train)};
  if (fn == "feature_alpha_dropout") return {feature_alpha_dropout(x, p, train)};
  Tensor y = x.clone();
  if (fn == "dropout_") dropout_(y, p, train);
  else if (fn == "feature_dropout_") feature_dropout_(y, p, train);
  else if (fn == "alpha_dropout_") alpha_dropout_(y, p, train);
  else feature_alpha_dropout_(y, p, train);
  return {y};
}

}  // namespace

EMBER_COMPAT_ADAPTER("nn") {
  const std::string fn = stringArg(args, "fn");
  if (hasArg(args, "seed")) manual_seed(static_cast<uint64_t>(intArg(args, "seed")));
  const Tensor& x = in[0];
  if (fn == "embedding") return {embedding(x, in[1])};
  if (fn == "embedding_renorm_") {
    Tensor w = x.clone();
    embedding_renorm_(w, in[1], doubleArg(args, "max_norm"), doubleArg(args, "norm_type"));
    return {w};
  }
  if (fn == "_embedding_bag")
    return four(_embedding_bag(x, in[1], in[2], false, intArg(args, "mode", 0), false, in.size() > 3 ? in[3] : Tensor(),
                               boolArg(args, "include_last_offset", false), intArg(args, "padding_idx", -1)));
  if (fn.find("dropout") != std::string::npos && fn != "native_dropout")
    return dropoutFamily(fn, x, doubleArg(args, "p"), boolArg(args, "train"));
  if (fn == "native_dropout") {
    const std::optional<bool> train =
        hasArg(args, "train") && !args["train"].is_null() ? std::optional<bool>(boolArg(args, "train")) : std::nullopt;
    auto [o, m] = native_dropout(x, doubleArg(args, "p"), train);
    return {o, m};
  }
  if (fn == "pixel_shuffle") return {pixel_shuffle(x, intArg(args, "factor"))};
  if (fn == "pixel_unshuffle") return {pixel_unshuffle(x, intArg(args, "factor"))};
  if (fn == "channel_shuffle") return {channel_shuffle(x, intArg(args, "factor"))};
  if (fn == "cosine_similarity")
    return {cosine_similarity(x, in[1], intArg(args, "dim", 1), doubleArg(args, "eps", 1e-8))};
  if (fn == "pairwise_distance")
    return {pairwise_distance(x, in[1], doubleArg(args, "p", 2.0), doubleArg(args, "eps", 1e-6),
                              boolArg(args, "keepdim", false))};
  if (fn == "frobenius_norm")
    return {hasArg(args, "dim") ? frobenius_norm(x, intListArg(args, "dim"), boolArg(args, "keepdim", false))
                                : frobenius_norm(x)};
  if (fn == "_softmax") return {_softmax(x, intArg(args, "dim"), boolArg(args, "half_to_float", false))};
  if (fn == "_log_softmax") return {_log_softmax(x, intArg(args, "dim"), boolArg(args, "half_to_float", false))};
  throw std::runtime_error("unknown nn function " + fn);
}

}  // namespace ember::compat
