"""ember.jit.trace and trace_module: record what a torch function or torch.nn.Module does on example
inputs into an ember graph, as torch.jit.trace does (docs/internals/tracer.md says why it works
this way).

The recorder is a ``torch.overrides.TorchFunctionMode``: every torch function and Tensor method
implemented in C (``torch.conv2d``, ``torch._C._nn.linear``, ``Tensor.add``, ``Tensor.size``) is
intercepted once, run by torch as usual, and recorded as the aten operator of the same name into
an ember TracingState (src/python/trace_bindings.cpp). torch's functions written in Python
(``F.batch_norm``, ``F.multi_head_attention_forward``) are not recorded themselves: while tracing
their ``has_torch_function`` test is switched off, so their bodies run and the C functions they
call are recorded, which is the level torch.jit.trace records at. Tensors are followed by
identity; parameters and buffers become ``prim::GetAttr`` reads of a module sharing the torch
tensors' memory; sizes read with ``x.size(d)`` / ``x.shape`` are traced 0-dim tensors
(``aten::size`` + ``prim::NumToTensor``, read back with ``aten::Int``), so traces stay
batch-generic where PyTorch's do.
"""
import inspect
import sys
import threading
import types
import warnings

from . import _C

_INT64_MAX = 9223372036854775807


class TracerWarning(Warning):
    """A trace may not generalize: a tensor steered Python control flow, or an output is constant."""


class TracingCheckError(Exception):
    """check_trace found the trace disagreeing with the traced code."""

    def __init__(self, graph_diff_error, tensor_compare_error, extra_msg=None):
        self.message = "Tracing failed sanity checks!\n"
        if extra_msg is not None:
            self.message += extra_msg + "\n"
        if graph_diff_error is not None:
            self.message += "ERROR: Graphs differed across invocations!\n" + graph_diff_error + "\n"
        if tensor_compare_error is not None:
            self.message += ("ERROR: Tensor-valued Constant nodes differed in value across invocations. This often "
                             "indicates that the tracer has encountered untraceable code.\n" + tensor_compare_error)
        super().__init__(self.message)


# ---- how a torch call is named in aten ---------------------------------------------------------

_DUNDERS = {
    "__add__": "add", "__radd__": "add", "__iadd__": "add_", "__sub__": "sub", "__isub__": "sub_",
    "__mul__": "mul", "__rmul__": "mul", "__imul__": "mul_", "__truediv__": "div", "__itruediv__": "div_",
    "__div__": "div", "__matmul__": "matmul", "__pow__": "pow", "__ipow__": "pow_", "__neg__": "neg",
    "__abs__": "abs", "__lt__": "lt", "__le__": "le", "__gt__": "gt", "__ge__": "ge", "__eq__": "eq",
    "__ne__": "ne", "__floordiv__": "floor_divide", "__mod__": "remainder", "__invert__": "bitwise_not",
    "__and__": "__and__", "__or__": "__or__", "__xor__": "__xor__", "__rand__": "__and__", "__ror__": "__or__",
    "__rxor__": "__xor__", "__iand__": "__iand__", "__ior__": "__ior__", "__ixor__": "__ixor__",
    "__lshift__": "__lshift__", "__rshift__": "__rshift__",
}
# Tensor methods and torch functions whose size may be given as separate ints: x.view(2, 3).
_SIZE_VARARG_METHODS = {"view", "reshape", "expand", "permute", "repeat", "tile", "new_zeros", "new_ones",
                        "new_empty", "resize_"}
_SIZE_VARARG_FUNCTIONS = {"zeros", "ones", "empty", "rand", "randn"}
# Queries answered from the example (never recorded: their result is a Python value).
_QUERIES = {"dim", "ndimension", "numel", "nelement", "is_floating_point", "is_complex", "is_contiguous",
            "element_size", "stride", "storage_offset", "data_ptr", "get_device", "__len__", "__repr__",
            "__format__", "has_names", "is_signed", "_is_view", "__hash__", "__reduce_ex__", "__deepcopy__",
            "__array__", "__dlpack__", "__dlpack_device__", "is_nonzero", "equal", "is_same_size"}
