"""The nn.Module-like helpers of ember.jit.ScriptModule that are plain Python over the C++
traversal (parameters(), buffers(), children(), modules(), state_dict()), pickling (through the
archive format, as torch.jit.ScriptModule does) and deepcopy (in memory, as torch's: a module
calling Python cannot be written to an archive)."""
import io
import types

from . import _C

# Class name of an ember module type -> {method name: Python function}: the methods of the torch
# module class that are not compiled (@torch.jit.ignore / unused). As on torch's ScriptModule,
# they are attributes of the scripted module; called from Python they run the Python function,
# with the scripted module as `self` (as compiled code passes it).
python_methods = {}


def _load_bytes(data):
    module, _extra = _C.load(io.BytesIO(data), {})
    return module


def install(cls):
    cls.parameters = lambda self, recurse=True: [t for _, t in self.named_parameters(recurse)]
    cls.buffers = lambda self, recurse=True: [t for _, t in self.named_buffers(recurse)]
    cls.children = lambda self: [m for _, m in self.named_children()]
    cls.modules = lambda self: [m for _, m in self.named_modules()]

    def state_dict(self):
        out = {}
        for name, t in self.named_parameters():
            out[name] = t
        for name, t in self.named_buffers():
            out[name] = t
        return out
    cls.state_dict = state_dict
    cls.__reduce__ = lambda self: (_load_bytes, (self.save_to_buffer(),))
    cls.__deepcopy__ = lambda self, memo: _C._deepcopy_module(self)

    compiled_getattr = cls.__getattr__

    def __getattr__(self, name):
        try:
            return compiled_getattr(self, name)
        except AttributeError:
            fn = python_methods.get(self._type_name(), {}).get(name)
            if fn is None:
                raise
            return types.MethodType(fn, self)
    cls.__getattr__ = __getattr__
