# Reprs of containers met again inside their own repr: list, tuple, dict,
# views, deque, OrderedDict, defaultdict, dataclass, namedtuple, ChainMap,
# UserDict/UserList, mixed through one another (issue #22).
import collections, dataclasses
l = []; t = (l,); l.append(t); print(repr(t), repr(l))
d = {}; t2 = (d,); d['k'] = t2; print(repr(t2), repr(d))
s = []; fs = frozenset([1]); print(repr([s, fs]))
dq = collections.deque(); dq.append(dq); print(repr(dq))
dq2 = collections.deque(); lst = [dq2]; dq2.append(lst); print(repr(dq2), repr(lst))
od = collections.OrderedDict(); od['self'] = od; print(repr(od))
dd = collections.defaultdict(list); dd['x'] = dd; print(repr(dd))
dd2 = collections.defaultdict(list); dd2['l'] = [dd2]; print(repr(dd2))
@dataclasses.dataclass
class Node:
    val: int
    nxt: object = None
n = Node(1); n.nxt = n; print(repr(n))
a = Node(1); b = Node(2, a); a.nxt = [b]; print(repr(a))
P = collections.namedtuple('P', 'x y')
pl = []; p = P(pl, 2); pl.append(p); print(repr(p), repr(pl))
c = collections.Counter(); print(repr(c))
ch = collections.ChainMap(); ch['me'] = ch; print(repr(ch))
ud = collections.UserDict(); ud['me'] = ud; print(repr(ud))
ul = collections.UserList(); ul.append(ul); print(repr(ul))
dk = {}; dk['a'] = dk.keys(); print(repr(dk))
dv = {}; dv['a'] = dv.values(); print(repr(dv))
di = {}; di['a'] = di.items(); print(repr(di))
x = [1]; y = [x, x]; print(repr(y))
t3 = ([],); t3[0].append(t3); t3[0].append(t3); print(repr(t3))
class R:
    def __repr__(self): return 'R(' + repr(self.items) + ')'
r = R(); r.items = [r] if False else []; r.items.append(1); print(repr(r))
@dataclasses.dataclass
class Box:
    items: list
bx = Box([]); bx.items.append(bx); print(repr(bx)); print(str([bx]))
