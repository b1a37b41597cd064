"""Dict builtins, one overload per key type."""


def cases(c):
    D = c.D
    ds = {"a": 1, "b": 2, "c": 3}
    di = {3: "x", -1: "y"}
    df = {1.5: True, -0.0: False}
    db = {True: 1.5, False: 2.5}
    for k, d, present, absent, val in [("str", ds, "b", "z", 9), ("int", di, -1, 7, "q"), ("float", df, 1.5, 2.5, True),
                                       ("bool", db, True, None, 0.5)]:
        c.call(f"aten::len.Dict_{k}", d)
        c.call(f"aten::keys.{k}", d)
        c.call(f"aten::values.{k}", d)
        c.call(f"aten::items.{k}", d)
        c.call(f"aten::__getitem__.Dict_{k}", d, present)
        c.call(f"aten::get.{k}", d, present)
        c.call(f"aten::get.default_{k}", d, present, val)
        c.call(f"aten::setdefault.{k}", d, present, val, mutates=0)
        c.call(f"aten::Delete.Dict_{k}", d, present, mutates=0)
        c.call(f"aten::pop.Dict_{k}", d, present, mutates=0)
        c.call(f"aten::pop.Dict_default_{k}", d, present, val, mutates=0)
        c.call(f"aten::popitem.{k}", d, mutates=0)
        c.call(f"aten::clear.{k}", d, mutates=0)
        c.call(f"aten::copy.Dict_{k}", d)
        c.call(f"aten::__contains__.{k}", d, present)
        c.call(f"aten::_set_item.{k}", d, present, val, mutates=0)
        if absent is not None:
            c.call(f"aten::__getitem__.Dict_{k}", d, absent)
            c.call(f"aten::get.{k}", d, absent)
            c.call(f"aten::get.default_{k}", d, absent, val)
            c.call(f"aten::setdefault.{k}", d, absent, val, mutates=0)
            c.call(f"aten::Delete.Dict_{k}", d, absent, mutates=0)
            c.call(f"aten::pop.Dict_{k}", d, absent, mutates=0)
            c.call(f"aten::pop.Dict_default_{k}", d, absent, val, mutates=0)
            c.call(f"aten::__contains__.{k}", d, absent)
            c.call(f"aten::_set_item.{k}", d, absent, val, mutates=0)
    c.call("aten::popitem.str", D({}, "str", "int"), mutates=0)
    c.call("aten::update.str", ds, {"b": 20, "z": 26}, mutates=0)
    c.call("aten::update.int", di, D({}, "int", "str"), mutates=0)
    c.call("aten::dict.Dict_str", ds)
    c.call("aten::dict.str", [("a", 1), ("b", 2), ("a", 3)])
    c.call("aten::dict.int", [(1, 1.5)])
