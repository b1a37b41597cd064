"""ember.jit.script of torch.nn.Module instances, by ember's own frontend (no torch.jit.script).

The module is walked as torch.jit.script walks it: each distinct (module class, attribute types)
pair becomes one ember class type, with

  - ``training``, parameters and buffers (shared with the torch module, zero-copy through DLPack),
  - submodules (typed by their own class types, recursively),
  - attributes typed from class annotations (``__annotations__``, over the MRO) or inferred from
    their values (bool, int, float, str, None, Tensor, device, lists/tuples/dicts of those);
    values that cannot be typed are remembered with the reason, reported where code uses them,
  - ``__constants__`` and ``Final`` attributes as constants (lists become tuples),

and methods are compiled when first used, starting from ``forward`` and the ``@torch.jit.export``
methods: ``self.sub(x)`` calls the submodule's forward (prim::CallMethod), ModuleList /
Sequential / ModuleDict are iterated and indexed by constants by unrolling, properties are
compiled as ``__<name>_getter`` methods, calls of ``@torch.jit.ignore``'d methods go through Python
and calls of ``@torch.jit.unused`` ones raise (python/ember/_python_op.py).
The C++ half (src/python/module_value.cpp, script_module_bindings.cpp) asks the info objects
below what a name on ``self`` is.
"""
import ast
import inspect
import itertools
import sys
import types
import typing

from . import _C
from . import _interface
from . import _module_api
from . import _module_scripted
from . import _python_op

# Attributes every nn.Module has that TorchScript does not see (torch.jit.script skips them too).
_MODULE_INTERNALS = {
    "_version", "_parameters", "_buffers", "_non_persistent_buffers_set", "_backward_hooks",
    "_backward_pre_hooks", "_forward_hooks", "_forward_hooks_with_kwargs", "_forward_pre_hooks",
    "_forward_pre_hooks_with_kwargs", "_state_dict_hooks", "_state_dict_pre_hooks",
    "_load_state_dict_pre_hooks", "_load_state_dict_post_hooks", "_modules", "_initializing",
    "dump_patches", "_is_full_backward_hook", "training", "call_super_init",
}

_mangle = itertools.count()

# torch.jit.script maps these helpers of torch.nn.modules.utils to builtins defined in TorchScript.
_UTIL_BUILTINS_SOURCE = """
def _single(x: BroadcastingList1[int]) -> List[int]:
    return x

def _pair(x: BroadcastingList2[int]) -> List[int]:
    return x

def _triple(x: BroadcastingList3[int]) -> List[int]:
    return x

def _quadruple(x: List[int]) -> List[int]:
    return x
"""
_util_builtins = None


_TORCH_HELPERS_SOURCE = """
def _assert(condition: bool, message: str):
    assert condition, message
"""
_torch_helpers = None


def util_builtin(value, cu):
    """The ember function standing for torch.nn.modules.utils._pair and friends and for
    torch._assert (compiled into `cu` under their modules' qualified names, so archives can hold
    them), or None."""
    global _util_builtins, _torch_helpers
    torch = sys.modules.get("torch")
    if torch is not None and value is getattr(torch, "_assert", None):
        if _torch_helpers is None:
            _C._compile_python(cu, _TORCH_HELPERS_SOURCE, "<torch>", 1, "__torch__.torch.", lambda n: None)
            _torch_helpers = True
        return cu.find_function("__torch__.torch._assert")
    utils = sys.modules.get("torch.nn.modules.utils")
    if utils is None:
        return None
    prefix = "__torch__.torch.nn.modules.utils."
    for name in ("_single", "_pair", "_triple", "_quadruple"):
        if getattr(utils, name, None) is value:
            if _util_builtins is None:
                _C._compile_python(cu, _UTIL_BUILTINS_SOURCE, "<torch.nn.modules.utils>", 1, prefix, lambda n: None)
                _util_builtins = True
            return cu.find_function(prefix + name)
    return None


# ---- type annotations ------------------------------------------------------------------------

class _Untypable(Exception):
    pass


