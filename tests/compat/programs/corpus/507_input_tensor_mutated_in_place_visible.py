def normalize_(x: torch.Tensor) -> None:
    x -= x.mean()
    x /= x.abs().max()


def fn(x: torch.Tensor, xs: List[int]) -> float:
    normalize_(x)
    xs.append(len(xs))
    xs[0] = -xs[0]
    return float(x.sum())


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3], "data": [1.0, 2.0, 6.0]}}, [5, 6]]
# EXPECT: "run"
