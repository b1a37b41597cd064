# Every torchvision classification model, scripted natively by ember.jit.script (ember's own
# frontend, no torch.jit.script) and run against eager PyTorch on the same input (random weights,
# eval mode).
import io

import pytest
import torch
import torchvision

import ember
from conftest import assert_close

MODELS = ["alexnet", "vgg11", "vgg11_bn", "resnet18", "resnet50", "resnext50_32x4d", "wide_resnet50_2",
          "squeezenet1_0", "squeezenet1_1", "densenet121", "inception_v3", "googlenet", "shufflenet_v2_x0_5",
          "mobilenet_v2", "mobilenet_v3_small", "mobilenet_v3_large", "mnasnet0_5", "efficientnet_b0",
          "efficientnet_v2_s", "regnet_x_400mf", "regnet_y_400mf", "convnext_tiny", "vit_b_16", "swin_t",
          "swin_v2_t", "maxvit_t"]
# The other builders of torchvision 0.14 are size variants of these architectures (same Python
# code, other widths and depths): resnet34/101/152, vgg13-19, densenet161-201, efficientnet_b1-b7,
# efficientnet_v2_m/l, regnet_*, convnext_small/base/large, vit_b_32/l_*/h_14, swin_s/b and
# swin_v2_s/b, mnasnet0_75-1_3, shufflenet_v2_x1_0-x2_0, resnext101_*, wide_resnet101_2.


def available(name):
    return hasattr(torchvision.models, name)


@pytest.mark.parametrize("name", MODELS)
def test_model_matches_eager(name):
    if not available(name):
        pytest.skip("torchvision %s has no %s" % (torchvision.__version__, name))
    kwargs = {"init_weights": True, "aux_logits": False} if name in ("inception_v3", "googlenet") else {}
    model = getattr(torchvision.models, name)(weights=None, **kwargs).eval()
    size = 299 if name == "inception_v3" else 224 if name in ("vit_b_16", "swin_t", "swin_v2_t", "maxvit_t") else 96
    x = torch.randn(1, 3, size, size)
    scripted = ember.jit.script(model)
    with torch.no_grad():
        expected = model(x)
    got = scripted(x)
    # the archive ember writes is read by torch.jit.load and computes the same
    reloaded = torch.jit.load(io.BytesIO(scripted.save_to_buffer()))
    with torch.no_grad():
        again = reloaded(x)
    if name in ("inception_v3", "googlenet"):
        # Scripted, these return their namedtuple (logits, aux...) even in eval mode, as
        # torch.jit.script's modules do.
        assert isinstance(got, tuple) and isinstance(torch.jit.script(model)(x), tuple)
        got, again = got[0], again[0]
    assert isinstance(got, torch.Tensor)
    # inception_v3's randomly initialised logits reach ~1e12: there an element that cancels to
    # ~1e8 differs by more than 1e-3 of itself with any other order of summation (Winograd's
    # convolutions, ~1e-6 of the output's scale), so the absolute tolerance follows the scale.
    atol = max(1e-3, 1e-5 * expected.abs().max().item())
    assert_close(got, expected, rtol=1e-3, atol=atol)
    assert_close(again, expected, rtol=1e-3, atol=atol)
