"""Recurrent-network operators: lstm / gru / rnn_tanh / rnn_relu (.input and .data), the cells,
_pack_padded_sequence and _pad_packed_sequence, called as TorchScript calls them (the tensor
family's own cases are in tests/compat/tensor/cases_rnn.py)."""
import torch

from caselib import floats

TOL = {"rtol": 1e-4, "atol": 1e-5}


def weights(gates, hidden, in_size, out_size=None, bias=True, seed=0, proj=0):
    out_size = proj or hidden if out_size is None else out_size
    ws = [floats(gates * hidden, in_size, lo=-0.5, hi=0.5, seed=seed),
          floats(gates * hidden, out_size, lo=-0.5, hi=0.5, seed=seed + 1)]
    if bias:
        ws += [floats(gates * hidden, lo=-0.5, hi=0.5, seed=seed + 2), floats(gates * hidden, lo=-0.5, hi=0.5,
                                                                              seed=seed + 3)]
    if proj:
        ws.append(floats(proj, hidden, lo=-0.5, hi=0.5, seed=seed + 4))
    return ws


def cases(c):
    x = floats(4, 2, 3, seed=1)
    xb = floats(2, 4, 3, seed=2)
    h = floats(1, 2, 5, seed=3)
    c0 = floats(1, 2, 5, seed=4)
    lw = weights(4, 5, 3)
    c.add("aten::lstm.input", [x, [h, c0], lw, True, 1, 0.0, False, False, False], **TOL)
    c.add("aten::lstm.input", [xb, [h, c0], lw, True, 1, 0.0, False, False, True], **TOL)
    # Two layers, bidirectional, with projections (hx[0] is [L*D, B, proj]).
    pw = []
    for layer in range(2):
        for d in range(2):
            pw += weights(4, 5, 3 if layer == 0 else 4, proj=2, seed=10 * layer + 5 * d)
    hp = floats(4, 2, 2, seed=5)
    cp = floats(4, 2, 5, seed=6)
    c.add("aten::lstm.input", [x, [hp, cp], pw, True, 2, 0.0, False, True, False], **TOL)
    c.add("aten::lstm.input", [x, [h], lw, True, 1, 0.0, False, False, False])  # error: one hidden state
    c.add("aten::lstm.input", [x, [h, c0], lw[:3], True, 1, 0.0, False, False, False])  # error: params
    # Dropout between layers in training mode draws from the default generator.
    lw2 = weights(4, 5, 3, seed=20) + weights(4, 5, 5, seed=30)
    h2, c2 = floats(2, 2, 5, seed=7), floats(2, 2, 5, seed=8)
    c.add("aten::lstm.input", [x, [h2, c2], lw2, True, 2, 0.4, True, False, False], seed=5, **TOL)
    data, bs = torch._pack_padded_sequence(floats(4, 3, 3, seed=9), torch.tensor([4, 2, 1]), False)
    h3, c3 = floats(1, 3, 5, seed=10), floats(1, 3, 5, seed=11)
    c.add("aten::lstm.data", [data, bs, [h3, c3], lw, True, 1, 0.0, False, False], **TOL)
    c.add("aten::lstm.data", [data, bs, [floats(2, 3, 5, seed=12), floats(2, 3, 5, seed=13)],
                              lw + weights(4, 5, 3, seed=40), True, 1, 0.0, False, True], **TOL)
    for name, gates in [("gru", 3), ("rnn_tanh", 1), ("rnn_relu", 1)]:
        w = weights(gates, 5, 3, seed=gates)
        c.add(f"aten::{name}.input", [x, h, w, True, 1, 0.0, False, False, False], **TOL)
        c.add(f"aten::{name}.input", [xb, h, w[:2], False, 1, 0.0, False, False, True], **TOL)
        w2 = w + weights(gates, 5, 3, seed=gates + 50)
        c.add(f"aten::{name}.input", [x, floats(2, 2, 5, seed=14), w2, True, 1, 0.0, False, True, False], **TOL)
        c.add(f"aten::{name}.input", [x, h, w, True, 2, 0.0, False, False, False])  # error: layers
        c.add(f"aten::{name}.data", [data, bs, h3, w, True, 1, 0.0, False, False], **TOL)
        c.add(f"aten::{name}_cell", [x[0], h[0], w[0], w[1], w[2], w[3]], **TOL)
        c.add(f"aten::{name}_cell", [x[0], h[0], w[0], w[1]], **TOL)
        c.add(f"aten::{name}_cell", [x[0], h[0, :1], w[0], w[1]])  # error: batch mismatch
    c.add("aten::lstm_cell", [x[0], [h[0], c0[0]], *lw], **TOL)
    c.add("aten::lstm_cell", [x[0], [h[0], c0[0]], lw[0], lw[1]], **TOL)
    c.add("aten::lstm_cell", [x[0], [h[0]], *lw])  # error
    lengths = torch.tensor([4, 2, 1])
    padded = floats(4, 3, 2, seed=15)
    c.add("aten::_pack_padded_sequence", [padded, lengths, False])
    c.add("aten::_pack_padded_sequence", [padded.transpose(0, 1), lengths, True])
    c.add("aten::_pack_padded_sequence", [padded, torch.tensor([1, 2, 4]), False])  # error: unsorted
    c.add("aten::_pack_padded_sequence.out", [padded, lengths, False, torch.empty(0), torch.empty(0, dtype=torch.long)])
    pdata, pbs = torch._pack_padded_sequence(padded, lengths, False)
    c.add("aten::_pad_packed_sequence", [pdata, pbs, False, 0.0, 0])
    c.add("aten::_pad_packed_sequence", [pdata, pbs, True, -1, 6])
    c.add("aten::_pad_packed_sequence", [pdata, pbs, True, -1, 2])  # error: total_length