# Conversions to Python values that a program can branch on.
_CONVERSIONS = {"__int__": "a Python integer", "__index__": "a Python index", "__float__": "a Python float",
                "__bool__": "a Python boolean", "item": "a Python number", "tolist": "a Python list",
                "__complex__": "a Python complex", "numpy": "a NumPy array"}
_PROPERTIES = {"T": "numpy_T", "mT": "mT", "H": "numpy_H", "mH": "mH"}
_CONVOLUTIONS = {"conv1d": 1, "conv2d": 2, "conv3d": 3}
# Tensor.float() and friends: torch's tracer records the aten::to they call.
_DTYPE_METHODS = {"float": "float32", "double": "float64", "half": "float16", "bfloat16": "bfloat16",
                  "long": "int64", "int": "int32", "short": "int16", "char": "int8", "byte": "uint8", "bool": "bool"}


def _warn(message):
    warnings.warn(message, TracerWarning, stacklevel=4)


def _ints_as_floats(arg):
    if isinstance(arg, list) and arg and all(type(a) is int for a in arg):
        return [float(a) for a in arg]
    return arg


class _Active(threading.local):
    def __init__(self):
        self.recorders = []  # this thread's recorders, innermost last


_active_state = _Active()


def _traced_getitem(t, index):
    import torch
    rec = _active_state.recorders[-1] if _active_state.recorders else None
    if rec is None or rec.in_index:
        return torch._C._TensorBase.__getitem__(t, index)
    rec.in_index = True
    try:
        result = torch._C._TensorBase.__getitem__(t, index)
    finally:
        rec.in_index = False
    rec.getitem(t, index, result)
    return result


def _traced_setitem(t, index, value):
    import torch
    rec = _active_state.recorders[-1] if _active_state.recorders else None
    if rec is None or rec.in_index:
        return torch._C._TensorBase.__setitem__(t, index, value)
    rec.in_index = True
    try:
        torch._C._TensorBase.__setitem__(t, index, value)
    finally:
        rec.in_index = False
    rec.setitem(t, index, value)


_traced_getitem._ember_passthrough = True
_traced_setitem._ember_passthrough = True


def _has_torch_function_off(*args, **kwargs):
    return False


class _TorchFunctionPatch:
    """Switches off ``has_torch_function*`` in torch's Python modules while tracing (see the module
    docstring); every binding is put back on exit."""

    _NAMES = ("has_torch_function", "has_torch_function_unary", "has_torch_function_variadic")

    def __enter__(self):
        import torch
        import torch.overrides as overrides
        # torch 1.13 offers x[index] to a TorchFunctionMode only for some indices (a tuple holding
        # a slice), so indexing is recorded by Python-level __getitem__/__setitem__ instead.
        torch.Tensor.__getitem__ = _traced_getitem
        torch.Tensor.__setitem__ = _traced_setitem
        originals = {getattr(overrides, n) for n in self._NAMES}
        self._saved = []
        for name, mod in list(sys.modules.items()):
            if mod is None or not (name == "torch" or name.startswith("torch.")):
                continue
            for attr in self._NAMES:
                value = mod.__dict__.get(attr)
                if value is not None and value in originals:
                    self._saved.append((mod, attr, value))
                    setattr(mod, attr, _has_torch_function_off)
        return self

    def __exit__(self, *exc):
        import torch
        del torch.Tensor.__getitem__, torch.Tensor.__setitem__
        for mod, attr, value in self._saved:
            setattr(mod, attr, value)
        return False


