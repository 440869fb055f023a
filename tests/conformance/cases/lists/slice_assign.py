# list slice assignment, deletion with steps, repeat limits and lists changed by __eq__.
import sys
l = []
l[:] = []
print(l)
l[:] = [1, 2]
print(l)
l[5:] = [3]
print(l)
l[:0] = []
l[1:1] = [9, 9]
print(l)
l[::-1] = l
print(l)
l[::2] = 'abc'
print(l)
l[1:3] = ()
print(l)
l[-100:100] = range(5)
print(l)
del l[::2]
print(l)
l = list(range(10))
del l[::-3]
print(l)
del l[100:]
del l[:0]
e = []
del e[:]
del e[::2]
e[::-1] = []
print(e, l)
l = list(range(6))
print(l[4::sys.maxsize], l[::-sys.maxsize], l[-1::-sys.maxsize], l[1::sys.maxsize - 1])
print(tuple(l)[4::sys.maxsize], tuple(l)[::-sys.maxsize])
l[4::sys.maxsize] = ['x']
del l[5::sys.maxsize]
print(l)
for bad in ['l[::2] = [1]', 'l[::-1] = [1, 2]', 'l[::2] = 5', 'l[1:2] = 5', 'l[::0] = []', 'del l[::0]']:
    try:
        exec(bad)
    except Exception as ex:
        print(bad, type(ex).__name__, ex)
for code in ['[1] * (2**64)', '[] * (2**64)', '[0] * -5', '[0] * 2.0', '[0] * 1j']:
    try:
        exec(code)
        print(code, 'ok')
    except Exception as ex:
        print(code, type(ex).__name__, ex)
print([] * sys.maxsize, [1, 2] * 0, 3 * [1])

class Shrinker:
    def __init__(self, target):
        self.target = target
    def __eq__(self, other):
        self.target.clear()
        return True
a = [1, 2, 3]
a.append(Shrinker(a))
print(a.count(5), a)
a = [1, 2]
a.insert(0, Shrinker(a))
a.remove(7)
print(a)
a = [Shrinker(None), 2]
a[0].target = a
b = [0, 2]
print(a == b, a, b)
a = [Shrinker(None), 2]
a[0].target = a
try:
    print(a.index(9))
except ValueError as ex:
    print(ex)
print(a)
big = [0] * 5
big[1:4] = big
print(big)
m = [1, 2, 3, 4]
m[::2] = m[1::2]
print(m)
