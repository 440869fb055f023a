class S(str):
    def shout(self):
        return self.upper() + "!"
s = S("hello")
print(s, s.shout(), len(s), s + " x", isinstance(s, str), type(s).__name__, s == "hello", {s: 1}["hello"])
class T(tuple):
    pass
t = T([1, 2])
print(t, len(t), t[0], type(t).__name__)
class E(Exception):
    def __str__(self):
        return "custom str"
try:
    raise E("x")
except E as e:
    print(e, repr(e))
class D(dict):
d = D(a=1)
d.extra = 5
print(d, d.extra, type(d).__name__)
class L(list):
    def __init__(self, *a):
        super().__init__(*a)
        self.tag = "t"
l = L([1, 2])
print(l, l.tag, l + [3], type(l + [3]).__name__)
