"""Cases for loop_unrolling and constant_loop_unrolling: constant and unknown trip counts, loops
that read their counter, nested loops, bodies too big to unroll, while loops (never unrolled)."""

_CONST = """
def fn(x: int):
    for i in range(3):
        x = x * 2
    return x
"""

_CONST_COUNTER = """
def fn(x: int):
    for i in range(5):
        x = x + i
    return x
"""

_DYNAMIC = """
def fn(x: int, n: int):
    for i in range(n):
        x = x * 3
    return x
"""

_DYNAMIC_COUNTER = """
def fn(x: int, n: int):
    for i in range(n):
        x = x + i * i
    return x
"""

_NESTED = """
def fn(x: int, n: int):
    for i in range(n):
        for j in range(2):
            x = x + j
    return x
"""

_WHILE = """
def fn(x: int):
    while x < 100:
        x = x * 2
    return x
"""

_BIG_BODY = """
def fn(x: int, n: int):
    for i in range(n):
        x = x + 1
        x = x * 2
        x = x - 3
        x = x + 4
        x = x * 5
        x = x - 6
        x = x + 7
        x = x * 8
        x = x - 9
        x = x + 10
        x = x * 11
        x = x - 12
        x = x + 13
        x = x * 14
        x = x - 15
        x = x + 16
        x = x * 17
        x = x - 18
        x = x + 19
        x = x * 20
        x = x - 21
        x = x + 22
        x = x * 23
        x = x - 24
        x = x + 25
        x = x * 26
        x = x - 27
        x = x + 28
        x = x * 29
        x = x - 30
        x = x + 31
        x = x * 32
        x = x - 33
    return x
"""

_MANY_TRIPS = """
def fn(x: int):
    for i in range(100):
        x = x + 1
    return x
"""

_TENSOR_BODY = """
def fn(x, n: int):
    for i in range(n):
        x = torch.relu(x) + 1.0
    return x
"""

_ZERO_TRIPS = """
def fn(x: int):
    for i in range(0):
        x = x + 1
    return x
"""

CASES = [
    ("const_trips", "loop_unrolling", _CONST),
    ("const_trips_counter", "loop_unrolling", _CONST_COUNTER),
    ("dynamic_trips", "loop_unrolling", _DYNAMIC),
    ("dynamic_trips_counter", "loop_unrolling", _DYNAMIC_COUNTER),
    ("nested", "loop_unrolling", _NESTED),
    ("while_loop", "loop_unrolling", _WHILE),
    ("big_body", "loop_unrolling", _BIG_BODY),
    ("many_trips", "loop_unrolling", _MANY_TRIPS),
    ("tensor_body", "loop_unrolling", _TENSOR_BODY),
    ("zero_trips", "loop_unrolling", _ZERO_TRIPS),
    ("const_trips_then_fold", "loop_unrolling,constant_propagation", _CONST_COUNTER),
    ("constant_only_const", "constant_loop_unrolling", _CONST_COUNTER),
    ("constant_only_dynamic", "constant_loop_unrolling", _DYNAMIC),
    ("constant_only_many_trips", "constant_loop_unrolling", _MANY_TRIPS),
    ("constant_only_big_body", "constant_loop_unrolling", _BIG_BODY.replace("range(n)", "range(3)")),
]
