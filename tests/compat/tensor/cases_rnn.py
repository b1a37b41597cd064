"""Differential cases for the rnn family: lstm / gru / rnn_tanh / rnn_relu layers (dense and packed
overloads) with the real parameter lists of nn.LSTM / nn.GRU / nn.RNN, their cells, and
_pack_padded_sequence / _pad_packed_sequence.

Adapters (ops_rnn.cpp): layer ops take inputs [input, hx..., params...] (packed: [data,
batch_sizes, hx..., params...]) and args "kind" (lstm | gru | rnn_tanh | rnn_relu), "n_hx",
"has_biases", "num_layers", "dropout", "train", "bidirectional", "batch_first", "seed" (a
manual_seed before the call, for dropout) and "unbatched" (the 2-D input of torch.nn, unsqueezed
as the module does)."""
import torch
import torch.nn as nn

KINDS = {"lstm": nn.LSTM, "gru": nn.GRU, "rnn_tanh": nn.RNN, "rnn_relu": nn.RNN}
F32, F64 = torch.float32, torch.float64


def tol(dt, steps=5):
    if dt == F64:
        return {"rtol": 1e-9, "atol": 1e-11}
    return {"rtol": 1e-4, "atol": 2e-6 * max(steps, 5)}


def make_module(kind, in_size, hidden, dt=F32, **kw):
    if kind == "rnn_tanh":
        kw["nonlinearity"] = "tanh"
    if kind == "rnn_relu":
        kw["nonlinearity"] = "relu"
    m = KINDS[kind](in_size, hidden, **kw).to(dt)
    return m


def initial_state(kind, m, batch, dt, seed=3):
    g = torch.Generator().manual_seed(seed)
    d = 2 if m.bidirectional else 1
    hout = m.proj_size if getattr(m, "proj_size", 0) else m.hidden_size
    h = torch.randn(m.num_layers * d, batch, hout, generator=g, dtype=dt)
    if kind == "lstm":
        return [h, torch.randn(m.num_layers * d, batch, m.hidden_size, generator=g, dtype=dt)]
    return [h]


def torch_layer(kind, x, hx, params, args, batch_sizes=None):
    fn = getattr(torch, kind)
    h = hx if kind == "lstm" else hx[0]
    a = [args["has_biases"], args["num_layers"], args["dropout"], args["train"], args["bidirectional"]]
    if args.get("seed") is not None:
        torch.manual_seed(args["seed"])
    if batch_sizes is not None:
        return fn(x, batch_sizes, h, params, *a)
    return fn(x, h, params, *a, args["batch_first"])


def layer_case(c, name, kind, x, m, hx, dt=F32, dropout=0.0, train=False, seed=None, params=None, **extra):
    params = list(m._flat_weights) if params is None else params
    args = {"kind": kind, "n_hx": len(hx), "has_biases": m.bias, "num_layers": m.num_layers, "dropout": dropout,
            "train": train, "bidirectional": m.bidirectional, "batch_first": m.batch_first, "seed": seed}
    args.update(extra)
    steps = x.shape[1] if m.batch_first else x.shape[0]
    inputs = [x.detach()] + [h.detach() for h in hx] + [p.detach() for p in params]

    n = len(hx)

    def fn(x, *rest):
        with torch.no_grad():
            return torch_layer(kind, x, list(rest[:n]), list(rest[n:]), args)

    c.add(f"rnn.{kind}.{name}", "rnn.layer", inputs, fn, args, **tol(dt, steps * m.num_layers))


def packed_case(c, name, kind, m, lengths, dt=F32, in_size=4, **kw):
    g = torch.Generator().manual_seed(len(lengths) * 7 + sum(lengths))
    padded = torch.randn(max(lengths), len(lengths), in_size, generator=g, dtype=dt)
    packed = nn.utils.rnn.pack_padded_sequence(padded, torch.tensor(lengths), enforce_sorted=True)
    hx = initial_state(kind, m, len(lengths), dt)
    params = list(m._flat_weights)
    args = {"kind": kind, "n_hx": len(hx), "has_biases": m.bias, "num_layers": m.num_layers, "dropout": 0.0,
            "train": False, "bidirectional": m.bidirectional, "packed": True}
    args.update(kw)
    inputs = [packed.data, packed.batch_sizes] + hx + [p.detach() for p in params]

    n = len(hx)

    def fn(data, bs, *rest):
        with torch.no_grad():
            return torch_layer(kind, data, list(rest[:n]), list(rest[n:]), args, batch_sizes=bs)

    c.add(f"rnn.{kind}.packed.{name}", "rnn.layer", inputs, fn, args, **tol(dt, max(lengths) * m.num_layers))