def _make_recorder_class():
    import torch
    from torch.overrides import TorchFunctionMode

    class Recorder(TorchFunctionMode):
        def __init__(self, tracer, attributes, module_values):
            super().__init__()
            self.t = tracer
            self.values = {}          # id(tensor) -> value id
            self.alive = []           # tensors whose ids are keys
            self.size_tensors = set()  # ids of 0-dim tensors made for traced sizes
            self.depth = 0            # submodule calls entered (module scopes pushed)
            self.paused = False       # inside a scripted call: its own torch calls are not recorded
            self.in_index = False     # inside x[...] (recorded once, by _traced_getitem/_traced_setitem)
            self.attributes = attributes  # id(param) -> (module path, name)
            self.scripted = {}            # path of a scripted submodule -> its torch._C.ScriptModule
            self.module_values = module_values  # module path -> value id (self is "")

        # -- values --
        def bind(self, tensor, vid):
            self.values[id(tensor)] = vid
            self.alive.append(tensor)

        def traced(self, obj):
            if isinstance(obj, torch.Tensor):
                return id(obj) in self.values or id(obj) in self.attributes
            if isinstance(obj, (list, tuple)):
                return any(self.traced(o) for o in obj)
            return False

        def module_value(self, path):
            vid = self.module_values.get(path)
            if vid is None:
                parent, _, name = path.rpartition(".")
                vid = self.t.get_attr(self.module_value(parent), name)
                self.module_values[path] = vid
            return vid

        def value_of(self, tensor):
            vid = self.values.get(id(tensor))
            if vid is None and id(tensor) in self.attributes:
                path, name = self.attributes[id(tensor)]
                vid = self.t.get_attr(self.module_value(path), name)
                self.bind(tensor, vid)
            return vid

        def encode(self, obj, int_context=False):
            if isinstance(obj, torch.Tensor):
                vid = self.value_of(obj)
                if vid is None:
                    return ("c", obj.detach())
                if int_context and obj.dim() == 0 and not obj.is_floating_point():
                    # torch cleans up each submodule's trace with a peephole pass, which reads a
                    # size back as the aten::size result itself; the top level keeps aten::Int.
                    return ("s" if self.depth > 0 else "i", vid)
                return ("v", vid)
            if isinstance(obj, torch.Size):
                return ("c", list(obj))
            if isinstance(obj, (list, tuple)):
                ints = any(isinstance(o, int) and not isinstance(o, bool) for o in obj) or (
                    obj and all(isinstance(o, torch.Tensor) and o.dim() == 0 and not o.is_floating_point() and
                                id(o) in self.size_tensors for o in obj))
                return ("l", [self.encode(o, int_context=ints) for o in obj])
            if isinstance(obj, torch.device):
                return ("d", str(obj))
            if isinstance(obj, (torch.layout, torch.memory_format)) or obj is Ellipsis:
                return ("c", None)
            return ("c", obj)

        def record(self, name, args, kwargs, result):
            list_out = len(result) if isinstance(result, (list, tuple)) else 0
            try:
                try:
                    ids = self.t.record("aten::" + name, [self.encode(a) for a in args],
                                        {k: self.encode(v) for k, v in kwargs.items()}, list_out)
                except RuntimeError:
                    # torch accepts ints where a float[] goes (F.interpolate's scale factors).
                    floats = [_ints_as_floats(a) for a in args]
                    if all(f is a for f, a in zip(floats, args)):
                        raise
                    ids = self.t.record("aten::" + name, [self.encode(a) for a in floats],
                                        {k: self.encode(v) for k, v in kwargs.items()}, list_out)
            except RuntimeError as e:
                if not (self.traced(list(args)) or self.traced(list(kwargs.values()))):
                    return  # nothing traced flows in: the result is a constant wherever it is used
                raise RuntimeError("ember.jit.trace: cannot record aten::%s: %s" % (name, e)) from None
            outputs = result if isinstance(result, (tuple, list)) else (result,)
            # Arithmetic on traced sizes gives traced sizes (bsz * num_heads in a view's size).
            from_sizes = any(isinstance(a, torch.Tensor) and id(a) in self.size_tensors for a in args)
            for out, vid in zip(outputs, ids):
                if isinstance(out, torch.Tensor):
                    self.bind(out, vid)
                    if from_sizes and out.dim() == 0 and not out.is_floating_point():
                        self.size_tensors.add(id(out))

        # -- sizes --
        def size_tensor(self, tensor, dim):
            vid = self.value_of(tensor)
            n = tensor.size(dim)
            if vid is None:
                return n
            t = torch.tensor(n)
            self.bind(t, self.t.size(vid, dim))
            self.size_tensors.add(id(t))
            return t

        # -- indexing --
        def index_values(self, x, index):
            """Records x[index] as select / slice / unsqueeze / index, as torch's indexing does."""
            items = index if isinstance(index, tuple) else (index,)
            specified = sum(1 for i in items if i is not None and i is not Ellipsis and not isinstance(i, bool))
            cur, dim, advanced = self.encode(x), 0, []
            for item in items:
                if item is None:
                    cur = ("v", self.t.record("aten::unsqueeze", [cur, ("c", dim)], {})[0])
                    dim += 1
                elif item is Ellipsis:
                    dim += x.dim() - specified
                elif isinstance(item, slice):
                    start = 0 if item.start is None else item.start
                    stop = _INT64_MAX if item.stop is None else item.stop
                    step = 1 if item.step is None else item.step
                    cur = ("v", self.t.record("aten::slice", [cur, ("c", dim), self.encode(start, True),
                                                              self.encode(stop, True), self.encode(step, True)], {})[0])
                    dim += 1
                elif isinstance(item, int) or (isinstance(item, torch.Tensor) and item.dim() == 0 and
                                               not item.is_floating_point() and item.dtype != torch.bool):
                    cur = ("v", self.t.record("aten::select", [cur, ("c", dim), self.encode(item, True)], {})[0])
                else:
                    if not isinstance(item, torch.Tensor):
                        item = torch.tensor(item)
                    advanced.append((dim, item))
                    dim += item.dim() if item.dtype == torch.bool else 1
            if advanced:
                slots = [("c", None)] * (advanced[-1][0] + 1)
                for d, t in advanced:
                    slots[d] = self.encode(t)
                cur = ("v", self.t.record("aten::index", [cur, ("l", slots)], {})[0])
            return cur

        # -- the hook --
        def __torch_function__(self, func, types_, args=(), kwargs=None):
            kwargs = kwargs or {}
            if self.paused or getattr(func, "_ember_passthrough", False):
                return func(*args, **kwargs)
            name = getattr(func, "__name__", "")
            if name == "__get__":
                return self.property(func, args)
            result = func(*args, **kwargs)
            if name in _QUERIES:
                return result
            if name in _CONVERSIONS:
                if args and self.traced(args[0]):
                    _warn("Converting a tensor to %s while tracing: the trace keeps the value seen now as a "
                          "constant, so it may be wrong for other inputs" % _CONVERSIONS[name])
                return result
            if name == "size" and args and isinstance(args[0], torch.Tensor):
                if len(args) > 1 or "dim" in kwargs:
                    return self.size_tensor(args[0], args[1] if len(args) > 1 else kwargs["dim"])
                return tuple(self.size_tensor(args[0], d) for d in range(args[0].dim()))
            if name == "__getitem__":
                self.getitem(args[0], args[1], result)
                return result
            if name == "__setitem__":
                self.setitem(*args)
                return result
            if not self.wants_record(result):
                return result
            self.record_call(name, args, kwargs, result)
            return result

        def wants_record(self, result):
            if isinstance(result, torch.Tensor):
                return True
            return isinstance(result, (tuple, list)) and result and all(isinstance(r, torch.Tensor) for r in result)

        def record_call(self, name, args, kwargs, result):
            name = _DUNDERS.get(name, name)
            args = list(args)
            if name in _SIZE_VARARG_METHODS and len(args) >= 2 and not isinstance(args[1], (list, tuple)):
                args = [args[0], list(args[1:])]
            elif name in _SIZE_VARARG_FUNCTIONS and args and not isinstance(args[0], (list, tuple)):
                args = [list(args)]
            if name in _DTYPE_METHODS and len(args) == 1 and not kwargs:
                name, args = "to", [args[0], getattr(torch, _DTYPE_METHODS[name])]
            if name in _CONVOLUTIONS and not isinstance(args[4] if len(args) > 4 else kwargs.get("padding", 0), str):
                name, args, kwargs = "_convolution", self.convolution_args(_CONVOLUTIONS[name], args, kwargs), {}
            self.record(name, args, kwargs, result)

        @staticmethod
        def convolution_args(n, args, kwargs):
            names = ["input", "weight", "bias", "stride", "padding", "dilation", "groups"]
            defaults = [None, None, None, 1, 0, 1, 1]
            vals = [args[i] if i < len(args) else kwargs.get(names[i], defaults[i]) for i in range(7)]

            def expand(v):
                return list(v) if isinstance(v, (list, tuple)) else [v] * n
            inp, weight, bias, stride, padding, dilation, groups = vals
            # What torch's tracer records for convNd: the _convolution it calls underneath.
            return [inp, weight, bias, expand(stride), expand(padding), expand(dilation), False, [0] * n, groups,
                    False, False, True, True]

        def property(self, getter, args):
            result = getter(*args)
            name = getattr(getattr(getter, "__self__", None), "__name__", "")
            if not args or not isinstance(args[0], torch.Tensor) or not self.traced(args[0]):
                return result
            if name == "shape":
                return tuple(self.size_tensor(args[0], d) for d in range(args[0].dim()))
            if name in _PROPERTIES and isinstance(result, torch.Tensor):
                self.record(_PROPERTIES[name], [args[0]], {}, result)
            elif name == "data" and isinstance(result, torch.Tensor):
                self.bind(result, self.values.get(id(args[0])) if id(args[0]) in self.values else self.value_of(args[0]))
            return result

        def call_scripted(self, original, fn, args, kwargs):
            """A TorchScript function called by the traced code: run as usual, recorded as one
            prim::CallFunction of its ember compilation (control flow kept)."""
            self.paused = True
            try:
                result = original(fn, *args, **kwargs)
            finally:
                self.paused = False
            if kwargs or not self.traced(list(args)):
                return result
            try:
                callee = _ember_function(fn)
            except RuntimeError as e:
                _warn("The scripted function '%s' could not be compiled by ember (%s): its results are constants "
                      "in the trace" % (getattr(fn, "name", fn), str(e).splitlines()[0] if str(e) else e))
                return result
            ids = self.t.call_function(callee, [self.encode(a) for a in args])
            outputs = result if isinstance(result, tuple) else (result,)
            for out, vid in zip(outputs, ids):
                if isinstance(out, torch.Tensor):
                    self.bind(out, vid)
            return result

        def getitem(self, x, index, result):
            if isinstance(result, torch.Tensor) and self.traced([x, index]):
                self.bind(result, self.index_values(x, index)[1])

        def call_scripted_method(self, original, method, args, kwargs):
            """A method of a scripted submodule: run as usual, recorded as one prim::CallMethod."""
            self.paused = True
            try:
                result = original(method, *args, **kwargs)
            finally:
                self.paused = False
            path = next((p for p, c in self.scripted.items() if c == method.owner), None)
            if path is None or kwargs or not self.traced(list(args)):
                return result
            ids = self.t.call_method(self.module_value(path), method.name, [self.encode(a) for a in args])
            outputs = result if isinstance(result, tuple) else (result,)
            for out, vid in zip(outputs, ids):
                if isinstance(out, torch.Tensor):
                    self.bind(out, vid)
            return result

        def setitem(self, x, index, value):
            if not (self.traced(x) or self.traced(value) or self.traced(index)):
                return
            view = self.index_values(x, index)
            if isinstance(value, torch.Tensor):
                self.t.record("aten::copy_", [view, self.encode(value)], {})
            else:
                self.t.record("aten::fill_", [view, ("c", value)], {})

    return Recorder


