def fn(n: int) -> List[int]:
    stack: List[int] = [1]
    out: List[int] = []
    for i in range(n):
        out.append(stack.pop())
    return out


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [2]
# EXPECT: "runtime_error"
# MATCH: "pop from empty list"
