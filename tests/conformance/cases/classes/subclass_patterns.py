class Status(int):
    def __new__(cls, value, label):
        obj = int.__new__(cls, value)
        obj.label = label
        return obj
    def __repr__(self):
        return f"<Status.{self.label}: {int(self)}>"
OK = Status(200, "OK")
NF = Status(404, "NOT_FOUND")
print(OK, repr(NF), OK == 200, OK.label, [OK, NF], {OK: "fine"}[200], OK < NF, "%d %s" % (OK, OK), f"{OK:5d}|{OK}")
class FS(frozenset):
    def names(self):
        return sorted(self)
f = FS({"b", "a"})
f.extra = 1
print(f.names(), f.extra, type(f).__name__, f == {"a", "b"}, hash(f) == hash(frozenset({"a", "b"})))
class Pt(tuple):
    def __new__(cls, x, y):
        return super().__new__(cls, (x, y))
    @property
    def x(self):
        return self[0]
p = Pt(1, 2)
print(p, p.x, type(p).__name__, p == (1, 2), len(p), p + (3,))
class MyInt(int):
    pass
print(isinstance(MyInt(3), int), issubclass(MyInt, int), MyInt.__mro__, MyInt(3).__class__)
import json
class Js(str):
    pass
print(json.dumps(Js("a\"b")), json.dumps({Js("k"): [Js("v")]}), json.loads(json.dumps(Js("x"))))
print(sorted([MyInt(3), 2, MyInt(1)]), max([MyInt(3), 2]), sum([MyInt(3), MyInt(4)]), type(sum([MyInt(3), MyInt(4)])).__name__)
print(bool(MyInt(0)), not MyInt(1), MyInt(7) if MyInt(0) else "zero", str(MyInt(-5)), abs(MyInt(-5)), int.__abs__(MyInt(-5)))
print(float.__repr__(2.0), [1, 2, 3][MyInt(1):], "abcdef"[MyInt(1):MyInt(3)], range(10)[MyInt(2)], MyInt(2) in [1, 2], (1, 2).index(MyInt(2)))
x = MyInt(5)
x += 1
print(x, type(x).__name__)
class Sx(str): pass
s = Sx("ab")
s += "c"
print(s, type(s).__name__)
print(chr(MyInt(65)), hex(MyInt(255)), bin(MyInt(5)), oct(MyInt(8)), round(MyInt(15), -1), divmod(MyInt(7), MyInt(2)), pow(MyInt(2), MyInt(10)))
import math
print(math.gcd(MyInt(12), 8), math.factorial(MyInt(5)), math.isqrt(MyInt(17)), math.floor(MyInt(3)))
class S(str): pass
s = S("ab")
s.upper = lambda: "shadowed"
print(s.upper(), S("x").upper())
class I(int): pass
i = I(3)
i.bit_length = lambda: "mine"
print(i.bit_length(), I(3).bit_length())
import copy
class MyInt(int):
    pass
m = MyInt(5)
m.a = [1]
c = copy.copy(m)
d = copy.deepcopy(m)
print(type(c).__name__, c, c.a, type(d).__name__, d, d.a, d.a is m.a)
class S(str):
    pass
s = S("x")
s.t = 1
print(type(copy.copy(s)).__name__, copy.deepcopy(s).t)
