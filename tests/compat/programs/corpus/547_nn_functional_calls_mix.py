def fn(x: torch.Tensor, target: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    a = torch.nn.functional.relu(x) + torch.nn.functional.gelu(x) * 0
    b = torch.nn.functional.softmax(x, dim=1)
    c = torch.nn.functional.cross_entropy(x, target)
    d = torch.nn.functional.one_hot(target, num_classes=3)
    e = torch.nn.functional.normalize(x, p=2.0, dim=1)
    f = torch.nn.functional.pad(x, [1, 0], value=-1.0)
    return a, b, c, d, e, f


# AREA: "tensors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 3], "data": [1.0, -2.0, 0.5, 0.0, 3.0, -1.0]}}, {"tensor": {"dtype": "int64", "sizes": [2], "data": [2, 1]}}]
# EXPECT: "run"
