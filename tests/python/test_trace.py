# ember.jit.trace against torch.jit.trace on torch.nn layers and small functions: the aten
# operators recorded (differences listed with their reason), results on fresh inputs (another
# batch size where torch's trace is batch-generic), warnings, strict mode, check_trace, sharing of
# parameters, and archives in both directions.
import io

import pytest
import torch
import torch.nn as nn
import torch.nn.functional as F

import ember
from conftest import assert_close
from trace_support import aten_ops, trace_both


def fresh(*shapes):
    return [tuple(torch.randn(*s) for s in shape) for shape in shapes]


LAYERS = {
    "linear": (lambda: nn.Linear(8, 4), [(3, 8)], [[(5, 8)], [(2, 3, 8)]]),
    "conv2d": (lambda: nn.Conv2d(3, 6, 3, stride=2, padding=1), [(2, 3, 9, 9)], [[(4, 3, 9, 9)], [(1, 3, 12, 7)]]),
    "conv1d_groups": (lambda: nn.Conv1d(4, 8, 3, groups=2), [(2, 4, 10)], [[(3, 4, 12)]]),
    "batchnorm2d": (lambda: nn.BatchNorm2d(3).eval(), [(2, 3, 4, 4)], [[(5, 3, 4, 4)]]),
    "layernorm": (lambda: nn.LayerNorm(6), [(2, 5, 6)], [[(3, 2, 6)]]),
    "gelu": (lambda: nn.GELU(), [(4, 5)], [[(2, 7)]]),
    "sequential": (lambda: nn.Sequential(nn.Linear(5, 7), nn.ReLU(), nn.Dropout(0.3), nn.Linear(7, 2), nn.Tanh()).eval(),
                   [(3, 5)], [[(6, 5)]]),
    "conv_stack": (lambda: nn.Sequential(nn.Conv2d(3, 4, 3), nn.BatchNorm2d(4), nn.ReLU(inplace=True),
                                         nn.MaxPool2d(2), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(4, 3)).eval(),
                   [(2, 3, 10, 10)], [[(3, 3, 12, 12)]]),
}


@pytest.mark.parametrize("name", sorted(LAYERS))
def test_layer_matches_torch_trace(name):
    make, example, fresh_shapes = LAYERS[name]
    module = make()
    trace_both(module, tuple(torch.randn(*s) for s in example), [tuple(torch.randn(*s) for s in f) for f in fresh_shapes])


# Tensor-level code: (function, expected ember-minus-torch operator counts with the reason).
FUNCTIONS = {
    "arange": (lambda x: x + torch.arange(x.size(1)), None),
    "cat_stack": (lambda x: torch.cat([x, x * 2], 1).sum() + torch.stack([x, x]).mean(), None),
    "split_chunk": (lambda x: x.split(3, dim=1)[0] * x.chunk(2, 1)[1], None),
    "permute": (lambda x: x.permute(1, 0).contiguous().flatten(), None),
    "masked_fill": (lambda x: x.masked_fill(x > 0, 0.5), None),
    "to_dtype": (lambda x: x.to(torch.float64).float() + x.type_as(x), None),
    "interpolate": (lambda x: F.interpolate(x.view(1, 1, *x.shape), scale_factor=2, mode="nearest"), None),
    "softmax": (lambda x: F.softmax(x, dim=-1) + F.log_softmax(x, -1), None),
    "new_zeros": (lambda x: x.new_zeros(x.shape) + x, None),
    "expand": (lambda x: x[:, :1].expand(-1, x.size(1)) + x.unsqueeze(0)[0], None),
    "where_clamp": (lambda x: torch.where(x > 0, x, x.clamp(min=-0.5)), None),
    "matmul_t": (lambda x: x @ x.t() + x.matmul(x.T), None),
    "rsub_rdiv": (lambda x: 1 - x + 2 / (x.abs() + 1), None),
    "pow_neg": (lambda x: -(x ** 2) + x.pow(3), None),
    "reductions": (lambda x: x.mean(dim=1, keepdim=True) + x.std() + x.var(0).sum(), None),
    # torch.tensor(data) inside traced code: torch records a constant moved with aten::to and
    # aten::detach, ember records the aten::tensor call itself.
    "index_tensor": (lambda x: x[torch.tensor([0, 1])] + x[x.size(0) - 1],
                     {"aten::tensor": 1, "aten::detach": -1, "aten::to": -1}),
    "factories": (lambda x: torch.zeros_like(x) + torch.ones(x.size(0), 1) + torch.full_like(x, 2.0), None),
    "reshape": (lambda x: x.reshape(-1, 2).sum(-1), None),
    "max_dim": (lambda x: x.max(dim=1)[0] + x.max(dim=1).values + x.argmax(1).float(), None),
    "topk_sort": (lambda x: x.topk(2, dim=1)[0].sum() + x.sort(dim=1)[0].sum(), None),
}


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_function_matches_torch_trace(name):
    fn, diff = FUNCTIONS[name]
    trace_both(fn, (torch.randn(4, 6),), fresh(((5, 6),), ((2, 6),)), expected_diff=diff)


