"""Compiles a function, walks and edits its graph from Python, runs named passes and checks the
result with FileCheck.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/inspect_graph.py
"""
import ember
from ember import Tensor


@ember.jit.script
def f(x: Tensor, y: Tensor) -> Tensor:
    a = x * y
    b = x * y          # the same product twice: CSE removes one
    return a + b


def main():
    g = f.graph.copy()
    print(g)
    for node in g.nodes():
        inputs = ", ".join("%" + v.debugName() for v in node.inputs())
        print(f"{node.kind():20} ({inputs}) -> {[str(v.type()) for v in node.outputs()]}")

    g = ember.jit.run_pass("cse", g)
    ember.jit.FileCheck().check_count("aten::mul", 1, exactly=True).check("aten::add").run(g)

    # Replace the addition by a subtraction: create, insert, rewire, destroy.
    add = g.findNode("aten::add")
    g.setInsertPoint(add)
    sub = g.insertNode(g.create("aten::sub", add.inputs()))
    sub.output().setType(add.output().type())
    add.output().replaceAllUsesWith(sub.output())
    add.destroy()
    g.lint()
    print(g)

    x = ember.tensor([1.0, 2.0])
    print("f(x, x) =", f(x, x), "and the original graph still adds")


if __name__ == "__main__":
    main()
