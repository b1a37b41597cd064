def fn(x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, List[int]]:
    a = x[[0, 2]]
    b = x[torch.tensor([1, 0])]
    c = x[..., 0]
    d = x[None, :, 1]
    e = x[1:, None, ..., -1]
    return a, b, c, d, e.size()


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3, 2, 2], "data": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0]}}]
# EXPECT: "run"
