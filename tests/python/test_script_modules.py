# ember.jit.script of torch.nn.Module instances by ember's own frontend (python/ember/
# _module_script.py, no torch.jit.script on this path): the torch.nn layers users script, against
# eager PyTorch on fresh inputs; the saved archive loaded by torch.jit.load giving the same
# result; a user-written module with constants, Final, Optional attributes, ignore/unused/export,
# a ModuleDict loop, a helper method and a property; errors pointing at the source.
import io
from typing import Final, List, Optional

import numpy as np
import pytest
import torch
import torch.nn as nn

import ember
from conftest import assert_close


def _randn(*shape):
    return lambda: (torch.randn(*shape),)


def _tokens():
    return (torch.randint(0, 10, (2, 3)),)


def _qkv():
    q = torch.randn(3, 2, 8)
    return (q, torch.randn(3, 2, 8), torch.randn(3, 2, 8))


def _seq2seq():
    return (torch.randn(3, 2, 8), torch.randn(4, 2, 8))



LAYERS = [
    ("Linear", lambda: nn.Linear(7, 5), _randn(4, 7)),
    ("Linear_nobias", lambda: nn.Linear(7, 5, bias=False), _randn(4, 7)),
    ("Conv1d", lambda: nn.Conv1d(3, 4, 3, padding=1), _randn(2, 3, 10)),
    ("Conv2d", lambda: nn.Conv2d(3, 8, 3, stride=2, padding=1), _randn(2, 3, 16, 16)),
    ("Conv2d_groups", lambda: nn.Conv2d(4, 4, 3, groups=2, bias=False), _randn(1, 4, 9, 9)),
    ("Conv2d_reflect", lambda: nn.Conv2d(3, 4, 3, padding=1, padding_mode="reflect"), _randn(1, 3, 8, 8)),
    ("Conv3d", lambda: nn.Conv3d(2, 3, 3), _randn(1, 2, 5, 5, 5)),
    ("ConvTranspose2d", lambda: nn.ConvTranspose2d(3, 4, 3, stride=2), _randn(1, 3, 5, 5)),
    ("BatchNorm1d", lambda: nn.BatchNorm1d(3), _randn(4, 3)),
    ("BatchNorm2d", lambda: nn.BatchNorm2d(3), _randn(2, 3, 5, 5)),
    ("LayerNorm", lambda: nn.LayerNorm(6), _randn(2, 6)),
    ("GroupNorm", lambda: nn.GroupNorm(2, 4), _randn(2, 4, 3)),
    ("Embedding", lambda: nn.Embedding(10, 3), _tokens),
    ("EmbeddingBag", lambda: nn.EmbeddingBag(10, 3), _tokens),
    ("LSTM", lambda: nn.LSTM(4, 5, batch_first=True), _randn(2, 3, 4)),
    ("LSTM_2layer_bidir", lambda: nn.LSTM(4, 5, num_layers=2, bidirectional=True), _randn(3, 2, 4)),
    ("GRU", lambda: nn.GRU(4, 5), _randn(3, 2, 4)),
    ("RNN", lambda: nn.RNN(4, 5), _randn(3, 2, 4)),
    ("MultiheadAttention", lambda: nn.MultiheadAttention(8, 2), _qkv),
    ("TransformerEncoderLayer", lambda: nn.TransformerEncoderLayer(8, 2, 16, batch_first=True), _randn(2, 5, 8)),
    ("TransformerDecoderLayer", lambda: nn.TransformerDecoderLayer(8, 2, 16), _seq2seq),
    ("Transformer", lambda: nn.Transformer(8, 2, 1, 1, 16), _seq2seq),
    ("Dropout", lambda: nn.Dropout(0.5), _randn(2, 6)),
    ("ReLU", lambda: nn.ReLU(inplace=True), _randn(3, 4)),
    ("GELU", lambda: nn.GELU(), _randn(3, 4)),
    ("SiLU", lambda: nn.SiLU(), _randn(3, 4)),
    ("Hardswish", lambda: nn.Hardswish(), _randn(3, 4)),
    ("Sigmoid", lambda: nn.Sigmoid(), _randn(3, 4)),
    ("Tanh", lambda: nn.Tanh(), _randn(3, 4)),
    ("LeakyReLU", lambda: nn.LeakyReLU(0.1), _randn(3, 4)),
    ("Softmax", lambda: nn.Softmax(dim=1), _randn(3, 4)),
    ("MaxPool2d", lambda: nn.MaxPool2d(3, 2, 1), _randn(1, 2, 9, 9)),
    ("AvgPool2d", lambda: nn.AvgPool2d(2), _randn(1, 3, 8, 8)),
    ("AdaptiveAvgPool2d", lambda: nn.AdaptiveAvgPool2d((1, 1)), _randn(1, 3, 7, 7)),
    ("MaxPool1d", lambda: nn.MaxPool1d(2), _randn(1, 3, 8)),
    ("Flatten", lambda: nn.Flatten(), _randn(2, 3, 4)),
    ("Unflatten", lambda: nn.Unflatten(1, (2, 3)), _randn(2, 6)),
    ("Identity", lambda: nn.Identity(), _randn(2, 3)),
    ("Sequential", lambda: nn.Sequential(nn.Linear(4, 8), nn.GELU(), nn.Linear(8, 2)), _randn(3, 4)),
    ("PixelShuffle", lambda: nn.PixelShuffle(2), _randn(1, 8, 3, 3)),
    ("Upsample_nearest", lambda: nn.Upsample(scale_factor=2, mode="nearest"), _randn(1, 2, 3, 3)),
    ("Upsample_bilinear", lambda: nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False),
     _randn(1, 2, 3, 3)),
]


