# A __del__ that raises is reported and the script goes on; one that stores
# its object resurrects it (and is not called again); finalizers that
# allocate, chains of a million objects, an exception being handled.
import sys
class Bad:
    def __del__(self):
        1 / 0
b = Bad()
del b
print('after bad')
class Bad2:
    def __del__(self):
        raise ValueError('boom')
def f():
    x = Bad2()
f()
print('after f')
# resurrection
saved = []
class Phoenix:
    calls = 0
    def __init__(self, n): self.n = n
    def __del__(self):
        Phoenix.calls += 1
        print('phoenix del', self.n, Phoenix.calls)
        saved.append(self)
p = Phoenix(1)
del p
print(len(saved), saved[0].n)
saved.clear()
print('cleared; calls', Phoenix.calls)
# cycle with resurrection
class Node:
    def __init__(self, n): self.n = n; self.peer = None
    def __del__(self):
        print('node del', self.n)
        if self.n == 'keep':
            saved.append(self)
a = Node('keep'); b = Node('other'); a.peer = b; b.peer = a
del a, b
# make garbage to trigger the collector
junk = [[i] for i in range(5000)]
for i in range(3000):
    l = []
    l.append(l)
del junk
print('saved', [s.n for s in saved], saved[0].peer.n if saved else None)
# __del__ added later
class Late:
    pass
o = Late()
Late.__del__ = lambda self: print('late del')
del o
print('late done')
# __del__ that allocates and drops objects with __del__
class Chain:
    def __init__(self, d): self.d = d
    def __del__(self):
        if self.d < 3:
            Chain(self.d + 1)
        print('chain', self.d)
Chain(0)
print('chain done')
# many objects
class Counted:
    live = 0
    def __init__(self): Counted.live += 1
    def __del__(self): Counted.live -= 1
objs = [Counted() for _ in range(100000)]
print(Counted.live)
objs = None
print(Counted.live)
# long linked list with __del__
class Link:
    count = 0
    def __init__(self, nxt): self.nxt = nxt
    def __del__(self): Link.count += 1
head = None
for i in range(200000):
    head = Link(head)
head = None
print('links', Link.count)
# exception pending while __del__ runs
class Quiet:
    def __del__(self):
        try:
            raise KeyError('inner')
        except KeyError:
            pass
        print('quiet del')
def g():
    q = Quiet()
    raise RuntimeError('outer')
try:
    g()
except RuntimeError as e:
    print('caught', e, sys.exc_info()[0].__name__)
print('end')
last = Bad2()
