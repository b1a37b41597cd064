def fn(x: torch.Tensor, n: int) -> List[List[int]]:
    # A dtype is an int in TorchScript: view(torch.float32) is view([6]), never view.dtype.
    return [x.view(-1).shape, x.view(n, -1).shape, x.view([3, 2]).shape, x.view(torch.float32).shape,
            x.reshape(-1).shape, x.expand(2, 2, 3).shape, x.permute(1, 0).shape, x.repeat(2, 1).shape]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 3], "data": [0.5, 1.5, 2.0, 3.0, -1.0, 4.0]}}, 3]
# EXPECT: "run"
