def fn(x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # aten::polygamma(int n, Tensor self): the receiver binds to `self`, not to the first argument
    return x.polygamma(1), x.polygamma(n=2), torch.polygamma(1, x)


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3], "data": [0.5, 1.5, 3.0]}}]
# EXPECT: "run"
