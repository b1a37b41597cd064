#!/usr/bin/python3
"""Writes what PyTorch 1.13's Python printer prints, for the printer's differential test.

usage: /usr/bin/python3 gen_code.py OUTDIR

Each case is OUTDIR/<name>.case, a text file of sections; a section starts with a line
`@@ <header words>` and its body is every line up to the next `@@ ` line:

  @@ function <name>             a free function: the sections `graph` (str(graph)), `schema`
                                 (str(schema)), `code` (fn.code) follow
  @@ fn <name> <qualified name>  a function the graph calls through prim::Constant[name=...]
  @@ callee <qualified name>      a module case's called function: then `schema` and `graph`
  @@ namedtuple <qualname>       body: one `field type-annotation` line per field (the IR text
                                 drops NamedTuple names, the test puts them back)
  @@ class <qualname> <module|class>
  @@ attr <parameter|buffer|regular> <name> <type annotation>
  @@ const <name> <type annotation>   body: the value as an IR constant literal
  @@ method <name>               then `schema`, `graph` and, for the root module's forward, `code`
  @@ file <path> <class qualnames...>  body: the archive's code file text (torch.jit.save)

Cases come from the program corpus (tests/compat/programs/corpus, entry functions that compile)
and from printer_cases.py (modules, Final constants, long lines, colliding names).
Cached: OUTDIR/stamp holds a hash of the inputs and the torch version.
"""
import hashlib
import importlib.util
import io
import os
import re
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS_DIR = os.path.join(HERE, "..", "programs")
sys.path.insert(0, HERE)
sys.path.insert(0, CORPUS_DIR)


def ir_literal(v):
    """A constant value in the IR's attribute syntax (what `prim::Constant[value=...]` takes)."""
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        r = repr(v)
        return r if ("." in r or "e" in r or "n" in r) else r + "."
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(v, tuple):
        return "(" + ", ".join(ir_literal(x) for x in v) + ("," if len(v) == 1 else "") + ")"
    if isinstance(v, list):
        return "[" + ", ".join(ir_literal(x) for x in v) + "]"
    raise ValueError(f"no IR literal for {v!r}")


def section(out, header, body=None):
    out.append("@@ " + header + "\n")
    if body is not None:
        out.append(body if body.endswith("\n") else body + "\n")


def namedtuple_fields(qualname):
    """Field names of a NamedTuple class from its TorchScript name (`__torch__.mod.Point`)."""
    modname, _, cls = qualname[len("__torch__."):].rpartition(".")
    return list(getattr(sys.modules[modname], cls)._fields)


def walk_values(block_or_graph):
    for n in block_or_graph.nodes():
        for v in list(n.inputs()) + list(n.outputs()):
            yield v, n
        for b in n.blocks():
            yield from walk_values(b)


def describe_graph_types(torch, graph, out, fn_qualname):
    """Named tuples and called functions the graph refers to (the IR text loses their names)."""
    seen = set()
    values = [(v, None) for v in graph.inputs()] + list(walk_values(graph))
    for v, n in values:
        stack = [v.type()]
        while stack:
            t = stack.pop()
            stack.extend(t.containedTypes())
            if isinstance(t, torch._C.TupleType) and not t.annotation_str.startswith("Tuple["):
                key = ("nt", t.annotation_str)
                if key not in seen:
                    seen.add(key)
                    fields = namedtuple_fields(t.annotation_str)
                    body = "".join(f"{f} {e.annotation_str}\n" for f, e in zip(fields, t.elements()))
                    section(out, "namedtuple " + t.annotation_str, body)
        if n is not None and n.kind() == "prim::Constant" and n.hasAttribute("name"):
            name = n.s("name")
            if ("fn", name) not in seen:
                seen.add(("fn", name))
                section(out, f"fn {name} {fn_qualname(name)}")


def write_case(outdir, name, parts):
    with open(os.path.join(outdir, name + ".case"), "w", encoding="utf-8") as fh:
        fh.write("".join(parts))


