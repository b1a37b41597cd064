"""Differential cases for the indexing family: Python-style t[...] / t[...] = v, aten::index,
index_put_, index_select, gather, scatter(_add), index_add, index_fill, masked_*, nonzero, take.

Python-style indices are passed to the adapter as a JSON list, one entry per index element:
{"int": 1}, {"slice": [start, stop, step]} (null parts are None; [] is ":"), {"none": true},
{"ellipsis": true}, {"bool": true} and {"tensor": k} (inputs[k]).
"""
import torch

DTYPES = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
          torch.float16, torch.bfloat16, torch.float32, torch.float64]
NUMERIC = DTYPES[1:]


def dname(dt):
    return str(dt).replace("torch.", "")


def values(shape, dt):
    """Small exact values of dtype dt (sums stay exact in every float type)."""
    if dt == torch.bool:
        return torch.randint(0, 2, shape).bool()
    lo = 0 if dt == torch.uint8 else -8
    return torch.randint(lo, 9, shape).to(dt)


def py_index(spec, inputs):
    out = []
    for e in spec:
        if "int" in e:
            out.append(e["int"])
        elif "slice" in e:
            out.append(slice(*e["slice"]) if e["slice"] else slice(None))
        elif "none" in e:
            out.append(None)
        elif "ellipsis" in e:
            out.append(Ellipsis)
        elif "bool" in e:
            out.append(e["bool"])
        else:
            out.append(inputs[e["tensor"]])
    return tuple(out)


def L(*v):
    return torch.tensor(v, dtype=torch.long)


def getitem(c, name, inputs, spec, **kw):
    c.add(f"indexing.getitem.{name}", "getitem", inputs, lambda *ins: ins[0][py_index(spec, ins)],
          args={"index": spec}, **kw)


def setitem(c, name, inputs, spec, value=None, value_input=None, **kw):
    args = {"index": spec}
    if value_input is not None:
        args["value_input"] = value_input
    else:
        args["value"] = value

    def fn(*ins):
        v = ins[value_input] if value_input is not None else value
        ins[0][py_index(spec, ins)] = v
        return ins[0]
    c.add(f"indexing.setitem.{name}", "setitem", inputs, fn, args=args, **kw)


