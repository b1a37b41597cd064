"""ember.jit.script: compiling Python objects.

Functions are compiled by ember's own frontend from their source (``inspect``), in the Python
dialect torch.jit.script accepts (f-strings, comparison chains, comprehensions, ``X | None``).
Global and closure names are resolved as torch.jit.script resolves them: other functions are
scripted too (and called, not inlined), ``torch``/``math``/``torch.nn.functional`` under any
alias. Other Python values (a global int, say) are rejected at their use, as PyTorch 1.13 rejects
them.

torch.nn.Module instances are scripted recursively by ember itself (python/ember/_module_script.py):
submodules, parameters and buffers shared with the torch module (zero-copy, through DLPack),
attribute type inference, ``__constants__``/``Final``, ``@torch.jit.ignore/unused/export``,
module containers, properties. ``script(m, frontend="torch")`` keeps the older path: PyTorch's
torch.jit.script compiles the module and ember compiles the TorchScript code it produces.
"""
import ast
import builtins
import inspect
import io
import itertools
import math
import re
import sys
import textwrap
import tokenize
import types

from . import _C
from . import _interface
from . import _module_script
from . import _python_op

_cu = _C.CompilationUnit()
_scripted = {}          # python function -> ScriptFunction
_converted = {}         # torch ScriptFunction -> the resolver's answer for it
_mangle = itertools.count()

_NAMESPACES = {"torch": "torch", "math": "math", "torch.nn.functional": "torch.nn.functional",
               "torch.jit": "torch.jit", "torch.nn": "torch.nn", "torch.linalg": "torch.linalg",
               "torch.special": "torch.special", "torch.fft": "torch.fft", "torch._VF": "torch",
               "warnings": "warnings"}  # warnings.warn is aten::warn


def is_scripting():
    """False when called from Python (TorchScript code sees True)."""
    return False


def _mark(fn, attr):
    setattr(fn, attr, True)
    return fn


def ignore(fn=None, drop=False):
    """Like torch.jit.ignore: compiled code calls the function through Python (prim::PythonOp);
    with ``drop=True`` it is compiled as raising, like ``unused``."""
    attr = "_ember_unused" if drop else "_ember_ignore"
    if fn is None or isinstance(fn, bool):  # @ignore(), @ignore(drop=True), @ignore(True)
        if isinstance(fn, bool):
            attr = "_ember_unused" if fn else "_ember_ignore"
        return lambda f: _mark(f, attr)
    return _mark(fn, attr)


def unused(fn):
    return _mark(fn, "_ember_unused")


def export(fn):
    return _mark(fn, "_ember_export")


def _is_torch_module(obj):
    torch = sys.modules.get("torch")
    return torch is not None and isinstance(obj, torch.nn.Module)


def script(obj, optimize=None, _frames_up=0, _rcb=None, example_inputs=None, frontend="ember"):
    """Compiles a Python function, or a torch.nn.Module instance, into an ember ScriptFunction
    or ScriptModule. Scripted objects are returned as they are. ``frontend="torch"`` scripts a
    module with torch.jit.script and compiles the code PyTorch produces instead."""
    if isinstance(obj, (_C.ScriptFunction, _C.ScriptModule)):
        return obj
    if frontend not in ("ember", "torch"):
        raise ValueError("frontend must be 'ember' or 'torch', got %r" % (frontend,))
    if _is_torch_module(obj):
        return _script_module(obj) if frontend == "torch" else _script_module_native(obj)
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(obj, (torch.jit.ScriptModule, torch.jit.ScriptFunction)):
        return _from_torch_script(obj)
    if inspect.isfunction(obj):
        return _script_function(obj)
    if isinstance(obj, ScriptClass) or _interface.is_interface(obj):
        return obj  # (an interface is used by annotations, not compiled)
    if inspect.isclass(obj):
        return _script_class(obj)
    raise RuntimeError("ember.jit.script expects a Python function or a torch.nn.Module instance, got %s"
                       % type(obj).__name__)


