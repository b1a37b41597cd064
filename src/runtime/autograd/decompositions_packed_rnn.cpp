// Decompositions of packed sequences: _pack_padded_sequence, _pad_packed_sequence and the packed
// (`.data`) overloads of lstm / gru / rnn_tanh / rnn_relu, which nn.LSTM and friends call on a
// PackedSequence. Packing and padding are slices and concatenations of the rows of each time
// step (the kernels, under no_grad, give the batch sizes and lengths), so gradients go back to
// the padded positions that were packed and nowhere else, as PyTorch's pack/pad backward does.
// The packed recurrent layers are unrolled over time like the padded ones
// (decompositions_source.cpp's `_cell` and `_input_projection`, this shard being compiled after
// it): at time t only the first batch_sizes[t] sequences step; a sequence that ended keeps its
// last state, which is its row of h_n; the reverse direction starts each sequence at its own
// last element from its row of h_0.
#include <iterator>

#include "runtime/autograd/decompositions.h"

namespace ember::autograd {

namespace {

constexpr const char* kSource = R"TS(
def _pk_sizes(batch_sizes: Tensor) -> List[int]:
    bs: List[int] = []
    for t in range(batch_sizes.size(0)):
        bs.append(int(batch_sizes[t]))
    return bs

def _pk_direction(kind: int, xi: Tensor, bs: List[int], h0: Tensor, c0: Tensor, w_hh: Tensor, b_hh: Optional[Tensor], w_hr: Optional[Tensor], reverse: bool) -> Tuple[Tensor, Tensor, Tensor]:
    T = len(bs)
    offs: List[int] = []
    o = 0
    for t in range(T):
        offs.append(o)
        o += bs[t]
    outs: List[Tensor] = []
    if not reverse:
        h = h0
        c = c0
        # States of sequences that ended, latest-ending (lowest rows) last.
        hs: List[Tensor] = []
        cs: List[Tensor] = []
        for t in range(T):
            b = bs[t]
            if b < h.size(0):
                hs.append(h.narrow(0, b, h.size(0) - b))
                cs.append(c.narrow(0, b, c.size(0) - b))
                h = h.narrow(0, 0, b)
                c = c.narrow(0, 0, b)
            h, c = _cell(kind, xi.narrow(0, offs[t], b), h, c, w_hh, b_hh)
            if w_hr is not None:
                h = h.matmul(w_hr.t())
            outs.append(h)
        hs.append(h)
        cs.append(c)
        hs.reverse()
        cs.reverse()
        return torch.cat(outs, 0), torch.cat(hs, 0), torch.cat(cs, 0)
    h = h0.narrow(0, 0, bs[T - 1])
    c = c0.narrow(0, 0, bs[T - 1])
    for step in range(T):
        t = T - 1 - step
        b = bs[t]
        if b > h.size(0):
            # Sequences whose last element is at time t start here, from their h_0 rows.
            h = torch.cat([h, h0.narrow(0, h.size(0), b - h.size(0))], 0)
            c = torch.cat([c, c0.narrow(0, c.size(0), b - c.size(0))], 0)
        h, c = _cell(kind, xi.narrow(0, offs[t], b), h, c, w_hh, b_hh)
        if w_hr is not None:
            h = h.matmul(w_hr.t())
        outs.append(h)
    outs.reverse()
    return torch.cat(outs, 0), h, c

def _rnn_packed(kind: int, data: Tensor, batch_sizes: Tensor, h0: Tensor, c0: Tensor, params: List[Tensor], has_biases: bool, num_layers: int, dropout: float, train: bool, bidirectional: bool) -> Tuple[Tensor, Tensor, Tensor]:
    bs = _pk_sizes(batch_sizes)
    D = 2 if bidirectional else 1
    per = 4 if has_biases else 2
    proj = len(params) == num_layers * D * (per + 1)
    if proj:
        per += 1
    x = data
    hs: List[Tensor] = []
    cs: List[Tensor] = []
    for layer in range(num_layers):
        outs: List[Tensor] = []
        for direction in range(D):
            at = (layer * D + direction) * per
            b_ih: Optional[Tensor] = None
            b_hh: Optional[Tensor] = None
            if has_biases:
                b_ih = params[at + 2]
                b_hh = params[at + 3]
            w_hr: Optional[Tensor] = None
            if proj:
                w_hr = params[at + per - 1]
            xi = _input_projection(x, params[at], b_ih)
            k = layer * D + direction
            out, h, c = _pk_direction(kind, xi, bs, h0[k], c0[k], params[at + 1], b_hh, w_hr, direction == 1)
            outs.append(out)
            hs.append(h)
            cs.append(c)
        x = torch.cat(outs, 1) if D == 2 else outs[0]
        if dropout > 0.0 and train and layer < num_layers - 1:
            x = torch.dropout(x, dropout, train)
    return x, torch.stack(hs, 0), torch.stack(cs, 0)

def c_lstm_data(data: Tensor, batch_sizes: Tensor, hx: List[Tensor], params: List[Tensor], has_biases: bool, num_layers: int, dropout: float, train: bool, bidirectional: bool):
    return _rnn_packed(0, data, batch_sizes, hx[0], hx[1], params, has_biases, num_layers, dropout, train, bidirectional)

def c_gru_data(data: Tensor, batch_sizes: Tensor, hx: Tensor, params: List[Tensor], has_biases: bool, num_layers: int, dropout: float, train: bool, bidirectional: bool):
    out, hn, cn = _rnn_packed(1, data, batch_sizes, hx, hx, params, has_biases, num_layers, dropout, train, bidirectional)
    return out, hn

def c_rnn_tanh_data(data: Tensor, batch_sizes: Tensor, hx: Tensor, params: List[Tensor], has_biases: bool, num_layers: int, dropout: float, train: bool, bidirectional: bool):
    out, hn, cn = _rnn_packed(2, data, batch_sizes, hx, hx, params, has_biases, num_layers, dropout, train, bidirectional)
    return out, hn

def c_rnn_relu_data(data: Tensor, batch_sizes: Tensor, hx: Tensor, params: List[Tensor], has_biases: bool, num_layers: int, dropout: float, train: bool, bidirectional: bool):
    out, hn, cn = _rnn_packed(3, data, batch_sizes, hx, hx, params, has_biases, num_layers, dropout, train, bidirectional)
    return out, hn

def c__pack_padded_sequence(input: Tensor, lengths: Tensor, batch_first: bool):
    with torch.no_grad():
        packed, batch_sizes = torch._pack_padded_sequence(input, lengths, batch_first)
    x = input.transpose(0, 1) if batch_first else input
    rows: List[Tensor] = []
    bs = _pk_sizes(batch_sizes)
    for t in range(len(bs)):
        rows.append(x[t].narrow(0, 0, bs[t]))
    return torch.cat(rows, 0), batch_sizes

def c__pad_packed_sequence(data: Tensor, batch_sizes: Tensor, batch_first: bool, padding_value: float, total_length: int):
    with torch.no_grad():
        padded, lengths = torch._pad_packed_sequence(data, batch_sizes, batch_first, padding_value, total_length)
    bs = _pk_sizes(batch_sizes)
    B = bs[0]
    steps = padded.size(1) if batch_first else padded.size(0)
    feature = data.size()[1:]
    rows: List[Tensor] = []
    off = 0
    for t in range(steps):
        b = bs[t] if t < len(bs) else 0
        piece = data.narrow(0, off, b)
        if b < B:
            piece = torch.cat([piece, torch.full([B - b] + feature, padding_value, dtype=data.dtype)], 0)
        rows.append(piece)
        off += b
    y = torch.stack(rows, 0)
    if batch_first:
        y = y.transpose(0, 1)
    return y, lengths
)TS";

const std::pair<const char*, const char*> kOps[] = {
    {"aten::lstm.data", "c_lstm_data"},
    {"aten::gru.data", "c_gru_data"},
    {"aten::rnn_tanh.data", "c_rnn_tanh_data"},
    {"aten::rnn_relu.data", "c_rnn_relu_data"},
    {"aten::_pack_padded_sequence", "c__pack_padded_sequence"},
    {"aten::_pad_packed_sequence", "c__pad_packed_sequence"},
};

}  // namespace

const DecompositionShard kPackedRnnDecompositions{kSource, kOps, std::size(kOps)};

}  // namespace ember::autograd
