# __slots__ = () on a subclass of a builtin without instance dicts (str,
# int, list, object): no __dict__; on an exception subclass: still one.
class S(str):
    __slots__ = ()
class I(int):
    __slots__ = ()
class L(list):
    __slots__ = ()
class P:
    __slots__ = ()
class Q:
    __slots__ = ('a',)
class E(Exception):
    __slots__ = ()
class T(S):
    pass
for cls, arg in [(S, "ab"), (I, 5), (L, [1]), (P, None), (Q, None), (E, "m"), (T, "z")]:
    o = cls(arg) if arg is not None else cls()
    try:
        o.x = 1
        print(cls.__name__, "set ok", o.x)
    except AttributeError as e:
        print(cls.__name__, "AttributeError", e)
    print(cls.__name__, hasattr(o, "__dict__"))
    try:
        print(vars(o))
    except TypeError as e:
        print("TypeError", e)
q = Q()
q.a = 3
print(q.a, hasattr(q, "__dict__"))
print(S("ab") + "c", I(5) + 1, repr(S("q")), repr(I(7)), L([1, 2]) + [3])
