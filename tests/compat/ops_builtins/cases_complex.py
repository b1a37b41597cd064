"""Python complex numbers."""

Z = [complex(1, 2), complex(-0.5, 0), complex(0, -3), complex(2.5, 1.5)]


def cases(c):
    for a in Z:
        for b in Z:
            for name in ["add", "sub", "mul", "div", "pow", "eq", "ne"]:
                c.op(f"aten::{name}.complex", a, b)
            c.op("aten::log.complex_complex", a, b)
        for x in [2, -1]:
            for name in ["add", "sub", "mul", "log"]:
                c.op(f"aten::{name}.complex_int", a, x)
                c.op(f"aten::{name}.int_complex", x, a)
        for y in [0.5, -2.0]:
            for name in ["add", "sub", "mul", "pow", "eq", "ne", "log"]:
                c.op(f"aten::{name}.complex_float", a, y)
                c.op(f"aten::{name}.float_complex", y, a)
        for fn in ["sqrt", "exp", "log", "log10", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
                   "asinh", "acosh", "atanh", "neg", "angle", "isnan", "isinf", "isfinite"]:
            c.op(f"aten::{fn}.complex", a)
        c.op("prim::abs.complex", a)
    c.op("aten::isnan.complex", complex(float("nan"), 0))
    c.op("aten::isinf.complex", complex(0, float("inf")))
    for x, y in [(1, 2), (0.5, -1.5), (True, False)]:
        kx = "bool" if isinstance(x, bool) else "int" if isinstance(x, int) else "float"
        ky = "bool" if isinstance(y, bool) else "int" if isinstance(y, int) else "float"
        c.op(f"aten::Complex.{kx}_{ky}", x, y)
    c.op("aten::Complex.int_float", 3, 0.25)
    c.op("aten::Complex.float_bool", 1.5, True)
    c.op("aten::Complex.Scalar", 2.5)
    for a, b in [(2.0, 0.5), (1.0, 3.141592653589793)]:
        c.op("aten::polar.float", a, b)
    c.op("aten::polar.int", 2, 1)
    c.op("aten::sum.complex", [complex(1, 2), complex(3, -1)])