def test_embedding():
    module = nn.Embedding(10, 4)
    idx = torch.tensor([[1, 2, 3], [4, 5, 9]])
    trace_both(module, (idx,), [(torch.tensor([[0, 7], [3, 3], [9, 1]]),)])


def test_lstm():
    module = nn.LSTM(4, 6, num_layers=2).eval()
    ours, _ = trace_both(module, (torch.randn(5, 3, 4),), fresh(((7, 2, 4),)))
    assert isinstance(ours(torch.randn(5, 3, 4)), tuple)


def test_lstm_with_a_tuple_state_input():
    module = nn.LSTM(4, 6).eval()
    state = (torch.randn(1, 3, 6), torch.randn(1, 3, 6))
    ours, _ = trace_both(module, (torch.randn(5, 3, 4), state),
                         [(torch.randn(2, 2, 4), (torch.randn(1, 2, 6), torch.randn(1, 2, 6)))])
    assert "prim::TupleUnpack" in str(ours.graph)


def test_multihead_attention():
    module = nn.MultiheadAttention(8, 2).eval()
    example = tuple(torch.randn(4, 3, 8) for _ in range(3))
    trace_both(module, example, fresh(((6, 2, 8), (5, 2, 8), (5, 2, 8))), rtol=1e-4, atol=1e-5)


def test_self_attention_with_one_tensor_for_query_key_and_value():
    # One tensor passed three times: each argument still gets its own graph input (as in torch),
    # so the trace is the general path and works for three different tensors too.
    module = nn.MultiheadAttention(8, 2).eval()
    q = torch.randn(4, 3, 8)
    ours, _ = trace_both(module, (q, q, q), fresh(((6, 2, 8), (5, 2, 8), (5, 2, 8))), rtol=1e-4, atol=1e-5)
    assert len(list(ours.graph.inputs())) == 4  # self, query, key, value


def test_transformer_encoder_layer():
    module = nn.TransformerEncoderLayer(8, 2, dim_feedforward=16, dropout=0.0).eval()
    trace_both(module, (torch.randn(5, 2, 8),), fresh(((7, 3, 8),)), rtol=1e-4, atol=1e-5)


def test_function_with_shape_arithmetic_stays_batch_generic():
    def f(x, y):
        b = x.size(0)
        z = x.view(b, -1) @ y
        return z * 2, torch.relu(z[:, 1:]).sum(1)
    ours, _ = trace_both(f, (torch.randn(3, 2, 2), torch.randn(4, 5)), fresh(((6, 2, 2), (4, 5))))
    ops = aten_ops(ours.graph)
    assert ops["aten::size"] == 1 and ops["aten::Int"] == 1
    assert "prim::NumToTensor" in str(ours.graph)


def test_in_place_ops_are_recorded_in_place():
    def f(x):
        y = x * 2
        y.add_(1)
        y[0] = 0.5
        return y
    ours, _ = trace_both(f, (torch.randn(3, 4),), fresh(((5, 4),)))
    assert aten_ops(ours.graph)["aten::add_"] == 1


def test_scripted_functions_stay_calls_with_their_control_flow():
    @ember.jit.script
    def clip_sign(x):
        if bool(x.sum() > 0):
            return x * 2
        return x - 1

    def f(x):
        return torch.relu(clip_sign(x + 1)) + 1
    traced = ember.jit.trace(f, (torch.ones(3),))
    assert "prim::CallFunction" in str(traced.graph)
    # The branch not taken while tracing runs for an input that takes it.
    x = torch.full((3,), -5.0)
    assert_close(traced(x), torch.relu(x + 1 - 1) + 1)


