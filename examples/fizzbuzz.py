# A TorchScript program, compiled the way torch.jit.CompilationUnit compiles a string:
#   build/bin/ember run examples/fizzbuzz.py
#   build/bin/ember run examples/fizzbuzz.py --method count --repeat 100
# (List, Dict, Optional, ... need no import, as in torch.jit.CompilationUnit.)

def forward(n: int = 15) -> List[str]:
    out: List[str] = []
    for i in range(1, n + 1):
        if i % 15 == 0:
            out.append("FizzBuzz")
        elif i % 3 == 0:
            out.append("Fizz")
        elif i % 5 == 0:
            out.append("Buzz")
        else:
            out.append(str(i))
    return out


def count(n: int = 100000) -> int:
    hits = 0
    for i in range(n):
        if i % 3 == 0 or i % 5 == 0:
            hits += 1
    return hits
