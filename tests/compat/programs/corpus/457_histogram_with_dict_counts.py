def fn(xs: List[float], width: float) -> Tuple[Dict[int, int], int, int]:
    hist: Dict[int, int] = {}
    for x in xs:
        b = int(math.floor(x / width))
        hist[b] = hist.get(b, 0) + 1
    most = -1
    most_n = 0
    for b, n in hist.items():
        if n > most_n or (n == most_n and b < most):
            most = b
            most_n = n
    return hist, most, most_n


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[0.1, 0.5, 1.2, -0.3, 1.9, 2.5, 1.1, -0.9], 1.0]
# EXPECT: "run"
