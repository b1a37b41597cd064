"""The parts of ``ember.Tensor`` that Python spells as syntax: arithmetic and comparison
operators, indexing (``t[0, 1:3, None, ...]``, tensor and boolean indices, assignment), iteration
and the dtype conversion shorthands (``t.float()``). Each maps onto registry operators."""
from . import _C


def _op(name):
    return _C._OperatorHandle("aten::" + name)


_BINARY = {
    "add": "add", "sub": "sub", "mul": "mul", "truediv": "div", "floordiv": "floor_divide",
    "mod": "remainder", "pow": "pow", "matmul": "matmul", "and": "__and__", "or": "__or__",
    "xor": "__xor__", "lshift": "__lshift__", "rshift": "__rshift__",
}
_INPLACE = {
    "add": "add_", "sub": "sub_", "mul": "mul_", "truediv": "div_", "floordiv": "floor_divide_",
    "mod": "remainder_", "pow": "pow_", "and": "__iand__", "or": "__ior__", "xor": "__ixor__",
}
_COMPARE = {"eq": "eq", "ne": "ne", "lt": "lt", "le": "le", "gt": "gt", "ge": "ge"}
_UNARY = {"neg": "neg", "abs": "abs", "invert": "bitwise_not"}
_CASTS = {"float": "float32", "double": "float64", "half": "float16", "bfloat16": "bfloat16", "int": "int32",
          "long": "int64", "short": "int16", "char": "int8", "byte": "uint8", "bool": "bool"}


def _binary(op):
    def method(self, other):
        try:
            return op(self, other)
        except TypeError:
            return NotImplemented
    return method


def _unary(op):
    def method(self):
        return op(self)
    return method


def _index_parts(self, index):
    """Applies the basic part of an index (ints, slices, None, Ellipsis) and returns the view
    with the advanced (tensor) indices as an aten::index list, or None when there are none."""
    if not isinstance(index, tuple):
        index = (index,)
    consumed = sum(1 for i in index if i is not None and i is not Ellipsis and not isinstance(i, bool))
    result, dim, advanced = self, 0, {}
    for i in index:
        if i is None:
            result = _C._call_op("aten::unsqueeze", result, dim)
            dim += 1
        elif i is Ellipsis:
            dim += self.dim() - consumed
        elif isinstance(i, bool):
            result = _C._call_op("aten::unsqueeze", result, dim)
            if not i:
                result = _C._call_op("aten::slice", result, dim, 0, 0, 1)
            dim += 1
        elif isinstance(i, int):
            result = _C._call_op("aten::select", result, dim, i)
        elif isinstance(i, slice):
            step = 1 if i.step is None else i.step
            if i.start is not None or i.stop is not None or step != 1:
                result = _C._call_op("aten::slice", result, dim, i.start, i.stop, step)
            dim += 1
        else:
            t = i if isinstance(i, _C.Tensor) else _C._as_tensor(i) if hasattr(i, "__dlpack__") else _C.tensor(i)
            advanced[dim] = t
            dim += t.dim() if str(t.dtype) == "torch.bool" else 1
    if not advanced:
        return result, None
    indices = [advanced.get(d) for d in range(max(advanced) + 1)]
    return result, indices


def _getitem(self, index):
    view, indices = _index_parts(self, index)
    if indices is None:
        return view if view is not self else _C._call_op("aten::alias", self)
    return _C._call_op("aten::index", view, indices)


def _setitem(self, index, value):
    view, indices = _index_parts(self, index)
    if indices is None:
        if isinstance(value, (int, float, bool)):
            _C._call_op("aten::fill_", view, value)
        else:
            _C._call_op("aten::copy_", view, _C._as_tensor(value) if not isinstance(value, _C.Tensor) else value)
        return
    if isinstance(value, (int, float, bool)):
        value = _C.tensor(value, dtype=self.dtype)
    _C._call_op("aten::index_put_", view, indices, value)


def _iter(self):
    if self.dim() == 0:
        raise TypeError("iteration over a 0-d tensor")
    for i in range(self.shape[0]):
        yield _C._call_op("aten::select", self, 0, i)


def _cast(dtype_name):
    def method(self):
        return _C._call_op("aten::to", self, getattr(_C, dtype_name))
    return method


def install(cls):
    for name, op in _BINARY.items():
        setattr(cls, "__%s__" % name, _binary(_op(op)))
    for name, op in _INPLACE.items():
        setattr(cls, "__i%s__" % name, _binary(_op(op)))
    for name, op in _COMPARE.items():
        setattr(cls, "__%s__" % name, _binary(_op(op)))
    for name, op in _UNARY.items():
        setattr(cls, "__%s__" % name, _unary(_op(op)))
    cls.__pos__ = lambda self: self
    cls.__radd__ = _binary(_op("add"))
    cls.__rmul__ = _binary(_op("mul"))
    cls.__rsub__ = _binary(_op("rsub"))
    cls.__rand__ = _binary(_op("__and__"))
    cls.__ror__ = _binary(_op("__or__"))
    cls.__rxor__ = _binary(_op("__xor__"))
    cls.__rtruediv__ = lambda self, other: _C._call_op("aten::mul", _C._call_op("aten::reciprocal", self), other)
    cls.__rpow__ = lambda self, other: _C._call_op("aten::pow", other, self)
    cls.__rmatmul__ = lambda self, other: _C._call_op("aten::matmul", other, self)
    cls.__getitem__ = _getitem
    cls.__setitem__ = _setitem
    cls.__iter__ = _iter
    cls.__str__ = cls.__repr__
    cls.__format__ = lambda self, spec: format(self.item(), spec) if self.dim() == 0 and spec else repr(self)
    for name, dtype_name in _CASTS.items():
        setattr(cls, name, _cast(dtype_name))
    cls.T = property(lambda self: _C._call_op("aten::permute", self, list(range(self.dim() - 1, -1, -1))))
    cls.is_contiguous = lambda self, memory_format=None: _C._call_op("aten::is_contiguous", self)