def annotation_text(ann, script_class=None):
    """TorchScript annotation text for a Python annotation (a typing object, a class or a
    string); raises _Untypable with the reason."""
    import torch
    if ann is None or ann is type(None):
        return "NoneType"
    if isinstance(ann, str):
        return ann
    if isinstance(ann, typing.ForwardRef):
        return ann.__forward_arg__
    simple = {int: "int", float: "float", bool: "bool", str: "str", complex: "complex",
              torch.Tensor: "Tensor", torch.nn.Parameter: "Tensor", torch.device: "Device", torch.dtype: "int"}
    if ann in simple:
        return simple[ann]
    if script_class is not None:
        qual = script_class(ann)
        if qual is not None:
            return qual
    origin = typing.get_origin(ann)
    args = typing.get_args(ann)
    if origin is typing.Final:
        return annotation_text(args[0], script_class) if args else "Any"
    if origin is typing.Union or origin is getattr(types, "UnionType", typing.Union):  # Optional[X], X | None
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1 and len(rest) < len(args):
            return "Optional[%s]" % annotation_text(rest[0], script_class)
        return "Union[%s]" % ", ".join(annotation_text(a, script_class) for a in args)
    if origin in (list, typing.List):
        return "List[%s]" % annotation_text(args[0], script_class)
    if origin in (dict, typing.Dict):
        return "Dict[%s, %s]" % (annotation_text(args[0], script_class), annotation_text(args[1], script_class))
    if origin in (tuple, typing.Tuple):
        if len(args) == 2 and args[1] is Ellipsis:
            raise _Untypable("Tuple[T, ...] is not a TorchScript type")
        return "Tuple[%s]" % ", ".join(annotation_text(a, script_class) for a in args)
    if ann is typing.Any:
        return "Any"
    raise _Untypable("cannot type annotation %r" % (ann,))


def _is_final(ann):
    return ann is typing.Final or typing.get_origin(ann) is typing.Final


def value_type_text(value):
    """TorchScript type text inferred from a Python value, as torch.jit.script infers module
    attributes; raises _Untypable with the reason."""
    import torch
    if isinstance(value, torch.Tensor):
        return "Tensor"
    if value is None:
        return "NoneType"
    for t, name in ((bool, "bool"), (int, "int"), (float, "float"), (str, "str")):
        if type(value) is t:
            return name
    if isinstance(value, torch.device):
        return "Device"
    if isinstance(value, torch.dtype):
        return "int"
    if isinstance(value, _C.ScriptObject) and not isinstance(value, _C.ScriptModule):
        return value._type_name()  # an instance of a class scripted with ember.jit.script
    if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
        elems = [value_type_text(v) for v in value]
        if isinstance(value, tuple):
            return "Tuple[%s]" % ", ".join(elems) if elems else "Tuple[()]"
        if not elems:
            raise _Untypable("cannot infer the element type of an empty list")
        if len(set(elems)) != 1:
            raise _Untypable("list elements have different types (%s)" % ", ".join(sorted(set(elems))))
        return "List[%s]" % elems[0]
    if isinstance(value, dict):
        if not value:
            raise _Untypable("cannot infer the types of an empty dict")
        keys = {value_type_text(k) for k in value}
        vals = {value_type_text(v) for v in value.values()}
        if len(keys) != 1 or len(vals) != 1:
            raise _Untypable("dict keys or values have different types")
        return "Dict[%s, %s]" % (keys.pop(), vals.pop())
    raise _Untypable("its type ('%s') cannot be inferred as a TorchScript type" % type(value).__name__)


def _class_annotations(cls):
    out = {}
    for base in reversed(cls.__mro__):
        out.update(base.__dict__.get("__annotations__", {}))
    return out


def _constant_value(value):
    import torch
    if isinstance(value, list):
        value = tuple(value)
    if isinstance(value, tuple):
        return tuple(_constant_value(v) for v in value)
    if value is None or isinstance(value, (bool, int, float, str, torch.device)):
        return value
    if isinstance(value, torch.dtype):
        return value
    raise _Untypable("'%s' is not a valid constant type (int, float, bool, str, None, device, dtype, or tuples "
                     "of those)" % type(value).__name__)


