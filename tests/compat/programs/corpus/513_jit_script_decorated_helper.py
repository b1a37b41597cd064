@torch.jit.script
def scale(x: torch.Tensor, s: float) -> torch.Tensor:
    return x * s


def fn(x: torch.Tensor) -> torch.Tensor:
    return scale(x, 2.0) + scale(x, -1.0)


# AREA: "functions"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2], "data": [1.0, 2.0]}}]
# EXPECT: "run"
