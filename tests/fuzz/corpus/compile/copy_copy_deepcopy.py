import copy, functools
from collections import deque, Counter, OrderedDict, defaultdict, namedtuple
class A:
    def __init__(self): self.x = [1, 2]; self.me = self
a = A(); b = copy.copy(a); c = copy.deepcopy(a)
print(b.x is a.x, c.x is a.x, c.x == a.x, c.me is c, b.me is a)
l = [1, [2, 3]]; l.append(l); m = copy.deepcopy(l); print(m[2] is m, m[1] is not l[1], m[:2])
t = (1, [2]); print(copy.deepcopy(t) is t, copy.copy(t) is t, len(copy.deepcopy((1, 2))))
d = deque([1, [2]], maxlen=5); d2 = copy.deepcopy(d); print(d2, d2[1] is d[1], copy.copy(d)[1] is d[1])
cc = Counter('aab'); print(copy.deepcopy(cc), copy.copy(cc), type(copy.copy(cc)).__name__)
od = OrderedDict(a=[1]); od2 = copy.deepcopy(od); print(od2, od2['a'] is od['a'])
dd = defaultdict(list, a=[1]); dd2 = copy.deepcopy(dd); print(dd2, dd2['a'] is dd['a'], copy.copy(dd))
P = namedtuple('P', 'x y'); p = P([1], 2); print(copy.deepcopy(p), copy.deepcopy(p).x is p.x, copy.copy(p) is p)
class S:
    __slots__ = ('a', 'b')
s = S(); s.a = [1]; s2 = copy.deepcopy(s); print(s2.a, s2.a is s.a)
class W:
    def __copy__(self): return 'copied'
    def __deepcopy__(self, memo): return 'deep'
print(copy.copy(W()), copy.deepcopy([W()]))
class L(list): pass
ll = L([1, [2]]); ll.tag = 'x'; l2 = copy.deepcopy(ll); print(type(l2).__name__, l2, l2.tag, l2[1] is ll[1])
class D(dict): pass
print(copy.copy(D(a=1)), type(copy.copy(D(a=1))).__name__)
memo = {}; x = [1]; y = copy.deepcopy([x, x], memo); print(y[0] is y[1], id(x) in memo)
print(copy.Error, issubclass(copy.Error, Exception))
print(copy.deepcopy({1: {2: 3}}), copy.copy({1}), copy.deepcopy(frozenset({1})))
def f(): pass
print(copy.deepcopy(f) is f, copy.copy(int) is int)
