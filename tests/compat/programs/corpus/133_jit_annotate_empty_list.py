def fn() -> List[Tuple[int, str]]:
    xs = torch.jit.annotate(List[Tuple[int, str]], [])
    xs.append((1, "a"))
    return xs


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
