x = "module"
class C:
    x = "class"
    y = x
    def m(self):
        return x
    z = [x for _ in range(2)]
print(C.y, C().m(), C.z)
def f():
    v = 1
    class D:
        w = v + 1
        def g(self):
            return v
    return D
D = f()
print(D.w, D().g())
