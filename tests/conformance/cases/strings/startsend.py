# startswith/endswith: one str (empty, longer than the text, non-ASCII),
# a tuple, ranges with negative and out-of-range bounds, a str subclass on
# either side, and the errors for a bad argument.
texts = ["", "a", "hello", "héllo wörld", "日本語", "abcabc"]
probes = ["", "a", "o", "lo", "hello!", "d", "wörld", "日", "語", "bc", "héllo wörld"]
for t in texts:
    print(repr(t), [t.startswith(p) for p in probes], [t.endswith(p) for p in probes])
    print(t.startswith(("x", "h", "日")), t.endswith(("c", "d", "語")), t.endswith(()))
    print([t.startswith("l", i) for i in (-3, 0, 2, 3, 10)], [t.endswith("l", 0, j) for j in (-1, 3, 4, 100)])

class S(str):
    pass

print(S("spam").endswith("am"), "spam".endswith(S("am")), S("spam").startswith(S("sp")))
for bad in (1, None, ["a"], ("a", 1)):
    for m in ("startswith", "endswith"):
        try:
            getattr("abc", m)(bad)
        except TypeError as e:
            print(m, "TypeError", e)
