// Queries of autograd and autocast state that nn modules' scripted code makes (the fast-path
// checks of nn.MultiheadAttention and nn.Transformer*): torch.is_grad_enabled /
// torch.set_grad_enabled and torch.is_autocast_enabled.
//
// The flag itself is ember/runtime/grad_mode.h; with it off, autograd records nothing. (With it
// on, those modules take their ordinary path whenever a parameter requires grad, as they do in
// PyTorch outside torch.no_grad().)
// Autocast is never enabled.
#include "ember/runtime/grad_mode.h"
#include "ember/runtime/register_operators.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

RegisterOperators reg({
    // Conservative, as in PyTorch: the passes must neither remove nor move them (the mode
    // decides what autograd records).
    {"aten::is_grad_enabled() -> bool", [](Stack& s) { s.emplace_back(isGradEnabled()); },
     AliasAnalysisKind::CONSERVATIVE},
    {"aten::set_grad_enabled(bool val) -> ()",
     [](Stack& s) {
       setGradEnabled(boolArg(s.back()));
       s.pop_back();
     },
     AliasAnalysisKind::CONSERVATIVE},
    {"aten::is_autocast_enabled() -> bool", [](Stack& s) { s.emplace_back(false); }},
});

}  // namespace
}  // namespace ember::jit::aten
