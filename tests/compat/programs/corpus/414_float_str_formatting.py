def fn(x: float) -> List[str]:
    return [str(x), str(1.0), str(0.1), str(1e20), str(1.5e-7), str(float(3)), str(x * 1e16),
            str(2.0 / 3.0), str(-0.0), str(123456789.0), str(1e16), str(100.0)]


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [2.5]
# EXPECT: "run"