def function_case(torch, outdir, name, fn, fn_qualname):
    out = []
    section(out, "function " + fn.name)
    describe_graph_types(torch, fn.graph, out, fn_qualname)
    section(out, "schema", str(fn.schema))
    section(out, "graph", str(fn.graph))
    section(out, "code", fn.code)
    write_case(outdir, name, out)


# ---- corpus programs ----

def corpus_cases(torch, outdir):
    import gen_expected
    gen_expected.torch = torch
    corpus = os.path.join(CORPUS_DIR, "corpus")
    count = 0
    for f in sorted(os.listdir(corpus)):
        if not f.endswith(".py"):
            continue
        name = f[:-3]
        path = os.path.join(corpus, f)
        trailer, text = gen_expected.parse_program(path)
        if trailer["EXPECT"] == "compile_error":
            continue
        try:
            fn = gen_expected.compile_program(name, path, trailer, text)
        except Exception:  # noqa: BLE001 - a program PyTorch rejects has no code to print
            continue
        modname = "corpus_" + name.split("_")[0]
        if trailer["MODE"] == "cu":
            qual = lambda callee: callee  # noqa: E731 - CompilationUnit functions are printed unqualified
        else:
            qual = lambda callee, m=modname: f"__torch__.{m}.{callee}"  # noqa: E731
        function_case(torch, outdir, "corpus_" + name, fn, qual)
        count += 1
    return count


# ---- printer_cases.py ----

def attribute_order(module):
    """Slot order of the module's class, from the module dump's `attributes` block."""
    dump = module._c.dump_to_str(False, True, False)
    names = []
    inside = False
    for line in dump.split("\n"):
        if line == "  attributes {":
            inside = True
        elif inside and line == "  }":
            break
        elif inside:
            m = re.match(r"^    (\w+) = ", line)
            if m:
                names.append(m.group(1))
    return names


def printed_constant_order(module, qualname):
    """The `name : Final[...]` lines of class `qualname` in the archive code, in order."""
    prefix, _, cname = qualname.rpartition(".")
    for path, text in archive_files(module):
        if path[len("code/"):].replace("/", ".") != prefix:
            continue
        m = re.search(r"^class " + re.escape(cname) + r"\(.*?(?=^class |\Z)", text, re.M | re.S)
        if m:
            return re.findall(r"^  (\w+) : Final\[", m.group(0), re.M)
    return []


def describe_module_class(torch, module, out, described):
    cls = module._c._type()
    qualname = cls.qualified_name()
    if qualname in described:
        return
    described.add(qualname)
    ct = module._concrete_type
    attrs = ct.get_attributes()
    mods = dict(ct.get_modules())
    buffers = {n for n, _ in module.named_buffers(recurse=False)}
    section(out, f"class {qualname} module")
    for attr in attribute_order(module):
        if attr in attrs:
            t, is_param = attrs[attr]
            kind = "parameter" if is_param else ("buffer" if attr in buffers else "regular")
            section(out, f"attr {kind} {attr} {t.annotation_str}")
        elif attr in mods:
            section(out, f"attr regular {attr} {getattr(module, attr)._c._type().qualified_name()}")
        else:
            raise RuntimeError(f"{qualname}: attribute {attr} has no type")
    constants = ct.get_constants()
    # PyTorch registers a class's constants in the iteration order of a Python set (it varies
    # with the hash seed from run to run); the order that counts is the one its printer used.
    printed = printed_constant_order(module, qualname)
    for cname in sorted(constants, key=lambda c: (printed.index(c) if c in printed else len(printed), c)):
        value = constants[cname]
        ctype = torch._C._jit_try_infer_type(value).type()
        section(out, f"const {cname} {ctype.annotation_str}", ir_literal(value))
    for mname in module._c._method_names():
        method = module._c._get_method(mname)
        section(out, "method " + mname)
        section(out, "schema", str(method.schema))
        section(out, "graph", str(method.graph))
    for child in mods:
        describe_module_class(torch, getattr(module, child), out, described)


