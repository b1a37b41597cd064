"""The signature compiled code calls an @torch.jit.ignore'd Python function with.

TorchScript does not compile an ignored function: it calls it through Python (prim::PythonOp,
src/python/python_op.h) with the signature its annotations declare, each argument and the result
being a Tensor where there is no annotation, and no defaults, as torch.jit.script does. The C++
side takes the description built here:

    (callable, name, [(arg name, Type, has default, default), ...], return Type)

(the argument list None: any number of Tensors, for callables without a signature).

A call of an @torch.jit.unused function (or ignore(drop=True)) uses the same signature, but is
compiled as PyTorch compiles it: an exception ("This Python function is annotated to be ignored
and cannot be run") in place of the call, a value of the declared return type after it.
"""
import inspect
import typing

from . import _C


def describe_value(value, cu, script_class):
    """A callable Python object that is not a function (a functools.partial, an instance with
    __call__): called through Python as torch.jit.script calls it, named `<python_value>`, with
    the signature inspect gives it, or any number of Tensors when it has none; None for what
    is not callable."""
    if not callable(value):
        return None
    try:
        inspect.signature(value)
    except (TypeError, ValueError):
        return ("python_op", (value, "<python_value>", None, _C._parse_type(cu, "Tensor")))
    kind, (_fn, _name, args, ret) = describe(value, cu, script_class)
    return (kind, (value, "<python_value>", args, ret))


def describe(fn, cu, script_class, method=False, unused=False):
    """The ("python_op", signature) answer for `fn` (`method`: its first parameter is the
    module, passed by the caller as `self`). `unused`: fn is @torch.jit.unused (or
    ignore(drop=True)): ("unused_call", signature), a call that raises, as PyTorch compiles it."""
    from ._module_script import annotation_text, _Untypable
    target = fn if inspect.isfunction(fn) or inspect.ismethod(fn) else getattr(fn, "__call__", fn)
    try:
        hints = typing.get_type_hints(target)
    except Exception:  # an annotation naming something not importable: use them as written
        hints = dict(getattr(target, "__annotations__", {}))

    def type_of(ann, what):
        if ann is inspect.Parameter.empty:
            return _C._parse_type(cu, "Tensor")
        try:
            return _C._parse_type(cu, annotation_text(ann, script_class))
        except _Untypable as e:
            raise RuntimeError("cannot call the ignored Python function '%s' from TorchScript: %s of %s"
                               % (fn.__qualname__, e, what)) from None

    params = list(inspect.signature(fn).parameters.values())
    if method:
        params = params[1:]
    args = []
    for p in params:
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            raise RuntimeError("cannot call the ignored Python function '%s' from TorchScript: *args and **kwargs "
                               "are not supported" % fn.__qualname__)
        t = type_of(hints.get(p.name, inspect.Parameter.empty), "argument '%s'" % p.name)
        # PyTorch 1.13 declares no defaults for an ignored function: every argument is passed
        args.append((p.name, t, False, None))
    ret = type_of(hints.get("return", inspect.Parameter.empty), "its return annotation")
    name = getattr(fn, "__name__", "<python_value>")
    return ("unused_call" if unused else "python_op", (fn, name, args, ret))
