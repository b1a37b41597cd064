def fn(s: str) -> List[bool]:
    return [s.startswith("torch"), s.endswith("script"), s.startswith("x"), s.endswith("torch")]


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["torchscript"]
# EXPECT: "run"
