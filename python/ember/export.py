"""ember.export: Export IR programs from Python, with torch.export's names (docs/export.md).

    from ember.export import export, Dim, save, load
    batch = Dim("batch", min=2, max=64)
    ep = export(torch_module, (x,), dynamic_shapes={"x": {0: batch}})
    print(ep.graph)                       # FX text: %x : [num_users=1] = placeholder[target=x] ...
    ep.graph_signature.input_specs        # [InputSpec(kind=PARAMETER, arg=p_fc_weight, target=fc.weight), ...]
    y = ep.module()(torch.randn(9, 16))   # any batch in [2, 64], run by ember's interpreter
    save(ep, "net.pt2e"); ep2 = load("net.pt2e")
    core = ep.run_decompositions()        # core ATen operators only

``export`` takes an ember ScriptModule or ScriptFunction, a Python function or a torch.nn.Module
(both are compiled with ember.jit.script first). The capture runs the program once on the example
inputs; a dynamic dimension the program forces to a constant raises ConstraintViolation with
the suggested fix.
"""
import collections
import enum
import os as _os

from . import _C
from ._C import ConstraintViolation

__all__ = ["export", "Dim", "ExportedProgram", "ExportGraphSignature", "InputKind", "OutputKind", "InputSpec",
           "OutputSpec", "ConstraintViolation", "save", "load"]

_INT64_MAX = (1 << 63) - 1
_MISSING = object()


class Dim:
    """A dynamic dimension: ``Dim("batch", min=2, max=64)``. Using the same Dim (or the same name)
    on several dimensions makes them one symbol. As in torch.export, example sizes 0 and 1 are
    never dynamic."""

    def __init__(self, name, *, min=None, max=None):
        if not isinstance(name, str) or not name.isidentifier():
            raise ValueError("Dim name must be a valid identifier, got %r" % (name,))
        lo = 0 if min is None else int(min)
        hi = _INT64_MAX - 1 if max is None else int(max)
        if lo < 0 or hi < lo:
            raise ValueError("Dim %s: need 0 <= min <= max, got min=%r, max=%r" % (name, min, max))
        self.__name__ = name
        self.min = min
        self.max = max

    @property
    def name(self):
        return self.__name__

    def __repr__(self):
        return "Dim(%r, min=%r, max=%r)" % (self.__name__, self.min, self.max)


def dims(*names, min=None, max=None):
    """Several Dims with the same range: ``batch, seq = dims("batch", "seq", max=512)``."""
    return tuple(Dim(n, min=min, max=max) for n in names)


class InputKind(enum.Enum):
    USER_INPUT = "USER_INPUT"
    PARAMETER = "PARAMETER"
    BUFFER = "BUFFER"
    CONSTANT_TENSOR = "CONSTANT_TENSOR"

    def __repr__(self):
        return self.name


class OutputKind(enum.Enum):
    USER_OUTPUT = "USER_OUTPUT"
    BUFFER_MUTATION = "BUFFER_MUTATION"
    USER_INPUT_MUTATION = "USER_INPUT_MUTATION"

    def __repr__(self):
        return self.name


TensorArgument = collections.namedtuple("TensorArgument", ["name"])


class InputSpec(collections.namedtuple("InputSpec", ["kind", "arg", "target"])):
    """One placeholder: its kind, its argument (``arg.name`` is the placeholder) and, for lifted
    state, the state_dict or constants key it is bound to (None for user inputs)."""

    def __repr__(self):
        return "InputSpec(kind=%s, arg=%s, target=%s)" % (self.kind.name, self.arg.name, self.target)


class OutputSpec(collections.namedtuple("OutputSpec", ["kind", "arg", "target"])):
    """One output: its kind, the node returned (``arg.name``) and, for mutations, the buffer path
    or the user input placeholder it is written to."""

    def __repr__(self):
        return "OutputSpec(kind=%s, arg=%s, target=%s)" % (self.kind.name, self.arg.name, self.target)


class ExportGraphSignature:
    """``input_specs`` and ``output_specs``, with torch.export's derived views."""

    def __init__(self, input_specs, output_specs, text):
        self.input_specs = input_specs
        self.output_specs = output_specs
        self._text = text

    def _inputs(self, kind):
        return [s for s in self.input_specs if s.kind == kind]

    @property
    def user_inputs(self):
        return [s.arg.name for s in self._inputs(InputKind.USER_INPUT)]

    @property
    def parameters(self):
        return [s.target for s in self._inputs(InputKind.PARAMETER)]

    @property
    def buffers(self):
        return [s.target for s in self._inputs(InputKind.BUFFER)]

    @property
    def user_outputs(self):
        return [s.arg.name for s in self.output_specs if s.kind == OutputKind.USER_OUTPUT]

    @property
    def buffers_to_mutate(self):
        return {s.arg.name: s.target for s in self.output_specs if s.kind == OutputKind.BUFFER_MUTATION}

    @property
    def user_inputs_to_mutate(self):
        return {s.arg.name: s.target for s in self.output_specs if s.kind == OutputKind.USER_INPUT_MUTATION}

    def __str__(self):
        return self._text

    __repr__ = __str__