_recorder_class = None


def _recorder(*args):
    global _recorder_class
    if _recorder_class is None:
        _recorder_class = _make_recorder_class()
    return _recorder_class(*args)


# ---- scripted functions called while tracing --------------------------------------------------

_callees = {}  # torch ScriptFunction -> its ember compilation (kept alive: traces point at them)


def _ember_function(fn):
    if isinstance(fn, _C.ScriptFunction):
        _callees.setdefault(fn, fn)
        return fn
    callee = _callees.get(fn)
    if callee is None:
        cu = _C.CompilationUnit(fn.code)
        callee = cu.find_function(fn.name)
        _callees[fn] = callee
    return callee


class _ScriptedCallPatch:
    """Routes calls of torch and ember ScriptFunctions, and of torch ScriptMethods (scripted
    submodules), to the recorder while tracing."""

    def __init__(self, rec):
        self.rec = rec

    def __enter__(self):
        import torch
        self._saved = []
        for cls in (torch._C.ScriptFunction, _C.ScriptFunction):
            original = cls.__call__

            def call(fn, *args, _original=original, **kwargs):
                return self.rec.call_scripted(_original, fn, args, kwargs)
            self._saved.append((cls, original))
            cls.__call__ = call
        original_method = torch._C.ScriptMethod.__call__

        def call_method(method, *args, **kwargs):
            return self.rec.call_scripted_method(original_method, method, args, kwargs)
        self._saved.append((torch._C.ScriptMethod, original_method))
        torch._C.ScriptMethod.__call__ = call_method
        return self

    def __exit__(self, *exc):
        for cls, original in self._saved:
            cls.__call__ = original
        return False


