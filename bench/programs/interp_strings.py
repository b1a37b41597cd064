def inputs() -> Tuple[int]:
    return (5000,)


def forward(n: int) -> int:
    parts: List[str] = []
    for i in range(n):
        parts.append("item{}".format(i % 100))
    text = ",".join(parts)
    return len(text.split(",")) + len(text.upper().replace("ITEM", "x"))
