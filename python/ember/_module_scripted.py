"""A submodule that is already a torch.jit.ScriptModule, inside a module ember.jit.script scripts.

torch.jit.script keeps such a submodule as it is (its compiled type); ember converts it through
the archive format (torch.jit.save to bytes, then ember's loader, as ``frontend="torch"`` does),
points its parameters and buffers at the torch module's tensors (shared, zero-copy), and uses the
loaded module's class type as the attribute's type: ``self.sub(x)`` is a prim::CallMethod of its
compiled forward, ``self.sub.other(x)`` of its other methods, its attributes and constants are
read as from any module. ScriptedInfo answers the questions ModuleInfo answers
(python/ember/_module_script.py, src/python/module_value.h) from the loaded module.
"""
import itertools

from . import _C

_instances = itertools.count()
# The compilation units of converted modules: their methods are called by module types that
# live as long as the process (ember.jit.script's type cache), so the units must too. (Units
# hold code, not the modules' weights.)
_units = []


class ScriptedInfo:
    """What compiled code sees of an already-compiled module (loaded into ember)."""

    container = None

    def __init__(self, loaded):
        self.loaded = loaded          # the ember ScriptModule (keeps its compilation unit alive)
        self.type = _C._object_type(loaded)
        unit = _C._object_unit(loaded)
        if unit is not None and not any(u is unit for u in _units):
            _units.append(unit)
        self.submodules = {}
        self._token = next(_instances)

    # -- what ModuleScripter asks --
    def type_qualname(self):
        # unique per conversion: two archives may name different types alike, so a module type
        # holding one is not shared with another instance
        return "%s#%d" % (_C._class_qualname(self.type), self._token)

    def type_names(self):
        """The class names of the converted module and of its submodules."""
        names = {self.loaded._type_name()}
        for _name, sub in self.loaded.named_modules():
            names.add(sub._type_name())
        return names

    # -- questions from the C++ ModuleValue --
    def items(self):
        return []

    def has(self, name):
        return (_C._class_has_attribute(self.type, name) or _C._class_has_constant(self.type, name)
                or _C._class_has_method(self.type, name))

    def lookup(self, name):
        if _C._class_has_constant(self.type, name):
            return ("constant",)
        if _C._class_has_attribute(self.type, name):
            value = getattr(self.loaded, name)
            if isinstance(value, _C.ScriptModule):
                return ("submodule", ScriptedInfo(value))
            return ("attribute",)
        if _C._class_has_method(self.type, name):
            return ("method",)
        return None


def convert(torch_module):
    """The ember copy of a torch ScriptModule, its tensors shared with it."""
    from . import _script
    loaded = _script._from_torch_script(torch_module)
    _script._share_tensors(loaded, torch_module)
    if loaded.training != torch_module.training:
        loaded.train(torch_module.training)
    return ScriptedInfo(loaded)
