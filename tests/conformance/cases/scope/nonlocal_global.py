g = 0
def outer():
    a = 1
    def inner():
        nonlocal a
        global g
        a += 1
        g += 10
    inner(); inner()
    return a
print(outer(), g)
def f():
    print(x)
    x = 1
try:
    f()
except UnboundLocalError as e:
    print(e)
class C:
    v = 1
    w = [v * i for i in range(3)] if False else None
    def m(self):
        return C.v
print(C().m())
