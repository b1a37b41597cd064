"""Loads a TorchScript archive saved by torch.jit.save, inspects it and runs it on the input
saved next to it, with both ember and PyTorch.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/load_archive.py \
        examples/small_model.pt examples/small_input.pt
"""
import sys

import torch

import ember


def main():
    archive, inputs = sys.argv[1], sys.argv[2]
    model = ember.jit.load(archive)
    print("parameters:")
    for name, p in model.named_parameters():
        print(f"  {name}: {tuple(p.shape)} {p.dtype}")
    print("forward:")
    print(model.code)

    args = torch.load(inputs)
    ours = model(*args)                   # torch tensors in -> torch tensors out
    theirs = torch.jit.load(archive)(*args)
    print("ember:  ", ours)
    print("PyTorch:", theirs)
    print("same:", torch.allclose(ours, theirs, atol=1e-6))


if __name__ == "__main__":
    main()
