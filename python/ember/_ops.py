"""The operator surface, generated from ember's operator registry.

Every ``aten::`` operator becomes a function ``ember.<name>``; those whose first argument is
``Tensor self`` also become ``Tensor.<name>`` methods. A call resolves the overload with
TorchScript's rules against the arguments it is given (``_C._OperatorHandle``), so nothing here lists
operators by hand: registering an operator in C++ adds it to Python.
"""
import keyword

from . import _C


def _function(handle, name, schemas):
    def op(*args, **kwargs):
        return handle(*args, **kwargs)
    op.__name__ = name
    op.__qualname__ = name
    op.__doc__ = "\n".join(schemas)
    return op


def _method(handle, name, schemas):
    def method(self, *args, **kwargs):
        return handle(self, *args, **kwargs)
    method.__name__ = name
    method.__qualname__ = "Tensor." + name
    method.__doc__ = "\n".join(schemas)
    return method


def operator_table():
    """(qualified name, schemas, is a Tensor method) for every registered operator."""
    return _C._operator_table()


def install(namespace, tensor_class):
    """Adds the generated functions to ``namespace`` and methods to ``tensor_class``; names that
    are already defined (hand-written helpers, dtypes) are kept."""
    for qualname, schemas, is_method in _C._operator_table():
        ns, _, name = qualname.partition("::")
        if ns != "aten" or name.startswith("__") or keyword.iskeyword(name) or not name.isidentifier():
            continue
        want_function = name not in namespace
        want_method = is_method and not hasattr(tensor_class, name)
        if not (want_function or want_method):
            continue
        handle = _C._OperatorHandle(qualname)  # the overloads, resolved once per call signature
        if want_function:
            namespace[name] = _function(handle, name, schemas)
        if want_method:
            setattr(tensor_class, name, _method(handle, name, schemas))