Node = collections.namedtuple("Node", ["name", "op", "target", "inputs", "val"])


class Graph:
    """The FX graph of a program: ``str(graph)`` is FX's text, ``nodes`` its nodes (name, op,
    target, names of the nodes used, val), ``submodules`` the branch and loop body graphs'
    nodes by name."""

    def __init__(self, program):
        self._program = program

    @property
    def nodes(self):
        return [Node(*n) for n in self._program.nodes]

    @property
    def submodules(self):
        return {name: [Node(*n) for n in self._program.submodule_nodes(name)]
                for name in self._program.submodule_names}

    def __str__(self):
        return self._program.graph_str

    __repr__ = __str__


class ValueRange(collections.namedtuple("ValueRange", ["lower", "upper"])):
    def __repr__(self):
        return "VR[%d, %s]" % (self.lower, "int_oo" if self.upper >= _INT64_MAX - 1 else self.upper)


class ExportedProgram:
    """A captured program: ``graph``, ``graph_signature``, ``state_dict``, ``constants``,
    ``range_constraints``, ``guards``, ``module()``, ``run_decompositions()``."""

    def __init__(self, program, torch_tensors=False, arg_names=None):
        self._program = program
        self._torch = torch_tensors   # state_dict as torch.Tensors when capture was given them
        self._arg_names = arg_names   # the user arguments' names, for module()(..., name=value)

    @property
    def graph(self):
        return Graph(self._program)

    @property
    def graph_signature(self):
        p = self._program
        inputs = [InputSpec(InputKind[k], TensorArgument(n), t or None) for k, n, t in p.input_specs]
        outputs = [OutputSpec(OutputKind[k], TensorArgument(n), t or None) for k, n, t in p.output_specs]
        return ExportGraphSignature(inputs, outputs, p.signature_str)

    @property
    def state_dict(self):
        return self._program.state_dict(self._torch)

    @property
    def constants(self):
        return self._program.constants(self._torch)

    @property
    def range_constraints(self):
        return {name: ValueRange(lo, hi) for name, (lo, hi) in self._program.range_constraints.items()}

    @property
    def guards(self):
        return list(self._program.guards)

    @property
    def call_spec(self):
        return (self._program.in_spec, self._program.out_spec)

    def operator_counts(self):
        """{target: count} of the call_function nodes (``aten.addmm.default``: 1)."""
        return dict(self._program.operator_counts())

    def module(self):
        """A callable running the program with ember's interpreter, holding its own copy of the
        buffers (updated by BUFFER_MUTATION outputs) and checking the inputs on each call."""
        return ExportedModule(self._program.module(), self._torch, self._arg_names)

    def run_decompositions(self):
        return ExportedProgram(self._program.run_decompositions(), self._torch, self._arg_names)

    def __str__(self):
        return str(self._program)

    __repr__ = __str__


class ExportedModule:
    """``ep.module()``: call it with the example inputs' structure."""

    def __init__(self, module, torch_tensors, arg_names):
        self._module = module
        self._torch = torch_tensors
        self._arg_names = arg_names

    def _positional(self, args, kwargs):
        if not kwargs:
            return args
        if self._arg_names is None:
            raise TypeError("ember.export: this program was loaded from a file, which does not keep argument "
                            "names; pass its inputs by position")
        args = list(args)
        for name, value in kwargs.items():
            if name not in self._arg_names:
                raise TypeError("ember.export: unexpected keyword argument %r (arguments: %s)"
                                % (name, ", ".join(self._arg_names)))
            i = self._arg_names.index(name)
            if i < len(args) and args[i] is not _MISSING:
                raise TypeError("ember.export: argument %r given by position and by keyword" % name)
            args.extend([_MISSING] * (i + 1 - len(args)))
            args[i] = value
        if any(a is _MISSING for a in args):
            missing = [self._arg_names[i] for i, a in enumerate(args) if a is _MISSING]
            raise TypeError("ember.export: missing arguments %s" % ", ".join(missing))
        return tuple(args)

    def __call__(self, *args, **kwargs):
        return self._module(*self._positional(args, kwargs))

    forward = __call__

    def state_dict(self):
        return self._module.state_dict(self._torch)


# ---- capture ---------------------------------------------------------------------------------

def _is_torch_module(obj):
    try:
        import torch
    except ImportError:
        return False
    return isinstance(obj, torch.nn.Module)