def getitem_cases(c):
    t = torch.randn(4, 5, 6)
    basic = {
        "int": [{"int": 1}], "neg_int": [{"int": -1}, {"int": -2}],
        "slice": [{"slice": [1, None, None]}], "slice_step": [{"slice": [None, None, 2]}, {"slice": [-4, 5, 3]}],
        "slice_clamped": [{"slice": [-100, 100, None]}], "slice_empty": [{"slice": [3, 1, None]}],
        "none": [{"none": True}, {"int": 0}, {"none": True}], "ellipsis": [{"ellipsis": True}, {"int": 2}],
        "ellipsis_none": [{"none": True}, {"ellipsis": True}, {"none": True}],
        "bool_true": [{"bool": True}], "bool_false": [{"bool": False}, {"int": 0}],
        "mixed": [{"int": 1}, {"slice": [None, 3, None]}, {"none": True}, {"slice": [1, None, 2]}],
        "ellipsis_only": [{"ellipsis": True}],
    }
    for name, spec in basic.items():
        getitem(c, name, [t], spec, check_strides=True)
    for name, spec in {"int": [{"int": 4}], "neg_int": [{"slice": []}, {"int": -6}],
                       "too_many": [{"int": 0}, {"int": 0}, {"int": 0}, {"int": 0}],
                       "step0": [{"slice": [None, None, 0]}], "neg_step": [{"slice": [None, None, -1]}],
                       "after_none": [{"none": True}, {"int": 7}], "after_ellipsis": [{"ellipsis": True}, {"int": 9}]}.items():
        getitem(c, f"error_{name}", [t], spec)
    getitem(c, "error_zero_dim", [torch.tensor(1.0)], [{"int": 0}])
    getitem(c, "zero_dim_ellipsis", [torch.tensor(1.0)], [{"ellipsis": True}, {"none": True}])
    getitem(c, "noncontig_int", [t.transpose(0, 2)], [{"int": 1}, {"slice": [None, None, 2]}], check_strides=True)

    # Advanced indexing: placement, broadcasting, masks, dtypes of values and indices.
    for dt in DTYPES:
        x = values((3, 4, 5), dt)
        getitem(c, f"adv_{dname(dt)}", [x, L(2, 0, -1, 0)], [{"slice": []}, {"tensor": 1}])
        getitem(c, f"adv_pair_{dname(dt)}", [x, L(0, 2), L(-1, 3)], [{"tensor": 1}, {"tensor": 2}])
    x = torch.randn(3, 4, 5, 6)
    i, j = L(0, 2), torch.tensor([[1], [-1]])
    getitem(c, "adjacent_middle", [x, i, j], [{"slice": []}, {"tensor": 1}, {"tensor": 2}])
    getitem(c, "nonadjacent", [x, i, j], [{"tensor": 1}, {"slice": []}, {"tensor": 2}])
    getitem(c, "nonadjacent_slices", [x, i, j], [{"slice": []}, {"tensor": 1}, {"slice": [1, None, None]}, {"tensor": 2}])
    getitem(c, "int_between", [x, i, j], [{"slice": []}, {"tensor": 1}, {"int": 1}, {"tensor": 2}])
    getitem(c, "int_before", [x, i], [{"int": 2}, {"slice": []}, {"tensor": 1}])
    getitem(c, "none_between", [x, i, i], [{"tensor": 1}, {"none": True}, {"tensor": 2}])
    getitem(c, "ellipsis_tensor", [x, j], [{"ellipsis": True}, {"tensor": 1}])
    getitem(c, "tensor_2d", [x, torch.tensor([[0, 1], [2, 0]])], [{"tensor": 1}])
    getitem(c, "duplicates", [x, L(1, 1, 1)], [{"slice": []}, {"tensor": 1}])
    getitem(c, "noncontig_self", [x.permute(3, 1, 0, 2)[:, ::2], i], [{"slice": []}, {"slice": []}, {"tensor": 1}])
    getitem(c, "noncontig_index", [x, torch.tensor([[0, 1, 2], [2, 1, 0]]).t(), L(0, 1, 2, 3)[::2]],
            [{"tensor": 1}, {"tensor": 2}])
    getitem(c, "expanded_index", [x, L(1).expand(3)], [{"slice": []}, {"tensor": 1}])
    getitem(c, "zero_dim_long", [x, torch.tensor(-1)], [{"slice": []}, {"tensor": 1}], check_strides=True)
    getitem(c, "zero_dim_int32", [x, torch.tensor(2, dtype=torch.int32)], [{"tensor": 1}])
    getitem(c, "empty_index", [x, L()], [{"slice": []}, {"tensor": 1}])
    getitem(c, "zero_size_self", [torch.randn(0, 3), L()], [{"tensor": 1}])
    getitem(c, "zero_size_other_dim", [torch.randn(0, 3), L(2, 0)], [{"slice": []}, {"tensor": 1}])
    # PyTorch only bounds-checks indices when the result has elements.
    getitem(c, "empty_result_unchecked", [torch.randn(2, 0), L(5)], [{"tensor": 1}])
    getitem(c, "empty_result_unchecked_2", [torch.randn(2, 3, 0), L(3, 1), L(-1)], [{"slice": [5, None]}, {"tensor": 1}])
    getitem(c, "error_size0_empty_result", [torch.randn(0, 0), L(0)], [{"tensor": 1}])
    getitem(c, "zero_dim_self_bool", [torch.tensor(5.0), torch.tensor(True)], [{"tensor": 1}])
    getitem(c, "zero_dim_self_false", [torch.tensor(5.0), torch.tensor(False)], [{"tensor": 1}])
    getitem(c, "bool_with_tensor", [x, i], [{"bool": True}, {"tensor": 1}])
    # Masks: bool and (deprecated) uint8, full and partial, 0-dim.
    m = torch.rand(3, 4) > 0.5
    getitem(c, "mask_2d", [x, m], [{"tensor": 1}])
    getitem(c, "mask_2d_uint8", [x, m.to(torch.uint8)], [{"tensor": 1}])
    getitem(c, "mask_middle", [x, torch.tensor([True, False, True, True])], [{"slice": []}, {"tensor": 1}])
    getitem(c, "mask_full", [x, x > 0], [{"tensor": 1}])
    getitem(c, "mask_noncontig", [x, (torch.rand(4, 3) > 0.3).t()], [{"tensor": 1}])
    getitem(c, "mask_all_false", [x, torch.zeros(3, dtype=torch.bool)], [{"tensor": 1}])
    getitem(c, "mask_and_index", [x, torch.tensor([True, False, True]), L(3, 0)], [{"tensor": 1}, {"tensor": 2}])
    # Errors.
    getitem(c, "error_oob", [x, L(0, 3)], [{"tensor": 1}])
    getitem(c, "error_oob_neg", [x, L(-7)], [{"slice": []}, {"slice": []}, {"slice": []}, {"tensor": 1}])
    getitem(c, "error_oob_second", [x, L(0), L(4)], [{"tensor": 1}, {"tensor": 2}])
    getitem(c, "error_broadcast", [x, L(0, 1), L(0, 1, 2)], [{"tensor": 1}, {"tensor": 2}])
    getitem(c, "error_int32_index", [x, torch.tensor([0], dtype=torch.int32)], [{"tensor": 1}])
    getitem(c, "error_float_index", [x, torch.tensor([0.0])], [{"tensor": 1}])
    getitem(c, "error_mask_shape", [x, torch.ones(3, 5, dtype=torch.bool)], [{"tensor": 1}])
    getitem(c, "error_size0", [torch.randn(0, 3), L(0)], [{"tensor": 1}])
    getitem(c, "error_mask_then_int", [torch.randn(2, 3, 4), torch.ones(2, 3, dtype=torch.bool)],
            [{"tensor": 1}, {"int": 0}])


