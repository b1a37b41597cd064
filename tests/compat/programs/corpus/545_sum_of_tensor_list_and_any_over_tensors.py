def fn(xs: List[torch.Tensor]) -> Tuple[torch.Tensor, bool, bool]:
    total = torch.zeros_like(xs[0])
    for x in xs:
        total = total + x
    flags = [bool((x > 2).any()) for x in xs]
    return total, any(flags), all(flags)


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[{"tensor": {"dtype": "float32", "sizes": [2], "data": [1.0, 2.0]}}, {"tensor": {"dtype": "float32", "sizes": [2], "data": [3.0, 0.0]}}, {"tensor": {"dtype": "float32", "sizes": [2], "data": [0.5, 0.5]}}]]
# EXPECT: "run"
