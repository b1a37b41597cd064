"""str methods and builtins."""

SAMPLES = ["_a", "a_", "ab1", "A1b", "", "a", "Hello World", "  padded\t\n", "abc,def,,ghi", "MiXeD cAsE 123", "123", "x_y1", "1abc",
           "hello world foo", "Title Case Words", "a\nb\r\nc\rd", "tab\there\tx", "-42", "ÿ"]


def cases(c):
    percent_cases(c)
    for s in SAMPLES:
        for fn in ["lower", "upper", "swapcase", "title", "capitalize", "isdigit", "isdecimal", "isnumeric",
                   "isalpha", "isalnum", "isspace", "isprintable", "islower", "isupper", "isidentifier", "istitle"]:
            c.op(f"aten::{fn}", s)
        c.op("aten::len.str", s)
        if s.isascii():  # PyTorch's list() splits UTF-8 sequences into bytes Python cannot decode
            c.op("aten::list", s)
        c.op("aten::strip", s, " \n\t\f\v")
        c.op("aten::lstrip", s, " \n\t\f\v")
        c.op("aten::rstrip", s, " \n\t\f\v")
        c.op("aten::split.str", s, None, -1)
        c.op("aten::splitlines", s, False)
        c.op("aten::splitlines", s, True)
        c.op("aten::expandtabs", s, 8)
        c.op("aten::zfill", s, 6)
    for s, chars in [("xxhixx", "x"), ("abcba", "ab"), ("\r\n x \r\n", " \n\t\f\v"), ("aaa", "a")]:
        c.op("aten::strip", s, chars)
        c.op("aten::lstrip", s, chars)
        c.op("aten::rstrip", s, chars)
    for s, sep, mx in [("a,b,,c", ",", -1), ("a,b,,c", ",", 1), ("a,b,,c", ",", 0), ("a  b c ", None, -1),
                       ("  a  b c ", None, 1), ("a::b::c", "::", -1), ("abc", "", -1), ("", ",", -1), ("", None, -1)]:
        c.op("aten::split.str", s, sep, mx)
        if sep:
            c.op("aten::rsplit", s, sep, mx)
    c.crashes("aten::rsplit", "abc", "", -1)  # PyTorch loops forever
    c.op("aten::rsplit", "a b  c", " ", -1)
    for s, sub, start, end in [("hello world", "o", 0, -1), ("hello world", "o", 5, -1), ("hello world", "o", 0, 4),
                               ("hello", "z", 0, -1), ("hello", "", 0, -1), ("hello", "l", -3, -1),
                               ("hello", "lo", 0, -2), ("hello", "h", 10, -1), ("aaaa", "aa", 0, -1),
                               ("hello", "hello", 0, -1), ("hello", "o", 0, 100)]:
        for fn in ["find", "rfind", "count", "startswith", "endswith", "rindex"]:
            if fn == "count" and not sub:
                continue
            if start > len(s) and fn in ("startswith", "endswith"):
                # PyTorch fails with "basic_string::substr"; Python's answer is False.
                c.python(f"aten::{fn}", s, sub, start, end, expected=False, why="substr out of range")
                continue
            c.op(f"aten::{fn}", s, sub, start, end)
        c.op("aten::index.str", s, sub, start, end)
    for s, old, new, mx in [("aaa", "a", "b", -1), ("aaa", "a", "bc", 2), ("abc", "x", "y", -1), ("abab", "ab", "", -1)]:
        c.op("aten::replace", s, old, new, mx)
    # replace() with an empty `old` and count() of "" loop forever in PyTorch; ember follows Python.
    for s, w, f in [("ab", 5, " "), ("ab", 6, "*"), ("abc", 6, "-"), ("abc", 2, " "), ("", 3, "x"), ("a", 4, "=")]:
        c.op("aten::center", s, w, f)
        c.op("aten::ljust", s, w, f)
        c.op("aten::rjust", s, w, f)
    c.op("aten::center", "a", 5, "ab")
    for s, w in [("-42", 6), ("+1", 4), ("abc", 2), ("", 3)]:
        c.op("aten::zfill", s, w)
    for s, sep in [("a=b=c", "="), ("abc", "="), ("a==b", "=="), ("abc", "")]:
        c.op("aten::partition", s, sep)
        c.op("aten::rpartition", s, sep)
    for s, t in [("a\tbc\td", 4), ("\t", 0), ("ab\n\tc", 3)]:
        c.op("aten::expandtabs", s, t)
    for s, i in [("hello", 0), ("hello", -1), ("hello", 5), ("hello", -6)]:
        # Out of range PyTorch reports std::string::at's message; ember says "string index out of range".
        c.op("aten::__getitem__.str", s, i, any_message=True)
        c.op("prim::StringIndex", s, i, any_message=True)
    for start, end, step in [(None, None, 1), (1, 3, 1), (-3, None, 1), (None, None, -1), (4, 0, -2), (None, None, 0)]:
        c.op("aten::slice.str", "abcdef", start, end, step)
    c.op("aten::join", ",", ["a", "b", "c"])
    c.op("aten::join", "", ["x"])
    c.op("aten::join", "-", [])
    c.op("aten::add.str", "ab", "cd")
    for s in ["a", "Z", "", "ab", "\x7f"]:
        c.op("aten::ord", s)
    for i in [65, 97, 48, 0, -1, 1114112]:
        c.op("aten::chr", i)
    for i in [0, 5, -5, 255, 9223372036854775807, -9223372036854775808]:
        c.op("aten::bin", i)
        c.op("aten::oct", i)
        c.op("aten::hex", i)


def percent_cases(c):
    for fmt, arg in [("%d items", 3), ("%d items", 3.9), ("%i", -2), ("%s!", "hi"), ("%s", 1.5), ("%s and %s", (1, "a")),
                     ("%f", 1.5), ("%e", 12345.678), ("%g", 0.0001), ("%c", 65), ("%c", "z"), ("100%%", ()),
                     ("%d %d", (1,)), ("%d", (1, 2)), ("%x", 5), ("abc%", 1), ("%s", [1, 2]), ("%d", "x")]:
        c.script("aten::percentFormat", "a0 % a1", fmt, arg)
