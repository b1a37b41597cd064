def fn(x: torch.Tensor) -> Tuple[torch.Tensor, int]:
    n = x.size(0)
    swaps = 0
    for i in range(n):
        changed = False
        for j in range(n - 1 - i):
            if bool(x[j] > x[j + 1]):
                tmp = x[j].clone()
                x[j] = x[j + 1]
                x[j + 1] = tmp
                swaps += 1
                changed = True
        if not changed:
            break
    return x, swaps


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [5], "data": [3.0, -1.0, 2.0, 5.0, 0.0]}}]
# EXPECT: "run"
