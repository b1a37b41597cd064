"""List builtins (generic `t[]` operators and their typed siblings)."""


def cases(c):
    L = c.L
    ints = [3, 1, 2, 1]
    for i in [0, 3, -1, -4, 4, -5]:
        c.call("aten::__getitem__.t", ints, i)
        c.call("aten::select.t", ints, i)
        c.call("aten::_set_item.t", ints, i, 9, mutates=0)
        c.call("aten::pop.t", ints, i, mutates=0)
        c.call("aten::insert.t", ints, i, 7, mutates=0)
        c.call("aten::Delete.t", ints, i, mutates=0)
    c.call("aten::insert.t", ints, 100, 7, mutates=0)
    c.call("aten::insert.t", ints, -100, 7, mutates=0)
    c.call("aten::pop.t", L([], "int"), -1, mutates=0)
    c.call("aten::len.t", ints)
    c.call("aten::len.t", L([], "str"))
    c.call("aten::append.t", ints, 5, mutates=0)
    c.call("aten::append.t", ["a"], "b", mutates=0)
    c.call("aten::extend.t", ints, [4, 5], mutates=0)
    c.call("aten::clear.t", ints, mutates=0)
    c.call("aten::reverse.t", ints, mutates=0)
    c.call("aten::copy.t", [1.5, 2.5])
    c.call("aten::add.t", ints, [9])
    c.call("aten::add.t", ["x"], L([], "str"))
    c.call("aten::add_.t", ints, [9], mutates=0)
    for n in [0, 1, 3]:
        c.call("aten::mul.left_t", [1, 2], n)
        c.call("aten::mul.right_", n, ["a"])
        c.call("aten::mul_.t", [1, 2], n, mutates=0)
    why = "PyTorch fails with 'vector::reserve' for a negative count"
    c.python("aten::mul.left_t", [1, 2], -2, expected=[1, 2] * -2 or L([], "int"), why=why)
    c.python("aten::mul.right_", -2, ["a"], expected=-2 * ["a"] or L([], "str"), why=why)
    seq = [0, 1, 2, 3, 4, 5, 6]
    for start, end, step in [(None, None, 1), (1, 3, 1), (-3, None, 1), (None, -2, 1), (5, 1, -1), (None, None, -1),
                             (None, None, 2), (1, None, -2), (-100, 100, 1), (100, -100, -1), (3, 3, 1), (0, 7, 3),
                             (None, None, 0), (6, None, -3)]:
        c.call("aten::slice.t", seq, start, end, step)
    typed(c)
    any_sort_cases(c)


def typed(c):
    L = c.L
    groups = [("int", [3, 1, 2, 1, -5]), ("float", [2.5, -1.0, 2.5, 0.0, 10.0]), ("bool", [True, False, True]),
              ("str", ["b", "a", "B", "ab", ""])]
    for t, vals in groups:
        lst = L(vals, t)
        c.call(f"aten::remove.{t}", lst, vals[0], mutates=0)
        c.call(f"aten::index.list_{t}", lst, vals[-1])
        c.call(f"aten::count.{t}", lst, vals[0])
        c.call(f"aten::sort.{t}", lst, False, mutates=0)
        c.call(f"aten::sort.{t}", lst, True, mutates=0)
        c.call(f"aten::sorted.{t}", lst)
        c.call(f"aten::eq.{t}_list", lst, L(list(vals), t))
        c.call(f"aten::eq.{t}_list", lst, L(vals[:-1], t))
        c.call(f"aten::ne.{t}_list", lst, L(vals[::-1], t))
    c.call("aten::remove.int", [1, 2], 5, mutates=0)
    c.call("aten::index.list_int", [1, 2], 5)
    c.call("aten::index.list_str", ["a"], "zz")
    c.call("aten::index.list_float", [1.5], 2.5)
    for lst, x in [([1, 2, 3], 2), ([1, 2], 5), (L([], "int"), 0)]:
        c.call("aten::__contains__.int_list", lst, x)
    c.call("aten::__contains__.float_list", [1.5, float("nan")], 1.5)
    c.call("aten::__contains__.float_list", [1.5, float("nan")], float("nan"))
    c.call("aten::__contains__.str_list", ["a", "b"], "b")
    c.call("aten::__contains__.str_list", ["a", "b"], "c")
    for t, a, b in [("int", [1, 2, 3], [1, 3]), ("int", [1, 2], [1, 2, 0]), ("float", [1.5], [0.5, 9.0]),
                    ("bool", [True], [False, True])]:
        c.call(f"prim::max.{t}_list", a, b)
        c.call(f"prim::min.{t}_list", a, b)
    for t, a in [("int", [3, -1, 7]), ("float", [2.5, -0.5]), ("bool", [False, True]), ("float", [1.0, float("nan"), 2.0])]:
        c.call(f"prim::max.self_{t}", a)
        c.call(f"prim::min.self_{t}", a)
    c.call("prim::max.self_int", L([], "int"))
    c.call("prim::min.self_float", L([], "float"))
    for t, a in [("int", [1, 2, 3]), ("float", [0.5, 0.25]), ("bool", [True, True, False]), ("int", L([], "int"))]:
        c.call(f"aten::sum.{t}", a)
    for t, a in [("int", [1, 0]), ("int", [1, 2]), ("float", [0.5, 0.0]), ("float", [0.5]), ("bool", [True]),
                 ("bool", L([], "bool")), ("str", ["a", ""]), ("str", ["", ""])]:
        if t != "str":
            c.call(f"aten::all.{t}", a)
        c.call(f"aten::any.{t}", a)
    c.call("aten::list.t", [1, 2])


def any_sort_cases(c):
    for lst in [[(2, "b"), (1, "z"), (2, "a"), (1, "a")], [(1.5, 2), (1.5, 1), (-1.0, 9)], [(3,), (1,), (2,)]]:
        c.script("aten::sort.any", "a0.sort(reverse=a1)", lst, False, mutates=0)
        c.script("aten::sort.any", "a0.sort(reverse=a1)", lst, True, mutates=0)
        c.script("aten::sorted.any", "sorted(a0)", lst)
