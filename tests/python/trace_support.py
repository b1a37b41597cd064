# Shared by the trace tests: traces a torch module or function with torch.jit.trace and with
# ember.jit.trace, compares the multisets of aten operators the two record (less the differences a
# case lists, each with its reason), and runs both traces on fresh inputs against eager PyTorch.
import collections
import warnings

import torch

import ember
from conftest import assert_close


def aten_ops(graph):
    """Counter of the aten:: node kinds of a graph, nested blocks included."""
    counts = collections.Counter()

    def walk(nodes):
        for n in nodes:
            if n.kind().startswith("aten::"):
                counts[n.kind()] += 1
            for b in n.blocks():
                walk(b.nodes())
    walk(graph.nodes())
    return counts


def flat(out):
    if isinstance(out, torch.Tensor):
        return [out]
    return [t for o in out for t in flat(o)]


def trace_both(subject, example, fresh, expected_diff=None, rtol=1e-4, atol=1e-5):
    """Traces `subject` on `example` with both tracers; checks the recorded operators and the
    results on every input tuple in `fresh`. `expected_diff` maps an aten kind to (count in ember
    minus count in torch); every entry must hold exactly, so a stale justification fails too."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = torch.jit.trace(subject, example, check_trace=False)
    ours = ember.jit.trace(subject, example, check_trace=False)
    their_graph = theirs.inlined_graph
    our_ops, their_ops = aten_ops(ours.graph), aten_ops(their_graph)
    diff = {k: our_ops[k] - their_ops[k] for k in set(our_ops) | set(their_ops) if our_ops[k] != their_ops[k]}
    assert diff == (expected_diff or {}), "ember: %s\ntorch: %s\n%s\n%s" % (
        sorted(our_ops.items()), sorted(their_ops.items()), ours.graph, their_graph)
    for inputs in fresh:
        with torch.no_grad():
            expected = flat(subject(*inputs))
            got = flat(ours(*inputs))
            # The fresh inputs are ones torch's own trace generalizes to (checked, so a case cannot
            # ask ember for more than PyTorch gives).
            reference = flat(theirs(*inputs))
        assert len(got) == len(expected) == len(reference)
        for g, r, e in zip(got, reference, expected):
            assert_close(r, e, rtol=rtol, atol=atol)
            assert_close(g, e, rtol=rtol, atol=atol)
    return ours, theirs
