# repr of cycles through tuples, lists, dicts, deques, namedtuples, dataclasses.
import collections
l = []; t = (l,); l.append(t); print(repr(t), repr(l))
d = {}; t2 = (d,); d[1] = t2; print(repr(t2), repr(d))
l2 = []; t3 = (1, (l2,)); l2.append(t3); print(t3, l2)
dq = collections.deque(); t4 = (dq,); dq.append(t4); print(t4, dq)
l3 = []; l3.append(l3); print(l3, (l3,), [l3])
d2 = {}; d2['k'] = [d2]; print(d2)
P = collections.namedtuple("P", "a b")
l4 = []; p = P(l4, 1); l4.append(p); print(p, l4)
class S(set): pass
import dataclasses
@dataclasses.dataclass
class DC:
    x: list
lz = []; dc = DC(lz); lz.append(dc); print(dc, lz)
od = collections.OrderedDict(); od[1] = (od,); print(od)
