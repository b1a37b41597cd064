def fn(xs: List[int], target: int) -> Tuple[int, bool]:
    found = torch.jit.annotate(Optional[int], None)
    for i, x in enumerate(xs):
        if x == target and found is None:
            found = i
    if found is None:
        return -1, False
    return found, True


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[5, 3, 7, 3], 3]
# EXPECT: "run"
