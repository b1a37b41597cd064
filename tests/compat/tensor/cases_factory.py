"""Differential cases for the factory family: factories, fill_, ranges, data, random streams."""
import torch

DTYPES = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
          torch.float16, torch.bfloat16, torch.float32, torch.float64]
NUMERIC = DTYPES[1:]
FLOATS = [torch.float16, torch.bfloat16, torch.float32, torch.float64]
EXACT = {"rtol": 0.0, "atol": 0.0}


def dname(dt):
    return str(dt).replace("torch.", "")


def fill_cases(c):
    values = [0, 1, -1, 7, 300, -256, 40000, 2**40, 2.7, -2.7, 1e6, 1e20, 1e39, 1e300, True, False,
              float("nan"), float("inf"), -float("inf")]
    for dt in DTYPES:
        for i, v in enumerate(values):
            x = torch.zeros(2, 3, dtype=dt)
            c.add(f"factory.fill_.{dname(dt)}_{i}", "fill_", [x], lambda x, v=v: x.fill_(v), args={"value": v})
            c.add(f"factory.full.{dname(dt)}_{i}", "full", [], lambda v=v, dt=dt: torch.full((2, 2), v, dtype=dt),
                  args={"sizes": [2, 2], "value": v, "dtype": dname(dt)})
    for i, v in enumerate([3, True, 2.5, -0.0]):
        c.add(f"factory.full.inferred_{i}", "full", [], lambda v=v: torch.full((3,), v), args={"sizes": [3], "value": v})
        c.add(f"factory.scalar_tensor.{i}", "scalar_tensor", [], lambda v=v: torch.scalar_tensor(v), args={"value": v})
    base = torch.zeros(4, 6)
    c.add("factory.fill_.transposed", "fill_", [base.t()], lambda x: x.fill_(5), args={"value": 5})
    c.add("factory.fill_.strided_offset", "fill_", [base[1:, ::2]], lambda x: x.fill_(2.5), args={"value": 2.5})
    c.add("factory.fill_.expanded", "fill_", [torch.zeros(3).expand(2, 3)], lambda x: x.fill_(1), args={"value": 1})
    c.add("factory.fill_.empty", "fill_", [torch.zeros(0, 3)], lambda x: x.fill_(1), args={"value": 1})
    c.add("factory.fill_.zero_dim", "fill_", [torch.tensor(1.0)], lambda x: x.fill_(-3), args={"value": -3})
    c.add("factory.fill_tensor.float_into_long", "fill_tensor", [torch.zeros(3, dtype=torch.long), torch.tensor(2.5)],
          lambda x, v: x.fill_(v))
    c.add("factory.fill_tensor.not_0dim", "fill_tensor", [torch.zeros(3), torch.ones(1)], lambda x, v: x.fill_(v))
    c.add("factory.zero_.strided", "zero_", [torch.ones(5, 4)[::2, 1:]], lambda x: x.zero_())
    for dt in DTYPES:
        c.add(f"factory.zeros.{dname(dt)}", "zeros", [], lambda dt=dt: torch.zeros(2, 3, dtype=dt),
              args={"sizes": [2, 3], "dtype": dname(dt)})
        c.add(f"factory.ones.{dname(dt)}", "ones", [], lambda dt=dt: torch.ones(3, 0, 2, dtype=dt) if dt == torch.int8
              else torch.ones(3, 2, dtype=dt), args={"sizes": [3, 0, 2] if dt == torch.int8 else [3, 2], "dtype": dname(dt)})
    c.add("factory.zeros.negative", "zeros", [], lambda: torch.zeros(2, -1), args={"sizes": [2, -1]})
    c.add("factory.ones.zero_dim", "ones", [], lambda: torch.ones(()), args={"sizes": []})


