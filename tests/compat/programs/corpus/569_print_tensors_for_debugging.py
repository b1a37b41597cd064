def fn(x: torch.Tensor, i: torch.Tensor) -> int:
    print(x)
    print(i)
    print(x > 1)
    print("shape", x.shape, "dtype", x.dtype, "device", x.device)
    print(torch.zeros(0))
    print(x * 1e6)
    print(x.sum())
    return 0


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 2], "data": [1.5, -2.0, 0.25, 100.0]}}, {"tensor": {"dtype": "int64", "sizes": [3], "data": [1, 20, -3]}}]
# EXPECT: "run"