# ---- driving a trace ------------------------------------------------------------------------------

def _as_tuple(example_inputs):
    import torch
    if isinstance(example_inputs, torch.Tensor):
        return (example_inputs,)
    return tuple(example_inputs)


def _argument_names(fn, count):
    try:
        params = [p for p in inspect.signature(fn).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        names = [p.name for p in params][:count]
    except (TypeError, ValueError):
        names = []
    names += ["input_%d" % i for i in range(len(names), count)]
    return names


def _module_description(module, path, attributes, scripted):
    """(qualified class name, training, tensors, children) for _C._trace_module_shell; fills
    `attributes` with id(tensor) -> (module path, attribute name) and `scripted` with the paths of
    scripted submodules -> their torch._C.ScriptModule."""
    cls = type(module)
    qualname = cls.__qualname__.replace("<locals>.", "")
    prefix = "__torch__." if cls.__module__ == "__main__" else "__torch__.%s." % cls.__module__
    tensors = []
    for name, t in list(module._parameters.items()) + list(module._buffers.items()):
        if t is None:
            continue
        tensors.append((name, t.detach(), name in module._buffers))
        attributes.setdefault(id(t), (path, name))
    children = []
    for name, child in module._modules.items():
        if child is None:
            continue
        child_path = path + "." + name if path else name
        if _is_torch_script_module(child):
            scripted[child_path] = child._c
            children.append((name, ("__scripted__", _ember_script_module(child))))
        else:
            children.append((name, _module_description(child, child_path, attributes, scripted)))
    return (prefix + qualname, module.training, tensors, children)


def _is_torch_script_module(obj):
    import torch
    return isinstance(obj, torch.jit.ScriptModule)


_scripted_modules = {}  # torch ScriptModule -> its ember conversion, sharing its tensors


def _ember_script_module(module):
    converted = _scripted_modules.get(module)
    if converted is None:
        from ._script import _from_torch_script, _share_tensors
        converted = _from_torch_script(module)
        _share_tensors(converted, module)
        _scripted_modules[module] = converted
    return converted


def _flatten_outputs(out, strict):
    import torch
    if isinstance(out, torch.Tensor):
        return [out]
    if isinstance(out, list) and strict:
        raise RuntimeError("Encountering a list at the output of the tracer: its length and contents are fixed by this "
                           "trace. Return a tuple instead, or trace with strict=False to record it as a list.")
    if isinstance(out, dict):
        raise RuntimeError("Encountering a dict at the output of the tracer: ember.jit.trace records tensors and "
                           "tuples of tensors only; return a tuple instead.")
    if isinstance(out, (tuple, list)):
        return list(out)
    raise RuntimeError("ember.jit.trace: the traced code returned %s; only tensors and tuples of tensors can be "
                       "traced outputs" % type(out).__name__)


def _record(fn, inputs, strict, module=None, shell=None):
    """Runs fn(*inputs) under the recorder; returns (tracer, output value ids, eager output, the
    ember module: `shell`, or a new one built for `module`)."""
    import torch
    tracer = _C._Tracer()
    attributes, module_values, scripted = {}, {}, {}
    if module is not None:
        description = _module_description(module, "", attributes, scripted)
        if shell is None:
            shell = _C._trace_module_shell(description)
        module_values[""] = tracer.add_self(shell)
    rec = _recorder(tracer, attributes, module_values)
    rec.scripted = scripted
    seen = set()
    inputs = tuple(_distinct(x, seen) for x in inputs)
    for name, x in zip(_argument_names(fn, len(inputs)), inputs):
        _check_input(x, name)
        _bind_input(rec, tracer, x, tracer.add_input(name, x))
    hooks = _scope_hooks(module, rec) if module is not None else []
    try:
        _active_state.recorders.append(rec)
        with _TorchFunctionPatch(), _ScriptedCallPatch(rec), rec:
            out = fn(*inputs)
    finally:
        if rec in _active_state.recorders:
            _active_state.recorders.remove(rec)
        for h in hooks:
            h.remove()
    outputs = _flatten_outputs(out, strict)
    counter = [0]

    def encode_output(o):
        if isinstance(o, (tuple, list)):
            return ("t" if isinstance(o, tuple) else "l", [encode_output(e) for e in o])
        counter[0] += 1
        if isinstance(o, torch.Tensor) and not rec.traced(o):
            _warn("Output nr %d. of the traced function does not depend on its inputs: the trace returns the value "
                  "computed now as a constant" % counter[0])
        return rec.encode(o)
    ids = [tracer.value(encode_output(o)) for o in outputs]
    if isinstance(out, list):
        ids = [tracer.value(("l", [("v", i) for i in ids]))]
    return tracer, ids, out, shell


def _distinct(x, seen):
    """A tensor passed for several arguments is given as a fresh view each further time, so each
    argument is its own graph input (PyTorch's tracer does the same: `mha(q, q, q)` traces the
    general path, not the `query is key` one)."""
    import torch
    if isinstance(x, tuple):
        return tuple(_distinct(e, seen) for e in x)
    if isinstance(x, torch.Tensor):
        if id(x) in seen:
            x = x.view(x.shape)
        seen.add(id(x))
    return x


def _check_input(x, name):
    import torch
    if isinstance(x, tuple):
        for e in x:
            _check_input(e, name)
    elif not isinstance(x, torch.Tensor):
        raise RuntimeError("ember.jit.trace: example inputs must be tensors or tuples of tensors (got %s for '%s')"
                           % (type(x).__name__, name))


def _bind_input(rec, tracer, x, vid):
    """A tensor input is its value; a tuple input's tensors are its TupleUnpack's outputs."""
    if isinstance(x, tuple):
        for e, eid in zip(x, tracer.unpack_tuple(vid)):
            _bind_input(rec, tracer, e, eid)
    else:
        rec.bind(x, vid)


def _scope_hooks(module, rec):
    def enter(scope):
        rec.t.push_scope(scope)
        rec.depth += 1

    def leave():
        rec.t.pop_scope()
        rec.depth -= 1
    hooks = []
    for path, sub in module.named_modules():
        if not path or _is_torch_script_module(sub) or any(path.startswith(p + ".") for p in rec.scripted):
            continue
        scope = "__module." + path
        hooks.append(sub.register_forward_pre_hook(lambda m, i, s=scope: enter(s)))
        hooks.append(sub.register_forward_hook(lambda m, i, o: leave()))
    return hooks


def _clone(x):
    if isinstance(x, tuple):
        return tuple(_clone(e) for e in x)
    return x.clone()


def _signature(graph):
    """The nodes in order, constants with their values: what must agree between two traces."""
    out = []

    def walk(nodes):
        for n in nodes:
            out.append(n.kind() + ("[%s]" % str(n).split("[", 1)[1].split("]")[0] if n.kind() == "prim::Constant" and
                                   n.hasAttributes() else ""))
            for b in n.blocks():
                walk(b.nodes())
    walk(graph.nodes())
    return out


def _check(traced_call, original, graph, retrace, check_inputs, tolerance):
    """torch.jit.trace's check: a graph that changes with the inputs is an error
    (TracingCheckError); outputs that differ from the Python function's are a TracerWarning
    (nondeterministic operators such as dropout in training make them differ legitimately)."""
    import torch
    for inputs in check_inputs:
        inputs = _as_tuple(inputs)
        again = retrace(inputs)
        if _signature(again) != _signature(graph):
            raise TracingCheckError("First trace:\n%s\nTrace with the check inputs:\n%s" % (graph, again), None)
        with torch.no_grad():
            expected = original(*_clone(inputs))
            got = traced_call(*_clone(inputs))
        exp = [expected] if isinstance(expected, torch.Tensor) else list(expected)
        res = [got] if isinstance(got, torch.Tensor) else list(got)
        for i, (e, r) in enumerate(zip(exp, res)):
            if not isinstance(e, torch.Tensor):
                continue
            if e.shape != r.shape or not torch.allclose(e.detach().double(), r.detach().double(), rtol=tolerance,
                                                        atol=tolerance, equal_nan=True):
                _warn("Output nr %d. of the traced function does not match the corresponding output of the Python "
                      "function (max abs difference %s)" % (i + 1, (e.double() - r.double()).abs().max().item()
                                                             if e.shape == r.shape else "n/a: shapes differ"))


def trace(func, example_inputs=None, optimize=None, check_trace=True, check_inputs=None, check_tolerance=1e-5,
          strict=True, _force_outplace=False, _module_class=None, _compilation_unit=None, example_kwarg_inputs=None):
    """torch.jit.trace for ember: a torch function or torch.nn.Module (its forward) traced on
    ``example_inputs`` into an ember ScriptFunction / ScriptModule."""
    import torch
    if isinstance(func, (_C.ScriptModule, _C.ScriptFunction, torch.jit.ScriptModule, torch.jit.ScriptFunction)):
        warnings.warn("The input to trace is already a ScriptModule/ScriptFunction; tracing it is a no-op: "
                      "it is returned as ember.jit.script gives it", TracerWarning, stacklevel=2)
        from ._script import script
        return script(func)
    if isinstance(func, torch.nn.Module):
        return trace_module(func, {"forward": example_inputs}, None, check_trace, check_inputs and
                            [{"forward": c} for c in check_inputs], check_tolerance, strict)
    if isinstance(func, types.MethodType) and isinstance(func.__self__, torch.nn.Module):
        return trace_module(func.__self__, {func.__name__: example_inputs}, None, check_trace,
                            check_inputs and [{func.__name__: c} for c in check_inputs], check_tolerance, strict)
    inputs = _as_tuple(example_inputs)

    def retrace(args):
        tracer, ids, _out, _shell = _record(func, args, strict)
        return tracer.finish(ids)
    graph = retrace(inputs)
    name = getattr(func, "__name__", "traced").replace("<lambda>", "lambda")
    fn = _C._trace_function("__torch__." + name, graph, _argument_names(func, len(inputs)))
    if check_trace:
        _check(fn, func, graph, retrace, check_inputs or [inputs], check_tolerance)
    return fn


def trace_module(mod, inputs, optimize=None, check_trace=True, check_inputs=None, check_tolerance=1e-5, strict=True,
                 _force_outplace=False, _module_class=None, _compilation_unit=None, example_inputs_is_kwarg=False):
    """torch.jit.trace_module for ember: each named method traced on its inputs, all into one
    ember ScriptModule whose parameters share the torch module's memory."""
    import torch
    if not isinstance(mod, torch.nn.Module):
        raise AttributeError("expected torch.nn.Module as the first argument")
    if not isinstance(inputs, dict):
        raise AttributeError("expected a dictionary of (method_name, input) pairs")
    result = None
    for method_name, example in inputs.items():
        args = _as_tuple(example)
        method = getattr(mod, method_name)
        call = mod if method_name == "forward" else method

        def retrace(a, call=call, into=None):
            tracer, ids, _out, shell = _record(call, a, strict, module=mod, shell=into)
            return tracer.finish(ids), shell
        graph, result = retrace(args, into=result)
        _C._trace_define_method(result, method_name, graph, _argument_names(method, len(args)))
        if check_trace:
            checks = [c[method_name] for c in check_inputs] if check_inputs else [args]
            _check(getattr(result, method_name), call, graph, lambda a: retrace(a)[0], checks, check_tolerance)
    return result

