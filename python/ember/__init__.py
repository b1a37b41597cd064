"""ember: a TorchScript-compatible JIT and runtime, from Python.

    import ember
    x = ember.tensor([[1.0, 2.0], [3.0, 4.0]])
    y = ember.relu(x - 2) @ x          # operators generated from ember's operator registry
    m = ember.jit.load("model.pt")     # an archive saved by torch.jit.save
    out = m(torch.randn(1, 3, 224, 224))   # torch tensors in, torch tensors out, no copies

See docs/python.md.
"""
from . import _C
from ._C import (Tensor, dtype, tensor, from_numpy, from_dlpack, to_torch, manual_seed, set_num_threads,
                 get_default_dtype, set_default_dtype, set_printoptions,
                 bool, uint8, int8, int16, short, int32, int, int64, long, float16, half, float32, float,
                 float64, double, bfloat16, complex64, complex128)
from . import _ops
from . import _tensor
from . import jit
from . import export

_ops.install(globals(), Tensor)
_tensor.install(Tensor)

__all__ = ["Tensor", "dtype", "tensor", "from_numpy", "from_dlpack", "to_torch", "jit", "export"]
