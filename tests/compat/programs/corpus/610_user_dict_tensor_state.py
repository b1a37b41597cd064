def fn():
    state: Dict[str, Tensor] = {}
    state["w"] = torch.ones(3, dtype=torch.float64)
    state["b"] = torch.zeros(3, dtype=torch.float64)
    grads: Dict[str, Tensor] = {"w": torch.tensor([0.1, -0.2, 0.3], dtype=torch.float64), "b": torch.tensor([1.0, 1.0, 1.0], dtype=torch.float64)}
    mom: Dict[str, Tensor] = {}
    for step in range(3):
        for name in sorted(state.keys()):
            g = grads[name]
            if name not in mom:
                mom[name] = g.clone()
            else:
                mom[name] = mom[name] * 0.9 + g
            state[name] = state[name] - 0.1 * mom[name]
    keys = list(state.keys())
    total = torch.stack([state[k] for k in sorted(keys)]).sum()
    summary = {"n": float(total)}
    return state, mom["w"], total, summary, len(keys)


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