def setitem_cases(c):
    for dt in DTYPES:
        v = True if dt == torch.bool else 3
        setitem(c, f"basic_scalar_{dname(dt)}", [values((3, 4), dt)], [{"slice": []}, {"int": 1}], value=v)
        setitem(c, f"adv_scalar_{dname(dt)}", [values((3, 4), dt), L(0, 2, -1)], [{"tensor": 1}], value=v)
        setitem(c, f"adv_tensor_{dname(dt)}", [values((3, 4), dt), L(2, 0), values((2, 4), dt)],
                [{"tensor": 1}], value_input=2)
        setitem(c, f"mask_{dname(dt)}", [values((3, 4), dt), torch.rand(3, 4) > 0.5], [{"tensor": 1}], value=v)
    x = torch.zeros(3, 4)
    setitem(c, "basic_cast", [x.clone(), torch.arange(4)], [{"int": 1}], value_input=1)
    setitem(c, "basic_broadcast", [x.clone(), torch.arange(3.0).view(3, 1)], [{"slice": []}, {"slice": [1, 3]}],
            value_input=1)
    setitem(c, "basic_leading_ones", [x.clone(), torch.arange(4.0).view(1, 1, 4)], [{"int": 0}], value_input=1)
    setitem(c, "basic_float_into_int", [torch.zeros(4, dtype=torch.int32)], [{"slice": [None, None, 2]}], value=2.7)
    setitem(c, "noncontig_target", [torch.zeros(4, 5).t()], [{"slice": [1, None]}, {"int": 0}], value=1.5)
    setitem(c, "adv_leading_ones", [x.clone(), L(0, 2), torch.tensor([[[5.0, 6.0, 7.0, 8.0]]])], [{"tensor": 1}],
            value_input=2)
    setitem(c, "adv_duplicates_last_wins", [torch.zeros(5), L(1, 1, 3), torch.tensor([1.0, 2.0, 3.0])],
            [{"tensor": 1}], value_input=2)
    setitem(c, "adv_noncontig_self", [torch.zeros(4, 6)[:, ::2], L(2, 0)], [{"slice": []}, {"tensor": 1}], value=9.0)
    setitem(c, "adv_two_indices", [x.clone(), L(0, 2), L(3, 1)], [{"tensor": 1}, {"tensor": 2}], value=-1.0)
    setitem(c, "zero_size", [x.clone(), L()], [{"tensor": 1}], value=1.0)
    setitem(c, "error_dtype_mismatch", [x.clone(), L(0), torch.tensor([1, 2, 3, 4])], [{"tensor": 1}], value_input=2)
    setitem(c, "error_value_shape", [x.clone(), L(0, 1), torch.ones(3)], [{"tensor": 1}], value_input=2)
    setitem(c, "error_basic_shape", [x.clone(), torch.ones(3)], [{"int": 0}], value_input=1)
    setitem(c, "error_oob", [x.clone()], [{"int": 3}], value=1.0)