# ---- method markers ----------------------------------------------------------------------------

def _modifier(fn):
    """'ignore', 'unused', 'export' or None, from torch.jit's decorators or ember.jit's."""
    if getattr(fn, "_ember_ignore", False):
        return "ignore"
    if getattr(fn, "_ember_unused", False):
        return "unused"
    if getattr(fn, "_ember_export", False):
        return "export"
    internal = sys.modules.get("torch._jit_internal")
    if internal is not None:
        mod = internal.get_torchscript_modifier(fn)
        names = internal.FunctionModifiers
        if mod in (names.IGNORE, getattr(names, "COPY_TO_SCRIPT_WRAPPER", None)):
            return "ignore"
        if mod == names.UNUSED:
            return "unused"
        if mod == names.EXPORT:
            return "export"
    return None


def _unused_source(source):
    """The def with its body replaced by a raise (as torch.jit.unused methods are compiled)."""
    definition = ast.parse(source).body[0]
    first = definition.body[0]
    lines = source.splitlines()
    indent = " " * first.col_offset
    head = lines[:first.lineno - 1]
    if first.lineno == definition.lineno:  # `def f(x): return x` on one line
        raise RuntimeError("@torch.jit.unused on a one-line def is not supported by ember")
    return "\n".join(head + [indent + 'raise Exception("This method was marked @torch.jit.unused")']) + "\n"


# ---- module infos ------------------------------------------------------------------------------

