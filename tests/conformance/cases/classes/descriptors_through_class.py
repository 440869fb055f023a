import json, re, collections, itertools, functools, math
async def co(): pass
def gen(): yield 1
async def agen(): yield 1
c = co()
samples = [0, 1.5, 2**70, True, None, "s", b"b", bytearray(b"x"), [1], (1,), {1: 2}, {1}, frozenset(), range(3), slice(1),
    lambda: 0, print, [].append, int.__add__, (1).__add__, type, object(), gen(), c, agen(), iter([]), iter(()), iter(""), iter(range(2)),
    {}.keys(), {}.values(), {}.items(), iter({}), iter(set()), enumerate([]), zip(), map(abs, []), filter(None, []), reversed([]),
    property(), classmethod(abs), staticmethod(abs), super(int, 1), NotImplemented, Ellipsis, ValueError("x"), json, complex(1, 2),
    re.compile("a"), re.match("a", "a"), collections.deque(), collections.OrderedDict(), functools.partial(abs), itertools.count(),
    memoryview if False else 3, (lambda: 0).__code__, int.__dict__["real"], type.__dict__["__name__"]]
n = 0
for s in samples:
    T = type(s)
    for name in dir(T):
        try:
            v = getattr(T, name)
            repr(v)
            str(v)
        except Exception as e:
            pass
        n += 1
    repr(T)
c.close()
print("swept", n > 100)
bad = [5, "x", None, object(), 1.5]
m = 0
for s in samples:
    T = type(s)
    for klass in T.__mro__:
        for name, d in list(klass.__dict__.items()):
            for b in bad:
                try:
                    g = type(d).__get__ if hasattr(type(d), "__get__") else None
                    if g:
                        r = d.__get__(b, type(b))
                        if callable(r):
                            try:
                                r()
                            except Exception:
                                pass
                        m += 1
                except Exception:
                    pass
            for b in bad:
                try:
                    d.__set__(b, 1)
                except Exception:
                    pass
            try:
                if callable(d):
                    for b in bad:
                        try:
                            d(b)
                        except Exception:
                            pass
            except Exception:
                pass
print("get-swept", m > 10)
