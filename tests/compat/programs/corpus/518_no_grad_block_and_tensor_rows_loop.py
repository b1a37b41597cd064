def fn(x: torch.Tensor) -> Tuple[List[float], torch.Tensor, bool]:
    sums: List[float] = []
    with torch.no_grad():
        for row in x:
            sums.append(row.sum().item())
        y = x * 2
    return sums, y, y.requires_grad


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3, 2], "data": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]}}]
# EXPECT: "run"
