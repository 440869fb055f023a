d = {'b': 2, 'a': 1}
d['c'] = 3
print(d, d.get('z'), d.get('a', 0), d.setdefault('d', 4), d)
print(list(d.keys()), list(d.values()), list(d.items()))
print(d.pop('b'), d.pop('zz', None), d)
d.update({'e': 5}, f=6); print(d)
print(d.popitem(), len(d), 'a' in d, 'b' in d)
print(dict(a=1, b=2), dict([('x', 1)]), dict.fromkeys('ab', 0))
print({**d, 'a': 100} , d | {'z': 26})
counts = {}
for w in "the cat the hat the".split():
    counts[w] = counts.get(w, 0) + 1
print(counts, sorted(counts.items(), key=lambda kv: -kv[1]))
print({k: v for k, v in zip('abc', range(3))})
print(d.keys() & {'a', 'zz'}, {1: 'x'} == {1: 'x'}, {1: 2} != {1: 3})
