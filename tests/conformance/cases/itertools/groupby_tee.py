# groupby and tee: shared state between iterators
import itertools as it
data = [('a', 1), ('a', 2), ('b', 3), ('a', 4), ('c', 5), ('c', 6)]
for k, g in it.groupby(data, key=lambda p: p[0]):
    print(k, list(g))
print([k for k, g in it.groupby('AAAABBBCCDAABBB')], [len(list(g)) for k, g in it.groupby('AAAABBBCCD')])
print([(k, list(g)) for k, g in it.groupby([])])
g = it.groupby('aabbbc')
k1, g1 = next(g)
k2, g2 = next(g)
print(k1, list(g1), k2, next(g2), list(g2))
groups = list(it.groupby('aabbc'))
print([(k, list(v)) for k, v in groups])
print([(k, list(v)) for k, v in it.groupby(sorted('banana'))])
print([(k, list(v)) for k, v in it.groupby(range(10), key=lambda x: x // 4)])
try:
    list(it.groupby([1, 2], key=lambda x: 1 / 0))
except ZeroDivisionError as e:
    print(type(e).__name__, e)
a, b = it.tee(range(5))
print(next(a), next(a), list(b), list(a))
a, b, c = it.tee(iter('xyz'), 3)
print(list(a), list(b), list(c))
print(it.tee([1], 0), len(it.tee([1])), type(it.tee([1])[0]).__name__)
x, y = it.tee(range(200))
print(sum(x), len(list(y)))
p, q = it.tee(iter(range(3)))
r, s = it.tee(p)
print(list(r), list(s), list(q), list(p))
t1, t2 = it.tee([1, 2, 3]); t3 = t1.__copy__(); next(t1)
print(list(t1), list(t2), list(t3))
def gen():
    yield 1
    yield 2
u, v = it.tee(gen())
print(list(zip(u, v)))