def _flat(x):
    if isinstance(x, (tuple, list)):
        return [t for y in x for t in _flat(y)]
    return [x]


def _assert_outputs(got, expected, atol=1e-5):
    got, expected = _flat(got), _flat(expected)
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        if e is None:
            assert g is None
        else:
            assert isinstance(g, torch.Tensor)
            assert_close(g, e, rtol=1e-4, atol=atol)


@pytest.mark.parametrize("name,make,inputs", LAYERS, ids=[(p.values if hasattr(p, "values") else p)[0]
                                                          for p in LAYERS])
def test_layer_matches_eager_and_torch_loads_the_archive(name, make, inputs):
    layer = make().eval()
    scripted = ember.jit.script(layer)
    assert isinstance(scripted, ember.jit.ScriptModule)
    args = inputs()
    with torch.no_grad():
        expected = layer(*args)
    _assert_outputs(scripted(*args), expected)
    # the archive ember writes is read by PyTorch and computes the same on other inputs
    loaded = torch.jit.load(io.BytesIO(scripted.save_to_buffer()))
    # (an overloaded forward, as nn.LSTM's, is forward__0/__1 there, as in torch.jit.script's modules)
    call = loaded.forward__0 if "forward__0" in loaded._c._method_names() else loaded
    args = inputs()
    with torch.no_grad():
        _assert_outputs(call(*args), layer(*args))


# ---- a user-written module --------------------------------------------------------------------

class Head(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.proj = nn.Linear(4, n)

    def forward(self, x):
        return self.proj(x)


class Custom(nn.Module):
    __constants__ = ["mode", "sizes"]
    scale: Final[float]
    shift: Optional[torch.Tensor]

    def __init__(self, shift=None):
        super().__init__()
        self.mode = "sum"
        self.sizes = [1, 2]            # a list constant becomes a tuple
        self.scale = 0.5
        self.shift = shift
        self.steps = 2                 # an int attribute, inferred
        self.names = ["a", "b"]        # List[str], inferred
        self.heads = nn.ModuleDict({"a": Head(3), "b": Head(3)})
        self.blocks = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])
        self.python_state = object()   # untypable: only an error if TorchScript code uses it

    @property
    def width(self) -> int:
        return self.steps * 2

    def forward(self, x):
        for block in self.blocks:
            x = torch.relu(block(x))
        x = self.blocks[-1](x) * self.scale
        shift = self.shift  # Optional refinement works on locals only, as in TorchScript
        if shift is not None:
            x = x + shift
        out = torch.zeros(x.shape[0], 3)
        for name, head in self.heads.items():
            out = out + head(x)
        if self.training:
            out = out * 2
        if hasattr(self, "steps"):
            out = out + self.width
        return self.combine(out) + self.sizes[1]

    def combine(self, out):
        if self.mode == "sum":
            return out.sum(dim=1)
        return out.mean(dim=1)

    @torch.jit.export
    def describe(self, k: int) -> str:
        return f"{self.names[k]}:{self.steps}"

    @torch.jit.ignore
    def python_only(self):
        return self.python_state

    @torch.jit.unused
    def unused_path(self, x):
        return x.numpy()


