# Counter: counting, most_common ties, arithmetic, elements, total, update
from collections import Counter
c = Counter('abracadabra')
print(c, c['a'], c['z'], len(c), c.total())
print(c.most_common(), c.most_common(2), c.most_common(0), c.most_common(-1))
print(sorted(c.elements()), list(Counter(a=2, b=0, c=-1).elements()))
ties = Counter('zyxzyx'); print(ties.most_common(), ties)
c.update('aaz'); c.update({'b': 10}); c.update(q=3); print(c)
c.subtract('aaaa'); c.subtract({'q': 5}); c.subtract(b=1); print(c)
a = Counter(a=3, b=1, c=-2); b = Counter(a=1, b=2, d=4)
print(a + b, a - b, a | b, a & b, +a, -a)
a2 = Counter(a=3, b=1); a2 += Counter(b=-5, c=2); print(a2)
a2 = Counter(a=3, b=1); a2 -= Counter(a=1, c=2); print(a2)
a2 = Counter(a=3, b=1); a2 |= Counter(b=5); print(a2)
a2 = Counter(a=3, b=1); a2 &= Counter(a=1); print(a2)
print(Counter(a=1) == Counter(a=1, b=0), Counter(a=1) < Counter(a=2), Counter(a=1) <= Counter(a=1), Counter(a=3) > Counter(a=1, b=0))
print(Counter() == {}, Counter(a=1) == {'a': 1}, repr(Counter()), Counter([1, 1, 2]))
del c['a']; del c['missing']; print('a' in c)
d = c.copy(); print(type(d).__name__, d == c, d is c)
print(Counter({'x': 2, 'y': 5}), Counter(['a', 'b', 'a']).most_common(1))
try:
    Counter.fromkeys('abc')
except NotImplementedError as e:
    print(type(e).__name__, e)
try:
    Counter(a=1) + {'a': 1}
except TypeError as e:
    print(type(e).__name__, e)
class MyC(Counter):
    pass
print(MyC('aab'), isinstance(MyC(), dict))
print(Counter({'a': 1.5, 'b': 0.5}).total(), sum(Counter('hello').values()))
words = "the cat and the hat and the bat".split()
print(Counter(words).most_common(3))
