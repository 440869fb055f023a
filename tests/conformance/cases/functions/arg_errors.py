def f(a, b): pass
class C:
    def m(self, x): pass
for call in [lambda: f(1, 2, 3), lambda: f(1), lambda: f(), lambda: f(1, c=2), lambda: f(1, a=2), lambda: C().m(), lambda: C().m(1, 2)]:
    try:
        call()
    except TypeError as e:
        print(e)
def g(a, /, b, *, c): pass
for call in [lambda: g(a=1, b=2, c=3), lambda: g(1, 2), lambda: g(1, 2, 3)]:
    try:
        call()
    except TypeError as e:
        print(e)
def h(a, b=1): pass
try:
    h(1, 2, 3)
except TypeError as e:
    print(e)
def k(*, a, b): pass
try:
    k()
except TypeError as e:
    print(e)
