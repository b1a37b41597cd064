def fn(x: torch.Tensor) -> List[torch.Tensor]:
    v, i = x.max(1)
    return [x.sum(), x.sum(0), x.mean(1), x.prod(), x.amax(0), v, i, x.argmin(), x.std(), x.sum(1, keepdim=True)]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 3], "data": [1, 5, 3, 4, 2, 6]}}]
# EXPECT: "run"
