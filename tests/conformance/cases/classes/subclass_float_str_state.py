import json
class Meters(float):
    unit = "m"
    def show(self):
        return f"{float(self)}{self.unit}"
x = Meters(2.5)
print(type(x).__name__, x, repr(x), x.show(), x + 1, type(x + 1).__name__, x * 2, -x, type(-x).__name__, abs(Meters(-1.5)))
print(x == 2.5, hash(x) == hash(2.5), {x: 1}[2.5], float(x), type(float(x)).__name__, int(x), round(x), x.is_integer(), x.real, type(x.real).__name__)
print(f"{x}", f"{x:.3f}", "%.2f|%s|%r" % (x, x, x), x.hex(), Meters.fromhex("0x1p1"), type(Meters.fromhex("0x1p1")).__name__)
x.note = "n"
print(x.note, vars(x), isinstance(x, float), 1 / x, x // 1, x % 2, x ** 2, divmod(x, 1), max(x, 1), x > 2, 3 > x)
import math
print(math.floor(x), math.sqrt(Meters(4.0)), sum([Meters(1.0), Meters(2.0)]), json.dumps(float(x)))
class Name(str):
    def shout(self):
        return self.upper() + "!"
    def initials(self):
        return "".join(w[0] for w in self.split())
n = Name("ada lovelace")
print(type(n).__name__, n, repr(n), n.shout(), n.initials(), len(n), n[0], n[:3], type(n[:3]).__name__, n + "!", type(n + "!").__name__)
print(n == "ada lovelace", {n: 1}["ada lovelace"], {"ada lovelace": 2}[n], n in {"ada lovelace"}, str(n), type(str(n)).__name__, json.dumps(n), json.dumps({n: n}))
print(f"{n}", f"{n:>15}", "%s|%r|%10s" % (n, n, Name("x")), "-".join([n, n]), n.upper(), type(n.upper()).__name__)
n.lang = "en"
n.other = [1]
print(n.lang, n.__dict__, vars(n), sorted(vars(n)))
class Tagged(str):
    def __new__(cls, value, tag):
        obj = super().__new__(cls, value)
        obj.tag = tag
        return obj
    def __repr__(self):
        return f"Tagged({str.__repr__(self)}, {self.tag!r})"
t = Tagged("héllo wörld", "t1")
print(t, repr(t), t.tag, t.upper(), len(t), t[1], [t])
long = Tagged("x" * 1000, "big")
print(len(long), long.tag, long[-1])
for k in range(20):
    s = Name("a" * k)
    s.k = k
    assert s.k == k and len(s) == k
print("ok", Name(), repr(Name()), Name(5), Name(b"ab", "ascii"))
class S2(Name):
    pass
s2 = S2("bob")
s2.z = 1
print(s2.shout(), s2.z, isinstance(s2, Name), s2.__dict__)
s2.me = s2
print(str.__str__(n), type(str.__str__(n)).__name__, "%s" % n, type("%s" % n).__name__, format(n), type(format(n)).__name__)
print(Name("a b").split(), "".join(Name("xy")), Name("3").isdigit(), int(Name("42")), float(Name("1.5")))
try:
    object.__new__(Name)
except TypeError as e:
    print("TypeError", e)
