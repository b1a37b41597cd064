# ember.jit.script of torch.nn.Module instances: the torch.nn layers the model zoo uses and
# custom modules (submodules, containers, constants, ignore/export), outputs against eager
# PyTorch, and parameters shared with the torch module without copies.
import pytest
import torch
import torch.nn as nn
import torch.nn.functional as F

import ember
from conftest import assert_close

LAYERS = [
    (lambda: nn.Conv2d(3, 8, 3, stride=2, padding=1), (2, 3, 16, 16)),
    (lambda: nn.Conv2d(4, 4, 3, groups=2, bias=False), (1, 4, 9, 9)),
    (lambda: nn.BatchNorm2d(3), (2, 3, 5, 5)),
    (lambda: nn.Linear(7, 5), (4, 7)),
    (lambda: nn.ReLU(inplace=True), (3, 4)),
    (lambda: nn.MaxPool2d(3, 2, 1), (1, 2, 9, 9)),
    (lambda: nn.AdaptiveAvgPool2d((1, 1)), (1, 3, 7, 7)),
    (lambda: nn.AvgPool2d(2), (1, 3, 8, 8)),
    (lambda: nn.Dropout(0.5), (2, 6)),
    (lambda: nn.Flatten(), (2, 3, 4)),
    (lambda: nn.Sequential(nn.Linear(4, 8), nn.GELU(), nn.Linear(8, 2)), (3, 4)),
    (lambda: nn.LayerNorm(6), (2, 6)),
    (lambda: nn.Hardswish(), (2, 6)),
    (lambda: nn.SiLU(), (2, 6)),
    (lambda: nn.Embedding(10, 3), None),
    (lambda: nn.LSTM(4, 5, batch_first=True), (2, 3, 4)),
    (lambda: nn.TransformerEncoderLayer(8, 2, 16, batch_first=True), (2, 5, 8)),
]


def _outputs_close(got, expected, atol):
    if isinstance(expected, tuple):
        for g, e in zip(got, expected):
            _outputs_close(g, e, atol)
        return
    assert isinstance(got, torch.Tensor)
    assert_close(got, expected, rtol=1e-4, atol=atol)


@pytest.mark.parametrize("make,shape", LAYERS, ids=[str(i) for i in range(len(LAYERS))])
def test_nn_layers_match_eager(make, shape):
    layer = make().eval()
    x = torch.randint(0, 10, (2, 3)) if shape is None else torch.randn(*shape)
    scripted = ember.jit.script(layer)
    with torch.no_grad():
        _outputs_close(scripted(x), layer(x), atol=1e-5)


class Block(nn.Module):
    __constants__ = ["depth"]

    def __init__(self, depth=3):
        super().__init__()
        self.depth = depth
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(depth)])
        self.heads = nn.ModuleDict({"a": nn.Linear(4, 1), "b": nn.Linear(4, 2)})
        self.register_buffer("offset", torch.ones(4))

    def forward(self, x):
        for layer in self.layers:
            x = F.relu(layer(x)) + self.offset
        return self.heads["a"](x), self.helper(x)

    @torch.jit.export
    def helper(self, x):
        return self.heads["b"](x) * self.depth

    @torch.jit.ignore
    def python_only(self):
        return "not compiled"


def test_custom_module_and_shared_parameters():
    block = Block().eval()
    scripted = ember.jit.script(block)
    x = torch.randn(5, 4)
    _outputs_close(scripted(x), block(x), atol=1e-5)
    assert_close(scripted.helper(x), block.helper(x), atol=1e-5)
    assert scripted.depth == 3
    # weights are shared: an update of the torch module is seen by the ember module
    with torch.no_grad():
        block.layers[0].weight.mul_(2)
        block.offset.fill_(0.5)
    _outputs_close(scripted(x), block(x), atol=1e-5)
    assert [n for n, _ in scripted.named_parameters()] == [n for n, _ in block.named_parameters()]
