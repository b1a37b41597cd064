# Training steps for bench/torch_autograd_bench.py and bench/ember_autograd_bench.sh: forward,
# loss and .backward() inside one TorchScript function (ember compiles this file; PyTorch runs
# it scripted, and eagerly as Python). Parameters require grad; their .grad accumulates over
# calls in both, which costs the same in-place add each step.


def mlp_step(x: Tensor, t: Tensor, w1: Tensor, b1: Tensor, w2: Tensor, b2: Tensor, w3: Tensor, b3: Tensor) -> Tensor:
    F = torch.nn.functional
    h = torch.relu(F.linear(x, w1, b1))
    h = torch.relu(F.linear(h, w2, b2))
    loss = F.cross_entropy(F.linear(h, w3, b3), t)
    loss.backward()
    return loss.detach()


def lstm_step(x: Tensor, h0: Tensor, c0: Tensor, w_ih: Tensor, w_hh: Tensor, b_ih: Tensor, b_hh: Tensor, w_out: Tensor) -> Tensor:
    out, hn, cn = torch.lstm(x, [h0, c0], [w_ih, w_hh, b_ih, b_hh], True, 1, 0.0, True, False, False)
    loss = out.matmul(w_out).pow(2.0).mean()
    loss.backward()
    return loss.detach()
