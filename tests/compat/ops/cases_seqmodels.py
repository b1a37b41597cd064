"""Whole graphs of real sequence models, traced by PyTorch 1.13 and run by ember's graph executor:
nn.TransformerEncoder's nested-tensor fast path, nn.TransformerEncoderLayer's and
nn.MultiheadAttention's fast paths (eval, no_grad, key padding mask), nn.LSTM / nn.GRU / nn.RNN
(with packed sequences) and their cells, and torchaudio's MelSpectrogram (center=False: the
reflect padding of the centred form is aten::pad, which ember does not register yet).

Each graph is lowered so that parameters become inputs (torch._C._jit_pass_lower_graph) and
tuples are flattened; scope annotations, source comments and the dtype-only tensor types that
traced nested tensors print (`FloatTensor(...)`) are removed from the text."""
import re
import warnings

import torch
import torch.nn as nn

try:
    import torchaudio
except ImportError:  # python3-torchaudio (scripts/install-deps.sh --test)
    torchaudio = None

warnings.filterwarnings("ignore")
TOL = {"rtol": 1e-4, "atol": 2e-5}


class WithKpm(nn.Module):
    def __init__(self, m, kind):
        super().__init__()
        self.m, self.kind = m, kind

    def forward(self, x, kpm):
        if self.kind == "mha":
            return self.m(x, x, x, key_padding_mask=kpm)
        return self.m(x, src_key_padding_mask=kpm)


class Packed(nn.Module):
    def __init__(self, m):
        super().__init__()
        self.m = m

    def forward(self, x, lengths):
        p = nn.utils.rnn.pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)
        out, h = self.m(p)
        padded, lens = nn.utils.rnn.pad_packed_sequence(out, batch_first=True)
        return padded, lens, h


def clean(graph_text):
    text = re.sub(r", scope: [^\n#]*", "", graph_text)
    text = re.sub(r" # [^\n]*", "", text)
    return re.sub(r"\b[A-Z][a-z]*Tensor\([^)]*\)", "Tensor", text)


def add_traced(c, name, module, inputs, **tol):
    module.eval()
    with torch.no_grad():
        traced = torch.jit.trace(module, inputs, check_trace=False)
        expected = module(*inputs)
    g = traced.graph.copy()
    torch._C._jit_pass_inline(g)
    g, params = torch._C._jit_pass_lower_graph(g, traced._c)
    torch._C._jit_pass_lower_all_tuples(g)
    outs = list(expected) if isinstance(expected, tuple) else [expected]
    flat = []
    for o in outs:
        flat += list(o) if isinstance(o, tuple) else [o]
    args = []
    for i in inputs:  # tuple inputs are flattened like the graph's
        args += list(i) if isinstance(i, tuple) else [i]
    c.add_graph(name, clean(str(g)), args + [p.detach() for p in params], flat, **(tol or TOL))


def cases(c):
    torch.manual_seed(9)
    x = torch.randn(3, 6, 16)
    kpm = torch.tensor([[False] * 6, [False] * 4 + [True] * 2, [False] * 2 + [True] * 4])
    enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(16, 4, 32, batch_first=True), 2)
    add_traced(c, "transformer_encoder_nested", WithKpm(enc, "enc"), (x, kpm))
    enc_gelu = nn.TransformerEncoder(nn.TransformerEncoderLayer(16, 4, 32, activation="gelu", batch_first=True), 3)
    add_traced(c, "transformer_encoder_nested_gelu", WithKpm(enc_gelu, "enc"), (x, kpm))
    layer = nn.TransformerEncoderLayer(16, 4, 32, batch_first=True)
    add_traced(c, "encoder_layer_fast_path", WithKpm(layer, "layer"), (x, kpm))
    add_traced(c, "encoder_layer_fast_path_nomask", layer, (x,))
    mha = nn.MultiheadAttention(16, 4, batch_first=True)
    add_traced(c, "mha_fast_path", WithKpm(mha, "mha"), (x, kpm))
    lstm = nn.LSTM(5, 7, 2, batch_first=True, bidirectional=True)
    seq = torch.randn(3, 4, 5)
    add_traced(c, "lstm", lstm, (seq,))
    add_traced(c, "lstm_proj", nn.LSTM(5, 7, 2, proj_size=3), (seq, (torch.randn(2, 4, 3), torch.randn(2, 4, 7))))
    add_traced(c, "gru_hidden", nn.GRU(5, 6, 2), (seq, torch.randn(2, 4, 6)))
    lengths = torch.tensor([2, 4, 3])
    add_traced(c, "lstm_packed", Packed(nn.LSTM(5, 6, bidirectional=True, batch_first=True)), (seq, lengths))
    add_traced(c, "gru_packed", Packed(nn.GRU(5, 6, 2, batch_first=True)), (seq, lengths))
    add_traced(c, "rnn_relu_packed", Packed(nn.RNN(5, 6, nonlinearity="relu", batch_first=True)), (seq, lengths))
    add_traced(c, "lstm_cell", nn.LSTMCell(5, 7), (seq[0], (torch.randn(4, 7), torch.randn(4, 7))))
    add_traced(c, "gru_cell", nn.GRUCell(5, 7), (seq[0], torch.randn(4, 7)))
    if torchaudio is not None:
        mel = torchaudio.transforms.MelSpectrogram(sample_rate=16000, n_fft=400, hop_length=160, n_mels=40,
                                                   center=False)
        add_traced(c, "melspectrogram_uncentred", mel, (torch.randn(2, 4000),), rtol=1e-4, atol=1e-3)
        spec = torchaudio.transforms.Spectrogram(n_fft=256, power=1.0, center=False)
        add_traced(c, "spectrogram_magnitude", spec, (torch.randn(3000),), rtol=1e-4, atol=1e-4)