class ModuleInfo:
    """What TorchScript sees of one module: its class type and the kinds of its names."""

    def __init__(self, module, script):
        self.module = module
        self.cls = type(module)
        self._script = script  # the _script module (resolvers, scripted classes)
        self.submodules = {}   # name -> ModuleInfo
        self.attributes = {}   # name -> (type text, kind)
        self.constants = {}    # name -> value
        self.failed = {}       # name -> why it has no TorchScript type
        self.interfaces = {}   # submodule name -> the torch.jit.interface class annotating it
        self.functions = {}    # name -> a function stored on the instance (self.activation = F.relu)
        self.container = None
        self.type = None
        self.methods = None    # name -> ScriptFunction (shared by infos of the same type)
        self._infer()

    # -- walking --
    def _infer(self):
        import torch.nn as nn
        module, annotations = self.module, _class_annotations(self.cls)
        if isinstance(module, (nn.ModuleList, nn.Sequential)):
            self.container = "list"
        elif isinstance(module, nn.ModuleDict):
            self.container = "dict"
        constant_names = set(getattr(self.cls, "__constants__", ()))
        constant_names |= {n for n, a in annotations.items() if _is_final(a)}
        self.attributes["training"] = ("bool", "regular")
        for kind, table in (("parameter", module._parameters), ("buffer", module._buffers)):
            for name, tensor in table.items():
                text = "Tensor" if tensor is not None else "NoneType"
                if tensor is None and name in annotations:
                    text = self._annotation(annotations[name], name) or text
                self.attributes[name] = (text, kind)
        import torch.jit
        for name, sub in module._modules.items():
            if sub is None:
                self.attributes[name] = ("NoneType", "regular")
            elif isinstance(sub, torch.jit.ScriptModule):  # compiled already: kept as it is compiled
                self.submodules[name] = _module_scripted.convert(sub)
            else:
                self.submodules[name] = ModuleInfo(sub, self._script)
            if sub is not None and _interface.is_interface(annotations.get(name)):
                self.interfaces[name] = annotations[name]  # typed by the interface it implements
        for name, value in vars(module).items():
            if name in _MODULE_INTERNALS or name in self.attributes or name in self.submodules:
                continue
            if name in constant_names:
                try:
                    self.constants[name] = _constant_value(value)
                except _Untypable as e:
                    self.failed[name] = str(e)
                continue
            if callable(value) and not isinstance(value, type) and not hasattr(value, "__len__"):
                self.functions[name] = value  # compiled where it is called, not an attribute
                continue
            try:
                if name in annotations and not _is_final(annotations[name]):
                    text = annotation_text(annotations[name], self._script.scripted_class_name)
                else:
                    text = value_type_text(value)
                self.attributes[name] = (text, "regular")
            except _Untypable as e:
                self.failed[name] = str(e)
        for name in constant_names:
            if name not in self.constants and name not in self.failed and hasattr(module, name) \
                    and name not in self.attributes and name not in self.submodules:
                try:
                    self.constants[name] = _constant_value(getattr(module, name))
                except _Untypable as e:
                    self.failed[name] = str(e)

    def _annotation(self, ann, name):
        try:
            return annotation_text(ann, self._script.scripted_class_name)
        except _Untypable as e:
            self.failed[name] = str(e)
            return None

    def signature(self):
        return (self.cls, self.container,
                tuple((n, t, k) for n, (t, k) in self.attributes.items()),
                tuple((n, self.interface_type(n)[1] if n in self.interfaces else s.type_qualname())
                      for n, s in self.submodules.items()),
                tuple((n, repr(v)) for n, v in self.constants.items()),
                tuple(sorted(self.failed.items())),
                tuple((n, id(f)) for n, f in self.functions.items()))

    def type_qualname(self):
        return _C._class_qualname(self.type)

    def interface_type(self, name):
        """(InterfaceType, qualified name) of the interface submodule `name` is annotated with."""
        return _interface.interface_type(self.interfaces[name], self._script.cu, self._script.scripted_class_name)

    # -- questions from the C++ ModuleValue --
    def items(self):
        return list(self.submodules.items())

    def has(self, name):
        return (name in self.submodules or name in self.attributes or name in self.constants
                or callable(getattr(self.cls, name, None)) or isinstance(getattr(self.cls, name, None), property))

    def lookup(self, name):
        if name in self.interfaces:
            return ("interface",)  # a value of the interface type: calls dispatch at run time
        if name in self.submodules:
            return ("submodule", self.submodules[name])
        if name in self.constants:
            return ("constant",)
        if name in self.attributes:
            return ("attribute",)
        if self.container == "dict" and name in ("items", "keys", "values"):
            return None  # unrolled by the ModuleValue
        if name in self.functions:
            return self.function_value(name, self.functions[name])
        if name in self.failed:
            return ("error", "Module '%s' has no attribute '%s' (This attribute exists on the Python module, but we "
                             "failed to convert Python type: %s)" % (self.cls.__name__, name, self.failed[name]))
        static = inspect.getattr_static(self.cls, name, None)
        if isinstance(static, property):
            getter = "__%s_getter" % name
            self.method(getter, static.fget)
            return ("property", getter)
        if isinstance(static, (staticmethod, classmethod)):
            return ("error", "ember.jit.script does not support calling static or class methods of modules ('%s')"
                             % name)
        if inspect.isfunction(static):
            if _modifier(static) == "ignore":  # called through Python, with the module as self
                return _python_op.describe(static, self._script.cu, self._script.scripted_class_name, method=True)
            if _modifier(static) == "unused":  # the call raises, as PyTorch compiles it
                return _python_op.describe(static, self._script.cu, self._script.scripted_class_name, method=True,
                                           unused=True)
            overloads = self.declare_overloads(name, static)
            if overloads:
                return ("overloads", overloads)
            self.method(name, static)
            return ("method",)
        return None

    def function_value(self, name, fn):
        """How code sees a function stored on the module: a torch / torch.nn.functional builtin by
        its name there, or a scripted function."""
        import torch
        import torch.nn.functional as nnf
        fn_name = getattr(fn, "__name__", None)
        for namespace, qual in ((nnf, "torch.nn.functional"), (torch, "torch")):
            if fn_name and getattr(namespace, fn_name, None) is fn:
                return ("builtin", (qual, fn_name))
        if inspect.isfunction(fn):
            return ("function", self._script.script_function(fn))
        return ("error", "Module '%s' has no attribute '%s' (This attribute exists on the Python module, but we "
                         "failed to convert Python type: '%s' is not a function TorchScript can compile)"
                % (self.cls.__name__, name, type(fn).__name__))

    def overloads_of(self, fn):
        internal = sys.modules.get("torch._jit_internal")
        if internal is None:
            return []
        try:
            return internal._get_overloaded_methods(fn, self.cls) or []
        except Exception:
            return []

    def declare_overloads(self, name, fn):
        """Declares `name__0`, `name__1`, ... (the implementation under each overload's
        signature, as torch.jit.script names them) and returns their names; [] without overloads."""
        overloads = self.overloads_of(fn)
        names = []
        for i, overload in enumerate(overloads):
            names.append("%s__%d" % (name, i))
            self.method(names[-1], fn, decl=overload)
        return names

    # -- methods --
    def method(self, name, fn, decl=None):
        """The ScriptFunction of method `name` (declared from `fn` on first request; `decl`: an
        overload whose signature it gets)."""
        if name in self.methods:
            return self.methods[name]
        source, first_line = self._script.function_source(fn)
        if _modifier(fn) == "unused":
            source = _unused_source(source)
        filename = inspect.getsourcefile(fn) or "<unknown>"
        extra = {}
        if decl is not None:
            decl_source, decl_line = self._script.function_source(decl)
            extra = dict(decl_source=decl_source, decl_filename=inspect.getsourcefile(decl) or "<unknown>",
                         decl_first_line=decl_line)
        declared = _C._declare_method(self._script.cu, self.type, name, source, filename, first_line,
                                      self._script.resolver(fn), self, **extra)
        self.methods[name] = declared
        return declared


