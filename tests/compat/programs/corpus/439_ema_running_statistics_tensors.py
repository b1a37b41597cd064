def fn(batches: List[torch.Tensor], momentum: float) -> Tuple[torch.Tensor, torch.Tensor, int]:
    running_mean = torch.zeros(batches[0].size(1))
    running_var = torch.ones(batches[0].size(1))
    n = 0
    for b in batches:
        m = b.mean(0)
        v = b.var(0, unbiased=True)
        running_mean.mul_(1 - momentum).add_(m, alpha=momentum)
        running_var = (1 - momentum) * running_var + momentum * v
        n += b.size(0)
    return running_mean, running_var, n


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[{"tensor": {"dtype": "float32", "sizes": [3, 2], "data": [1.0, 2.0, 3.0, 4.0, 5.0, 0.0]}}, {"tensor": {"dtype": "float32", "sizes": [2, 2], "data": [0.0, 1.0, 2.0, 2.0]}}], 0.1]
# EXPECT: "run"
