def fn(x: float, y: float) -> List[float]:
    return [x // y, x % y, -x // y, -x % y, x // -y, math.fmod(-x, y), x ** 2, 2.0 ** -1, float(2 ** 10), y ** 0.5,
            divmod(x, y)[0], divmod(-x, y)[1]]


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [7.5, 2.0]
# EXPECT: "run"
