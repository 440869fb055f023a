# sorted() and list.sort() argument errors name sort(), as CPython's do.
def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)


t(lambda: sorted([3, 1, 2], cmp=None))
t(lambda: sorted(5, cmp=None))
t(lambda: sorted([1], None))
t(lambda: sorted())
t(lambda: sorted([2, 1], key=None, reverse=True))
t(lambda: [2, 1].sort(cmp=lambda a, b: 0))
t(lambda: [2, 1].sort(lambda x: x))
t(lambda: [2, 1].sort(key=len))
t(lambda: sorted(["bb", "a", "ccc"], key=len, reverse=1))
t(lambda: sorted([(1, "b"), (0, "z"), (1, "a")], key=lambda p: p[0]))
t(lambda: sorted([3, "a"]))
t(lambda: sorted({"b": 1, "a": 2}))
t(lambda: sorted("hello", reverse=False))
data = [{"n": "x", "v": 2}, {"n": "y", "v": 1}, {"n": "z", "v": 2}]
data.sort(key=lambda d: d["v"], reverse=True)
print([d["n"] for d in data])
