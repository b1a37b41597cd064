"""Utilities for a toy tokenizer; module-level settings are read by Python code only."""
DEFAULT_MAX_LEN = 16
SPECIALS = ["<s>", "</s>"]
CONFIG = {"lower": True}


def normalize(s: str) -> str:
    return " ".join(s.lower().split())


def fn(s: str) -> Tuple[str, int]:
    t = normalize(s)
    return t, len(t.split(" "))


if __name__ == "__main__":
    print(fn("A  b"))


# AREA: "statements"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: ["  Hello   World  FOO "]
# EXPECT: "run"
