# Generators, __slots__, builtin subclasses, __class__ assignment, deep and
# recursive finalizers, dicts, sets and copies.
class R:
    def __init__(s, n): s.n = n
    def __del__(s): print('R del', s.n)
class S(R):
    __slots__ = ('a',)
class L(list):
    def __del__(self): print('L del', len(self))
def gen():
    r = R('in gen')
    try:
        yield 1
        yield 2
    finally:
        print('gen finally')
g = gen()
next(g)
del g
print('gen dropped')
x = L([1, 2, 3])
x = None
s = S('slotted'); s.a = R('slot value')
del s
class Plain:
    pass
p = Plain()
p.__class__ = R
p.n = 'reclassed'
del p
class Deep:
    def __init__(self, d): self.d = d
    def __del__(self):
        if self.d:
            Deep(self.d - 1)
Deep(2000)
print('deep done')
class Rec:
    def __del__(self):
        def f(n): return f(n + 1)
        f(0)
Rec()
print('rec done')
d = {i: R(i) for i in range(3)}
d.clear()
print('dict cleared')
st = {R('in set')}
st = None
print('set dropped')
import copy
c = copy.copy(R('copied'))
c = None
print('end')
