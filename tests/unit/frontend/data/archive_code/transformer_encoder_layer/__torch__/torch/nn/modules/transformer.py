class TransformerEncoderLayer(Module):
  __parameters__ = []
  __buffers__ = []
  training : bool
  _is_full_backward_hook : Optional[bool]
  activation_relu_or_gelu : int
  self_attn : __torch__.torch.nn.modules.activation.MultiheadAttention
  linear1 : __torch__.torch.nn.modules.linear.Linear
  dropout : __torch__.torch.nn.modules.dropout.Dropout
  linear2 : __torch__.torch.nn.modules.linear.___torch_mangle_0.Linear
  norm1 : __torch__.torch.nn.modules.normalization.LayerNorm
  norm2 : __torch__.torch.nn.modules.normalization.LayerNorm
  dropout1 : __torch__.torch.nn.modules.dropout.Dropout
  dropout2 : __torch__.torch.nn.modules.dropout.Dropout
  norm_first : Final[bool] = False
  def forward(self: __torch__.torch.nn.modules.transformer.TransformerEncoderLayer,
    src: Tensor,
    src_mask: Optional[Tensor]=None,
    src_key_padding_mask: Optional[Tensor]=None) -> Tensor:
    _0 = "AssertionError: only bool and floating types of key_padding_mask are supported"
    _1 = "input not batched; expected src.dim() of 3 but got {}"
    why_not_sparsity_fast_path = "self_attn.batch_first was not True"
    why_not_sparsity_fast_path0 = "some Tensor argument is neither CUDA nor CPU"
    why_not_sparsity_fast_path1 = "grad is enabled and at least one of query or the input/output projection weights or biases requires_grad"
    _2 = uninitialized(Tensor)
    _3 = torch.__isnot__(src_key_padding_mask, None)
    if _3:
      src_key_padding_mask1 = unchecked_cast(Tensor, src_key_padding_mask)
      _skpm_dtype = ops.prim.dtype(src_key_padding_mask1)
      if torch.ne(_skpm_dtype, 11):
        _5 = torch.is_floating_point(src_key_padding_mask1)
        _4 = torch.__not__(_5)
      else:
        _4 = False
      if _4:
        ops.prim.RaiseException(_0)
      else:
        pass
      src_key_padding_mask0 : Optional[Tensor] = src_key_padding_mask1
    else:
      src_key_padding_mask0 = src_key_padding_mask
    _6 = torch.__not__(torch.eq(torch.dim(src), 3))
    if _6:
      why_not_sparsity_fast_path2 = torch.format(_1, torch.dim(src))
    else:
      training = self.training
      if training:
        why_not_sparsity_fast_path3 = "training is enabled"
      else:
        why_not_sparsity_fast_path3 = why_not_sparsity_fast_path
      why_not_sparsity_fast_path2 = why_not_sparsity_fast_path3
    _7 = torch.len(why_not_sparsity_fast_path2)
    if torch.__not__(torch.gt(_7, 0)):
      self_attn = self.self_attn
      in_proj_weight = self_attn.in_proj_weight
      self_attn0 = self.self_attn
      in_proj_bias = self_attn0.in_proj_bias
      self_attn1 = self.self_attn
      out_proj = self_attn1.out_proj
      weight = out_proj.weight
      self_attn2 = self.self_attn
      out_proj0 = self_attn2.out_proj
      bias = out_proj0.bias
      norm1 = self.norm1
      weight0 = norm1.weight
      norm10 = self.norm1
      bias0 = norm10.bias
      norm2 = self.norm2
      weight1 = norm2.weight
      norm20 = self.norm2
      bias1 = norm20.bias
      linear1 = self.linear1
      weight2 = linear1.weight
      linear10 = self.linear1
      bias2 = linear10.bias
      linear2 = self.linear2
      weight3 = linear2.weight
      linear20 = self.linear2
      bias3 = linear20.bias
      _10 = annotate(List[bool], [])
      if ops.prim.is_cuda(src):
        _11 = True
      else:
        _12 = str(ops.prim.device(src))
        _13 = torch.find(_12, "cpu", 0, torch.len(_12))
        _11 = torch.ne(_13, -1)
      _14 = torch.append(_10, _11)
      if ops.prim.is_cuda(in_proj_weight):
        _15 = True
      else:
        _16 = str(ops.prim.device(in_proj_weight))
        _17 = torch.find(_16, "cpu", 0, torch.len(_16))
        _15 = torch.ne(_17, -1)
      _18 = torch.append(_10, _15)
      if ops.prim.is_cuda(in_proj_bias):
        _19 = True
      else:
        _20 = str(ops.prim.device(in_proj_bias))
        _21 = torch.find(_20, "cpu", 0, torch.len(_20))
        _19 = torch.ne(_21, -1)
      _22 = torch.append(_10, _19)
      if ops.prim.is_cuda(weight):
        _23 = True
      else:
        _24 = str(ops.prim.device(weight))
        _25 = torch.find(_24, "cpu", 0, torch.len(_24))
        _23 = torch.ne(_25, -1)
      _26 = torch.append(_10, _23)
      if ops.prim.is_cuda(bias):
        _27 = True
      else:
        _28 = str(ops.prim.device(bias))
        _29 = torch.find(_28, "cpu", 0, torch.len(_28))
        _27 = torch.ne(_29, -1)
      _30 = torch.append(_10, _27)
      if ops.prim.is_cuda(weight0):
        _31 = True
      else:
        _32 = str(ops.prim.device(weight0))
        _33 = torch.find(_32, "cpu", 0, torch.len(_32))
        _31 = torch.ne(_33, -1)
      _34 = torch.append(_10, _31)
      if ops.prim.is_cuda(bias0):
        _35 = True
      else:
        _36 = str(ops.prim.device(bias0))
        _37 = torch.find(_36, "cpu", 0, torch.len(_36))
        _35 = torch.ne(_37, -1)
      _38 = torch.append(_10, _35)
      if ops.prim.is_cuda(weight1):
        _39 = True
      else:
        _40 = str(ops.prim.device(weight1))
        _41 = torch.find(_40, "cpu", 0, torch.len(_40))
        _39 = torch.ne(_41, -1)
      _42 = torch.append(_10, _39)
      if ops.prim.is_cuda(bias1):
        _43 = True
      else:
        _44 = str(ops.prim.device(bias1))
        _45 = torch.find(_44, "cpu", 0, torch.len(_44))
        _43 = torch.ne(_45, -1)
      _46 = torch.append(_10, _43)
      if ops.prim.is_cuda(weight2):
        _47 = True
      else:
        _48 = str(ops.prim.device(weight2))
        _49 = torch.find(_48, "cpu", 0, torch.len(_48))
        _47 = torch.ne(_49, -1)
      _50 = torch.append(_10, _47)
      if ops.prim.is_cuda(bias2):
        _51 = True
      else:
        _52 = str(ops.prim.device(bias2))
        _53 = torch.find(_52, "cpu", 0, torch.len(_52))
        _51 = torch.ne(_53, -1)
      _54 = torch.append(_10, _51)
      if ops.prim.is_cuda(weight3):
        _55 = True
      else:
        _56 = str(ops.prim.device(weight3))
        _57 = torch.find(_56, "cpu", 0, torch.len(_56))
        _55 = torch.ne(_57, -1)
      _58 = torch.append(_10, _55)
      if ops.prim.is_cuda(bias3):
        _59 = True
      else:
        _60 = str(ops.prim.device(bias3))
        _61 = torch.find(_60, "cpu", 0, torch.len(_60))
        _59 = torch.ne(_61, -1)
      _62 = torch.append(_10, _59)
      if torch.__not__(torch.all(_10)):
        why_not_sparsity_fast_path4 = why_not_sparsity_fast_path0
      else:
        if torch.is_grad_enabled():
          _64 = annotate(List[bool], [])
          _65 = torch.append(_64, ops.prim.requires_grad(src))
          _66 = ops.prim.requires_grad(in_proj_weight)
          _67 = torch.append(_64, _66)
          _68 = ops.prim.requires_grad(in_proj_bias)
          _69 = torch.append(_64, _68)
          _70 = ops.prim.requires_grad(weight)
          _71 = torch.append(_64, _70)
          _72 = torch.append(_64, ops.prim.requires_grad(bias))
          _73 = ops.prim.requires_grad(weight0)
          _74 = torch.append(_64, _73)
          _75 = torch.append(_64, ops.prim.requires_grad(bias0))
          _76 = ops.prim.requires_grad(weight1)
          _77 = torch.append(_64, _76)
          _78 = torch.append(_64, ops.prim.requires_grad(bias1))
          _79 = ops.prim.requires_grad(weight2)
          _80 = torch.append(_64, _79)
          _81 = torch.append(_64, ops.prim.requires_grad(bias2))
          _82 = ops.prim.requires_grad(weight3)
          _83 = torch.append(_64, _82)
          _84 = torch.append(_64, ops.prim.requires_grad(bias3))
          _63 = torch.any(_64)
        else:
          _63 = False
        if _63:
          why_not_sparsity_fast_path5 = why_not_sparsity_fast_path1
        else:
          why_not_sparsity_fast_path5 = why_not_sparsity_fast_path2
        why_not_sparsity_fast_path4 = why_not_sparsity_fast_path5
      _85 = torch.len(why_not_sparsity_fast_path4)
      if torch.__not__(torch.gt(_85, 0)):
        self_attn3 = self.self_attn
        embed_dim = self_attn3.embed_dim
        self_attn4 = self.self_attn
        num_heads = self_attn4.num_heads
        self_attn5 = self.self_attn
        in_proj_weight0 = self_attn5.in_proj_weight
        self_attn6 = self.self_attn
        in_proj_bias0 = self_attn6.in_proj_bias
        self_attn7 = self.self_attn
        out_proj1 = self_attn7.out_proj
        weight4 = out_proj1.weight
        self_attn8 = self.self_attn
        out_proj2 = self_attn8.out_proj
        bias4 = out_proj2.bias
        activation_relu_or_gelu = self.activation_relu_or_gelu
        _88 = torch.eq(activation_relu_or_gelu, 2)
        norm11 = self.norm1
        weight5 = norm11.weight
        norm12 = self.norm1
        bias5 = norm12.bias
        norm21 = self.norm2
        weight6 = norm21.weight
        norm22 = self.norm2
        bias6 = norm22.bias
        linear11 = self.linear1
        weight7 = linear11.weight
        linear12 = self.linear1
        bias7 = linear12.bias
        linear21 = self.linear2
        weight8 = linear21.weight
        linear22 = self.linear2
        bias8 = linear22.bias
        if torch.__isnot__(src_mask, None):
          src_mask3 = unchecked_cast(Tensor, src_mask)
          src_mask2, _89 = src_mask3, src_mask3
        else:
          src_mask2, _89 = src_mask, src_key_padding_mask0
        _90 = torch.__isnot__(src_key_padding_mask0, None)
        if _90:
          src_key_padding_mask5 = unchecked_cast(Tensor, src_key_padding_mask0)
          _91, src_mask4, src_key_padding_mask4 = 1, src_mask2, src_key_padding_mask5
        else:
          _92 = torch.__isnot__(src_mask2, None)
          if _92:
            src_mask6 = unchecked_cast(Tensor, src_mask2)
            _93, src_mask5 = 0, src_mask6
          else:
            _93, src_mask5 = None, src_mask2
          _91, src_mask4, src_key_padding_mask4 = _93, src_mask5, src_key_padding_mask0
        _94 = torch._transformer_encoder_layer_fwd(src, embed_dim, num_heads, in_proj_weight0, in_proj_bias0, weight4, bias4, _88, False, 1.0000000000000001e-05, weight5, bias5, weight6, bias6, weight7, bias7, weight8, bias8, _89, _91)
        _86, _87, src_mask1, src_key_padding_mask3 = True, _94, src_mask4, src_key_padding_mask4
      else:
        _86, _87, src_mask1, src_key_padding_mask3 = False, _2, src_mask, src_key_padding_mask0
      _8, _9, src_mask0, src_key_padding_mask2 = _86, _87, src_mask1, src_key_padding_mask3
    else:
      _8, _9, src_mask0, src_key_padding_mask2 = False, _2, src_mask, src_key_padding_mask0
    if _8:
      _95 = _9
    else:
      norm13 = self.norm1
      _96 = (self)._sa_block(src, src_mask0, src_key_padding_mask2, )
      x = (norm13).forward(torch.add(src, _96), )
      norm23 = self.norm2
      _97 = torch.add(x, (self)._ff_block(x, ))
      _95 = (norm23).forward(_97, )
    return _95
  def _sa_block(self: __torch__.torch.nn.modules.transformer.TransformerEncoderLayer,
    x: Tensor,
    attn_mask: Optional[Tensor],
    key_padding_mask: Optional[Tensor]) -> Tensor:
    self_attn = self.self_attn
    _98 = (self_attn).forward(x, x, x, key_padding_mask, False, attn_mask, True, )
    x0 = (_98)[0]
    dropout1 = self.dropout1
    return (dropout1).forward(x0, )
  def _ff_block(self: __torch__.torch.nn.modules.transformer.TransformerEncoderLayer,
    x: Tensor) -> Tensor:
    linear2 = self.linear2
    dropout = self.dropout
    linear1 = self.linear1
    _99 = __torch__.torch.nn.functional.relu((linear1).forward(x, ), False, )
    x1 = (linear2).forward((dropout).forward(_99, ), )
    dropout2 = self.dropout2
    return (dropout2).forward(x1, )
