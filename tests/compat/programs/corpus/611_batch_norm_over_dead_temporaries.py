def fn(x: Tensor, w: Tensor, b: Tensor, m: Tensor, v: Tensor):
    # Eval-mode batch norms whose input is a temporary at its last use may write over it
    # (batch_norm_consuming); each case below must still give PyTorch's values and leave
    # every other tensor as it was.
    y = x * 2.0
    a = torch.batch_norm(y, w, b, m, v, False, 0.1, 1e-5, False)
    # a temporary read again after the batch norm
    z = x + 1.0
    c = torch.batch_norm(z, w, b, m, v, False, 0.1, 1e-5, False)
    d = c + z
    # the graph input itself: the caller holds it
    e = torch.batch_norm(x, w, b, m, v, False, 0.1, 1e-5, False)
    # a view of a temporary shares its storage with the temporary
    t = x * 3.0
    tv = t.view(t.size())
    f = torch.batch_norm(tv, w, b, m, v, False, 0.1, 1e-5, False)
    # a channels-last temporary, through torch.nn.functional
    cl = (x * 1.5).contiguous(memory_format=torch.channels_last)
    g = torch.nn.functional.batch_norm(cl, m, v, w, b, False, 0.1, 1e-5)
    # a temporary also held by a list
    u = x - 0.5
    held = [u]
    h = torch.batch_norm(u, w, b, m, v, False, 0.1, 1e-5, False)
    return a, d, e, f, t, g, g.is_contiguous(memory_format=torch.channels_last), h, held[0], x


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 3, 4, 4], "data": [0.175, 1.868, 0.516, 1.813, -0.644, -1.841, -0.153, -0.045, 0.21, 1.921, -1.34, 1.251, -1.463, -1.007, -1.741, 0.469, -1.987, 0.979, -0.489, -0.604, 0.723, 1.112, -1.89, 0.946, 1.842, 0.734, 1.047, -1.895, -0.905, 0.91, -1.689, -0.525, 0.371, 1.328, 0.111, -1.044, -0.767, 1.679, 0.914, -0.373, -0.958, 0.169, -1.223, 1.626, -1.71, 1.583, 1.847, -1.339, 0.637, -1.762, 0.981, 0.159, -0.403, 1.064, 0.313, 1.422, -0.444, 0.94, -0.017, -1.709, -1.655, -0.879, 0.195, 1.447, 1.545, -0.62, -0.855, 1.488, 0.55, 0.379, -0.516, -0.715, 1.993, 1.832, -0.054, 0.361, -1.454, -1.606, -1.427, 1.285, -1.448, 1.216, 0.75, -0.089, -1.985, -1.528, -1.209, 0.838, 0.151, -0.882, -1.746, -0.325, 0.154, 0.675, 1.098, -0.179]}}, {"tensor": {"dtype": "float32", "sizes": [3], "data": [-1.06, 0.141, -0.212]}}, {"tensor": {"dtype": "float32", "sizes": [3], "data": [1.438, -1.182, -1.986]}}, {"tensor": {"dtype": "float32", "sizes": [3], "data": [1.037, 0.022, -1.273]}}, {"tensor": {"dtype": "float32", "sizes": [3], "data": [0.765, 0.927, 1.265]}}]
# EXPECT: "run"
