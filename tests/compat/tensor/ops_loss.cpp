// Adapter for the loss family's differential cases (cases_loss.py): one "loss" op whose "fn"
// names the function; inputs are input, target and then the tensors "present" lists (weight,
// pos_weight); "reduction", "beta", "delta", "ignore_index", "label_smoothing".
#include "ember/tensor/ops/loss.h"
#include "harness.h"

namespace ember::compat {

EMBER_COMPAT_ADAPTER("loss") {
  const std::string fn = stringArg(args, "fn");
  Tensor weight, posWeight;
  size_t k = 2;
  for (const auto& name : args.at("present")) (name.get<std::string>() == "weight" ? weight : posWeight) = in.at(k++);
  const Tensor &x = in[0], &t = in[1];
  const int64_t red = intArg(args, "reduction", 1), ignore = intArg(args, "ignore_index", -100);
  auto pair = [](std::tuple<Tensor, Tensor> r) { return std::vector<Tensor>{std::get<0>(r), std::get<1>(r)}; };
  if (fn == "mse_loss") return {mse_loss(x, t, red)};
  if (fn == "l1_loss") return {l1_loss(x, t, red)};
  if (fn == "smooth_l1_loss") return {smooth_l1_loss(x, t, red, doubleArg(args, "beta", 1.0))};
  if (fn == "huber_loss") return {huber_loss(x, t, red, doubleArg(args, "delta", 1.0))};
  if (fn == "binary_cross_entropy") return {binary_cross_entropy(x, t, weight, red)};
  if (fn == "binary_cross_entropy_with_logits") return {binary_cross_entropy_with_logits(x, t, weight, posWeight, red)};
  if (fn == "nll_loss") return {nll_loss(x, t, weight, red, ignore)};
  if (fn == "nll_loss2d") return {nll_loss2d(x, t, weight, red, ignore)};
  if (fn == "nll_loss_nd") return {nll_loss_nd(x, t, weight, red, ignore)};
  if (fn == "nll_loss_forward") return pair(nll_loss_forward(x, t, weight, red, ignore));
  if (fn == "nll_loss2d_forward") return pair(nll_loss2d_forward(x, t, weight, red, ignore));
  if (fn == "cross_entropy_loss")
    return {cross_entropy_loss(x, t, weight, red, ignore, doubleArg(args, "label_smoothing", 0.0))};
  throw std::runtime_error("unknown loss function " + fn);
}

}  // namespace ember::compat
