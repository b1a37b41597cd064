"""Scripts a torchvision model with ember, checks its output against eager PyTorch and
torch.jit.script, and compares the time per call.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/script_torchvision.py [resnet18]
"""
import sys
import time

import torch
import torchvision

import ember


def seconds_per_call(fn, x, rounds=10):
    fn(x)  # warm-up: the first calls profile and specialise
    fn(x)
    start = time.perf_counter()
    for _ in range(rounds):
        fn(x)
    return (time.perf_counter() - start) / rounds


def main():
    name = sys.argv[1] if len(sys.argv) > 1 else "resnet18"
    torch.manual_seed(0)
    model = getattr(torchvision.models, name)(weights=None).eval()
    x = torch.randn(1, 3, 224, 224)

    ours = ember.jit.script(model)        # shares the weights with `model`, no copies
    theirs = torch.jit.script(model)
    with torch.no_grad():
        expected = model(x)
        reference = theirs(x)
    got = ours(x)                          # torch.Tensor in, torch.Tensor out
    print(f"{name}: max |ember - eager| = {(got - expected).abs().max().item():.3g}, "
          f"max |torch.jit - eager| = {(reference - expected).abs().max().item():.3g}")

    with torch.no_grad():
        t_ember = seconds_per_call(ours, x)
        t_torch = seconds_per_call(theirs, x)
    print(f"ember {t_ember * 1e3:.2f} ms/call, torch.jit {t_torch * 1e3:.2f} ms/call, "
          f"ratio {t_torch / t_ember:.2f}x")


if __name__ == "__main__":
    main()
