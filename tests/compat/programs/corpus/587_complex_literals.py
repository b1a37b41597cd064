def fn(x: Tensor):
    z = torch.complex(x, x * 2.0)
    w = torch.exp(1j * z) + (2 - 3j) * z.conj()
    c = 1.5j
    d = complex(1.0, -2.0) * c + 2
    return torch.view_as_real(w), abs(c), abs(d), torch.view_as_real(z * 0.5j), torch.view_as_real(z * d)


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3], "data": [1.0, -0.5, 2.0]}}]
# EXPECT: "run"