@pytest.mark.parametrize("shift", [None, torch.ones(4)])
def test_user_module(shift):
    module = Custom(shift).eval()
    scripted = ember.jit.script(module)
    x = torch.randn(5, 4)
    with torch.no_grad():
        expected = module(x)
    assert_close(scripted(x), expected, rtol=1e-5, atol=1e-5)
    assert scripted.describe(1) == module.describe(1) == "b:2"
    # constants and attributes are visible from Python
    assert scripted.mode == "sum" and scripted.sizes == (1, 2) and scripted.scale == 0.5
    assert scripted.steps == 2
    # ignored and unused methods are Python methods of the scripted module, as on torch's
    # (torch.jit.script(module).unused_path(x) gives an ndarray too; not scripted here: torch 1.13
    # then gets test_container_patterns' `isinstance(layer, nn.Linear)` wrong)
    assert isinstance(scripted.unused_path(x), np.ndarray)
    # training mode follows the torch module, and train() switches it in the compiled code
    scripted.train()
    with torch.no_grad():
        module.train()
        assert_close(scripted(x), module(x), rtol=1e-5, atol=1e-5)
    # torch.jit.load and ember.jit.load read the archive and compute the same
    loaded = torch.jit.load(io.BytesIO(scripted.save_to_buffer()))
    ours = ember.jit.load(io.BytesIO(scripted.save_to_buffer()))
    x = torch.randn(2, 4)
    with torch.no_grad():
        assert_close(loaded(x), module(x), rtol=1e-5, atol=1e-5)
        assert_close(ours(x), module(x), rtol=1e-5, atol=1e-5)
        assert ours.describe(0) == loaded.describe(0) == "a:2"


def test_same_class_same_type_and_shared_weights():
    seq = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 4), nn.Linear(4, 2)).eval()
    scripted = ember.jit.script(seq)
    types = [m._type_name() for _, m in scripted.named_children()]
    assert types[0] == types[1]  # the same class with the same attribute types: one class type
    x = torch.randn(3, 4)
    with torch.no_grad():
        seq[0].weight.mul_(3)  # the torch module's tensors are shared, not copied
        assert_close(scripted(x), seq(x), rtol=1e-5, atol=1e-5)


class Overloaded(nn.Module):
    @torch.jit._overload_method  # noqa: F811
    def forward(self, x: List[torch.Tensor]) -> torch.Tensor:
        pass

    @torch.jit._overload_method  # noqa: F811
    def forward(self, x: torch.Tensor) -> torch.Tensor:  # noqa: F811
        pass

    def forward(self, x):  # noqa: F811
        if isinstance(x, torch.Tensor):
            return x * 2
        return torch.cat(x) * 3


class CallsOverloaded(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Overloaded()

    def forward(self, x):
        return self.inner(x) + self.inner([x, x]).sum()


def test_overloaded_methods():
    # as DenseNet's _DenseLayer: each call site picks the overload its arguments fit
    module = CallsOverloaded()
    scripted = ember.jit.script(module)
    x = torch.randn(3)
    assert_close(scripted(x), module(x), rtol=1e-5, atol=1e-5)
    inner = ember.jit.script(Overloaded())
    assert_close(inner([x]), x * 3)
    assert_close(inner(x), x * 2)


class ContainerPatterns(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(3, 3), nn.ReLU(), nn.Linear(3, 3)])
        self.norms = nn.ModuleList([nn.LayerNorm(3), nn.Identity(), nn.LayerNorm(3)])

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = layer(x) + i
        for layer, norm in zip(self.layers, self.norms):
            x = norm(layer(x))
        for layer in self.layers:
            if isinstance(layer, nn.Linear):  # decided at compile time per unrolled entry
                x = layer(x) * 2
        first = self.layers[0]
        return first(x) * len(self.layers)


