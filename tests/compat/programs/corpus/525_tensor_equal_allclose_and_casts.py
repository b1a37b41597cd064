def fn(a: torch.Tensor, b: torch.Tensor) -> Tuple[bool, bool, torch.Tensor, torch.Tensor, torch.Tensor, bool]:
    return torch.equal(a, b), torch.allclose(a, b, atol=0.1), a.long(), (a > 1).int(), a.double() * 2, bool(torch.all(a >= 0))


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3], "data": [1.0, 2.5, 0.5]}}, {"tensor": {"dtype": "float32", "sizes": [3], "data": [1.05, 2.5, 0.45]}}]
# EXPECT: "run"