# ---- functions -------------------------------------------------------------------------------

def _definition_source(obj, what):
    """The dedented source of the function or class ``obj`` without its decorators, its first
    line in the file, and its parsed definition. ``what`` names it in the error."""
    try:
        lines, first_line = inspect.getsourcelines(obj)
    except (OSError, TypeError) as e:
        raise RuntimeError("Could not get the source of %s: ember.jit.script needs the %s's source code (%s)"
                           % (obj.__qualname__, what, e)) from None
    source = textwrap.dedent("".join(lines))
    definition = ast.parse(source).body[0]
    skip = definition.lineno - 1  # decorator lines come before the `def` / `class`
    body = "\n".join(source.splitlines()[skip:]) + "\n"
    return _blank_type_ignores(body), first_line + skip, definition


def _function_source(fn):
    """The dedented source of ``fn`` without its decorators, and its first line in the file."""
    source, first_line, definition = _definition_source(fn, "function")
    if not isinstance(definition, ast.FunctionDef):
        raise RuntimeError("ember.jit.script expects a `def` (lambdas have no source of their own)")
    return source, first_line


_TYPE_IGNORE = re.compile(r"#\s*type:\s*ignore")


def _blank_type_ignores(source):
    """`# type: ignore[...]` comments (for mypy) blanked out, columns kept: they are not the
    type comments TorchScript reads."""
    if "ignore" not in source:
        return source
    lines = source.splitlines(keepends=True)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return source
    for tok in tokens:
        if tok.type == tokenize.COMMENT and _TYPE_IGNORE.match(tok.string):
            row, col = tok.start
            line = lines[row - 1]
            lines[row - 1] = line[:col] + " " * len(tok.string) + line[col + len(tok.string):]
    return "".join(lines)


def _closure_values(fn):
    values = {}
    if fn.__closure__:
        for name, cell in zip(fn.__code__.co_freevars, fn.__closure__):
            try:
                values[name] = cell.cell_contents
            except ValueError:  # an unfilled cell (a name assigned later)
                pass
    return values


def _resolver(fn):
    closure = _closure_values(fn)

    def resolve(name):
        head, *rest = name.split(".")
        if head in closure:
            value = closure[head]
        elif head in fn.__globals__:
            value = fn.__globals__[head]
        elif head == "torch" and rest and "torch" in sys.modules:
            value = sys.modules["torch"]  # torch._assert asked for by ember's `torch` namespace
        else:
            return None  # builtins and ember's own names
        for part in rest:  # a dotted name in an annotation or isinstance: torch.nn.Linear
            value = getattr(value, part, None)
            if value is None:
                return None
        return _describe(name, value)
    return resolve


def _describe(name, value):
    if isinstance(value, types.ModuleType):
        qual = _NAMESPACES.get(value.__name__)
        return ("module", qual) if qual else None
    if isinstance(value, _C.ScriptFunction):
        return ("function", value)
    builtin = _module_script.util_builtin(value, _cu)
    if builtin is not None:
        return ("function", builtin)
    if isinstance(value, ScriptClass):
        return ("class", value._type)
    if inspect.isclass(value):
        qual = _class_type(value)
        return ("class", qual) if qual is not None else None
    if inspect.isfunction(value):
        modifier = _module_script._modifier(value)
        if modifier == "ignore":
            return _python_op.describe(value, _cu, scripted_class_name)  # called through Python
        if modifier == "unused":  # the call raises
            return _python_op.describe(value, _cu, scripted_class_name, unused=True)
        return ("function", _script_function(value))
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(value, torch.jit.ScriptFunction):  # compiled by torch
        return _torch_script_function(value)
    if callable(value) and not isinstance(value, (types.BuiltinFunctionType, types.BuiltinMethodType)) \
            and not _is_torch_module(value) and not isinstance(value, _C.ScriptModule) \
            and type(value).__module__ != "typing":
        return _python_op.describe_value(value, _cu, scripted_class_name)  # functools.partial, ...
    if value is None or isinstance(value, (bool, int, float, str, tuple, list, dict)):
        return ("error", "python value of type '%s' cannot be used as a value. Perhaps it is a closed over global "
                         "variable? If so, please consider passing it in as an argument or use a local varible "
                         "instead." % type(value).__name__)
    return None


