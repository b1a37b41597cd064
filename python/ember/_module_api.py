"""The nn.Module-like helpers of ember.jit.ScriptModule that are plain Python over the C++
traversal (parameters(), buffers(), children(), modules(), state_dict()), pickling (through the
archive format, as torch.jit.ScriptModule does) and deepcopy (in memory, as torch's: a module
calling Python cannot be written to an archive)."""
import io

from . import _C


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
