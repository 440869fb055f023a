# yield from a plain iterator binds the value of its StopIteration.
class It:
    def __init__(s): s.n = 0
    def __iter__(s): return s
    def __next__(s):
        s.n += 1
        if s.n > 2: raise StopIteration(42)
        return s.n
def g():
    r = yield from It()
    print("r =", r)
    return r
print(list(g()))
class It2(It):
    def __next__(s): raise StopIteration
def g2():
    r = yield from It2()
    print("r2 =", r)
print(list(g2()))
class It3(It):
    def __next__(s): raise StopIteration((1, 2))
def g3():
    r = yield from It3()
    print("r3 =", r)
print(list(g3()))
def g4():
    r = yield from iter([1, 2])
    print("r4 =", r)
print(list(g4()))
