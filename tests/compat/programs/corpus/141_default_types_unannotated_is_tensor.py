def fn(x):
    return x * 2


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2], "data": [1, 2]}}]
# EXPECT: "run"
