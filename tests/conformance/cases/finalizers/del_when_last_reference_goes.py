# __del__ runs the moment the last reference goes: del, rebinding, leaving a
# function, clearing or slicing a container (last item first), dict removal.
class R:
    def __init__(s, n): s.n = n
    def __del__(s): print('del', s.n)
def f():
    r = R('local')
    return 5
print(f())
x = R(1)
x = R(2)
print('rebound')
del x
print('deleted')
l = [R(3), R(4), R(5)]
l.clear()
print('cleared')
d = {1: R(6), 2: R(7)}
del d[1]
print('d1')
d.pop(2)
print('popped')
t = (R(8), R(9))
t = None
print('tuple')
s = [R(10)]
s[0] = 0
print('setitem')
live = 0
class C:
    def __init__(s):
        global live
        live += 1
    def __del__(s):
        global live
        live -= 1
cs = [C() for _ in range(5)]
print(live)
del cs[1:3]
print(live)
cs = None
print(live)
# cycle
class N:
    def __init__(s, n): s.n = n; s.other = None
    def __del__(s): print('cycle del', s.n)
a = N('a'); b = N('b'); a.other = b; b.other = a
del a, b
print('cycle dropped')

