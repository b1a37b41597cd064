def fn():
    a = torch.tensor([1.7, 3.1], dtype=torch.float64)
    b = torch.tensor(1.7, dtype=torch.float64)
    c = torch.tensor([[0.1], [0.2]], dtype=torch.float64)
    d = torch.as_tensor([2.3], dtype=torch.float64)
    e = torch.as_tensor(2.3, dtype=torch.float64)
    f = torch.tensor([16777217, 3], dtype=torch.float64)
    g = torch.tensor(1.7 + 0.1j, dtype=torch.complex128)
    h = torch.tensor([0.1, 0.2])
    return a, b, c, d, e, f, torch.view_as_real(g), h.double(), a - 1.7


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
