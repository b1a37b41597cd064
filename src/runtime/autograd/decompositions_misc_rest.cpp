// In-place ops differentiated through recorded decompositions (decomposesInPlace), run as their
// forward when an input requires grad: renorm_ (renorm written back into self), rrelu_ (rrelu's
// random slopes written back into self), and the
// in-place dropouts (dropout_, feature_dropout_, alpha_dropout_, feature_alpha_dropout_) as
// PyTorch 1.13 composes them: not training (or p == 0) returns self untouched and records
// nothing; training multiplies a Bernoulli(1 - p) mask into self in place (and adds the alpha
// shift), recorded op by op, so the mask, not the result, is what backward keeps and a later
// in-place op on the result (dropout then relu_) leaves the gradient valid; they draw the same
// numbers from the default generator as the kernels do. The functional dropout runs its
// decomposition as the forward for the same reason.
#include <iterator>

#include "runtime/autograd/decompositions.h"

namespace ember::autograd {

namespace {

constexpr const char* kSource = R"TS(
def _dropout_inplace(self: Tensor, p: float, train: bool, alpha: bool, feature: bool) -> Tensor:
    if p < 0.0 or p > 1.0:
        raise RuntimeError("dropout probability has to be between 0 and 1, but got " + str(p))
    if p == 0.0 or not train or self.numel() == 0:
        return self
    if p == 1.0:
        return self.mul_(torch.zeros([], dtype=self.dtype))
    if feature and self.dim() < 2:
        raise RuntimeError("Feature dropout requires at least 2 dimensions in the input")
    scale, shift = _dropout_factors(self, p, alpha, feature)  # decompositions_composites.cpp
    if shift is None:
        return self.mul_(scale)
    return self.mul_(scale).add_(shift)

def c_dropout_(self: Tensor, p: float, train: bool):
    return _dropout_inplace(self, p, train, False, False)

def c_feature_dropout_(self: Tensor, p: float, train: bool):
    return _dropout_inplace(self, p, train, False, True)

def c_alpha_dropout_(self: Tensor, p: float, train: bool):
    return _dropout_inplace(self, p, train, True, False)

def c_feature_alpha_dropout_(self: Tensor, p: float, train: bool):
    return _dropout_inplace(self, p, train, True, True)

def c_dropout(input: Tensor, p: float, train: bool):
    # The forward whenever an input requires grad (decompositions_composites.cpp's helper, same
    # unit): the input itself in evaluation, in training the input times its scaled mask,
    # recorded, so backward keeps the mask and not the result, which a later in-place op
    # (dropout then relu_) may change. Having no formula, it stays out of JIT autodiff's graphs.
    return _dropout_variant(input, p, train, False, False)

def c_rrelu_(self: Tensor, lower: float, upper: float, training: bool, generator: Any):
    # In training, rrelu's random slopes (rrelu_with_noise on a copy, whose formula keeps the
    # noise) written back into self; in evaluation leaky_relu_ with the mean slope.
    if training:
        noise = torch.empty_like(self)
        return self.copy_(torch.ops.aten.rrelu_with_noise(self.clone(), noise, lower, upper, training))
    return torch.nn.functional.leaky_relu_(self, (lower + upper) / 2.0)

def c_renorm_(self: Tensor, p: float, dim: int, maxnorm: float):
    # renorm's gradient, written back (renorm reads a copy: self's write must not invalidate it).
    return self.copy_(torch.renorm(self.clone(), p, dim, maxnorm))
)TS";

const std::pair<const char*, const char*> kOps[] = {
    {"aten::dropout_", "c_dropout_"},
    {"aten::feature_dropout_", "c_feature_dropout_"},
    {"aten::alpha_dropout_", "c_alpha_dropout_"},
    {"aten::feature_alpha_dropout_", "c_feature_alpha_dropout_"},
    {"aten::renorm_", "c_renorm_"},
    {"aten::rrelu_", "c_rrelu_"},
    {"aten::dropout", "c_dropout"},
};

}  // namespace

const DecompositionShard kMiscRestDecompositions{kSource, kOps, std::size(kOps)};

bool decomposesInPlace(const std::string& name) {
  for (const auto& [op, def] : kOps)
    if (name == op) return true;
  return false;
}

}  // namespace ember::autograd