def _torch_script_function(fn):
    """A function compiled by torch.jit.script, called from code ember compiles: its TorchScript
    code compiled by ember (a function calling other TorchScript functions is not taken)."""
    if fn not in _converted:
        try:
            unit = _C.CompilationUnit(fn.code)
            _converted[fn] = ("function", unit.find_function(fn.name))
        except Exception as e:
            _converted[fn] = ("error", "cannot call the torch.jit.ScriptFunction '%s' from code ember compiles (%s); "
                                       "pass ember.jit.script the Python function instead" % (fn.name, e))
        if _converted[fn][1] is None:
            _converted[fn] = ("error", "torch.jit.ScriptFunction '%s' not found in its code" % fn.name)
    return _converted[fn]


def _script_function(fn):
    cached = _scripted.get(fn)
    if cached is not None:
        return cached
    source, first_line = _function_source(fn)
    module = fn.__module__ or "__main__"
    prefix = "__torch__.%s." % module if module != "__main__" else "__torch__."
    if _cu.find_function(prefix + fn.__name__) is not None:
        prefix = "__torch__.___torch_mangle_%d.%s" % (next(_mangle), prefix[len("__torch__."):])
    filename = inspect.getsourcefile(fn) or "<unknown>"
    _C._compile_python(_cu, source, filename, first_line, prefix, _resolver(fn))
    scripted = _cu.find_function(prefix + fn.__name__)
    _scripted[fn] = scripted
    return scripted


# ---- modules ---------------------------------------------------------------------------------

def _from_torch_script(obj):
    """An ember copy of a torch ScriptModule / ScriptFunction, through the archive format."""
    import torch
    buffer = io.BytesIO()
    torch.jit.save(obj, buffer)
    module, _extra = _C.load(io.BytesIO(buffer.getvalue()), {})
    if isinstance(obj, torch.jit.ScriptFunction):
        return module.forward
    return module


def _share_tensors(ember_module, torch_module):
    """Points every parameter and buffer of the ember module at the torch module's tensor."""
    for path, sub in torch_module.named_modules(remove_duplicate=False):
        owner = ember_module
        for part in path.split(".") if path else []:
            owner = getattr(owner, part)
        for name, tensor in list(sub._parameters.items()) + list(sub._buffers.items()):
            if tensor is not None and owner.hasattr(name):
                setattr(owner, name, _C.from_dlpack(tensor.detach()))


def _script_module(module):
    import torch
    scripted = torch.jit.script(module)
    result = _from_torch_script(scripted)
    _share_tensors(result, module)
    if module.training != result.training:
        result.train(module.training)
    return result


# ---- modules, natively ------------------------------------------------------------------------

# What _module_script needs of this module (one compilation unit for everything scripted).
cu = _cu
function_source = _function_source
script_function = lambda fn: _script_function(fn)  # noqa: E731
resolver = _resolver
module_types = {}   # module signature -> (class type, methods)


def scripted_class_name(cls):
    """The qualified name of a class scripted with ember.jit.script (or of an interface), or None."""
    if _interface.is_interface(cls):
        return _interface.interface_type(cls, _cu, scripted_class_name)[1]
    t = _class_type(cls)
    if t is None:
        return None
    return _named_tuple_names[cls] if cls in _named_tuple_names else _C._class_qualname(t)