def _python_methods(cls):
    """The @torch.jit.ignore / unused methods of a module class (not compiled; see
    _module_api.python_methods)."""
    out = {}
    for klass in reversed(cls.__mro__):
        for name, value in vars(klass).items():
            if inspect.isfunction(value):
                if _modifier(value) in ("ignore", "unused"):
                    out[name] = value
                else:
                    out.pop(name, None)
    return out


def _entry_methods(info):
    """forward (when the class defines one) and the @torch.jit.export methods, as torch.jit.script
    compiles them."""
    import torch.nn as nn
    names = []
    forward = getattr(info.cls, "forward", None)
    if forward is not None and forward is not nn.Module.forward and \
            getattr(forward, "__name__", "") != "_forward_unimplemented" and _modifier(forward) != "ignore":
        names.append("forward")
    for name, value in inspect.getmembers(info.cls, inspect.isfunction):
        if name != "forward" and _modifier(value) == "export":
            names.append(name)
    return names


class ModuleScripter:
    """One ember.jit.script(module) call: types by signature, then the instance tree."""

    def __init__(self, script):
        self.script = script
        self.types = script.module_types  # signature -> (type, methods), shared across calls
        self.loaded_names = set()

    def assign_types(self, info):
        if isinstance(info, _module_scripted.ScriptedInfo):
            return  # typed by its archive
        for sub in info.submodules.values():
            self.assign_types(sub)
        key = info.signature()
        cached = self.types.get(key)
        if cached is not None and _C._class_qualname(cached[0]) not in self.loaded_names:
            info.type, info.methods = cached
            return
        cls = info.cls
        module = cls.__module__ or "__main__"
        qual = cls.__qualname__.replace("<locals>.", "").replace(".", "_")
        prefix = "__torch__." if module == "__main__" else "__torch__.%s." % module
        name = prefix + qual
        if self.script.cu_has_type(name) or name in self.loaded_names:
            name = "%s___torch_mangle_%d.%s" % (prefix, next(_mangle), qual)
        info.type = _C._create_class_type(self.script.cu, name, True)
        for attr, (text, kind) in info.attributes.items():
            _C._add_attribute(info.type, attr, _C._parse_type(self.script.cu, text), kind)
        for attr, sub in info.submodules.items():
            attr_type = info.interface_type(attr)[0] if attr in info.interfaces else sub.type
            _C._add_attribute(info.type, attr, attr_type, "regular")
        for attr, value in info.constants.items():
            _C._add_constant(info.type, attr, value)
        _module_api.python_methods[name] = _python_methods(cls)
        info.methods = {}
        if cached is None:  # (a type renamed away from a converted module's is not the cached one)
            self.types[key] = (info.type, info.methods)
        if info.container:  # len(self.layers): the number of entries, a constant
            source = "def __len__(self) -> int:\n    return %d\n" % len(info.submodules)
            info.methods["__len__"] = _C._declare_method(self.script.cu, info.type, "__len__", source,
                                                         "<%s.__len__>" % cls.__name__, 1, lambda n: None, info)

    def compile(self, info, seen=None):
        if isinstance(info, _module_scripted.ScriptedInfo):
            return  # compiled already
        seen = set() if seen is None else seen
        if id(info.methods) not in seen:
            seen.add(id(info.methods))
            for name in _entry_methods(info):
                fn = inspect.getattr_static(info.cls, name)
                overloads = info.declare_overloads(name, fn)
                for declared in [info.methods[n] for n in overloads] or [info.method(name, fn)]:
                    _C._define(declared)
        for name in info.interfaces:  # what the interface calls must be compiled
            self.compile_interface_methods(info, name)
        for sub in info.submodules.values():
            self.compile(sub, seen)

    def compile_interface_methods(self, info, name):
        sub, iface = info.submodules[name], info.interfaces[name]
        self._compile_interface_methods(sub, iface)
        why = _C._why_not_implemented(sub.type, info.interface_type(name)[0])
        if why:
            raise RuntimeError("module '%s' (submodule '%s') does not implement interface '%s': %s"
                               % (sub.type_qualname().split("#")[0], name, iface.__name__, why))

    def _compile_interface_methods(self, sub, iface):
        for method in _interface.method_names(iface):
            if isinstance(sub, _module_scripted.ScriptedInfo):
                if not _C._class_has_method(sub.type, method):
                    raise RuntimeError("module '%s' does not implement method '%s' of interface '%s'"
                                       % (sub.type_qualname().split("#")[0], method, iface.__name__))
                continue
            fn = inspect.getattr_static(sub.cls, method, None)
            if not inspect.isfunction(fn):
                raise RuntimeError("module '%s' does not implement method '%s' of interface '%s'"
                                   % (sub.cls.__name__, method, iface.__name__))
            _C._define(sub.method(method, fn))

    def instantiate(self, info):
        if isinstance(info, _module_scripted.ScriptedInfo):
            return info.loaded
        obj = _C._new_object(self.script.cu, info.type)
        module = info.module
        for name, (_text, kind) in info.attributes.items():
            if name == "training":
                value = module.training
            elif kind == "parameter":
                value = module._parameters[name]
            elif kind == "buffer":
                value = module._buffers[name]
            else:
                value = getattr(module, name)
            if value is not None and kind in ("parameter", "buffer"):
                value = _C.from_dlpack(value.detach())
            setattr(obj, name, value)
        for name, sub in info.submodules.items():
            setattr(obj, name, self.instantiate(sub))
        return obj

    def run(self, module):
        info = ModuleInfo(module, self.script)
        # Class names of the converted torch ScriptModules in the tree: ember's own module types
        # in the same tree must not be named alike (an archive names each type once).
        self.loaded_names = _loaded_names(info)
        before = set(self.types)
        try:
            self.assign_types(info)
            self.compile(info)
            return self.instantiate(info)
        except BaseException:
            for key in set(self.types) - before:  # types with methods that failed are not reused
                del self.types[key]
            raise
        finally:
            _forget_modules(info)


def _loaded_names(info):
    if isinstance(info, _module_scripted.ScriptedInfo):
        return info.type_names()
    names = set()
    for sub in info.submodules.values():
        names |= _loaded_names(sub)
    return names


def _forget_modules(info):
    """Drops the infos' references to the torch modules (the compiled methods' resolvers keep
    the infos, and must not keep a model's weights alive)."""
    if isinstance(info, _module_scripted.ScriptedInfo):
        return
    info.module = None
    for sub in info.submodules.values():
        _forget_modules(sub)
