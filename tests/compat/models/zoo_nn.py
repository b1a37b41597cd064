"""torch.nn sequence models for the zoo, scripted and traced, in eval mode: LSTM, GRU,
TransformerEncoder (with and without a padding mask, which takes the nested-tensor fast path
under no_grad) and MultiheadAttention."""
import torch
import torch.nn as nn


class Recurrent(nn.Module):
    """Scripted nn.LSTM/GRU have overloaded forwards; a wrapper gives the archive a `forward`."""

    def __init__(self, rnn):
        super().__init__()
        self.rnn = rnn

    def forward(self, x):
        out, state = self.rnn(x)
        return out, state


class MHA(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(16, 4, batch_first=True)

    def forward(self, q, k, v):
        out, weights = self.attn(q, k, v)
        return out, weights


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        layer = nn.TransformerEncoderLayer(16, 4, dim_feedforward=32, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, 2)

    def forward(self, x, mask):
        return self.enc(x, src_key_padding_mask=mask)


def cases(zoo):
    seq = torch.randn(2, 5, 8)
    lstm = Recurrent(nn.LSTM(8, 12, num_layers=2, batch_first=True, bidirectional=True)).eval()
    zoo.add("nn_lstm_scripted", torch.jit.script(lstm), (seq,), group="nn")
    zoo.add("nn_lstm_traced", torch.jit.trace(lstm, (seq,)), (seq,), group="nn")
    gru = Recurrent(nn.GRU(8, 12, batch_first=False)).eval()
    zoo.add("nn_gru_scripted", torch.jit.script(gru), (seq,), group="nn")
    zoo.add("nn_gru_traced", torch.jit.trace(gru, (seq,)), (seq,), group="nn")
    q = torch.randn(2, 6, 16)
    mha = MHA().eval()
    zoo.add("nn_mha_scripted", torch.jit.script(mha), (q, q, q), group="nn")
    zoo.add("nn_mha_traced", torch.jit.trace(mha, (q, q, q)), (q, q, q), group="nn")
    enc = Encoder().eval()
    mask = torch.tensor([[False] * 6, [False] * 4 + [True] * 2])
    zoo.add("nn_transformer_scripted", torch.jit.script(enc), (q, mask), group="nn", atol=1e-4)
    with torch.no_grad():
        traced = torch.jit.trace(enc, (q, mask), check_trace=False)
    zoo.add("nn_transformer_traced", traced, (q, mask), group="nn", atol=1e-4)
