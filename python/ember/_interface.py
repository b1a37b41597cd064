"""torch.jit.interface classes in ember.jit.script.

An interface class (``@torch.jit.interface``, or ``ember.jit.interface``) becomes an ember
InterfaceType holding its methods' signatures (from their annotations, a Tensor where there is
none, as torch.jit.script reads them; src/python/interface_bindings.cpp). A module attribute
annotated with a module interface holds any module implementing it: its type is the interface
(modules of one class holding different implementations share their type), the implementation's
interface methods are compiled, and calls are prim::CallMethod dispatched on the object's class at
run time. Functions and classes can use interface types in annotations too.
"""
import inspect
import itertools

from . import _C

_interfaces = {}   # python class -> (InterfaceType, qualified name)
_mangle = itertools.count()


def is_interface(cls):
    return inspect.isclass(cls) and bool(cls.__dict__.get("__torch_script_interface__", False))


def mark(cls):
    """ember.jit.interface: marks `cls` as torch.jit.interface does."""
    cls.__torch_script_interface__ = True
    return cls


def _is_module_class(cls):
    import sys
    torch = sys.modules.get("torch")
    return torch is not None and issubclass(cls, torch.nn.Module)


def interface_type(cls, cu, script_class):
    """(InterfaceType, qualified name) of the interface class `cls`, created on first use."""
    if cls in _interfaces:
        return _interfaces[cls]
    from . import _python_op
    module = cls.__module__ or "__main__"
    prefix = "__torch__." if module == "__main__" else "__torch__.%s." % module
    qual = prefix + cls.__qualname__.replace("<locals>.", "").replace(".", "_")
    try:
        _C._parse_type(cu, qual)
        qual = "%s___torch_mangle_iface_%d.%s" % (prefix, next(_mangle), cls.__name__)
    except Exception:
        pass
    methods = []
    for name, fn in cls.__dict__.items():
        if not inspect.isfunction(fn) or (name.startswith("__") and name.endswith("__")):
            continue
        _kind, (_fn, _name, args, ret) = _python_op.describe(fn, cu, script_class, method=True)
        methods.append((name, [(a[0], a[1]) for a in args], ret))
    t = _C._create_interface(cu, qual, _is_module_class(cls), methods)
    _interfaces[cls] = (t, qual)
    return _interfaces[cls]


def method_names(cls):
    return [n for n, fn in cls.__dict__.items()
            if inspect.isfunction(fn) and not (n.startswith("__") and n.endswith("__"))]
