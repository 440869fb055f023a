# dict and set operations agents use
d = {"b": 2, "a": 1}
d["c"] = 3
print(d, list(d), list(d.values()), list(d.items()), len(d), "a" in d, 2 in d)
print(d.get("z"), d.get("z", 0), d.setdefault("e", 5), d.setdefault("a", 9), d.pop("e"), d.pop("zz", None))
try:
    d.pop("zz")
except KeyError as e:
    print("KeyError", e)
try:
    d["missing"]
except KeyError as e:
    print("KeyError", e, repr(e))
print(d | {"x": 0}, {**d, "a": 100}, dict(zip("ab", [1, 2])), dict([("k", "v")]), dict(a=1, b=2))
m = dict(d)
m |= {"b": 20}
print(m, m == {"a": 1, "b": 20, "c": 3}, m != d, {1: 2} == {1: 2.0})
print(dict.fromkeys("abc", 0), dict.fromkeys([1, 2]), {k: v for k, v in sorted(d.items(), key=lambda kv: -kv[1])})
print(d.keys() & {"a", "z"}, sorted(d.keys() | {"q"}), sorted(d.keys() - {"a"}), d.items() & {("a", 1)}, sorted(d.keys() ^ {"a", "y"}))
print(d.popitem(), d, list(reversed(d)), next(iter(d)))
del d["a"]
print(d, d.update(x=1), d, d.update([("y", 2)]), d, d.copy() is d)
try:
    for k in d:
        d["new"] = 1
except RuntimeError as e:
    print("RuntimeError", e)
try:
    {[1]: 2}
except TypeError as e:
    print("TypeError", e)
nested = {"a": {"b": {"c": 1}}}
print(nested["a"]["b"]["c"], nested.get("x", {}).get("y"), str(nested), repr({1: "x", (1, 2): None, None: [1]}))
s = {3, 1, 2}
t = {2, 3, 4}
print(s | t, s & t, s - t, s ^ t, s <= {1, 2, 3, 4}, s < s, s.issubset(t), s.isdisjoint({9}), {1, 2} > {1})
s.add(5)
s.discard(99)
s.remove(1)
print(sorted(s), len(s), 5 in s)
try:
    s.remove(99)
except KeyError as e:
    print("KeyError", e)
fs = frozenset([1, 2, 2])
print(fs, hash(fs) == hash(frozenset({1, 2})), fs | {3}, type(fs | {3}).__name__, {fs: "ok"}[frozenset([2, 1])])
print(set(), frozenset(), set("aab") == {"a", "b"}, sorted(set([3, 3, 1])), {x % 3 for x in range(10)})
u = set()
u.update([1, 2], (3,))
u.intersection_update({1, 2, 3, 4})
u.difference_update({2})
print(sorted(u), u.union([9]), u.intersection([1, 9]), u.difference([1]), u.symmetric_difference([1, 7]))
print(u.pop() in (1, 3), u.copy() == u, u.clear(), u)
try:
    set().pop()
except KeyError as e:
    print("KeyError", e)
try:
    {{1}}
except TypeError as e:
    print("TypeError", e)
counts = {}
for w in "the cat and the hat and the bat".split():
    counts[w] = counts.get(w, 0) + 1
print(counts, max(counts, key=counts.get), sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
