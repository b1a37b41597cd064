def fn(x: float) -> str:
    return "loss %.2f" % x


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [0.123]
# EXPECT: "runtime_error"
# MATCH: "is not supported in TorchScript format strings"
