def stats(xs: List[float]) -> Tuple[float, Tuple[float, float]]:
    lo = min(xs)
    hi = max(xs)
    return sum(xs) / len(xs), (lo, hi)


def fn(xs: List[float]) -> Tuple[float, float, float, int]:
    mean, (lo, hi) = stats(xs)
    a, b = hi, lo
    a, b = b, a
    (c, d), e = (1, 2), 3
    return mean, a, b, c + d + e


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[4.0, -2.0, 7.0, 1.0]]
# EXPECT: "run"
