# Graph manipulation from Python (the spec's "Python Bindings / Graph Manipulation"): parse_ir,
# walking nodes/values/blocks, creating and inserting nodes, replaceAllUsesWith, attributes,
# running registered passes by name and FileCheck.
import pytest
import torch

import ember

IR = """
graph(%x : Tensor, %c : bool):
  %one : int = prim::Constant[value=1]()
  %a : Tensor = aten::add(%x, %x, %one)
  %b : Tensor = aten::add(%x, %x, %one)
  %r : Tensor = prim::If(%c)
    block0():
      -> (%a)
    block1():
      -> (%b)
  return (%r)
"""


def test_parse_and_walk():
    g = ember.jit.parse_ir(IR)
    kinds = [n.kind() for n in g.nodes()]
    assert kinds == ["prim::Constant", "aten::add", "aten::add", "prim::If"]
    x, c = g.inputs()
    assert x.debugName() == "x" and str(c.type()) == "bool"
    const = g.findNode("prim::Constant")
    assert const.attributeNames() == ["value"] and const.i("value") == 1 and const["value"] == 1
    assert const.output().toIValue() == 1
    if_node = g.findNode("prim::If")
    assert len(if_node.blocks()) == 2
    assert [v.debugName() for v in if_node.blocks()[0].outputs()] == ["a"]
    users = [(u.kind(), offset) for u, offset in x.uses()]
    assert users == [("aten::add", 0), ("aten::add", 1)] * 2
    torch_graph = torch._C.parse_ir(IR)
    assert kinds == [n.kind() for n in torch_graph.nodes()]


def test_create_insert_and_replace():
    g = ember.jit.parse_ir("graph(%x : Tensor):\n  %y : Tensor = aten::relu(%x)\n  return (%y)\n")
    relu = g.findNode("aten::relu")
    g.setInsertPoint(relu)
    node = g.create("aten::sigmoid", [g.inputs()[0]])
    node.output().setType(ember.jit.parse_type("Tensor"))
    g.insertNode(node)
    relu.replaceInput(0, node.output())
    g.lint()
    assert [n.kind() for n in g.nodes()] == ["aten::sigmoid", "aten::relu"]
    relu.output().replaceAllUsesWith(node.output())
    relu.destroy()
    g.lint()
    ember.jit.FileCheck().check("aten::sigmoid").check_not("aten::relu").check("return").run(g)
    k = g.insertConstant(3)
    assert k.node().kind() == "prim::Constant" and k.toIValue() == 3


def test_attributes_set_and_read():
    g = ember.jit.Graph()
    n = g.create("prim::Constant")
    n.i_("value", 5)
    g.appendNode(n)
    assert n.kindOf("value") == "i" and n.i("value") == 5
    n.removeAttribute("value").s_("value", "text")
    assert n.s("value") == "text"


CSE_IR = """
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %a : Tensor = aten::mul(%x, %x)
  %b : Tensor = aten::mul(%x, %x)
  %r : Tensor = aten::add(%a, %b, %one)
  return (%r)
"""


def test_named_passes():
    names = [name for name, _ in ember.jit.registered_passes()]
    assert "cse" in names and "dce" in names
    g = ember.jit.run_pass("cse", ember.jit.parse_ir(CSE_IR))
    reference = torch._C.parse_ir(CSE_IR)
    torch._C._jit_pass_cse(reference)
    assert [n.kind() for n in g.nodes()] == [n.kind() for n in reference.nodes()]
    ember.jit.FileCheck().check_count("aten::mul", 1, exactly=True).run(g)
    g = ember.jit.parse_ir(IR)
    g, summary = ember.jit.run_passes(g, "constant_propagation,dce")
    assert "dce" in summary
    ember.jit.passes._jit_pass_dce(g)
    with pytest.raises(RuntimeError, match="cse"):
        ember.jit.run_pass("no_such_pass", g)


def test_script_function_graph_is_mutable_and_checked():
    cu = ember.jit.CompilationUnit("def f(x: Tensor) -> Tensor:\n    return x * 2\n")
    ember.jit.FileCheck().check("aten::mul").run(cu.f.graph)
    with pytest.raises(RuntimeError) as info:
        ember.jit.FileCheck().check("aten::div").run(cu.f.graph)
    assert "aten::div" in str(info.value)
    ember.jit.FileCheck().run("# CHECK: aten::mul\n# CHECK-NEXT: return", cu.f.graph)


def test_bad_ir_is_an_error():
    with pytest.raises(RuntimeError):
        ember.jit.parse_ir("graph(%x : Tensor):\n  return (%y)\n")
