# dir() of the builtin types and of classes: no __radd__ on the sequences,
# __dict__ / __weakref__ only where a class adds them.
# (__doc__, __getstate__, __reduce__, __subclasshook__ and the __slots__
# member descriptors are left out: not there yet.)
skip = {"__doc__", "__getstate__", "__reduce__", "__subclasshook__"}
for t in [int, float, complex, str, bytes, bytearray, list, tuple, dict, set,
          frozenset, range, slice, bool, object]:
    print(t.__name__, [n for n in dir(t) if n not in skip])
for t in (str, bytes, bytearray, list, tuple):
    print(t.__name__, hasattr(t, "__radd__"), hasattr(t, "__rmul__"), hasattr(t(), "__radd__"))


class A:
    pass


class Slotted:
    __slots__ = ("a",)


class Open(Slotted):
    pass


class WithDict(Slotted):
    __slots__ = ("b", "__dict__")


class I(int):
    pass


class T(tuple):
    pass


class St(str):
    pass


class L(list):
    pass


class E(ValueError):
    pass


class D(dict):
    pass


class Fs(frozenset):
    pass


def f():
    pass


for o in [A, A(), Slotted, Slotted(), Open, WithDict, I, I(1), T, St, L, E, E(), D, Fs,
          ValueError, ValueError(), BaseException, f, len, 1, "x", None]:
    d = dir(o)
    print(getattr(o, "__name__", type(o).__name__), "__dict__" in d, "__weakref__" in d,
          [n for n in d if not n.startswith("_") and n not in ("a", "b")][:6])
print([n for n in dir(A()) if n not in skip])
print((2.5).__getnewargs__(), float.__getnewargs__(1.0))