def module_case(c, name, kind, m, x, hx, dt=F32):
    """The unbatched (2-D) input through the module: it unsqueezes the batch dim, as the adapter does."""
    params = [p.detach() for p in m._flat_weights]
    args = {"kind": kind, "n_hx": len(hx), "has_biases": m.bias, "num_layers": m.num_layers, "dropout": 0.0,
            "train": False, "bidirectional": m.bidirectional, "batch_first": m.batch_first, "unbatched": True}

    def fn(x, *hx):
        with torch.no_grad():
            out, h = m(x, tuple(hx) if kind == "lstm" else hx[0])
            return (out,) + (tuple(h) if kind == "lstm" else (h,))

    c.add(f"rnn.{kind}.{name}", "rnn.layer", [x] + hx + params, lambda x, *r: fn(x, *r[:len(hx)]), args,
          **tol(dt, x.shape[0] * m.num_layers))


def layer_cases(c):
    torch.manual_seed(1)
    for kind in KINDS:
        for dt in [F32, F64]:
            dn = "f32" if dt == F32 else "f64"
            for L in [1, 2]:
                for bidir in [False, True]:
                    for bf in [False, True]:
                        m = make_module(kind, 4, 6, dt, num_layers=L, bidirectional=bidir, batch_first=bf)
                        x = torch.randn((3, 5, 4) if bf else (5, 3, 4), dtype=dt)
                        hx = initial_state(kind, m, 3, dt)
                        layer_case(c, f"{dn}.L{L}.bi{int(bidir)}.bf{int(bf)}", kind, x, m, hx, dt)
            m = make_module(kind, 3, 5, dt, bias=False)
            layer_case(c, f"{dn}.nobias", kind, torch.randn(4, 2, 3, dtype=dt), m, initial_state(kind, m, 2, dt), dt)
        m = make_module(kind, 4, 6, num_layers=2, bidirectional=True)
        # Non-contiguous input, hidden state and weights.
        x = torch.randn(3, 7, 8)[:, ::2, ::2].transpose(0, 1)
        hx = [h.transpose(0, 1).contiguous().transpose(0, 1) for h in initial_state(kind, m, 3, F32)]
        params = [p.detach().t().contiguous().t() if p.dim() == 2 else p.detach() for p in m._flat_weights]
        layer_case(c, "noncontig", kind, x, m, hx, params=params)
        # A longer sequence, and one step, and an empty batch.
        m = make_module(kind, 8, 16)
        layer_case(c, "long", kind, torch.randn(40, 2, 8), m, initial_state(kind, m, 2, F32))
        layer_case(c, "one_step", kind, torch.randn(1, 1, 8), m, initial_state(kind, m, 1, F32))
        layer_case(c, "empty_batch", kind, torch.randn(3, 0, 8), m, initial_state(kind, m, 0, F32))
        # Unbatched input through the module.
        for bf in [False, True]:
            m = make_module(kind, 4, 5, num_layers=2, bidirectional=True, batch_first=bf)
            hx = [h[:, 0] for h in initial_state(kind, m, 1, F32)]
            module_case(c, f"unbatched.bf{int(bf)}", kind, m, torch.randn(6, 4), hx)
        # Dropout between layers in training mode: the same Bernoulli draws as PyTorch.
        m = make_module(kind, 4, 6, num_layers=3, dropout=0.3)
        layer_case(c, "dropout_train", kind, torch.randn(5, 2, 4), m, initial_state(kind, m, 2, F32), dropout=0.3,
                   train=True, seed=11)
        layer_case(c, "dropout_eval", kind, torch.randn(5, 2, 4), m, initial_state(kind, m, 2, F32), dropout=0.3,
                   train=False)
        # Packed sequences.
        for bidir in [False, True]:
            for L in [1, 2]:
                m = make_module(kind, 4, 5, num_layers=L, bidirectional=bidir)
                packed_case(c, f"L{L}.bi{int(bidir)}", kind, m, [5, 3, 3, 1])
        m = make_module(kind, 4, 5, F64, bidirectional=True)
        packed_case(c, "f64", kind, m, [4, 4, 2], dt=F64)
        m = make_module(kind, 4, 5)
        packed_case(c, "single", kind, m, [3])


