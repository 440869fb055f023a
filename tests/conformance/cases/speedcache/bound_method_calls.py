# bound methods called through CALL_METHOD's NULL slot (super().f(...)):
# positional, keyword, *args/**kwargs, deep recursion, tracebacks.
class A:
    def f(self, x, y=2):
        return ("A.f", x, y)
    def g(self, *a, **k):
        return ("A.g", a, sorted(k.items()))
class B(A):
    def f(self, x, y=3):
        return super().f(x, y=y) + ("B",)
    def g(self, *a, **k):
        return super().g(*a, **k)
    def h(self):
        return super().f(1), super().g(1, 2, z=3), super().f(x=5)
b = B()
print(b.f(1), b.g(1, 2, k=3), b.h())
class W:
    def __init__(self):
        self.m = A().f
    def call(self):
        return self.m(9)
print(W().call())
m = b.f
print(m(4), m(x=5))
class S:
    def __init__(self, seq):
        self.seq = seq
    def meth(self):
        return super().__repr__()[:2], super().__init__() 
print(S([1]).meth())
try:
    super(B, b).f()
except TypeError as e:
    print("TypeError", e)
def deep(n):
    class K(A):
        def f(self, x, y=0):
            return super().f(x, y) if x == 0 else K().f(x - 1, y)
    return K().f(n)
print(deep(100))
try:
    deep(5000)
except RecursionError:
    print("RecursionError")
class E(A):
    def f(self, x, y=0):
        return super().f(1 / x)
try:
    E().f(0)
except ZeroDivisionError as e:
    tb = e.__traceback__
    n = 0
    while tb: tb, n = tb.tb_next, n + 1
    print("ZeroDivisionError", n)
