# Two NaNs made separately are two objects: identity-first containment and
# lookups tell them apart (nan != nan) but find the same one again.
import math
import json
import copy

a = float('nan')
b = float('nan')
print(a is a, a is b, a == a, a != a)
print(float('nan') in [float('nan')])
print(a in [a], a in [b], a in (b, a), a in {a}, b in {a})
l = [a, b, a, 1.0]
print(l.index(a), l.index(b), l.count(a), l.count(b))
try:
    l.index(float('nan'))
except ValueError as e:
    print('ValueError', e)
d = {a: 'a', b: 'b'}
print(len(d), d[a], d[b], d.get(float('nan'), 'missing'))
d[float('nan')] = 'c'
print(len(d))
s = {a, b, a}
print(len(s), a in s, float('nan') in s)
print((a,) == (a,), (a,) == (b,), [a] == [a], [a] == [b], (1, a) < (1, a))
print(math.nan is math.nan, math.nan in [math.nan], math.nan == math.nan)
c = a
print(c is a, id(c) == id(a), id(a) == id(b))
print(copy.copy(a) is a, copy.deepcopy([a])[0] is a)
x = a * 2
print(x is a, x in [a])
print(hash(a) == hash(a), hash(a) == hash(b))
j = json.loads('[NaN, NaN]')
print(j[0] is j[1], j[0] in j, j.count(j[0]))
print(sorted({a: 1, b: 2}.values()))
print(max([1.0, a]) is a, min(a, 1.0) is a)
e = [a]
print(e.remove(a), e)
try:
    [b].remove(a)
except ValueError as err:
    print('ValueError', err)
print({a: 1} == {a: 1}, {a: 1} == {b: 1})
print(a in {a: 0}.keys(), (a, 1) in {a: 1}.items())
inf = float('inf')
print(inf - inf in [inf - inf], (inf - inf) is (inf - inf))
