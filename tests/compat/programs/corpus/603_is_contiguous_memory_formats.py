def fn(n: int):
    # is_contiguous(memory_format=...) on tensors in each layout: channels-last strides, size-1
    # dims (any stride), ranks the format does not apply to, 5-D channels_last_3d, slices.
    x = torch.arange(n * 3 * 4 * 5, dtype=torch.float32).reshape(n, 3, 4, 5)
    cl = x.contiguous(memory_format=torch.channels_last)
    one = torch.zeros(2, 7, 1, 1)
    v = torch.zeros(2, 3, 4, 5, 6).contiguous(memory_format=torch.channels_last_3d)
    out: List[bool] = []
    for t in [x, cl, one, cl[:, :2], x.permute(0, 2, 3, 1), cl.permute(0, 2, 3, 1), torch.zeros(3, 4, 5), v, x.transpose(2, 3)]:
        out.append(t.is_contiguous())
        out.append(t.is_contiguous(memory_format=torch.channels_last))
        out.append(t.is_contiguous(memory_format=torch.channels_last_3d))
        out.append(t.is_contiguous(memory_format=torch.contiguous_format))
    return out


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [2]
# EXPECT: "run"