def like_cases(c):
    geoms = {"contig": torch.randn(3, 4), "transposed": torch.randn(4, 3).t(), "sliced": torch.randn(3, 4)[:, ::2],
             "perm_sliced": torch.randn(4, 3).t()[::2], "expanded": torch.randn(3, 1).expand(3, 4),
             "nchw_cl": torch.randn(2, 3, 4, 5).contiguous(memory_format=torch.channels_last),
             "zero_dim": torch.tensor(2.0), "empty": torch.randn(0, 3).t(), "int": torch.arange(6).view(2, 3).t()}
    for g, t in geoms.items():
        c.add(f"factory.zeros_like.{g}", "zeros_like", [t], lambda x: torch.zeros_like(x), check_strides=True)
        c.add(f"factory.ones_like.{g}_double", "ones_like", [t], lambda x: torch.ones_like(x, dtype=torch.float64),
              args={"dtype": "float64"}, check_strides=True)
        c.add(f"factory.full_like.{g}", "full_like", [t], lambda x: torch.full_like(x, 7), args={"value": 7},
              check_strides=True)
        c.add(f"factory.zeros_like.{g}_contiguous", "zeros_like", [t],
              lambda x: torch.zeros_like(x, memory_format=torch.contiguous_format), args={"contiguous": True},
              check_strides=True)
    src = torch.randn(2, 3).t()
    c.add("factory.new_zeros.basic", "new_zeros", [src], lambda x: x.new_zeros(4, 2), args={"sizes": [4, 2]},
          check_strides=True)
    c.add("factory.new_ones.int", "new_ones", [src], lambda x: x.new_ones(3, dtype=torch.int32),
          args={"sizes": [3], "dtype": "int32"})
    c.add("factory.new_full.basic", "new_full", [src.to(torch.int16)], lambda x: x.new_full((2,), 5),
          args={"sizes": [2], "value": 5})
    c.add("factory.new_full.float_into_int", "new_full", [src.to(torch.int16)], lambda x: x.new_full((2,), 5.9),
          args={"sizes": [2], "value": 5.9})


def range_cases(c):
    aranges = [(0, 10, 1), (0, 10, 0.1), (0.3, 100, 0.7), (-5, 5, 0.013), (1, 2, 0.3), (0.1, 3.3, 0.1),
               (10, 0, -1), (10, 0, -0.37), (0.5, 5, 1), (-1.5, 5, 1), (-1.5, 5, 1.5), (0, 1, 0), (0, -1, 1),
               (0, float("inf"), 1), (0, 1000, 1.1), (3, 3, 1), (0, 5000, 0.77), (-1e3, 1e3, 0.37)]
    for i, (s, e, st) in enumerate(aranges):
        c.add(f"factory.arange.inferred_{i}", "arange", [], lambda s=s, e=e, st=st: torch.arange(s, e, st),
              args={"start": s, "end": e, "step": st}, **EXACT)
        for dt in NUMERIC:
            c.add(f"factory.arange.{dname(dt)}_{i}", "arange", [],
                  lambda s=s, e=e, st=st, dt=dt: torch.arange(s, e, st, dtype=dt),
                  args={"start": s, "end": e, "step": st, "dtype": dname(dt)}, **EXACT)
    c.add("factory.arange.bool", "arange", [], lambda: torch.arange(0, 3, 1, dtype=torch.bool),
          args={"start": 0, "end": 3, "step": 1, "dtype": "bool"})
    c.add("factory.arange.end_only_float", "arange", [], lambda: torch.arange(0, 5.5, 1),
          args={"start": 0, "end": 5.5, "step": 1}, **EXACT)
    spaces = [(0, 1, 5), (0, 10, 7), (-3, 17, 40), (0, 1, 1), (2, 1, 0), (0, 1, 50), (-7.3, 12.9, 101),
              (5, -5, 33), (0, 1, -1), (1, 1000, 1000), (-1e4, 1e4, 257)]
    for i, (s, e, n) in enumerate(spaces):
        for dt in [None] + NUMERIC:
            kw = {} if dt is None else {"dtype": dt}
            args = {"start": s, "end": e, "steps": n}
            if dt is not None:
                args["dtype"] = dname(dt)
            tag = "default" if dt is None else dname(dt)
            c.add(f"factory.linspace.{tag}_{i}", "linspace", [],
                  lambda s=s, e=e, n=n, kw=kw: torch.linspace(s, e, n, **kw), args=args, **EXACT)
    for i, (s, e, n, b) in enumerate([(0, 2, 5, 10.0), (0, 3, 4, 2.0), (-2, 2, 9, 10.0), (1, 1, 1, 3.0),
                                       (0, 10, 33, 1.5)]):
        for dt in [torch.float32, torch.float64, torch.int64]:
            c.add(f"factory.logspace.{dname(dt)}_{i}", "logspace", [],
                  lambda s=s, e=e, n=n, b=b, dt=dt: torch.logspace(s, e, n, base=b, dtype=dt),
                  args={"start": s, "end": e, "steps": n, "base": b, "dtype": dname(dt)})
    for i, (n, m) in enumerate([(3, 3), (2, 4), (4, 2), (0, 3), (1, 1)]):
        c.add(f"factory.eye.{i}", "eye", [], lambda n=n, m=m: torch.eye(n, m), args={"n": n, "m": m})
        c.add(f"factory.eye.int_{i}", "eye", [], lambda n=n, m=m: torch.eye(n, m, dtype=torch.int32),
              args={"n": n, "m": m, "dtype": "int32"})
    c.add("factory.eye.negative", "eye", [], lambda: torch.eye(-1, 2), args={"n": -1, "m": 2})


