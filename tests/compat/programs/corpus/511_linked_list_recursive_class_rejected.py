class Node(object):
    def __init__(self, val: int, nxt: Optional["Node"]):
        self.val = val
        self.nxt = nxt


def build(xs: List[int]) -> Optional[Node]:
    head: Optional[Node] = None
    for x in xs[::-1]:
        head = Node(x, head)
    return head


def fn(xs: List[int]) -> Tuple[List[int], int]:
    head = build(xs)
    out: List[int] = []
    cur = head
    while cur is not None:
        out.append(cur.val)
        cur = cur.nxt
    n = 0
    if head is not None:
        nxt = head.nxt
        if nxt is not None:
            n = nxt.val
    return out, n


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [[4, 8, 15, 16]]
# EXPECT: "compile_error"
# MATCH: "Classes that recursively contain instances of themselves are not yet supported"
