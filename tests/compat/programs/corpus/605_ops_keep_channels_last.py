def weight(o: int, i: int, k: int, seed: float) -> torch.Tensor:
    n = o * i * k * k
    return (torch.sin(torch.arange(n, dtype=torch.float32) * 0.731 + seed) * (1.0 / (i * k * k) ** 0.5)).reshape(o, i, k, k)


def fn(n: int):
    # Every op the channels-last regions pass through keeps a channels-last input channels-last,
    # as in PyTorch (a silent switch to NCHW would cost a reorder per convolution).
    cl = torch.channels_last
    x = torch.cos(torch.arange(n * 32 * 9 * 7, dtype=torch.float32) * 0.37).reshape(n, 32, 9, 7)
    x = x.contiguous(memory_format=cl)
    s = torch.rand(1, 32, 1, 1) + 0.5
    v = s.flatten()
    c3 = torch.conv2d(x, weight(32, 32, 3, 0.1), None, [1, 1], [1, 1])
    outs = [c3, torch.conv2d(x, weight(16, 32, 1, 0.2)),
            torch.conv2d(x, weight(32, 1, 3, 0.3), None, [1, 1], [1, 1], [1, 1], 32),
            torch.conv2d(x, weight(32, 1, 3, 0.4), None, [2, 2], [1, 1], [1, 1], 32),
            torch.conv2d(x, weight(32, 1, 5, 0.5), None, [1, 1], [2, 2], [1, 1], 32),
            torch.batch_norm(x, v, v, v, v + 1.0, False, 0.1, 1e-5, False),
            torch.relu(x), torch.relu_(x.clone()), torch.nn.functional.hardtanh(x, 0.0, 6.0),
            torch.nn.functional.silu(x), torch.sigmoid(x), torch.nn.functional.hardswish(x),
            torch.nn.functional.gelu(x), x + c3, x + s, x * s, s * x, x - s, s - x,
            torch.max_pool2d(x, [3, 3], [2, 2], [1, 1]), torch.nn.functional.avg_pool2d(x, [2, 2], [2, 2]),
            torch.nn.functional.adaptive_avg_pool2d(x, [3, 3]), torch.nn.functional.dropout(x, 0.2, False),
            torch.cat([x, c3], 1)]
    kept: List[bool] = []
    for o in outs:
        kept.append(o.is_contiguous(memory_format=cl))
    return kept


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [2]
# EXPECT: "run"
