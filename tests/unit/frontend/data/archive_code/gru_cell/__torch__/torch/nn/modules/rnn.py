class GRUCell(Module):
  __parameters__ = ["weight_ih", "weight_hh", "bias_ih", "bias_hh", ]
  __buffers__ = []
  weight_ih : Tensor
  weight_hh : Tensor
  bias_ih : Tensor
  bias_hh : Tensor
  training : bool
  _is_full_backward_hook : NoneType
  bias : Final[bool] = True
  input_size : Final[int] = 3
  hidden_size : Final[int] = 5
  def forward(self: __torch__.torch.nn.modules.rnn.GRUCell,
    input: Tensor,
    hx: Optional[Tensor]=None) -> Tensor:
    _0 = "GRUCell: Expected input to be 1-D or 2-D but received {}-D tensor"
    _1 = torch.dim(input)
    if torch.__contains__([1, 2], _1):
      pass
    else:
      _2 = torch.format(_0, torch.dim(input))
      ops.prim.RaiseException(torch.add("AssertionError: ", _2))
    is_batched = torch.eq(torch.dim(input), 2)
    if torch.__not__(is_batched):
      input0 = torch.unsqueeze(input, 0)
    else:
      input0 = input
    if torch.__is__(hx, None):
      _3 = torch.size(input0, 0)
      _4 = ops.prim.dtype(input0)
      _5 = ops.prim.device(input0)
      hx1 = torch.zeros([_3, 5], dtype=_4, layout=None, device=_5)
      hx0 = hx1
    else:
      hx2 = unchecked_cast(Tensor, hx)
      if torch.__not__(is_batched):
        hx3 = torch.unsqueeze(hx2, 0)
      else:
        hx3 = hx2
      hx0 = hx3
    weight_ih = self.weight_ih
    weight_hh = self.weight_hh
    bias_ih = self.bias_ih
    bias_hh = self.bias_hh
    ret = torch.gru_cell(input0, hx0, weight_ih, weight_hh, bias_ih, bias_hh)
    if torch.__not__(is_batched):
      ret0 = torch.squeeze(ret, 0)
    else:
      ret0 = ret
    return ret0
