def fn():
    i = torch.tensor([1, 2, 3])
    f = torch.tensor([0.5, 1.5, 2.5])
    d = torch.tensor([0.5, 1.5, 2.5], dtype=torch.float64)
    b = torch.tensor([True, False, True])
    h = f.half()
    u = torch.tensor([1, 200, 3], dtype=torch.uint8)
    r1 = i + f
    r2 = i * 2.5
    r3 = i / 2
    r4 = i // 2
    r5 = b + b
    r6 = b * 1.5
    r7 = u + 100
    r8 = u * i
    r9 = h + f
    r10 = h * 2.0
    r11 = d + f
    r12 = i ** 2
    r13 = i ** 0.5
    r14 = 2 ** i
    r15 = torch.true_divide(i, i)
    r16 = i % 2
    r17 = f.sum() + i
    r18 = torch.tensor(3) + f
    r19 = torch.tensor(3.5, dtype=torch.float64) * f
    r20 = i.float().mean()
    r21 = torch.floor_divide(f, 0.3)
    r22 = torch.remainder(-f, 0.4)
    r23 = torch.fmod(-f, 0.4)
    r24 = (u - 201)
    r25 = i.to(torch.int8) * 100
    return r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15, r16, r17, r18, r19, r20, r21, r22, r23, r24, r25


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