def test_saved_trace_with_a_scripted_call_runs_in_torch():
    @ember.jit.script
    def double_or_shift(x):
        if bool(x.sum() > 0):
            return x * 2
        return x - 1
    module = nn.Linear(3, 3)

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = module

        def forward(self, x):
            return double_or_shift(self.lin(x))
    m = M()
    traced = ember.jit.trace(m, (torch.ones(2, 3),))
    buffer = io.BytesIO()
    ember.jit.save(traced, buffer)
    loaded = torch.jit.load(io.BytesIO(buffer.getvalue()))
    for x in (torch.randn(4, 3) + 3, torch.randn(4, 3) - 3):
        with torch.no_grad():
            assert_close(loaded(x), m(x))


def _torch_scripted_step(x):
    if bool(x.mean() > 0):
        return x.tanh()
    return x.sigmoid()


def test_torch_scripted_functions_are_recorded_as_calls():
    step = torch.jit.script(_torch_scripted_step)

    def f(x):
        return step(x * 3)
    traced = ember.jit.trace(f, (torch.ones(2, 2),))
    assert "prim::CallFunction" in str(traced.graph)
    x = -torch.rand(4, 2) - 0.1
    assert_close(traced(x), torch.sigmoid(x * 3))
    # torch's tracer records the same call.
    assert "prim::CallFunction" in str(torch.jit.trace(f, (torch.ones(2, 2),)).graph)


