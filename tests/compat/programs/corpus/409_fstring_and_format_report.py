def fn(name: str, epoch: int, loss: float, acc: float) -> str:
    head = f"[{name}] epoch {str(epoch).zfill(3)}"
    body = "loss={} acc={}".format(loss, acc)
    parts = [head, body, f"ok={acc > 0.5}"]
    return " | ".join(parts)


# AREA: "strings"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: ["resnet", 7, 0.25, 0.875]
# EXPECT: "run"
