# class calls that run __init__ in the VM loop: exact positional (self and the
# arguments moved into the frame), closures in __init__, *args/keywords,
# wrong counts, a non-None return, super().__init__ and deep recursion.
class P:
    def __init__(self, x, y):
        self.x, self.y = x, y
class Q(P):
    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z
class C:
    def __init__(self, v):
        def get(): return v
        self.get = get
class R:
    def __init__(self):
        return 5
class D:
    def __init__(self, *a, k=1):
        self.a, self.k = a, k
class ns:
    class Inner:
        def __init__(self, a):
            self.a = a
    def make(self):
        return self.Inner(3)
print(P(1, 2).y, Q(1, 2, 3).z, C(7).get(), D(1, 2, k=3).a, D().k, ns().make().a, ns.Inner(4).a)
try:
    R()
except TypeError as e:
    print("TypeError", e)
try:
    P(1)
except TypeError as e:
    print("TypeError", e)
try:
    P(1, 2, 3)
except TypeError as e:
    print("TypeError", e)
class Deep:
    def __init__(self, n):
        self.child = Deep(n - 1) if n else None
try:
    Deep(5000)
except RecursionError as e:
    print("RecursionError")
d = Deep(50)
n = 0
while d: d, n = d.child, n + 1
print(n)