def data_cases(c):
    datas = [[1, 2, 3], [1.5, -2.0], [True, False], [[1, 2], [3, 4]], [[1.0, 2.5], [3.0, 4.0]], []]
    for i, d in enumerate(datas):
        c.add(f"factory.tensor.inferred_{i}", "tensor", [], lambda d=d: torch.tensor(d), args={"data": d})
        for dt in [torch.int32, torch.float64, torch.bool, torch.float16]:
            c.add(f"factory.tensor.{dname(dt)}_{i}", "tensor", [], lambda d=d, dt=dt: torch.tensor(d, dtype=dt),
                  args={"data": d, "dtype": dname(dt)})


def cases(c):
    fill_cases(c)
    like_cases(c)
    range_cases(c)
    data_cases(c)
    random_cases(c)


def seeded(seed, f):
    def run(*inputs):
        torch.manual_seed(seed)
        return f(*inputs)
    return run


def random_cases(c):
    sizes = [[5], [3, 4], [16], [17], [40], [2, 0], [], [1000]]
    for si, sz in enumerate(sizes):
        for dt in FLOATS:
            for op, f in [("rand", torch.rand), ("randn", torch.randn)]:
                c.add(f"factory.{op}.{dname(dt)}_{si}", "random", [], seeded(si, lambda f=f, sz=sz, dt=dt: f(sz, dtype=dt)),
                      args={"op": op, "seed": si, "sizes": sz, "dtype": dname(dt)}, **EXACT)
        for dt in [torch.int64, torch.int32, torch.uint8, torch.float32, torch.bool, torch.float16]:
            for lo, hi in [(0, 10), (-5, 5), (0, 2), (3, 200)]:
                args = {"op": "randint", "seed": si, "sizes": sz, "dtype": dname(dt), "low": lo, "high": hi}
                c.add(f"factory.randint.{dname(dt)}_{si}_{lo}_{hi}", "random", [],
                      seeded(si, lambda sz=sz, dt=dt, lo=lo, hi=hi: torch.randint(lo, hi, sz, dtype=dt)), args=args,
                      **EXACT)
    c.add("factory.randint.wide", "random", [], seeded(3, lambda: torch.randint(0, 2**40, (7,))),
          args={"op": "randint", "seed": 3, "sizes": [7], "low": 0, "high": 2**40}, **EXACT)
    c.add("factory.randint.empty_range", "random", [], seeded(3, lambda: torch.randint(5, 5, (7,))),
          args={"op": "randint", "seed": 3, "sizes": [7], "low": 5, "high": 5})
    for n in [0, 1, 5, 100]:
        c.add(f"factory.randperm.{n}", "random", [], seeded(n, lambda n=n: torch.randperm(n)),
              args={"op": "randperm", "seed": n, "n": n}, **EXACT)
    c.add("factory.randperm.negative", "random", [], seeded(0, lambda: torch.randperm(-1)),
          args={"op": "randperm", "seed": 0, "n": -1})
    big = 2**32 + 5
    c.add("factory.manual_seed.high_bits_ignored", "random", [], seeded(big, lambda: torch.rand(4)),
          args={"op": "rand", "seed": big, "sizes": [4]}, **EXACT)
    # The scalar normal path caches its second sample across calls.
    c.add("factory.randn.cached_pair", "random", [], seeded(7, lambda: (torch.randn(3), torch.randn(1), torch.randn(2))),
          args={"op": "randn_sequence", "seed": 7, "sizes": [[3], [1], [2]]}, **EXACT)
    for mi, (m, sd) in enumerate([(0.0, 1.0), (2.0, 3.0), (-1.5, 0.25), (0.0, -1.0)]):
        for sz in [[4], [33]]:
            for dt in [torch.float32, torch.float64]:
                c.add(f"factory.normal.scalar_{mi}_{sz[0]}_{dname(dt)}", "random", [],
                      seeded(mi, lambda m=m, sd=sd, sz=sz, dt=dt: torch.normal(m, sd, sz, dtype=dt)),
                      args={"op": "normal", "seed": mi, "mean": m, "std": sd, "sizes": sz, "dtype": dname(dt)}, **EXACT)
    base = torch.zeros(6, 5)
    geoms = {"contig": base, "transposed": base.t(), "strided": base[::2, 1:], "big_t": torch.zeros(20, 9).t()}
    for g, t in geoms.items():
        for dt in FLOATS:
            x = t.to(dt)
            c.add(f"factory.uniform_.{g}_{dname(dt)}", "inplace_random", [x], seeded(1, lambda x: x.uniform_(-2, 3)),
                  args={"op": "uniform_", "seed": 1, "from": -2.0, "to": 3.0}, **EXACT)
            c.add(f"factory.normal_.{g}_{dname(dt)}", "inplace_random", [x], seeded(2, lambda x: x.normal_(1, 2)),
                  args={"op": "normal_", "seed": 2, "mean": 1.0, "std": 2.0}, **EXACT)
            c.add(f"factory.exponential_.{g}_{dname(dt)}", "inplace_random", [x],
                  seeded(3, lambda x: x.exponential_(1.5)), args={"op": "exponential_", "seed": 3, "lambd": 1.5},
                  **EXACT)
        for dt in DTYPES:
            x = t.to(dt)
            c.add(f"factory.bernoulli_.{g}_{dname(dt)}", "inplace_random", [x], seeded(4, lambda x: x.bernoulli_(0.3)),
                  args={"op": "bernoulli_", "seed": 4, "p": 0.3}, **EXACT)
            c.add(f"factory.random_.{g}_{dname(dt)}", "inplace_random", [x], seeded(5, lambda x: x.random_()),
                  args={"op": "random_", "seed": 5}, **EXACT)
            c.add(f"factory.random_to.{g}_{dname(dt)}", "inplace_random", [x], seeded(6, lambda x: x.random_(2)),
                  args={"op": "random_to", "seed": 6, "to": 2}, **EXACT)
    for dt in [torch.float32, torch.float64, torch.float16]:
        p = torch.rand(4, 5).to(dt)
        c.add(f"factory.bernoulli.tensor_p_{dname(dt)}", "bernoulli_p", [p], seeded(8, lambda p: torch.bernoulli(p)),
              args={"seed": 8}, **EXACT)
        c.add(f"factory.bernoulli.tensor_p_t_{dname(dt)}", "bernoulli_p", [p.t()], seeded(8, lambda p: torch.bernoulli(p)),
              args={"seed": 8}, **EXACT)
    c.add("factory.bernoulli_.bad_p", "inplace_random", [torch.zeros(3)], seeded(4, lambda x: x.bernoulli_(1.5)),
          args={"op": "bernoulli_", "seed": 4, "p": 1.5})
    c.add("factory.exponential_.bad_lambda", "inplace_random", [torch.zeros(3)],
          seeded(4, lambda x: x.exponential_(0)), args={"op": "exponential_", "seed": 4, "lambd": 0.0})
    c.add("factory.uniform_.bad_range", "inplace_random", [torch.zeros(3)], seeded(4, lambda x: x.uniform_(2, 1)),
          args={"op": "uniform_", "seed": 4, "from": 2.0, "to": 1.0})
    for i, (ms, ss) in enumerate([([3], [3]), ([2, 1], [3]), ([4], None), (None, [2, 2])]):
        mean = torch.randn(ms) if ms else None
        std = torch.rand(ss) if ss else None
        ins = [t for t in (mean, std) if t is not None]
        if mean is not None and std is not None:
            fn = seeded(9, lambda m, s: torch.normal(m, s))
        elif mean is not None:
            fn = seeded(9, lambda m: torch.normal(m, 0.5))
        else:
            fn = seeded(9, lambda s: torch.normal(1.5, s))
        c.add(f"factory.normal.tensor_{i}", "normal_tensor", ins, fn,
              args={"seed": 9, "has_mean": mean is not None, "has_std": std is not None, "mean": 1.5, "std": 0.5})
