def f(a, b: int = 1, *c, d, **e) -> int:
    """doc"""
    return a

class C(B, metaclass=M):
    x: int = 1

if a:
    pass
elif b:
    x = 1
else:
    y = 2
