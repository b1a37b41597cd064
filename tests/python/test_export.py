"""ember.export against eager PyTorch 1.13: capture of torch modules, Python functions and ember
ScriptModules, dynamic batch sizes, the graph signature (buffers mutated by training-mode batch
norm), decompositions, save/load and the constraint-violation error."""
import io

import pytest
import torch
import torch.nn as nn

import ember
from ember.export import Dim, InputKind, OutputKind, export


def close(a, b, rtol=1e-4, atol=1e-5):
    a = a if isinstance(a, torch.Tensor) else ember.to_torch(a)
    return torch.allclose(a, b, rtol=rtol, atol=atol)


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(8, 16)
        self.fc2 = nn.Linear(16, 4)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


class ConvBN(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.bn = nn.BatchNorm2d(4)

    def forward(self, x):
        return torch.relu(self.bn(self.conv(x)))


class Pinned(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("bias", torch.ones(4, 8))

    def forward(self, x):
        return x + self.bias


def test_torch_module_dynamic_batch():
    torch.manual_seed(0)
    m = MLP().eval()
    batch = Dim("batch", min=2, max=64)
    ep = export(m, (torch.randn(3, 8),), dynamic_shapes={"x": {0: batch}})
    assert ep.range_constraints["batch"] == (2, 64)
    run = ep.module()
    for n in (2, 5, 9, 64):
        x = torch.randn(n, 8)
        got = run(x)
        assert isinstance(got, torch.Tensor)
        assert got.shape == (n, 4)
        assert close(got, m(x).detach())
    with pytest.raises(RuntimeError):
        run(torch.randn(65, 8))       # outside the range
    with pytest.raises(RuntimeError):
        run(torch.randn(3, 7))        # a static size changed


def test_graph_text_and_signature_of_parameters():
    m = MLP().eval()
    ep = export(m, (torch.randn(3, 8),), dynamic_shapes=({0: Dim("b")},))
    text = str(ep.graph)
    assert "placeholder[target=p_fc1_weight]" in text
    assert "%x : [num_users=1] = placeholder[target=x]" in text
    sig = ep.graph_signature
    kinds = [(s.kind, s.arg.name, s.target) for s in sig.input_specs]
    assert kinds == [(InputKind.PARAMETER, "p_fc1_weight", "fc1.weight"), (InputKind.PARAMETER, "p_fc1_bias", "fc1.bias"),
                     (InputKind.PARAMETER, "p_fc2_weight", "fc2.weight"), (InputKind.PARAMETER, "p_fc2_bias", "fc2.bias"),
                     (InputKind.USER_INPUT, "x", None)]
    assert [s.kind for s in sig.output_specs] == [OutputKind.USER_OUTPUT]
    assert sig.parameters == ["fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"]
    assert sig.user_inputs == ["x"]
    sd = ep.state_dict
    assert set(sd) == {"fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"}
    assert torch.equal(sd["fc2.bias"], m.fc2.bias.detach())
    # Every node's val carries the symbolic batch.
    out = [n for n in ep.graph.nodes if n.op == "output"][0]
    producer = [n for n in ep.graph.nodes if n.name == out.inputs[0]][0]
    assert producer.val.startswith("FakeTensor") and "size=[b, 4]" in producer.val


def test_run_decompositions_lowers_linear():
    m = MLP().eval()
    x = torch.randn(3, 8)
    ep = export(m, (x,))
    assert ep.operator_counts().get("aten.linear.default") == 2
    core = ep.run_decompositions()
    counts = core.operator_counts()
    assert "aten.linear.default" not in counts
    assert counts.get("aten.addmm.default") == 2
    assert close(core.module()(x), m(x).detach())


def test_python_function_with_tuple_dynamic_shapes():
    def f(x, y):
        return torch.tanh(x) * y + x.sum(1, keepdim=True)

    x, y = torch.randn(4, 3), torch.randn(1, 3)
    ep = export(f, (x, y), dynamic_shapes=({0: Dim("n", max=100)}, None))
    assert ep.range_constraints["n"].upper == 100
    for n in (2, 7):
        x2 = torch.randn(n, 3)
        assert close(ep.module()(x2, y), f(x2, y))


def test_kwargs_and_per_dimension_tuple_spec():
    def f(x, scale: float = 1.0):
        return x * scale

    x = torch.randn(3, 5)
    ep = export(f, (x,), {"scale": 2.5}, dynamic_shapes={"x": (Dim("rows"), None)})
    assert list(ep.range_constraints) == ["rows"]
    x2 = torch.randn(6, 5)
    assert close(ep.module()(x2, scale=2.5), x2 * 2.5)
    assert close(ep.module()(x2, 2.5), x2 * 2.5)
    with pytest.raises(RuntimeError):
        ep.module()(x2, scale=3.0)     # non-tensor inputs are specialised to their example values
    with pytest.raises(TypeError):
        ep.module()(x2, factor=2.5)


def test_ember_script_module():
    sm = ember.jit.CompilationUnit("""
def f(x):
    return torch.relu(x) + 1
""").f
    ep = export(sm, (torch.randn(2, 3),), dynamic_shapes=[{1: Dim("w")}])
    x = torch.randn(2, 9)
    assert close(ep.module()(x), torch.relu(x) + 1)


def test_batch_norm_training_buffer_mutations():
    torch.manual_seed(1)
    m = ConvBN().train()
    reference = ConvBN().train()
    reference.load_state_dict(m.state_dict())
    x = torch.randn(3, 3, 6, 6)
    ep = export(m, (x,), dynamic_shapes={"x": {0: Dim("batch", max=32)}})
    sig = ep.graph_signature
    assert [(s.kind, s.target) for s in sig.input_specs] == [
        (InputKind.PARAMETER, "conv.weight"), (InputKind.PARAMETER, "conv.bias"),
        (InputKind.PARAMETER, "bn.weight"), (InputKind.PARAMETER, "bn.bias"),
        (InputKind.BUFFER, "bn.running_mean"), (InputKind.BUFFER, "bn.running_var"),
        (InputKind.BUFFER, "bn.num_batches_tracked"), (InputKind.USER_INPUT, None)]
    outs = [(s.kind, s.target) for s in sig.output_specs]
    assert sorted(outs[:3]) == sorted([(OutputKind.BUFFER_MUTATION, "bn.running_mean"),
                                       (OutputKind.BUFFER_MUTATION, "bn.running_var"),
                                       (OutputKind.BUFFER_MUTATION, "bn.num_batches_tracked")])
    assert outs[3] == (OutputKind.USER_OUTPUT, None)
    assert set(sig.buffers_to_mutate.values()) == {"bn.running_mean", "bn.running_var", "bn.num_batches_tracked"}
    # Capture changed nothing in the torch module.
    assert torch.equal(m.bn.running_mean, reference.bn.running_mean)
    run = ep.module()
    for n in (3, 5):
        xi = torch.randn(n, 3, 6, 6)
        with torch.no_grad():
            want = reference(xi)
        assert close(run(xi), want)
        state = run.state_dict()
        assert close(state["bn.running_mean"], reference.bn.running_mean)
        assert close(state["bn.running_var"], reference.bn.running_var)
        assert int(state["bn.num_batches_tracked"]) == int(reference.bn.num_batches_tracked)


def test_constraint_violation_suggests_fix():
    with pytest.raises(ember.export.ConstraintViolation) as info:
        export(Pinned(), (torch.randn(4, 8),), dynamic_shapes={"x": {0: Dim("batch")}})
    msg = str(info.value)
    assert "Constraints violated (batch)" in msg
    assert "Suggested fix" in msg
    assert isinstance(info.value, RuntimeError)


def test_bad_dynamic_shapes():
    m = MLP()
    with pytest.raises(TypeError):
        export(m, (torch.randn(3, 8),), dynamic_shapes={"x": {0: 5}})
    with pytest.raises(ValueError):
        export(m, (torch.randn(3, 8),), dynamic_shapes=({0: Dim("a")}, None))
    with pytest.raises(RuntimeError, match="at least 2"):
        export(m, (torch.randn(1, 8),), dynamic_shapes={"x": {0: Dim("a")}})
    with pytest.raises(TypeError):
        export(m, torch.randn(3, 8))


def test_save_load_round_trip(tmp_path):
    torch.manual_seed(2)
    m = ConvBN().eval()
    x = torch.randn(2, 3, 5, 5)
    ep = export(m, (x,), dynamic_shapes={"x": {0: Dim("batch", max=16)}})
    path = tmp_path / "convbn.pt2e"
    ember.export.save(ep, path)
    back = ember.export.load(path)
    assert str(back.graph) == str(ep.graph)
    assert back.range_constraints == ep.range_constraints
    x2 = torch.randn(7, 3, 5, 5)
    assert close(back.module()(x2), m(x2).detach())
    buf = io.BytesIO()
    ember.export.save(ep, buf)
    buf.seek(0)
    again = ember.export.load(buf)
    assert close(again.module()(x2), m(x2).detach())
    # The tensor records are readable by torch.load.
    assert any(k.startswith("state_dict.") for k in torch.load(str(path)))


class NestedCond(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        if bool(x.sum() > 0):
            y = self.lin(x)
            if bool(y.mean() > 0):
                y = y * 2
            else:
                y = y - 1
        else:
            y = torch.relu(x)
        return y + 1


def test_nested_cond_runs_every_path(tmp_path):
    torch.manual_seed(3)
    m = NestedCond().eval()
    ep = export(m, (torch.randn(3, 4).abs(),), dynamic_shapes={"x": {0: Dim("batch")}})
    subs = ep.graph.submodules
    assert set(subs) == {"true_graph_0", "false_graph_0"}
    assert any(n.target == "higher_order.cond" for n in subs["true_graph_0"])
    ember.export.save(ep, tmp_path / "nested.pt2e")
    back = ember.export.load(tmp_path / "nested.pt2e")
    for n in (2, 6):
        for x in (torch.randn(n, 4).abs() * 3, -torch.randn(n, 4).abs(), torch.randn(n, 4)):
            with torch.no_grad():
                want = m(x)
            assert close(ep.module()(x), want)
            assert close(back.module()(x), want)


def test_traced_archive_with_dynamic_batch(tmp_path):
    torch.manual_seed(4)
    m = nn.Sequential(nn.Conv2d(3, 4, 3), nn.ReLU(), nn.Flatten(), nn.Linear(4 * 4 * 4, 5)).eval()
    path = tmp_path / "traced.pt"
    torch.jit.save(torch.jit.trace(m, torch.randn(2, 3, 6, 6)), str(path))
    ep = export(ember.jit.load(path), (torch.randn(2, 3, 6, 6),), dynamic_shapes=({0: Dim("batch")},))
    x = torch.randn(7, 3, 6, 6)
    with torch.no_grad():
        assert close(ep.module()(x), m(x))