def _has_torch_tensor(values):
    try:
        import torch
    except ImportError:
        return False
    stack = list(values)
    while stack:
        v = stack.pop()
        if isinstance(v, torch.Tensor):
            return True
        if isinstance(v, (tuple, list)):
            stack.extend(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
    return False


def _dims_of(spec, where):
    """{dim: Dim} of one argument's spec: None, a dict {dim: Dim}, or a tuple/list per dimension."""
    if spec is None:
        return {}
    if isinstance(spec, dict):
        items = spec.items()
    elif isinstance(spec, (tuple, list)):
        items = enumerate(spec)
    else:
        raise TypeError("dynamic_shapes of %s must be None, a dict {dim: Dim} or a tuple of Dim/None per "
                        "dimension, not %s" % (where, type(spec).__name__))
    out = {}
    for dim, d in items:
        if d is None:
            continue
        if not isinstance(dim, int):
            raise TypeError("dynamic_shapes of %s: dimension keys must be ints, not %r" % (where, dim))
        if not isinstance(d, Dim):
            raise TypeError("dynamic_shapes of %s, dimension %d: expected an ember.export.Dim, not %r" % (where, dim, d))
        out[dim] = d
    return out


def _dynamic_entries(dynamic_shapes, nargs, kwargs):
    """The (input index or name, dim, Dim name, min, max) list the C++ capture takes."""
    if dynamic_shapes is None:
        return []
    if isinstance(dynamic_shapes, dict):
        per_arg = list(dynamic_shapes.items())
    elif isinstance(dynamic_shapes, (tuple, list)):
        if len(dynamic_shapes) != nargs + len(kwargs):
            raise ValueError("dynamic_shapes has %d entries but there are %d inputs; give one per argument (None "
                             "for a static one) or a dict by argument name" % (len(dynamic_shapes), nargs + len(kwargs)))
        per_arg = list(enumerate(dynamic_shapes[:nargs])) + list(zip(kwargs, dynamic_shapes[nargs:]))
    else:
        raise TypeError("dynamic_shapes must be a dict by argument name or a tuple per argument, not %s"
                        % type(dynamic_shapes).__name__)
    entries = []
    for key, spec in per_arg:
        where = "argument %r" % (key,)
        for dim, d in sorted(_dims_of(spec, where).items()):
            entries.append((key, dim, d.name, d.min, d.max))
    return entries


def _scripted(module_or_fn):
    from . import jit
    if isinstance(module_or_fn, (_C.ScriptModule, _C.ScriptFunction)):
        return module_or_fn
    if _is_torch_module(module_or_fn) or callable(module_or_fn):
        return jit.script(module_or_fn)
    raise TypeError("ember.export.export expects a ScriptModule, ScriptFunction, torch.nn.Module or function, "
                    "not %s" % type(module_or_fn).__name__)


def export(module_or_fn, args, kwargs=None, *, dynamic_shapes=None, method="forward"):
    """Captures ``module_or_fn`` called on ``args`` (a tuple) and ``kwargs`` into an ExportedProgram.

    ``dynamic_shapes``: a dict by argument name or a tuple with one entry per argument (positional
    then keyword), each None, ``{dim: Dim}`` or a tuple of Dim/None per dimension."""
    if not isinstance(args, tuple):
        raise TypeError("ember.export.export: args must be a tuple, not %s" % type(args).__name__)
    kwargs = dict(kwargs or {})
    target = _scripted(module_or_fn)
    dynamic = _dynamic_entries(dynamic_shapes, len(args), kwargs)
    torch_tensors = _has_torch_tensor(list(args) + list(kwargs.values()))
    if isinstance(target, _C.ScriptModule):
        program = _C._export_module(target, args, kwargs, dynamic, method)
        names = _C._argument_names(target, method)
    else:
        if method != "forward":
            raise TypeError("ember.export.export: method= applies to modules only")
        program = _C._export_function(target, args, kwargs, dynamic)
        names = _C._argument_names(target)
    return ExportedProgram(program, torch_tensors, names)


def save(ep, f):
    """Writes ``ep`` as a .pt2e file (docs/export.md) to a path or a binary file object."""
    if not isinstance(ep, ExportedProgram):
        raise TypeError("ember.export.save expects an ExportedProgram, not %s" % type(ep).__name__)
    if isinstance(f, (str, _os.PathLike)):
        ep._program.save(_os.fspath(f))
    else:
        f.write(ep._program.save_to_bytes())


def load(f, *, torch_tensors=True):
    """Reads a .pt2e file (a path or a binary file object). Its state_dict and outputs are
    torch.Tensors when ``torch_tensors`` (and torch is installed)."""
    if isinstance(f, (str, _os.PathLike)):
        program = _C._load_exported(_os.fspath(f))
    else:
        program = _C._load_exported_bytes(f.read())
    try:
        import torch  # noqa: F401
    except ImportError:
        torch_tensors = False
    return ExportedProgram(program, torch_tensors)
