def fn(x: torch.Tensor) -> List[torch.Tensor]:
    return [x[1], x[-1, 2], x[:, 1], x[0:2, 1:3], x[::2], x[..., 0], x[None, 0].shape[0] * x[1:, ::2]]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3, 4], "data": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]}}]
# EXPECT: "run"
