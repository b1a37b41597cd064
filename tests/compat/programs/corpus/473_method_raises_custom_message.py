class Stack(object):
    def __init__(self):
        self.items: List[int] = []

    def push(self, x: int) -> None:
        self.items.append(x)

    def pop(self) -> int:
        if len(self.items) == 0:
            raise RuntimeError("pop from empty stack")
        return self.items.pop()


def fn(ops: List[int]) -> List[int]:
    s = Stack()
    out: List[int] = []
    for op in ops:
        if op >= 0:
            s.push(op)
        else:
            out.append(s.pop())
    return out


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [[1, 2, -1, -1, -1]]
# EXPECT: "runtime_error"
# MATCH: "pop from empty stack"
