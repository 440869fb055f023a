def make():
    fs = []
    for i in range(3):
        def f(j=i):
            return j
        fs.append(f)
    return fs
print([f() for f in make()])
def counter():
    count = [0]
    def inc():
        count[0] += 1
        return count[0]
    return inc
c = counter(); c(); print(c())
x = "global"
def shadow():
    x = "local"
    def inner():
        return x
    return inner()
print(shadow(), x)
def gen_scope():
    y = 10
    return [y + i for i in range(3)]
print(gen_scope())
