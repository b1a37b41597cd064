def fn(x: torch.Tensor) -> List[str]:
    return [str(x), "{}".format(x.dtype), str(x.shape), str(x.size(0)), "v={}".format(x[0].item())]


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3], "data": [0.5, 1.0, 2.0]}}]
# EXPECT: "run"