def _class_type(cls):
    """The ember class type of a scripted TorchScript class, or of a torch.nn.Module class
    scripted in this process (for isinstance checks against module classes); else None."""
    if isinstance(cls, ScriptClass):
        return cls._type
    if not inspect.isclass(cls):
        return None
    if _interface.is_interface(cls):
        return _interface.interface_type(cls, _cu, scripted_class_name)[0]
    if cls in _script_classes:
        return _script_classes[cls]._type
    if issubclass(cls, tuple) and hasattr(cls, "_fields"):
        return _named_tuple_type(cls)
    for key, (t, _methods) in reversed(list(module_types.items())):
        if key[0] is cls:
            return t
    return None


def cu_has_type(name):
    try:
        _C._parse_type(_cu, name)
        return True
    except Exception:
        return False


def _script_module_native(module):
    return _module_script.ModuleScripter(sys.modules[__name__]).run(module)


# ---- TorchScript classes ------------------------------------------------------------------------

_script_classes = {}  # python class -> ScriptClass


class ScriptClass:
    """A class compiled by ``ember.jit.script(cls)``: calling it constructs an ember ScriptObject
    (running the compiled ``__init__``); scripted functions and modules use it by name."""

    def __init__(self, cls, class_type):
        self._cls, self._type = cls, class_type
        self.__name__ = cls.__name__
        self.__qualname__ = cls.__qualname__
        self.__doc__ = cls.__doc__
        self.qualified_name = _C._class_qualname(class_type)

    def __call__(self, *args, **kwargs):
        obj = _C._new_object(_cu, self._type)
        if _C._class_has_method(self._type, "__init__"):
            _C._call_method(obj, "__init__", *args, **kwargs)
        elif args or kwargs:
            raise TypeError("%s() takes no arguments" % self.__name__)
        return obj

    def __repr__(self):
        return "<ember.jit.ScriptClass %s>" % self.qualified_name


def _script_class(cls):
    if cls in _script_classes:
        return _script_classes[cls]
    source, first_line, _ = _definition_source(cls, "class")
    module = cls.__module__ or "__main__"
    prefix = "__torch__." if module == "__main__" else "__torch__.%s." % module
    if cu_has_type(prefix + cls.__name__):
        prefix = "__torch__.___torch_mangle_%d.%s" % (next(_mangle), prefix[len("__torch__."):])
    globals_ = vars(sys.modules[module]) if module in sys.modules else {}

    def resolve(name):
        if name == cls.__name__:
            return None  # the class itself: the compilation unit knows it
        head, *rest = name.split(".")
        if head not in globals_:
            return None
        value = globals_[head]
        for part in rest:
            value = getattr(value, part, None)
            if value is None:
                return None
        return _describe(name, value)

    filename = inspect.getsourcefile(cls) or "<unknown>"
    class_type = _C._compile_class(_cu, source, filename, first_line, prefix, cls.__name__, resolve)
    scripted = ScriptClass(cls, class_type)
    _script_classes[cls] = scripted
    return scripted


_named_tuples = {}  # python NamedTuple class -> ember tuple type
_named_tuple_names = {}


def _named_tuple_type(cls):
    """The TorchScript NamedTuple type of a typing.NamedTuple class (fields typed from its
    annotations), as torch.jit.script types them; None when a field cannot be typed."""
    if cls in _named_tuples:
        return _named_tuples[cls]
    import typing
    try:
        hints = typing.get_type_hints(cls)
        texts = [_module_script.annotation_text(hints[f], scripted_class_name) if f in hints else "Tensor"
                 for f in cls._fields]
        types = [_C._parse_type(_cu, t) for t in texts]
    except Exception:
        return None
    module = cls.__module__ or "__main__"
    prefix = "__torch__." if module == "__main__" else "__torch__.%s." % module
    name = prefix + cls.__qualname__.replace("<locals>.", "")
    if cu_has_type(name):
        name = "%s___torch_mangle_%d.%s" % (prefix, next(_mangle), cls.__name__)
    _named_tuples[cls] = _C._create_named_tuple(_cu, name, list(cls._fields), types)
    _named_tuple_names[cls] = name
    return _named_tuples[cls]
