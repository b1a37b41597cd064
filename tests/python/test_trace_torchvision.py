# torchvision models traced with torch.jit.trace and ember.jit.trace (random weights, eval mode):
# the same aten operators recorded, and ember's trace run on a fresh input of another batch size
# against eager PyTorch. One model is saved by ember and loaded by torch.jit.load.
import io

import pytest
import torch
import torchvision

import ember
from conftest import assert_close
from trace_support import trace_both

MODELS = ["resnet18", "mobilenet_v2", "squeezenet1_1", "shufflenet_v2_x0_5", "mnasnet0_5", "alexnet",
          "googlenet", "densenet121", "efficientnet_b0", "mobilenet_v3_small", "regnet_x_400mf", "convnext_tiny",
          "vit_b_16"]


def build(name):
    kwargs = {"init_weights": True, "aux_logits": False} if name == "googlenet" else {}
    return getattr(torchvision.models, name)(weights=None, **kwargs).eval()


@pytest.mark.parametrize("name", MODELS)
def test_model_trace_matches_torch_trace(name):
    if not hasattr(torchvision.models, name):
        pytest.skip("torchvision %s has no %s" % (torchvision.__version__, name))
    model = build(name)
    size = {"alexnet": 64, "vit_b_16": 224}.get(name, 96)
    trace_both(model, (torch.randn(1, 3, size, size),), [(torch.randn(2, 3, size, size),)], rtol=1e-3, atol=1e-3)


def test_traced_resnet_runs_in_torch():
    model = build("resnet18")
    traced = ember.jit.trace(model, (torch.randn(1, 3, 64, 64),))
    buffer = io.BytesIO()
    ember.jit.save(traced, buffer)
    loaded = torch.jit.load(io.BytesIO(buffer.getvalue()))
    x = torch.randn(2, 3, 64, 64)
    with torch.no_grad():
        assert_close(loaded(x), model(x), rtol=1e-3, atol=1e-3)


def test_torch_traced_mobilenet_loads_in_ember():
    model = build("mobilenet_v2")
    theirs = torch.jit.trace(model, (torch.randn(1, 3, 64, 64),))
    buffer = io.BytesIO()
    torch.jit.save(theirs, buffer)
    loaded = ember.jit.load(io.BytesIO(buffer.getvalue()))
    x = torch.randn(2, 3, 64, 64)
    with torch.no_grad():
        assert_close(loaded(x), model(x), rtol=1e-3, atol=1e-3)