def lstm_proj_cases(c):
    for dt in [F32, F64]:
        for L, bidir, bf in [(1, False, False), (2, True, False), (2, False, True), (3, True, True)]:
            m = make_module("lstm", 4, 7, dt, num_layers=L, bidirectional=bidir, batch_first=bf, proj_size=3)
            x = torch.randn((2, 6, 4) if bf else (6, 2, 4), dtype=dt)
            layer_case(c, f"proj.{'f32' if dt == F32 else 'f64'}.L{L}.bi{int(bidir)}.bf{int(bf)}", "lstm", x, m,
                       initial_state("lstm", m, 2, dt), dt)
    m = make_module("lstm", 4, 7, num_layers=2, bidirectional=True, proj_size=3)
    packed_case(c, "proj", "lstm", m, [4, 2, 1])
    m = make_module("lstm", 4, 7, proj_size=2)
    module_case(c, "proj.unbatched", "lstm", m, torch.randn(5, 4), [h[:, 0] for h in initial_state("lstm", m, 1, F32)])


def error_cases(c):
    m = make_module("lstm", 4, 5)
    x = torch.randn(3, 2, 4)
    hx = initial_state("lstm", m, 2, F32)
    ps = [p.detach() for p in m._flat_weights]
    base = {"kind": "lstm", "n_hx": 2, "has_biases": True, "num_layers": 1, "dropout": 0.0, "train": False,
            "bidirectional": False, "batch_first": False}

    def err(name, inputs, args, fn):
        c.add(f"rnn.error.{name}", "rnn.layer", inputs, fn, args)

    def call(kind, **over):
        a = dict(base, **over)
        return lambda x, *r: torch_layer(kind, x, list(r[:a["n_hx"]]), list(r[a["n_hx"]:]), a)

    err("one_hidden", [x, hx[0]] + ps, dict(base, n_hx=1), call("lstm", n_hx=1))
    # Not an error: ATen broadcasts the 1-D steps of a 2-D input against the hidden batch.
    c.add("rnn.lstm.input_2d_broadcast", "rnn.layer", [x[0]] + hx + ps, call("lstm"), base)
    err("params_count", [x] + hx + ps[:3], base, call("lstm"))
    err("layers_count", [x] + hx + ps, dict(base, num_layers=2), call("lstm", num_layers=2))
    err("input_size", [torch.randn(3, 2, 6)] + hx + ps, base, call("lstm"))
    err("batch_mismatch", [x] + [torch.zeros(1, 3, 5), torch.zeros(1, 3, 5)] + ps, base, call("lstm"))
    err("dtype_mismatch", [x.double()] + hx + ps, base, call("lstm"))
    err("hidden_dtype", [x, hx[0].double(), hx[1]] + ps, base, call("lstm"))
    err("empty_seq", [torch.randn(0, 2, 4)] + hx + ps, base, call("lstm"))
    g = make_module("gru", 4, 5)
    gp = [p.detach() for p in g._flat_weights]
    gbase = dict(base, kind="gru", n_hx=1)
    err("gru_hidden_size", [x, torch.zeros(1, 2, 4)] + gp, gbase, call("gru", n_hx=1))
    err("int_input", [x.long(), torch.zeros(1, 2, 5).long()] + [p.long() for p in gp], gbase, call("gru", n_hx=1))


