# Identity of unchanged immutable results (is), as CPython 3.11 gives it.
b = b"abc"; s = "abc"; t = (1, 2, 3)
checks = [
    ("b.strip", lambda: b.strip() is b), ("b.lstrip", lambda: b.lstrip() is b), ("b.rstrip", lambda: b.rstrip() is b),
    ("b.strip(x)", lambda: b.strip(b"x") is b), ("b.replace", lambda: b.replace(b"x", b"y") is b),
    ("bytes(b)", lambda: bytes(b) is b), ("b[:]", lambda: b[:] is b), ("b[0:3]", lambda: b[0:3] is b),
    ("b[::1]", lambda: b[::1] is b), ("b*1", lambda: b * 1 is b), ("b.ljust", lambda: b.ljust(2) is b),
    ("b.center", lambda: b.center(3) is b), ("b.zfill", lambda: b.zfill(1) is b),
    ("s.strip", lambda: s.strip() is s), ("s.lstrip", lambda: s.lstrip() is s), ("s.rstrip", lambda: s.rstrip() is s),
    ("s.strip(x)", lambda: s.strip("x") is s), ("s.replace", lambda: s.replace("x", "y") is s),
    ("str(s)", lambda: str(s) is s), ("s[:]", lambda: s[:] is s), ("s[0:3]", lambda: s[0:3] is s), ("s[::1]", lambda: s[::1] is s),
    ("s*1", lambda: s * 1 is s), ("s.ljust", lambda: s.ljust(2) is s), ("s.rjust", lambda: s.rjust(3) is s),
    ("s.center", lambda: s.center(1) is s), ("s.zfill", lambda: s.zfill(3) is s), ("s.expandtabs", lambda: s.expandtabs() is s),
    ("s.__str__", lambda: s.__str__() is s), ("format(s)", lambda: format(s) is s), ("f'{s}'", lambda: f"{s}" is s),
    ("''.join([s])", lambda: "".join([s]) is s), ("s+''", lambda: s + "" is s), ("''+s", lambda: "" + s is s),
    ("tuple(t)", lambda: tuple(t) is t), ("t[:]", lambda: t[:] is t), ("t[0:3]", lambda: t[0:3] is t), ("t[::1]", lambda: t[::1] is t),
    ("t*1", lambda: t * 1 is t), ("t+()", lambda: t + () is t), ("()+t", lambda: () + t is t),
    ("frozenset", lambda: (lambda f: frozenset(f) is f)(frozenset([1]))),
    ("int(i)", lambda: (lambda i: int(i) is i)(10**30)), ("float(f)", lambda: (lambda f: float(f) is f)(1.5)),
    ("+i", lambda: (lambda i: +i is i)(10**30)),
]
for name, f in checks:
    print(name, f())
