"""Hand-written one-line TorchScript calls whose overload resolution is worth pinning down.

Each entry is an expression over the inputs of gen.py's ENV (x, y: float32 [2, 3]; v: float32
[3]; i: int64 [2] indices; b: bool [2, 3]; z: int64 [2, 3]; s: float32 0-d; o: an empty float32
tensor for out=; n: int 2; f: float 0.5). Every operator node of the compiled call is checked,
so an entry may exercise several overloaded names.
"""

CALLS = [
    # view: the size list, never view.dtype (a dtype is an int in TorchScript)
    "x.view(-1)", "x.view(3, 2)", "x.view([3, 2])", "x.view((6,))", "x.view(torch.float32)",
    "x.view(torch.int8)", "x.view(n, -1)", "x.view_as(y)",
    # max / min: other, the whole tensor, a dim
    "torch.max(x, 1)", "torch.max(x, y)", "torch.max(x)", "x.max(dim=0)", "x.max(1, True)", "x.max(y)",
    "torch.min(x, 1)", "torch.min(x, y)", "torch.min(x)", "x.min(dim=0)", "x.min(1, keepdim=True)",
    "torch.max(x, dim=1, keepdim=True)", "max(n, 3)", "max([n, 3])", "min(f, 1.5)", "min([1.0, f])",
    "torch.maximum(x, y)", "x.amax(1)", "x.amax([0, 1])",
    # to / type and the casts
    "x.to(torch.float64)", "x.to(y)", "x.to('cpu')", "x.to(torch.device('cpu'), torch.float64)",
    "x.to(dtype=torch.int32)", "x.to(x.device)", "x.to(z)", "x.to(torch.int64, True)",
    "x.to(device='cpu', dtype=torch.float64)", "x.type(torch.int32)", "x.type_as(z)",
    "x.double()", "x.long()",
    # reductions
    "x.sum(1)", "x.sum([0, 1])", "x.sum(dtype=torch.float64)", "x.sum()", "x.sum((0,))", "z.sum(0, True)",
    "torch.sum(x, dim=[0])", "x.sum(1, keepdim=True)", "torch.sum(input=x)", "sum([n, 3])", "sum([f, 1.5])",
    "x.mean((0, 1))", "x.mean()", "x.mean(0)", "x.mean(dim=1, keepdim=True)", "torch.mean(x, [1])",
    "x.prod()", "x.prod(1)", "x.prod(0, True)", "x.std(0)", "x.std(unbiased=False)", "x.std()", "x.std([0, 1])",
    "x.std(1, True, True)", "x.var([0], correction=0)", "x.var(0)", "x.var()", "torch.var(x, 1, keepdim=True)",
    "torch.std_mean(x, 0)", "torch.var_mean(x)", "torch.norm(x, p=2, dim=1)", "torch.norm(x)", "x.norm(1)",
    "torch.norm(x, dim=0)", "x.norm(p=1, dim=[0, 1])", "x.argmax()", "x.argmax(1)", "x.argmax(dim=0, keepdim=True)",
    "x.logsumexp(1)", "b.any()", "b.any(1)", "b.all()", "b.all(0)", "x.median()", "x.median(1)",
    "x.cumsum(0)", "x.cumsum(1, dtype=torch.float64)", "x.count_nonzero()", "x.count_nonzero(0)",
    # arithmetic with Tensor / Scalar overloads
    "torch.add(x, 1)", "torch.add(x, y)", "torch.add(x, y, alpha=2)", "x.add(1.5)", "x.sub(1)",
    "torch.sub(x, y, alpha=2)", "x.mul(y)", "x.mul(2)", "x.div(2)", "x.div(y, rounding_mode='floor')",
    "x.pow(2)", "x.pow(y)", "torch.pow(2, x)", "x.eq(y)", "x.eq(1)", "x.gt(0.5)", "x.ne(y)", "x.le(s)",
    "x.fmod(2)", "x.remainder(y)", "x.floor_divide(2)", "z.bitwise_and(3)", "x.clamp(0, 1)",
    "x.clamp(min=0.5)", "torch.clamp(x, y, y)", "x.clamp(max=s)", "torch.where(b, x, y)", "torch.where(b)",
    "torch.where(b, x, 0.0)", "x.masked_fill(b, 0.0)", "x.masked_fill(b, s)", "x.lerp(y, 0.5)", "x.lerp(y, s)",
    "x.round()", "x.round(decimals=1)", "torch.round(x, decimals=1)", "x.atan2(y)", "x.dist(y)",
    "torch.dist(x, y, 1)", "x.fill_(1)", "x.fill_(s)", "x.add_(y)", "x.add_(1)", "x.mul_(2)",
    "torch.add(x, y, out=o)", "torch.sum(x, 1, out=o)",
    # shapes
    "x.repeat(2, 3)", "x.repeat([2, 1])", "x.permute(1, 0)", "x.permute([1, 0])", "v.expand(2, -1)",
    "x.expand([2, 3])", "x.expand_as(y)", "x.reshape(-1)", "x.reshape(3, 2)", "x.reshape([6])",
    "x.flatten(0, 1)", "x.flatten()", "x.transpose(0, 1)", "x.t()", "torch.t(x)", "x.squeeze(0)",
    "x.squeeze()", "x.unsqueeze(-1)", "x.squeeze(-1)", "x.narrow(1, 0, 2)", "x.select(0, 1)", "x.roll(1)",
    "x.roll([1], [0])", "x.flip([0])", "x.flip(0)", "x.tile([2])", "x.movedim(0, 1)", "x.diag()",
    "torch.diag(v)", "x.triu()", "x.tril(1)", "x.unflatten(1, [3, 1])", "x.contiguous()", "x.clone()",
    # lists of tensors
    "torch.cat([x, x], 0)", "torch.cat((x, y))", "torch.cat([x, y], dim=1)", "torch.stack((x, x))",
    "torch.stack([x, y], 1)", "x.split(2)", "x.split([1, 2], 1)", "x.split(1, dim=0)", "torch.split(x, 1)",
    "x.split_with_sizes([1, 2], 1)", "x.chunk(2, 1)", "x.unbind(0)", "x.unbind()", "torch.meshgrid([v, v])",
    "torch.einsum('ij->ji', [x])", "torch.broadcast_tensors([x, v])",
    # indexing
    "x.index_select(0, i)", "x.index_select(1, i)", "torch.gather(x, 1, torch.zeros(2, 3, dtype=torch.long))",
    "x.masked_select(b)", "x.nonzero()", "torch.nonzero(x)", "x.topk(2)", "x.sort()", "x.sort(1, True)",
    "x.sort(descending=True)", "x.argsort()", "x.index_fill(1, i, 2.0)", "x.size()", "x.size(1)",
    "x.size(-1)", "x.dim()", "x.numel()",
    # factories
    "torch.zeros(2, 3)", "torch.zeros([2])", "torch.zeros((2, 3))", "torch.zeros(2, 3, dtype=torch.int64)",
    "torch.ones(3)", "torch.empty(0)", "x.new_zeros(2)", "x.new_zeros([2, 2])", "x.new_ones((1, 2))",
    "x.new_full([2], 1.0)", "x.new_empty([0])", "torch.full((2,), 3)", "torch.full([2, 2], 1.5)",
    "torch.full((2,), 3, dtype=torch.float32)", "torch.arange(5)", "torch.arange(1, 5)", "torch.arange(0, 5, 2)",
    "torch.arange(5.0)", "torch.arange(1, 4, dtype=torch.float32)", "torch.linspace(0, 1, 5)",
    "torch.tensor([1, 2])", "torch.tensor(1.5)", "torch.tensor([[1.0, 2.0]])", "torch.zeros_like(x)",
    "torch.ones_like(x, dtype=torch.int64)", "torch.full_like(x, 2)", "torch.eye(2)", "torch.eye(2, 3)",
    # products and activations
    "torch.mm(x, x.t())", "x.matmul(x.t())", "x @ y.t()", "x.softmax(0)",
    "torch.softmax(x, 1)", "torch.log_softmax(x, dim=1)", "torch.softmax(x, 1, torch.float64)",
    # properties
    "x.T", "x.H", "x.mT", "x.mH",
    "x.ndim", "x.shape", "x.real", "x.is_leaf",
    "x.dtype", "x.is_cpu", "x.device",
    # Python-number builtins that share names with tensor operators
    "abs(-n)", "abs(f)", "round(f)", "pow(n, 2)", "pow(f, 2)", "float(n)", "int(f)", "len([n])",
    "divmod(n, 3)",
]
