import sys
x = None
for i in range(300000):
    x = [x]
del x
print("deep chain freed")
sys.setrecursionlimit(5000)
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(4000))
class A:
    def __repr__(self):
        return repr(self)
try:
    repr(A())
except RecursionError:
    print("repr recursion stopped")
t = ()
for i in range(500):
    t = (t,)
print(hash(t) == hash(t), len(t))
def g():
    for i in range(3000):
        yield i
print(sum(g()))