def archive_files(module):
    import torch
    buf = io.BytesIO()
    torch.jit.save(module, buf)
    buf.seek(0)
    files = []
    with zipfile.ZipFile(buf) as z:
        for n in z.namelist():
            m = re.match(r"^[^/]+/(code/.*)\.py$", n)
            if m:
                files.append((m.group(1), z.read(n).decode("utf-8")))
    return files


def compiled_function_qualname(torch, name):
    """The qualified name of the function `name` that scripting compiled (e.g. F.relu)."""
    for fn in torch.jit._state._python_cu.get_functions():
        if fn.name == name:
            return fn.qualified_name
    return "__torch__." + name


def describe_callees(torch, out, qualnames):
    """Graphs of the free functions a module's methods call: the archive prints them too."""
    cu = torch.jit._state._python_cu
    done = set()
    while qualnames - done:
        qual = sorted(qualnames - done)[0]
        done.add(qual)
        fn = cu.find_function(qual)
        if fn is None:
            continue
        section(out, "callee " + qual)
        section(out, "schema", str(fn.schema))
        section(out, "graph", str(fn.graph))
        for n in fn.graph.nodes():
            if n.kind() == "prim::Constant" and n.hasAttribute("name"):
                qualnames.add(compiled_function_qualname(torch, n.s("name")))


def module_case(torch, outdir, cls):
    module = torch.jit.script(cls())
    out = []
    described = set()
    describe_module_class(torch, module, out, described)
    called = set()

    def qualname_of(name):
        q = compiled_function_qualname(torch, name)
        called.add(q)
        return q

    for sub in module.modules():
        for mname in sub._c._method_names():
            describe_graph_types(torch, sub._c._get_method(mname).graph, out, qualname_of)
    describe_callees(torch, out, called)
    section(out, "rootcode " + module._c._type().qualified_name(), module.code)
    for path, text in archive_files(module):
        prefix = path[len("code/"):].replace("/", ".")
        names = [prefix + "." + c for c in re.findall(r"^(?:class|def) (\w+)", text, re.M)]
        section(out, "file " + path + " " + " ".join(names), text)
    write_case(outdir, "module_" + cls.__name__, out)


def local_cases(torch, outdir):
    import printer_cases
    count = 0
    for fn in printer_cases.FUNCTIONS:
        scripted = torch.jit.script(fn)
        function_case(torch, outdir, "fn_" + fn.__name__, scripted,
                      lambda callee: "__torch__.printer_cases." + callee)
        count += 1
    for cls in printer_cases.MODULES:
        module_case(torch, outdir, cls)
        count += 1
    return count


def inputs_hash():
    h = hashlib.sha256()
    spec = importlib.util.find_spec("torch")
    if spec is None or spec.origin is None:
        raise SystemExit("gen_code.py: this Python has no torch: run it with /usr/bin/python3")
    corpus = os.path.join(CORPUS_DIR, "corpus")
    paths = [os.path.join(os.path.dirname(spec.origin), "version.py"), os.path.abspath(__file__),
             os.path.join(HERE, "printer_cases.py"), os.path.join(CORPUS_DIR, "gen_expected.py")]
    paths += [os.path.join(corpus, f) for f in sorted(os.listdir(corpus))]
    for p in paths:
        h.update(os.path.basename(p).encode())
        with open(p, "rb") as fh:
            h.update(fh.read())
    return h.hexdigest()


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    outdir = argv[1]
    os.makedirs(outdir, exist_ok=True)
    stamp = os.path.join(outdir, "stamp")
    digest = inputs_hash()
    if os.path.exists(stamp) and open(stamp).read() == digest:
        return 0
    if os.path.exists(stamp):
        os.remove(stamp)
    for f in os.listdir(outdir):
        if f.endswith(".case"):
            os.remove(os.path.join(outdir, f))
    import torch
    n = corpus_cases(torch, outdir) + local_cases(torch, outdir)
    with open(stamp, "w") as fh:
        fh.write(digest)
    print(f"gen_code.py: wrote {n} cases to {outdir}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
