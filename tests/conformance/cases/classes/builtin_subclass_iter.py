# A list/tuple/dict subclass that overrides __iter__ (or keys()) is
# consumed through it by list(), tuple(), unpacking, join, sorted, copy,
# dict(), update() and ** -- as CPython does; without an override the
# items are taken directly.
import copy
from collections import OrderedDict

class Evens(list):
    def __iter__(self):
        return (x for x in super().__iter__() if x % 2 == 0)

class Names(tuple):
    def __iter__(self):
        return (s.title() for s in tuple.__iter__(self))

class Plain(list):
    pass

e = Evens([1, 2, 3, 4])
print(list(e), tuple(e), [*e], sorted(e, reverse=True), set(e) == {2, 4}, len(e), e[0])
print(copy.copy(e), type(copy.copy(e)).__name__, sum(e), max(e), [x * 10 for x in e])
n = Names(("ann", "bob"))
print(list(n), ", ".join(n), (lambda *a: a)(*n), dict.fromkeys(n), n[0], len(n))
first, second = n
print(first, second)
print(list(Plain([3, 1])), "-".join(Plain(["a", "b"])), [*Plain((1, 2))])

class Upper(dict):
    def __iter__(self):
        return (k.upper() for k in dict.__iter__(self))
    def keys(self):
        return list(self)
    def __getitem__(self, k):
        return dict.__getitem__(self, k.lower())

u = Upper(a=1, b=2)
print(dict(u), {**u}, list(u), (lambda **kw: kw)(**u))
d = {"z": 0}
d.update(u)
print(d, u["A"], u.get("a"), len(u))

class Lower(dict):
    def __getitem__(self, k):
        return "never used by dict()"
print(dict(Lower(x=1)), {**Lower(y=2)})
od = OrderedDict([("b", 1), ("a", 2)])
od.move_to_end("b")
print(dict(od), {**od}, list(od))
