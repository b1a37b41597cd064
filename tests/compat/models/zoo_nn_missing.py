"""Modules whose scripted code, saved by PyTorch, calls the NN aten operators F.* inlines
(aten::grid_sampler, aten::im2col / col2im, aten::kl_div, aten::affine_grid_generator,
aten::ctc_loss, ...): archives that failed to load before those operators were bound (issue 15)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class WarpUnfoldKl(nn.Module):
    """An affine warp sampled with grid_sample, its sliding blocks (unfold / fold), and the KL
    divergence of the block distributions against a target."""

    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(3 * 2 * 2, 5)

    def forward(self, x: torch.Tensor, theta: torch.Tensor, target: torch.Tensor):
        grid = F.affine_grid(theta, [x.size(0), x.size(1), 6, 7], align_corners=False)
        warped = F.grid_sample(x, grid, mode="bilinear", padding_mode="reflection", align_corners=False)
        nearest = F.grid_sample(x, grid, mode="nearest", padding_mode="zeros", align_corners=True)
        blocks = F.unfold(warped + nearest, kernel_size=2, stride=1)
        folded = F.fold(blocks, output_size=[6, 7], kernel_size=2)
        logp = F.log_softmax(self.proj(blocks.transpose(1, 2)), dim=-1)
        kl = F.kl_div(logp, target, reduction="batchmean")
        return warped, folded, kl


class Losses(nn.Module):
    def forward(self, a: torch.Tensor, b: torch.Tensor, sign: torch.Tensor, labels: torch.Tensor):
        return (F.margin_ranking_loss(a[:, 0], b[:, 0], sign, margin=0.2),
                F.cosine_embedding_loss(a, b, sign, margin=0.1),
                F.triplet_margin_loss(a, b, b.flip(0)),
                F.multi_margin_loss(a, labels),
                F.soft_margin_loss(a, sign.unsqueeze(1).expand_as(a)))


class Ctc(nn.Module):
    def forward(self, logits: torch.Tensor, targets: torch.Tensor, in_lens: torch.Tensor, tg_lens: torch.Tensor):
        return F.ctc_loss(logits.log_softmax(2), targets, in_lens, tg_lens, blank=0, zero_infinity=True)


def cases(zoo):
    g = torch.Generator().manual_seed(15)
    x = torch.randn(2, 3, 5, 6, generator=g)
    theta = torch.tensor([[[0.9, 0.2, 0.1], [-0.1, 1.1, 0.0]], [[1.2, 0.0, -0.3], [0.3, 0.8, 0.2]]])
    target = torch.softmax(torch.randn(2, 30, 5, generator=g), dim=-1)
    zoo.add("nn_missing_warp_unfold_kl", torch.jit.script(WarpUnfoldKl().eval()), (x, theta, target),
            group="nn_missing")
    a, b = torch.randn(4, 5, generator=g), torch.randn(4, 5, generator=g)
    sign = torch.tensor([1.0, -1.0, -1.0, 1.0])
    zoo.add("nn_missing_losses", torch.jit.script(Losses()), (a, b, sign, torch.tensor([0, 4, 2, 1])),
            group="nn_missing")
    logits = torch.randn(8, 2, 6, generator=g)
    zoo.add("nn_missing_ctc", torch.jit.script(Ctc()),
            (logits, torch.tensor([[1, 2, 2], [5, 3, 0]]), torch.tensor([8, 7]), torch.tensor([3, 2])),
            group="nn_missing")
