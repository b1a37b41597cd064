# Measures which level of interception records what torch.jit.trace records (docs/internals/tracer.md):
# for each subject, the aten operators of torch.jit.trace against a TorchDispatchMode recorder and ember.jit.trace.
# Run: PYTHONPATH=build/python /usr/bin/python3 tests/python/measure_trace_levels.py
import collections, warnings, sys
import torch, torch.nn as nn, torchvision
from torch.utils._python_dispatch import TorchDispatchMode
sys.path.insert(0, __import__("os").path.dirname(__file__))
import ember
from trace_support import aten_ops
warnings.simplefilter("ignore")

class Disp(TorchDispatchMode):
    def __init__(self): super().__init__(); self.ops = collections.Counter()
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.ops["aten::" + func.__name__.split(".")[0]] += 1
        return func(*args, **(kwargs or {}))

subjects = {
 "Linear": (nn.Linear(8, 4), (torch.randn(3, 8),)),
 "Conv2d": (nn.Conv2d(3, 6, 3), (torch.randn(2, 3, 9, 9),)),
 "BatchNorm2d": (nn.BatchNorm2d(3).eval(), (torch.randn(2, 3, 4, 4),)),
 "LayerNorm": (nn.LayerNorm(6), (torch.randn(2, 5, 6),)),
 "GELU": (nn.GELU(), (torch.randn(4, 5),)),
 "Embedding": (nn.Embedding(10, 4), (torch.tensor([[1, 2], [3, 4]]),)),
 "LSTM": (nn.LSTM(4, 6).eval(), (torch.randn(5, 3, 4),)),
 "MultiheadAttention": (nn.MultiheadAttention(8, 2).eval(), tuple(torch.randn(4, 3, 8) for _ in range(3))),
 "TransformerEncoderLayer": (nn.TransformerEncoderLayer(8, 2, 16, 0.0).eval(), (torch.randn(5, 2, 8),)),
 "resnet18": (torchvision.models.resnet18().eval(), (torch.randn(1, 3, 64, 64),)),
 "mobilenet_v2": (torchvision.models.mobilenet_v2().eval(), (torch.randn(1, 3, 64, 64),)),
}
def dist(a, b): return sum(abs(a[k] - b[k]) for k in set(a) | set(b))
print("%-24s %6s %10s %10s %8s" % ("subject", "torch", "dispatch", "ember", "(ops differing: dispatch / ember)"))
for name, (m, x) in subjects.items():
    theirs = aten_ops(torch.jit.trace(m, x, check_trace=False).inlined_graph)
    d = Disp()
    with d:
        m(*x)
    ours = aten_ops(ember.jit.trace(m, x, check_trace=False).graph)
    print("%-24s %6d %10d %10d %8d / %d" % (name, sum(theirs.values()), sum(d.ops.values()), sum(ours.values()), dist(d.ops, theirs), dist(ours, theirs)))