def aten_index_cases(c):
    x = torch.randn(3, 4, 5)
    for name, ins, idx in [("none_first", [x, L(1, 0)], [None, 1]), ("pair", [x, L(1, 0), L(3, 3)], [1, 2]),
                           ("nonadjacent", [x, L(1, 0), L(3, 3)], [1, None, 2]),
                           ("mask", [x, torch.rand(3, 4) > 0.5], [1]),
                           ("error_too_many", [x, L(0)], [1, 1, 1, 1]),
                           ("error_oob", [x, L(0, 9)], [None, None, 1])]:
        c.add(f"indexing.index.{name}", "index", ins,
              lambda *t, idx=idx: torch.ops.aten.index(t[0], [t[k] if k is not None else None for k in idx]),
              args={"indices": idx})
    # Accumulate sums duplicates; without accumulate only duplicate-free lists (the winner is unspecified).
    for dt in DTYPES:
        y, vals = values((4, 3), dt), values((5, 3), dt)
        c.add(f"indexing.index_put_.acc_{dname(dt)}", "index_put_", [y, L(0, 2, 0, -1, 2), vals],
              lambda y, i, v: y.index_put_((i,), v, accumulate=True), args={"indices": [1], "values": 2,
                                                                         "accumulate": True})
        c.add(f"indexing.index_put_.set_{dname(dt)}", "index_put_", [values((4, 3), dt), L(3, 0, 1), values((3, 3), dt)],
              lambda y, i, v: y.index_put_((i,), v), args={"indices": [1], "values": 2})
    y = torch.zeros(4, 5)
    c.add("indexing.index_put_.broadcast_value", "index_put_", [y.clone(), L(1, 3), torch.tensor([1.0, 2, 3, 4, 5])],
          lambda y, i, v: y.index_put_((i,), v), args={"indices": [1], "values": 2})
    c.add("indexing.index_put_.second_dim_acc", "index_put_", [y.clone(), L(1, 1, 4), torch.tensor(1.5)],
          lambda y, i, v: torch.ops.aten.index_put_(y, [None, i], v, True),
          args={"indices": [None, 1], "values": 2, "accumulate": True})
    c.add("indexing.index_put_.mask", "index_put_", [y.clone(), torch.rand(4, 5) > 0.5, torch.tensor(7.0)],
          lambda y, m, v: y.index_put_((m,), v), args={"indices": [1], "values": 2})
    c.add("indexing.index_put_.noncontig_self", "index_put_", [torch.zeros(5, 4).t(), L(0, 3).expand(2, 2).t(),
                                                               torch.tensor(2.0)],
          lambda y, i, v: y.index_put_((i,), v, accumulate=True),
          args={"indices": [1], "values": 2, "accumulate": True})
    c.add("indexing.index_put_.int8_overflow", "index_put_",
          [torch.zeros(3, dtype=torch.int8), L(1, 1), torch.tensor(100, dtype=torch.int8)],
          lambda y, i, v: y.index_put_((i,), v, accumulate=True), args={"indices": [1], "values": 2, "accumulate": True})
    c.add("indexing.index_put_.empty_result_unchecked", "index_put_", [torch.zeros(2, 0), L(5), torch.tensor(1.0)],
          lambda y, i, v: y.index_put_((i,), v, accumulate=True), args={"indices": [1], "values": 2, "accumulate": True})
    c.add("indexing.index_put_.error_oob", "index_put_", [y.clone(), L(4), torch.tensor(1.0)],
          lambda y, i, v: y.index_put_((i,), v), args={"indices": [1], "values": 2})
    c.add("indexing.index_put_.error_oob_acc", "index_put_", [y.clone(), L(-5, 9), torch.tensor(1.0)],
          lambda y, i, v: y.index_put_((i,), v, accumulate=True), args={"indices": [1], "values": 2, "accumulate": True})
    c.add("indexing.index_put_.error_dtype", "index_put_", [y.clone(), L(0), torch.tensor(1)],
          lambda y, i, v: y.index_put_((i,), v), args={"indices": [1], "values": 2})
    c.add("indexing.index_put_.error_shape", "index_put_", [y.clone(), L(0, 1), torch.ones(3)],
          lambda y, i, v: y.index_put_((i,), v), args={"indices": [1], "values": 2})
    c.add("indexing.index_put.out_of_place", "index_put", [y, L(0, 0), torch.tensor([1.0, 2.0])],
          lambda y, i, v: torch.ops.aten.index_put(y, [None, i], v, True),
          args={"indices": [None, 1], "values": 2, "accumulate": True})