def cell_cases(c):
    for dt in [F32, F64]:
        dn = "f32" if dt == F32 else "f64"
        for kind, mod in [("lstm_cell", nn.LSTMCell), ("gru_cell", nn.GRUCell), ("rnn_tanh_cell", nn.RNNCell),
                          ("rnn_relu_cell", nn.RNNCell)]:
            for bias in [True, False]:
                kw = {"nonlinearity": "relu"} if kind == "rnn_relu_cell" else {}
                m = mod(5, 7, bias=bias, **kw).to(dt)
                x = torch.randn(3, 5, dtype=dt)
                hx = [torch.randn(3, 7, dtype=dt) for _ in range(2 if kind == "lstm_cell" else 1)]
                ws = [p.detach() for p in [m.weight_ih, m.weight_hh] + ([m.bias_ih, m.bias_hh] if bias else [])]
                op = getattr(torch, kind)
                hxn = len(hx)

                def fn(x, *r, op=op, hxn=hxn, kind=kind):
                    h = list(r[:hxn]) if kind == "lstm_cell" else r[0]
                    return op(x, h, *r[hxn:])

                c.add(f"rnn.{kind}.{dn}.bias{int(bias)}", "rnn.cell", [x] + hx + ws, fn,
                      {"kind": kind, "n_hx": hxn}, **tol(dt))
    m = nn.LSTMCell(5, 7)
    ws = [p.detach() for p in [m.weight_ih, m.weight_hh, m.bias_ih, m.bias_hh]]
    x, h = torch.randn(3, 5), torch.randn(3, 7)
    lstm = lambda x, *r, n=2: torch.lstm_cell(x, list(r[:n]), *r[n:])
    c.add("rnn.lstm_cell.noncontig", "rnn.cell", [torch.randn(5, 3).t(), h.t().contiguous().t(), h] + ws, lstm,
          {"kind": "lstm_cell", "n_hx": 2}, **tol(F32))
    c.add("rnn.lstm_cell.error_hidden_count", "rnn.cell", [x, h] + ws, lambda x, *r: lstm(x, *r, n=1),
          {"kind": "lstm_cell", "n_hx": 1})
    c.add("rnn.lstm_cell.error_input_size", "rnn.cell", [torch.randn(3, 4), h, h] + ws, lstm,
          {"kind": "lstm_cell", "n_hx": 2})
    c.add("rnn.lstm_cell.error_batch", "rnn.cell", [x, torch.randn(2, 7), h] + ws, lstm,
          {"kind": "lstm_cell", "n_hx": 2})
    c.add("rnn.lstm_cell.error_hidden_size", "rnn.cell", [x, h, torch.randn(3, 6)] + ws, lstm,
          {"kind": "lstm_cell", "n_hx": 2})
    c.add("rnn.lstm_cell.error_1d", "rnn.cell", [x[0], h[0], h[0]] + ws, lstm, {"kind": "lstm_cell", "n_hx": 2})


def packing_cases(c):
    x = torch.randn(5, 4, 3)
    for bf in [False, True]:
        xi = x.transpose(0, 1).contiguous() if bf else x
        for lengths in [[5, 4, 2, 1], [5, 5, 5, 5], [3, 3, 1, 1]]:
            L = torch.tensor(lengths)
            name = f"bf{int(bf)}." + "_".join(map(str, lengths))
            c.add(f"rnn.pack.{name}", "rnn.pack", [xi, L], lambda a, b, bf=bf: torch._pack_padded_sequence(a, b, bf),
                  {"batch_first": bf})
            data, bs = torch._pack_padded_sequence(x, L, False)
            for total in [0, 7]:
                c.add(f"rnn.pad.{name}.t{total}", "rnn.pad", [data, bs],
                      lambda d, b, bf=bf, total=total: torch._pad_packed_sequence(d, b, bf, -1.5, total),
                      {"batch_first": bf, "padding_value": -1.5, "total_length": total})
    c.add("rnn.pack.int64_2d", "rnn.pack", [torch.arange(12).view(4, 3), torch.tensor([4, 2, 1])],
          lambda a, b: torch._pack_padded_sequence(a, b, False), {"batch_first": False})
    c.add("rnn.pack.noncontig", "rnn.pack", [x.transpose(1, 2)[:, ::2], torch.tensor([4, 2])],
          lambda a, b: torch._pack_padded_sequence(a, b, False), {"batch_first": False})
    for name, lengths in [("unsorted", [2, 5, 1, 1]), ("zero", [5, 3, 2, 0]), ("count", [5, 3])]:
        c.add(f"rnn.pack.error_{name}", "rnn.pack", [x, torch.tensor(lengths)],
              lambda a, b: torch._pack_padded_sequence(a, b, False), {"batch_first": False})
    data, bs = torch._pack_padded_sequence(x, torch.tensor([5, 4, 2, 1]), False)
    c.add("rnn.pad.error_total_length", "rnn.pad", [data, bs],
          lambda d, b: torch._pad_packed_sequence(d, b, False, 0.0, 3),
          {"batch_first": False, "padding_value": 0.0, "total_length": 3})


def cases(c):
    layer_cases(c)
    lstm_proj_cases(c)
    error_cases(c)
    cell_cases(c)
    packing_cases(c)