def test_container_patterns():
    module = ContainerPatterns().eval()
    scripted = ember.jit.script(module)
    x = torch.randn(2, 3)
    with torch.no_grad():
        assert_close(scripted(x), module(x), rtol=1e-5, atol=1e-5)
        assert_close(scripted(x), torch.jit.script(module)(x), rtol=1e-5, atol=1e-5)


class HoldsTorchScripted(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = torch.jit.script(nn.Linear(3, 2))  # already a torch ScriptModule
        self.post = nn.ReLU()

    def forward(self, x):
        return self.post(self.inner(x))


def test_torch_script_module_inside():
    # taken in natively through the archive format (tests/python/test_script_submodules.py has
    # more); the torch frontend path handles it too
    module = HoldsTorchScripted().eval()
    x = torch.randn(4, 3)
    with torch.no_grad():
        assert_close(ember.jit.script(module)(x), module(x), rtol=1e-5, atol=1e-6)
    scripted = ember.jit.script(module, frontend="torch")
    x = torch.randn(4, 3)
    with torch.no_grad():
        assert_close(scripted(x), module(x), rtol=1e-5, atol=1e-6)


# ---- errors ----------------------------------------------------------------------------------

class UsesUntypable(nn.Module):
    def __init__(self):
        super().__init__()
        self.thing = object()

    def forward(self, x):
        return x + self.thing


class MissingAttribute(nn.Module):
    def forward(self, x):
        return x + self.nothing_here


@pytest.mark.parametrize("module,message", [
    (UsesUntypable(), "failed to convert Python type"),
    (MissingAttribute(), "has no attribute 'nothing_here'"),
])
def test_errors_point_at_the_source(module, message):
    with pytest.raises(RuntimeError) as info:
        ember.jit.script(module)
    text = str(info.value)
    assert message in text
    assert "<--- HERE" in text and "test_script_modules.py" in text


def test_torch_frontend_fallback():
    layer = nn.Linear(3, 2).eval()
    scripted = ember.jit.script(layer, frontend="torch")
    x = torch.randn(2, 3)
    with torch.no_grad():
        assert_close(scripted(x), layer(x), rtol=1e-5, atol=1e-6)
    with pytest.raises(ValueError):
        ember.jit.script(layer, frontend="other")


def test_deepcopy_and_pickle():
    import copy
    import pickle
    layer = nn.Sequential(nn.Linear(4, 3), nn.ReLU()).eval()
    scripted = ember.jit.script(layer)
    x = torch.randn(2, 4)
    with torch.no_grad():
        expected = layer(x)
    for clone in (copy.deepcopy(scripted), pickle.loads(pickle.dumps(scripted))):
        assert isinstance(clone, ember.jit.ScriptModule)
        assert_close(clone(x), expected, rtol=1e-5, atol=1e-6)
        # a copy owns its weights: changing the torch module's no longer changes it
        with torch.no_grad():
            layer[0].bias.add_(1.0)
        assert_close(clone(x), expected, rtol=1e-5, atol=1e-6)
        with torch.no_grad():
            layer[0].bias.sub_(1.0)


def test_scripting_keeps_no_reference_to_the_torch_module():
    import gc
    import weakref
    module = Custom().eval()
    ref = weakref.ref(module)
    scripted = ember.jit.script(module)
    del module
    gc.collect()
    assert ref() is None  # the compiled code does not hold the Python module (nor its weights)
    assert scripted.describe(0) == "a:2"


def test_a_failed_scripting_can_be_retried():
    with pytest.raises(RuntimeError):
        ember.jit.script(MissingAttribute())
    with pytest.raises(RuntimeError, match="nothing_here"):
        ember.jit.script(MissingAttribute())
