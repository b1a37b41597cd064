"""Compares what ember's installed consumer wrote with PyTorch's result for the same archive and
inputs: python compare_outputs.py MODEL INPUTS EMBER_OUTPUT (exit 1 with a message on mismatch)."""
import sys

import torch


def main():
    model_path, inputs_path, output_path = sys.argv[1:4]
    model = torch.jit.load(model_path)
    inputs = torch.load(inputs_path)
    if not isinstance(inputs, tuple):
        inputs = (inputs,)
    expected = model(*inputs)
    actual = torch.load(output_path)
    try:
        torch.testing.assert_close(actual, expected)
    except AssertionError as e:
        print(f"ember's output differs from PyTorch's:\n{e}")
        sys.exit(1)


if __name__ == "__main__":
    main()