class _Gated(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        if bool(x.sum() > 0):
            return self.lin(x)
        return -x


def test_scripted_submodules_are_recorded_as_method_calls():
    class Outer(nn.Module):
        def __init__(self):
            super().__init__()
            self.gated = torch.jit.script(_Gated())
            self.head = nn.Linear(3, 2)

        def forward(self, x):
            return self.head(self.gated(x) * 2)
    m = Outer()
    traced = ember.jit.trace(m, (torch.ones(2, 3),))
    assert 'prim::CallMethod[name="forward"]' in str(traced.graph)
    assert 'prim::CallMethod[name="forward"]' in str(torch.jit.trace(m, (torch.ones(2, 3),)).graph)
    for x in (torch.rand(4, 3) + 1, -torch.rand(4, 3) - 1):  # both branches of the scripted forward
        with torch.no_grad():
            assert_close(traced(x), m(x))
    buffer = io.BytesIO()
    ember.jit.save(traced, buffer)
    loaded = torch.jit.load(io.BytesIO(buffer.getvalue()))
    x = -torch.rand(3, 3) - 1
    with torch.no_grad():
        assert_close(loaded(x), m(x))


def test_parameters_are_shared_not_copied():
    module = nn.Linear(3, 2)
    traced = ember.jit.trace(module, (torch.randn(4, 3),))
    with torch.no_grad():
        module.weight.mul_(3.0)
    x = torch.randn(2, 3)
    with torch.no_grad():
        assert_close(traced(x), module(x))
    assert 'prim::GetAttr[name="weight"]' in str(traced.graph)


def test_scopes_follow_the_module_hierarchy():
    module = nn.Sequential(nn.Linear(3, 3), nn.Sequential(nn.ReLU(), nn.Linear(3, 1)))
    traced = ember.jit.trace(module, (torch.randn(2, 3),))
    scopes = {n.scopeName() for n in traced.graph.nodes() if n.kind() == "aten::linear"}
    theirs = {n.scopeName() for n in torch.jit.trace(module, (torch.randn(2, 3),)).inlined_graph.nodes()
              if n.kind() == "aten::linear"}
    assert scopes == theirs == {"__module.0", "__module.1/__module.1.1"}


def test_warning_when_a_tensor_steers_control_flow():
    def f(x):
        if x.sum() > 0:
            return x + 1
        return x - 1
    with pytest.warns(ember.jit.TracerWarning, match="Python boolean"):
        ember.jit.trace(f, (torch.ones(3),), check_trace=False)


def test_warning_when_an_output_is_constant():
    c = torch.ones(2)

    def f(x):
        return x + 1, c
    with pytest.warns(ember.jit.TracerWarning, match="does not depend on its inputs"):
        traced = ember.jit.trace(f, (torch.ones(2),), check_trace=False)
    assert_close(traced(torch.zeros(2))[1], c)


def test_strict_mode_rejects_list_outputs():
    def f(x):
        return [x + 1, x * 2]
    with pytest.raises(RuntimeError, match="list at the output"):
        ember.jit.trace(f, (torch.ones(2),))
    traced = ember.jit.trace(f, (torch.ones(2),), strict=False)
    out = traced(torch.full((2,), 3.0))
    assert isinstance(out, list) and len(out) == 2
    assert_close(out[1], torch.full((2,), 6.0))


def test_check_trace_reports_a_trace_that_does_not_generalize():
    def f(x):
        if x.sum() > 0:
            return x + 1
        return x - 1
    with pytest.warns(ember.jit.TracerWarning):
        with pytest.raises(ember.jit.TracingCheckError):
            ember.jit.trace(f, (torch.ones(3),), check_inputs=[(-torch.ones(3),)])
    # torch raises its own TracingCheckError for the same function and inputs.
    with pytest.raises(torch.jit.TracingCheckError):
        with pytest.warns(torch.jit.TracerWarning):
            torch.jit.trace(f, (torch.ones(3),), check_inputs=[(-torch.ones(3),)])


def test_check_trace_warns_for_nondeterministic_outputs():
    module = nn.Sequential(nn.Linear(16, 16), nn.Dropout(0.5)).train()
    with pytest.warns(ember.jit.TracerWarning, match="does not match"):
        ember.jit.trace(module, (torch.randn(8, 16),))


def test_check_trace_passes_for_a_faithful_trace():
    module = nn.Sequential(nn.Linear(4, 4), nn.ReLU())
    ember.jit.trace(module, (torch.randn(2, 4),), check_inputs=[(torch.randn(5, 4),)])


def test_trace_module_several_methods():
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = nn.Linear(3, 3)

        def forward(self, x):
            return self.lin(x).relu()

        def double(self, x):
            return self.lin(x) * 2
    m = M()
    traced = ember.jit.trace_module(m, {"forward": (torch.randn(2, 3),), "double": (torch.randn(2, 3),)})
    x = torch.randn(4, 3)
    with torch.no_grad():
        assert_close(traced(x), m(x))
        assert_close(traced.double(x), m.double(x))


def test_saved_trace_loads_in_torch_with_the_same_results():
    module = nn.Sequential(nn.Conv2d(3, 4, 3), nn.BatchNorm2d(4), nn.ReLU(), nn.Flatten(), nn.Linear(4 * 6 * 6, 5)).eval()
    traced = ember.jit.trace(module, (torch.randn(2, 3, 8, 8),))
    buffer = io.BytesIO()
    ember.jit.save(traced, buffer)
    loaded = torch.jit.load(io.BytesIO(buffer.getvalue()))
    x = torch.randn(3, 3, 8, 8)
    with torch.no_grad():
        assert_close(loaded(x), module(x), rtol=1e-4, atol=1e-5)
    assert "code" in dir(traced) or traced.code


def test_ember_still_loads_torch_traced_archives():
    module = nn.Sequential(nn.Linear(4, 3), nn.Sigmoid())
    theirs = torch.jit.trace(module, (torch.randn(2, 4),))
    buffer = io.BytesIO()
    torch.jit.save(theirs, buffer)
    loaded = ember.jit.load(io.BytesIO(buffer.getvalue()))
    x = torch.randn(6, 4)
    with torch.no_grad():
        assert_close(loaded(x), module(x))


def test_untraceable_input_is_a_clear_error():
    with pytest.raises(RuntimeError, match="example inputs must be tensors or tuples"):
        ember.jit.trace(lambda x, n: x * n, (torch.ones(2), 3))


def test_traced_function_saves_for_torch(tmp_path):
    def f(x, y):
        return torch.tanh(x @ y) + x.size(0)
    traced = ember.jit.trace(f, (torch.randn(3, 4), torch.randn(4, 4)))
    assert "torch.tanh" in traced.code and "aten::size" in str(traced.graph)
    path = tmp_path / "traced_function.pt"
    ember.jit.save(traced, str(path))
    loaded = torch.jit.load(str(path))
    x, y = torch.randn(5, 4), torch.randn(4, 4)
    assert_close(loaded(x, y), f(x, y))


def test_tracing_a_scripted_function_returns_it():
    scripted = torch.jit.script(_torch_scripted_step)
    with pytest.warns(ember.jit.TracerWarning, match="no-op"):
        result = ember.jit.trace(scripted, (torch.ones(2),))
    x = -torch.ones(3)
    assert_close(result(x), torch.sigmoid(x))
