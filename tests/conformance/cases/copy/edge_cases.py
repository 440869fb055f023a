# copy / deepcopy: memo sharing, cycles through containers and instances,
# custom hooks, reduce-based classes, errors
import copy
class Node:
    def __init__(self, val):
        self.val = val
        self.next = None
a = Node(1); b = Node(2); a.next = b; b.next = a
c = copy.deepcopy(a)
print(c.val, c.next.val, c.next.next is c, c is not a, c.next is not b)
s = copy.copy(a); print(s.next is b, s is not a)
shared = [1, 2]
x = {'p': shared, 'q': shared, 't': (shared,)}
y = copy.deepcopy(x)
print(y['p'] is y['q'], y['t'][0] is y['p'], y['p'] is not shared)
d = {}; d['self'] = d; e = copy.deepcopy(d); print(e['self'] is e)
t = ([],); t[0].append(t); u = copy.deepcopy(t); print(u[0][0] is u, u is not t)
class Hooked:
    def __init__(self, v):
        self.v = v
    def __deepcopy__(self, memo):
        print('deepcopy called, memo is dict:', isinstance(memo, dict))
        return Hooked(copy.deepcopy(self.v, memo))
    def __copy__(self):
        return Hooked('shallow')
h = Hooked([1]); print(copy.copy(h).v, copy.deepcopy(h).v, copy.deepcopy([h, h])[0].v)
class Red:
    def __init__(self, a, b=0):
        self.a, self.b = a, b
    def __reduce__(self):
        return (Red, (self.a, self.b + 1))
r = copy.copy(Red(1)); print(r.a, r.b, copy.deepcopy(Red([1])).b)
class State:
    def __init__(self):
        self.x = 1
        self.cache = 'big'
    def __getstate__(self):
        st = dict(self.__dict__)
        del st['cache']
        return st
    def __setstate__(self, st):
        self.__dict__.update(st)
        self.cache = 'rebuilt'
st = copy.copy(State()); print(st.x, st.cache)
class Slotted:
    __slots__ = ('a', 'b')
sl = Slotted(); sl.a = [1]
s2 = copy.copy(sl); s3 = copy.deepcopy(sl)
print(s2.a is sl.a, s3.a == sl.a, s3.a is sl.a, hasattr(s3, 'b'))
print(copy.copy(5), copy.copy('s'), copy.copy(None), copy.deepcopy(3.5), copy.copy(range(3)), copy.copy(len) is len)
l = [1, [2]]; l2 = copy.copy(l); print(l2 == l, l2 is l, l2[1] is l[1])
st = {1, 2}; print(copy.copy(st) == st, copy.copy(st) is st, copy.deepcopy(frozenset({(1, 2)})))
ba = bytearray(b'ab'); print(copy.copy(ba), copy.deepcopy(ba) is ba)
memo = {}
v = [1]
w = copy.deepcopy([v], memo)
print(memo[id(v)] is w[0], copy.deepcopy(v, memo) is w[0])
class E(Exception):
    pass
ex = copy.copy(E('msg')); print(type(ex).__name__, ex.args)
try:
    raise copy.Error('bad')
except copy.Error as err:
    print(type(err).__name__, err, copy.error is copy.Error)
