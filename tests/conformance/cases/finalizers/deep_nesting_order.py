# Finalizers of objects nested deeper than CPython's trashcan depth (50):
# the order __del__ runs in when the outermost container goes, for lists,
# tuples, dicts, sets, instances and bound methods, and what a finalizer
# sees of a long chain it drops.
out = []
class D:
    def __init__(self, i, inner=None):
        self.i = i
        self.inner = inner
    def __del__(self):
        out.append(self.i)
    def m(self):
        pass
def show(what):
    print(what, ' '.join(map(str, out)))
    out.clear()

x = None
for i in range(300, 0, -1):
    x = [i, D(i), x]
del x
show('lists')

x = None
for i in range(300, 0, -1):
    x = (i, D(i), x)
x = None
show('tuples')

x = {}
for i in range(300, 0, -1):
    x = {'d': D(i), 'next': x}
x = 0
show('dicts')

x = frozenset()
for i in range(200, 0, -1):
    x = frozenset([(x, D(i))])
del x
show('frozensets')

x = None
for i in range(300, 0, -1):
    x = D(i, x)
del x
show('instances')

x = None
for i in range(200, 0, -1):
    x = D(i, x).m
del x
show('bound methods')

x = None
for i in range(200, 0, -1):
    x = [D(i, [D(-i)]), x]
del x
show('mixed')

class Counter:
    dropped = 0
    def __init__(self, nxt):
        self.nxt = nxt
    def __del__(self):
        Counter.dropped += 1
class Owner:
    def __init__(self, n):
        head = None
        for i in range(n):
            head = Counter(head)
        self.chain = head
    def __del__(self):
        self.chain = None
        print('owner saw', Counter.dropped, 'dropped')
o = Owner(1000)
del o
print('after owner', Counter.dropped)
l = [Owner(500) for _ in range(3)]
l = None
print('after owners', Counter.dropped)
