def fn(losses: List[float]) -> float:
    best = math.inf
    for step, l in enumerate(losses):
        if l < best:
            best = l
            print("step", step, "new best", l)
        else:
            print(f"step {step}: {l} (best {best})")
    print("done", [x * 2 for x in losses][:2], {"best": best})
    return best


# AREA: "builtins"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [[0.9, 0.5, 0.7, 0.25]]
# EXPECT: "run"
