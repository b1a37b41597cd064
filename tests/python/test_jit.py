# ember.jit objects: CompilationUnit, load/save (archives from torch.jit.save, and back into
# PyTorch), ScriptModule traversal and attributes, graphs, code, graph_for, freezing, and errors
# carrying the TorchScript traceback; results compared with PyTorch's.
import copy
import io
import pickle

import pytest
import torch

import ember
from conftest import assert_close

SOURCE = """
def scale(x: Tensor, k: float = 2.0) -> Tensor:
    return x * k

def loop(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total

def pair(x: Tensor) -> Tuple[Tensor, int]:
    return torch.relu(x), x.dim()

def check(x: int) -> int:
    if x < 0:
        raise ValueError("negative input")
    return x
"""


def test_compilation_unit_functions_match_torch():
    cu, tcu = ember.jit.CompilationUnit(SOURCE), torch.jit.CompilationUnit(SOURCE)
    x = torch.randn(3, 4)
    assert_close(cu.scale(ember.from_dlpack(x)), tcu.scale(x))
    assert_close(cu.scale(ember.from_dlpack(x), k=3), tcu.scale(x, k=3))
    assert cu.loop(10) == tcu.loop(10)
    relu, dim = cu.pair(x)
    assert isinstance(relu, torch.Tensor) and torch.equal(relu, tcu.pair(x)[0]) and dim == 2
    assert str(cu.scale.graph) == str(tcu.scale.graph)
    assert cu.scale.code == tcu.scale.code
    assert cu.scale.schema == str(tcu.scale.schema)


def test_call_errors():
    cu = ember.jit.CompilationUnit(SOURCE)
    with pytest.raises(TypeError, match="float"):
        cu.scale(torch.ones(1), k="no")
    with pytest.raises(TypeError, match="missing value for argument 'x'"):
        cu.scale()
    with pytest.raises(ValueError) as info:
        cu.check(-1)
    assert "negative input" in str(info.value)
    assert "raise ValueError" in str(info.value)  # the TorchScript traceback points at the raise


def test_compile_errors_point_at_the_source():
    with pytest.raises(RuntimeError) as info:
        ember.jit.CompilationUnit("def f(x: Tensor) -> Tensor:\n    return x + 'a'\n")
    assert "<--- HERE" in str(info.value)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3)
        self.bn = torch.nn.BatchNorm2d(4)
        self.fc = torch.nn.Linear(4, 2)
        self.scale = 2.0

    def forward(self, x):
        y = torch.relu(self.bn(self.conv(x)))
        return self.fc(y.mean([2, 3])) * self.scale


@pytest.fixture
def archive(tmp_path):
    net = Net().eval()
    path = tmp_path / "net.pt"
    torch.jit.save(torch.jit.script(net), str(path), _extra_files={"meta.txt": "hello"})
    return net, path


def test_load_run_and_inspect(archive):
    net, path = archive
    extra = {"meta.txt": ""}
    m = ember.jit.load(path, _extra_files=extra)
    assert extra["meta.txt"] == b"hello" or extra["meta.txt"] == "hello"
    x = torch.randn(2, 3, 8, 8)
    assert_close(m(x), net(x), atol=1e-5)
    assert [n for n, _ in m.named_parameters()] == [n for n, _ in net.named_parameters()]
    assert [n for n, _ in m.named_buffers()] == [n for n, _ in net.named_buffers()]
    assert [n for n, _ in m.named_children()] == ["conv", "bn", "fc"]
    assert [n for n, _ in m.named_modules()] == ["", "conv", "bn", "fc"]
    assert m.scale == 2.0
    m.scale = 3.0
    assert_close(m(x), net(x) * 1.5, atol=1e-5)
    with pytest.raises(TypeError):
        m.scale = "x"
    assert isinstance(m.conv, ember.jit.ScriptModule)
    assert_close(m.conv.weight, net.conv.weight)
    assert not m.training
    assert "aten::conv2d" in str(m.inlined_graph) or "aten::_convolution" in str(m.inlined_graph)
    assert "prim::CallMethod" in str(m.graph)
    assert "def forward" in m.code
    with pytest.raises(AttributeError):
        m.nothing


