def fn(x: torch.Tensor) -> Tuple[float, List[List[float]], int]:
    l: List[List[float]] = x.tolist()
    return x[0, 0].item(), l, int(x.sum().item())


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 2], "data": [1.5, 2, 3, 4]}}]
# EXPECT: "run"