def dim_cases(c):
    for dt in DTYPES:
        x = values((4, 5), dt)
        c.add(f"indexing.index_select.dt_{dname(dt)}", "index_select", [x, L(4, 0, 0, 2)],
              lambda x, i: x.index_select(1, i), args={"dim": 1})
        c.add(f"indexing.gather.dt_{dname(dt)}", "gather", [x, torch.randint(0, 5, (3, 7))],
              lambda x, i: x.gather(1, i), args={"dim": 1})
        c.add(f"indexing.take.dt_{dname(dt)}", "take", [x.t(), L(0, -1, 7, 19)], lambda x, i: x.take(i))
        c.add(f"indexing.scatter.src_{dname(dt)}", "scatter", [x, torch.randint(0, 4, (2, 5)), values((3, 5), dt)],
              lambda x, i, s: x.scatter(0, i, s), args={"dim": 0})
        v = True if dt == torch.bool else 2
        c.add(f"indexing.scatter.value_{dname(dt)}", "scatter", [x, torch.randint(0, 5, (4, 2))],
              lambda x, i, v=v: x.scatter(1, i, v), args={"dim": 1, "value": v})
        c.add(f"indexing.scatter_add.dt_{dname(dt)}", "scatter_add", [x, torch.randint(0, 4, (6, 5)), values((6, 5), dt)],
              lambda x, i, s: x.scatter_add(0, i, s), args={"dim": 0})
        for red in ("add", "multiply"):
            c.add(f"indexing.scatter.reduce_{red}_{dname(dt)}", "scatter", [x, torch.randint(0, 5, (4, 6)), values((4, 6), dt)],
                  lambda x, i, s, red=red: x.scatter(1, i, s, reduce=red), args={"dim": 1, "reduce": red})
            c.add(f"indexing.scatter.value_reduce_{red}_{dname(dt)}", "scatter", [x, torch.randint(0, 4, (3, 5))],
                  lambda x, i, red=red, v=v: x.scatter(0, i, v, reduce=red), args={"dim": 0, "value": v, "reduce": red})
        if dt != torch.bool:
            c.add(f"indexing.index_add.dt_{dname(dt)}", "index_add", [x, L(1, 1, 3), values((4, 3), dt)],
                  lambda x, i, s: x.index_add(1, i, s), args={"dim": 1})
        c.add(f"indexing.index_fill.dt_{dname(dt)}", "index_fill", [x, L(3, -1)],
              lambda x, i, v=v: x.index_fill(0, i, v), args={"dim": 0, "value": v})
        c.add(f"indexing.masked_fill.dt_{dname(dt)}", "masked_fill", [x, torch.rand(5) > 0.5],
              lambda x, m, v=v: x.masked_fill(m, v), args={"value": v})
        c.add(f"indexing.masked_select.dt_{dname(dt)}", "masked_select", [x, torch.rand(4, 1) > 0.5],
              lambda x, m: x.masked_select(m))
        c.add(f"indexing.nonzero.dt_{dname(dt)}", "nonzero", [values((3, 4), dt)], lambda x: x.nonzero())
    x = torch.randn(4, 5)
    # index_select: int32 index, 0-dim, out=, non-contiguous, errors (PyTorch does not wrap negatives).
    c.add("indexing.index_select.int32", "index_select", [x, torch.tensor([3, 1], dtype=torch.int32)],
          lambda x, i: x.index_select(0, i), args={"dim": 0})
    c.add("indexing.index_select.zero_dim_index", "index_select", [x, torch.tensor(2)],
          lambda x, i: x.index_select(1, i), args={"dim": 1})
    c.add("indexing.index_select.zero_dim_self", "index_select", [torch.tensor(3.5), L(0)],
          lambda x, i: x.index_select(0, i), args={"dim": 0})
    c.add("indexing.index_select.noncontig", "index_select", [x.t()[::2], L(0, 0, 3)[::2]],
          lambda x, i: x.index_select(-1, i), args={"dim": -1})
    c.add("indexing.index_select.empty", "index_select", [x, L()], lambda x, i: x.index_select(0, i), args={"dim": 0})
    c.add("indexing.index_select_out.basic", "index_select_out", [x, L(1, 2), torch.empty(0)],
          lambda x, i, o: torch.index_select(x, 1, i, out=o), args={"dim": 1})
    c.add("indexing.index_select.error_oob_dim0", "index_select", [x, L(4)], lambda x, i: x.index_select(0, i),
          args={"dim": 0})
    c.add("indexing.index_select.error_oob_dim1", "index_select", [x, L(-1)], lambda x, i: x.index_select(1, i),
          args={"dim": 1})
    c.add("indexing.index_select.error_2d_index", "index_select", [x, L(1).view(1, 1)],
          lambda x, i: x.index_select(0, i), args={"dim": 0})
    c.add("indexing.index_select.error_float_index", "index_select", [x, torch.tensor([1.0])],
          lambda x, i: x.index_select(0, i), args={"dim": 0})
    # gather
    c.add("indexing.gather.noncontig", "gather", [x.t(), torch.randint(0, 4, (7, 5)).t()[:, ::2]],
          lambda x, i: x.gather(1, i), args={"dim": 1})
    c.add("indexing.gather.zero_dim", "gather", [torch.tensor(2.0), torch.tensor(0)], lambda x, i: x.gather(0, i),
          args={"dim": 0})
    c.add("indexing.gather.empty", "gather", [x, torch.zeros(0, 3, dtype=torch.long)], lambda x, i: x.gather(1, i),
          args={"dim": 1})
    c.add("indexing.gather.neg_dim", "gather", [torch.randn(2, 3, 4), torch.randint(0, 4, (2, 2, 6))],
          lambda x, i: x.gather(-1, i), args={"dim": -1})
    c.add("indexing.gather.error_oob", "gather", [x, L(5).view(1, 1)], lambda x, i: x.gather(1, i), args={"dim": 1})
    c.add("indexing.gather.error_neg", "gather", [x, L(-1).view(1, 1)], lambda x, i: x.gather(1, i), args={"dim": 1})
    c.add("indexing.gather.error_int32", "gather", [x, L(0).view(1, 1).int()], lambda x, i: x.gather(1, i),
          args={"dim": 1})
    c.add("indexing.gather.error_ndim", "gather", [x, L(0)], lambda x, i: x.gather(1, i), args={"dim": 1})
    c.add("indexing.gather.error_size", "gather", [x, torch.zeros(5, 1, dtype=torch.long)], lambda x, i: x.gather(1, i),
          args={"dim": 1})
    # take
    c.add("indexing.take.2d_index", "take", [x, torch.tensor([[0, 19], [-20, 5]])], lambda x, i: x.take(i))
    c.add("indexing.take.zero_dim", "take", [torch.tensor(4.0), torch.tensor(0)], lambda x, i: x.take(i))
    c.add("indexing.take.error_oob", "take", [x, L(20)], lambda x, i: x.take(i))
    c.add("indexing.take.error_oob_neg", "take", [x, L(-21)], lambda x, i: x.take(i))
    c.add("indexing.take.error_empty", "take", [torch.randn(0), L(0)], lambda x, i: x.take(i))
    c.add("indexing.take.error_int32", "take", [x, L(0).int()], lambda x, i: x.take(i))
    # scatter / scatter_add: duplicates, non-contiguous, 0-dim, in-place, errors.
    c.add("indexing.scatter_.inplace_dups", "scatter_", [torch.zeros(3, 4), L(0, 0, 2, 0).view(1, 4).expand(2, 4),
                                                         torch.arange(8.0).view(2, 4)],
          lambda x, i, s: x.scatter_(0, i, s), args={"dim": 0})
    c.add("indexing.scatter_add.noncontig", "scatter_add", [torch.zeros(5, 3).t(), torch.randint(0, 5, (6, 3)).t(),
                                                            torch.randn(4, 6)[:3]],
          lambda x, i, s: x.scatter_add(1, i, s), args={"dim": 1}, rtol=1e-6, atol=1e-6)
    c.add("indexing.scatter.zero_dim", "scatter", [torch.tensor(1.0), torch.tensor(0), torch.tensor(5.0)],
          lambda x, i, s: x.scatter(0, i, s), args={"dim": 0})
    c.add("indexing.scatter.empty_index", "scatter", [x, torch.zeros(0, 5, dtype=torch.long), torch.randn(0, 5)],
          lambda x, i, s: x.scatter(0, i, s), args={"dim": 0})
    c.add("indexing.scatter.error_oob", "scatter", [x, L(5).view(1, 1), torch.ones(1, 1)],
          lambda x, i, s: x.scatter(1, i, s), args={"dim": 1})
    c.add("indexing.scatter.error_dtype", "scatter", [x, L(0).view(1, 1), torch.ones(1, 1, dtype=torch.long)],
          lambda x, i, s: x.scatter(1, i, s), args={"dim": 1})
    c.add("indexing.scatter.error_index_dtype", "scatter", [x, L(0).view(1, 1).int(), torch.ones(1, 1)],
          lambda x, i, s: x.scatter(1, i, s), args={"dim": 1})
    c.add("indexing.scatter.error_shape", "scatter", [x, torch.zeros(1, 6, dtype=torch.long), torch.ones(1, 3)],
          lambda x, i, s: x.scatter(1, i, s), args={"dim": 1})
    c.add("indexing.scatter.error_reduce", "scatter", [x, L(0).view(1, 1), torch.ones(1, 1)],
          lambda x, i, s: x.scatter(1, i, s, reduce="mean"), args={"dim": 1, "reduce": "mean"})
    c.add("indexing.scatter_add.error_ndim", "scatter_add", [x, L(0), torch.ones(1)],
          lambda x, i, s: x.scatter_add(0, i, s), args={"dim": 0})
    # index_add / index_fill
    c.add("indexing.index_add.alpha_dups", "index_add", [torch.zeros(3, 4), L(2, 2, 0), torch.arange(12.0).view(3, 4)],
          lambda x, i, s: x.index_add(0, i, s, alpha=2.5), args={"dim": 0, "alpha": 2.5})
    c.add("indexing.index_add.int_alpha", "index_add", [torch.zeros(3, 4, dtype=torch.long), L(1, 1),
                                                        torch.ones(3, 2, dtype=torch.long)],
          lambda x, i, s: x.index_add(1, i, s, alpha=3), args={"dim": 1, "alpha": 3})
    c.add("indexing.index_add.int32_index_noncontig", "index_add", [torch.zeros(4, 3).t(), L(3, 0, 3)[::2].int(),
                                                                     torch.randn(2, 3).t()],
          lambda x, i, s: x.index_add(1, i, s), args={"dim": 1})
    c.add("indexing.index_add.error_oob", "index_add", [torch.zeros(3), L(3), torch.ones(1)],
          lambda x, i, s: x.index_add(0, i, s), args={"dim": 0})
    c.add("indexing.index_add.error_count", "index_add", [torch.zeros(3), L(0, 1), torch.ones(3)],
          lambda x, i, s: x.index_add(0, i, s), args={"dim": 0})
    c.add("indexing.index_add.error_dtype", "index_add", [torch.zeros(3), L(0), torch.ones(1, dtype=torch.long)],
          lambda x, i, s: x.index_add(0, i, s), args={"dim": 0})
    c.add("indexing.index_fill.tensor_value", "index_fill", [torch.zeros(3, 4), L(1), torch.tensor(2.5)],
          lambda x, i, v: x.index_fill(1, i, v), args={"dim": 1})
    c.add("indexing.index_fill.noncontig", "index_fill", [torch.zeros(4, 3).t(), L(-1, 0)],
          lambda x, i: x.index_fill(1, i, -1.5), args={"dim": 1, "value": -1.5})
    c.add("indexing.index_fill.error_oob", "index_fill", [torch.zeros(3), L(-4)], lambda x, i: x.index_fill(0, i, 1.0),
          args={"dim": 0, "value": 1.0})
    c.add("indexing.index_fill.error_int32", "index_fill", [torch.zeros(3), L(0).int()],
          lambda x, i: x.index_fill(0, i, 1.0), args={"dim": 0, "value": 1.0})
    # masked_fill / masked_select / nonzero
    c.add("indexing.masked_fill.tensor_value", "masked_fill", [x, torch.rand(4, 5) > 0.5, torch.tensor(-2.0)],
          lambda x, m, v: x.masked_fill(m, v))
    c.add("indexing.masked_fill.float_into_long", "masked_fill", [torch.arange(6).view(2, 3), torch.tensor([True, False, True])],
          lambda x, m: x.masked_fill(m, 2.7), args={"value": 2.7})
    c.add("indexing.masked_fill.float_tensor_into_long", "masked_fill",
          [torch.arange(6).view(2, 3), torch.tensor([True, False, True]), torch.tensor(2.7)],
          lambda x, m, v: x.masked_fill(m, v))
    c.add("indexing.masked_fill.nan", "masked_fill", [x, torch.rand(4, 5) > 0.5],
          lambda x, m: x.masked_fill(m, float("nan")), args={"value": float("nan")})
    c.add("indexing.masked_fill.broadcast_self", "masked_fill", [torch.randn(4, 1), torch.rand(4, 5) > 0.5],
          lambda x, m: x.masked_fill(m, 1.0), args={"value": 1.0})
    c.add("indexing.masked_fill.uint8_mask", "masked_fill", [x, (torch.rand(4, 5) > 0.5).to(torch.uint8)],
          lambda x, m: x.masked_fill(m, 1.0), args={"value": 1.0})
    c.add("indexing.masked_fill.noncontig", "masked_fill", [x.t(), (torch.rand(4, 5) > 0.5).t()],
          lambda x, m: x.masked_fill(m, 0.5), args={"value": 0.5})
    c.add("indexing.masked_fill_.inplace", "masked_fill_", [x.clone()[:, ::2], torch.tensor([True, False, True])],
          lambda x, m: x.masked_fill_(m, 3.0), args={"value": 3.0})
    c.add("indexing.masked_fill_.error_broadcast", "masked_fill_", [torch.zeros(3), torch.ones(2, 3, dtype=torch.bool)],
          lambda x, m: x.masked_fill_(m, 1.0), args={"value": 1.0})
    c.add("indexing.masked_fill.error_value_dim", "masked_fill", [x, x > 0, torch.ones(1)],
          lambda x, m, v: x.masked_fill(m, v))
    c.add("indexing.masked_fill.zero_dim", "masked_fill", [torch.tensor(1.0), torch.tensor(True)],
          lambda x, m: x.masked_fill(m, 4.0), args={"value": 4.0})
    c.add("indexing.masked_select.broadcast_both", "masked_select", [torch.randn(3, 1), torch.rand(1, 4) > 0.5],
          lambda x, m: x.masked_select(m))
    c.add("indexing.masked_select.uint8", "masked_select", [x, (x > 0).to(torch.uint8)], lambda x, m: x.masked_select(m))
    c.add("indexing.masked_select.empty", "masked_select", [torch.randn(0, 3), torch.ones(3, dtype=torch.bool)],
          lambda x, m: x.masked_select(m))
    c.add("indexing.masked_select.error_long_mask", "masked_select", [x, torch.ones(5, dtype=torch.long)],
          lambda x, m: x.masked_select(m))
    c.add("indexing.nonzero.noncontig", "nonzero", [torch.randn(4, 6).t()[::2] > 0], lambda x: x.nonzero())
    c.add("indexing.nonzero.zero_dim", "nonzero", [torch.tensor(3)], lambda x: x.nonzero())
    c.add("indexing.nonzero.zero_dim_false", "nonzero", [torch.tensor(0.0)], lambda x: x.nonzero())
    c.add("indexing.nonzero.nan", "nonzero", [torch.tensor([0.0, float("nan"), -0.0, 1.0])], lambda x: x.nonzero())
    c.add("indexing.nonzero.empty", "nonzero", [torch.zeros(0, 3)], lambda x: x.nonzero())
    c.add("indexing.nonzero_numpy.basic", "nonzero_numpy", [torch.randn(3, 4) > 0], lambda x: x.nonzero(as_tuple=True))
    c.add("indexing.nonzero_numpy.zero_dim", "nonzero_numpy", [torch.tensor(2)], lambda x: x.nonzero(as_tuple=True))


def cases(c):
    getitem_cases(c)
    setitem_cases(c)
    aten_index_cases(c)
    dim_cases(c)
