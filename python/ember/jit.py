"""ember.jit: TorchScript programs from Python, with torch.jit's names.

    cu = ember.jit.CompilationUnit(source)        # TorchScript source, as torch.jit.CompilationUnit
    f = ember.jit.script(python_function)         # a Python function, read with inspect
    m = ember.jit.script(torch_module)            # a torch.nn.Module instance
    m = ember.jit.load("model.pt")                # an archive written by torch.jit.save or ember
    m = ember.jit.trace(torch_module, (x,))       # recorded on example inputs, as torch.jit.trace
    m.graph, m.code, m.inlined_graph, m.graph_for(x), m.save("out.pt")
    g = ember.jit.parse_ir(text); ember.jit.run_pass("cse", g); ember.jit.FileCheck()...
"""
import io as _io
import os as _os

from . import _C
from ._C import (CompilationUnit, ScriptFunction, ScriptMethod, ScriptModule, ScriptObject, Graph, Node, Value,
                 Block, Type, FileCheck, parse_ir, parse_type, last_executed_optimized_graph)
from ._script import script, ignore, unused, export, is_scripting
from ._interface import mark as interface
from ._trace import trace, trace_module, TracerWarning, TracingCheckError
from ._script import ScriptClass
from . import _module_api

Error = RuntimeError  # ember's TorchScript errors are raised as RuntimeError (or the class a program raised)

_module_api.install(ScriptModule)


def load(f, map_location=None, _extra_files=None):
    """Loads a TorchScript archive from a path or a binary file object. ``_extra_files`` (a dict
    whose keys name ``extra/`` records) is filled in with their contents, as torch.jit.load does."""
    if map_location not in (None, "cpu"):
        raise RuntimeError("ember runs on the CPU only (map_location=%r)" % (map_location,))
    wanted = {k: "" for k in (_extra_files or {})}
    if isinstance(f, (str, _os.PathLike)):
        f = _os.fspath(f)
    module, extra = _C.load(f, wanted)
    if _extra_files is not None:
        for k in list(_extra_files):
            if k in extra:
                _extra_files[k] = extra[k]
    return module


def save(m, f, _extra_files=None):
    """Writes ``m`` (a ScriptModule or ScriptFunction) as an archive torch.jit.load reads."""
    if isinstance(f, (str, _os.PathLike)):
        if isinstance(m, ScriptModule):
            m.save(_os.fspath(f), {k: v.encode() if isinstance(v, str) else v for k, v in (_extra_files or {}).items()})
        else:
            m.save(_os.fspath(f))
        return
    f.write(m.save_to_buffer())


def freeze(mod, preserved_attrs=None, optimize_numerics=True):
    """torch.jit.freeze: the module must be in eval mode."""
    if mod.training:
        raise RuntimeError("Freezing is currently only implemented for modules in eval mode. Please call .eval() on "
                           "your module before freezing.")
    return _C.freeze(mod, list(preserved_attrs or []), optimize_numerics)


def optimize_for_inference(mod, other_methods=None):
    """torch.jit.optimize_for_inference: freezes (if needed) and applies inference rewrites."""
    return _C.optimize_for_inference(mod, list(other_methods or []))


def prepack_weights(mod):
    """Packs the weights of the module's linear layers for the packed route now, so that its first
    call runs them packed (ember's own: PyTorch has no counterpart); returns how many. A module in
    training mode is left alone."""
    return _C.prepack_weights(mod)


# ---- passes ----------------------------------------------------------------------------------

def registered_passes():
    """(name, summary) of every pass ember has, under the names PyTorch gives them."""
    return _C._registered_passes()


def run_pass(name, graph):
    """Runs the pass ``name`` (``torch._C._jit_pass_<name>``) on ``graph`` and returns the graph
    (the same object, unless the pass builds a new one, as canonicalize does)."""
    result, _changed = _C._run_pass(name, graph)
    return result


def run_passes(graph, pipeline):
    """Runs a comma-separated pipeline ("inline,dce,cse"), linting after each pass; returns the
    graph and a one-line-per-pass summary."""
    return _C._run_pass_pipeline(graph, pipeline)


class _Passes:
    """``ember.jit.passes._jit_pass_dce(graph)`` and friends, one per registered pass."""

    def __init__(self):
        for name, summary in registered_passes():
            def run(graph, _name=name):
                return run_pass(_name, graph)
            run.__name__ = "_jit_pass_" + name
            run.__doc__ = summary
            setattr(self, run.__name__, run)


passes = _Passes()


# ---- executor switches -----------------------------------------------------------------------

_fusion_strategy = [("STATIC", 2), ("DYNAMIC", 10)]


def set_fusion_strategy(strategy):
    """Records the fusion strategy and returns the previous one (torch.jit.set_fusion_strategy).
    ember has no fuser yet, so the strategy does not change what runs."""
    global _fusion_strategy
    for kind, depth in strategy:
        if kind not in ("STATIC", "DYNAMIC") or depth < 0:
            raise RuntimeError("invalid fusion strategy entry %r" % ((kind, depth),))
    previous, _fusion_strategy = _fusion_strategy, list(strategy)
    return previous


def set_graph_executor_optimize(optimize):
    _C._set_graph_executor_optimize(bool(optimize))


def set_profiling_executor(on):
    _C._set_profiling_executor(bool(on))


def set_num_profiled_runs(n):
    _C._set_num_profiled_runs(int(n))


# ---- fork / wait -----------------------------------------------------------------------------

Future = _C.Future


def fork(fn, *args, **kwargs):
    """As torch.jit.fork: runs ``fn(*args, **kwargs)`` asynchronously on ember's inter-op pool
    (script functions, methods and modules without the GIL; other Python callables with it) and
    returns a Future whose ``wait()`` joins the call and returns its result (or raises its error)."""
    return _C._fork(fn, *args, **kwargs)


def wait(future):
    return future.wait()
