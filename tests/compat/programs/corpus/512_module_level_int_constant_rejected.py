EPS = 1e-6
MAX_LEN = 4
PAD = "<pad>"
SIZES = (2, 3)


def fn(xs: List[str], v: float) -> Tuple[List[str], float, int]:
    out = xs[:MAX_LEN]
    while len(out) < MAX_LEN:
        out.append(PAD)
    return out, v / (v + EPS), SIZES[0] * SIZES[1]


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [["a", "b"], 2.0]
# EXPECT: "compile_error"
# MATCH: "cannot be used as a value"