def test_graph_for_and_last_executed_graph(archive):
    _, path = archive
    m = ember.jit.load(str(path))
    x = torch.randn(1, 3, 8, 8)
    g = m.graph_for(x)
    assert "prim::" in str(g)
    m(x)
    assert ember.jit.last_executed_optimized_graph() is not None


def test_save_is_loaded_by_torch(archive, tmp_path):
    net, path = archive
    m = ember.jit.load(str(path))
    out = tmp_path / "resaved.pt"
    m.save(str(out))
    back = torch.jit.load(str(out))
    x = torch.randn(1, 3, 8, 8)
    assert_close(back(x), net(x), atol=1e-5)
    buffer = io.BytesIO()
    ember.jit.save(m, buffer)
    assert_close(torch.jit.load(io.BytesIO(buffer.getvalue()))(x), net(x), atol=1e-5)


def test_deepcopy_and_pickle(archive):
    net, path = archive
    m = ember.jit.load(str(path))
    clone = copy.deepcopy(m)
    clone.scale = 5.0
    assert m.scale == 2.0
    again = pickle.loads(pickle.dumps(m))
    x = torch.randn(1, 3, 8, 8)
    assert_close(again(x), net(x), atol=1e-5)


def test_freeze_and_optimize_for_inference(archive):
    net, path = archive
    m = ember.jit.load(str(path))
    frozen = ember.jit.freeze(m)
    assert "prim::GetAttr" not in str(frozen.graph)
    x = torch.randn(2, 3, 8, 8)
    assert_close(frozen(x), net(x), atol=1e-4)
    fast = ember.jit.optimize_for_inference(ember.jit.load(str(path)))
    assert_close(fast(x), net(x), atol=1e-4)
    with pytest.raises(RuntimeError, match="eval mode"):
        ember.jit.freeze(ember.jit.load(str(path)).train())


def test_prepacked_linear_layers_keep_results(tmp_path):
    torch.manual_seed(0)
    layer = torch.nn.TransformerEncoderLayer(32, 4, dim_feedforward=64, batch_first=True)
    net = torch.nn.Sequential(torch.nn.Linear(32, 32), torch.nn.TransformerEncoder(layer, 2)).eval()
    path = tmp_path / "enc.pt"
    torch.jit.save(torch.jit.script(net), str(path))
    x = torch.randn(2, 20, 32)
    with torch.no_grad():
        want = net(x)
    m = ember.jit.load(str(path))
    # The first linear and each layer's q/k/v, out projection and two feed-forward weights.
    assert ember.jit.prepack_weights(m) == 9
    with torch.no_grad():
        for _ in range(3):
            assert_close(m(x), want, atol=1e-4)
    assert ember.jit.prepack_weights(ember.jit.load(str(path)).train()) == 0


def test_load_errors():
    with pytest.raises(RuntimeError):
        ember.jit.load(io.BytesIO(b"not an archive"))


def test_script_function_save_keeps_defaults(tmp_path):
    cu = ember.jit.CompilationUnit(SOURCE)
    path = tmp_path / "fn.pt"
    cu.scale.save(str(path))
    loaded = torch.jit.load(str(path))  # a module whose forward is the function, as torch.jit.save writes
    x = torch.randn(3)
    assert torch.equal(loaded(x), x * 2.0)
    assert torch.equal(loaded(x, 3.0), x * 3.0)


def test_fork_wait_and_fusion_strategy():
    cu = ember.jit.CompilationUnit(SOURCE)
    future = ember.jit.fork(cu.loop, 5)
    assert ember.jit.wait(future) == 30
    previous = ember.jit.set_fusion_strategy([("DYNAMIC", 3)])
    assert previous == [("STATIC", 2), ("DYNAMIC", 10)]
    assert ember.jit.set_fusion_strategy(previous) == [("DYNAMIC", 3)]
