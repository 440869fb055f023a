class C:
    def m(self, x):
        return x * 2
    @staticmethod
    def s(x):
        return x + 1
c = C()
f = c.m
print(f(3), f.__self__ is c, f.__func__ is C.m, C.m(c, 4), c.s(1), C.s(2))
print(repr(f).startswith("<bound method C.m of <__main__.C object at"))
print([].append.__name__, "abc".upper(), str.upper("x"), list.append)
funcs = [str.lower, str.strip]
print([fn("  HI ") for fn in funcs])
print(getattr(c, "m")(5), callable(c.m), c.m == c.m)
