# OrderedDict: move_to_end, popitem(last=), order-aware equality, views, repr
from collections import OrderedDict
od = OrderedDict()
od['b'] = 1; od['a'] = 2; od['c'] = 3
print(od, list(od), od.keys(), od.values(), od.items())
od.move_to_end('b'); print(od)
od.move_to_end('c', last=False); print(od)
print(od.popitem(), od.popitem(last=False), od)
try:
    od.move_to_end('zz')
except KeyError as e:
    print(type(e).__name__, e)
try:
    OrderedDict().popitem()
except KeyError as e:
    print(type(e).__name__, e)
x = OrderedDict(a=1, b=2); y = OrderedDict(b=2, a=1)
print(x == y, x == dict(y), dict(x) == y, x != y)
print(repr(OrderedDict()), OrderedDict([('k', [1])]), list(reversed(x)), list(reversed(x.keys())))
print(OrderedDict.fromkeys('abc', 0), x.copy(), type(x.copy()).__name__)
print(x | {'c': 3}, {'z': 0} | x)
x |= {'d': 4}; print(x)
print(x.setdefault('e', 5), x.pop('a'), x.get('b'), x)
print(len(x.keys()), 'b' in x.keys(), ('b', 2) in x.items(), 2 in x.values())
print(x.keys() & {'b', 'zz'}, isinstance(x, dict))
r = OrderedDict(a=1); r['self'] = r; print(r)
