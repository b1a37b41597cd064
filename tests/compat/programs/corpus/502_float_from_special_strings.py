def fn(a: str, b: str, c: str) -> Tuple[float, bool, bool, float, int]:
    x = float(a)
    y = float(b)
    z = float(c)
    return x, math.isinf(y), math.isnan(z), -y, int("-12")


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["1e3", "inf", "nan"]
# EXPECT: "run"
