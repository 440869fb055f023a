# repr of cycles through tuples and other containers (issue #22)
import collections, dataclasses
l = []; t = (l,); l.append(t)
print(repr(t), repr(l))
d = {}; t2 = (d, 1); d['k'] = t2
print(repr(t2), repr(d))
t3 = ([],); t3[0].append(t3); t3[0].append((t3,))
print(t3)
dq = collections.deque(); dq.append((dq,))
print(dq)
s = []; s.append({1: (s,)})
print(s)
@dataclasses.dataclass
class Node:
    nxt: object = None
n = Node(); n.nxt = (n, [n])
print(n)
P = collections.namedtuple('P', 'a b')
lst = []; p = P(lst, 2); lst.append(p)
print(lst)
print(repr(()), repr((1,)), repr(((),)))
