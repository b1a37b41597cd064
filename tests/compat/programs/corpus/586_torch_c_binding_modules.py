def fn(n: int) -> List[torch.Tensor]:
    x = torch.arange(float(n * n)).reshape(1, 1, n, n)
    r: List[torch.Tensor] = []
    r.append(torch._C._nn.upsample_bilinear2d(x, [2 * n, n + 1], False, None))
    r.append(torch._C._nn.elu(x - 3.0))
    r.append(torch._C._fft.fft_rfft(x.flatten()).abs())
    r.append(torch._C._linalg.linalg_vector_norm(x, 2.0))
    r.append(torch._C._special.special_expit(x / 10))
    return r


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "run"
