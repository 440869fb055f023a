# defaultdict: factories, __missing__, repr, copy, errors
from collections import defaultdict
d = defaultdict(list)
d['a'].append(1); d['b']; d['a'].append(2)
print(d, d.default_factory, dict(d), 'c' in d, len(d))
i = defaultdict(int)
for w in 'mississippi':
    i[w] += 1
print(i, sorted(i.items()))
n = defaultdict()
print(n, n.default_factory)
try:
    n['x']
except KeyError as e:
    print(type(e).__name__, e)
print(defaultdict(lambda: 'dflt')['k'], defaultdict(int, {'a': 1}, b=2))
try:
    defaultdict(5)
except TypeError as e:
    print(type(e).__name__, e)
c = d.copy(); c['z'].append(9); print(type(c).__name__, c, 'z' in d)
print(d.get('missing'), 'missing' in d)
s = defaultdict(set); s[1].add(2); print(s)
nested = defaultdict(lambda: defaultdict(int)); nested['a']['b'] += 1; print(dict(nested['a']))
print(d | {'q': 1}, type(d | {'q': 1}).__name__)
class DD(defaultdict):
    pass
print(DD(int, a=1))
print(repr(defaultdict(list)), isinstance(d, dict))
d.default_factory = None
try:
    d['nope']
except KeyError as e:
    print(type(e).__name__, e)
