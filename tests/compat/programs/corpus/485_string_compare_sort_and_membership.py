def fn(words: List[str]) -> Tuple[List[str], str, bool, bool, List[bool], str]:
    s = sorted(words)
    longest = ""
    for w in words:
        if len(w) > len(longest) or (len(w) == len(longest) and w < longest):
            longest = w
    return s, longest, "ap" in "grape", "cat" < "car", [a <= b for a, b in zip(s, s[1:])], "-" + "ab"


# AREA: "strings"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [["pear", "apple", "fig", "banana", "kiwi"]]
# EXPECT: "run"
