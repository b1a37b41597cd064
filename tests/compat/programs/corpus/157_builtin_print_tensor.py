def fn(x: torch.Tensor) -> int:
    print(x)
    return 0


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2], "data": [1.5, 2]}}]
# EXPECT: "run"
