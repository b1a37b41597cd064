def fn(x: torch.Tensor, y: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, List[int]]:
    a = torch.ops.aten.add(x, y, alpha=2)
    b = torch.ops.aten.relu(x - y)
    c = torch.ops.aten.cat([x, y], 0)
    return a, b, c, torch.ops.aten.size(c)


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2], "data": [1.0, -2.0]}}, {"tensor": {"dtype": "float32", "sizes": [2], "data": [0.5, 0.5]}}]
# EXPECT: "run"
