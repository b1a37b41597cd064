class Node(object):
    def __init__(self, v: int):
        self.v = v


def fn(n: int) -> Tuple[int, bool]:
    nodes: List[Node] = []
    for i in range(n):
        nodes.append(Node(i * i))
    s = 0
    for nd in nodes:
        s += nd.v
    return s, nodes[0] is nodes[0]


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "run"
