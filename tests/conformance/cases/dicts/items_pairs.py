# items() pairs (box reuses a pair nobody else holds): kept, compared, hashed,
# unpacked, and mixed with pairs kept.
d = {"a": 1, "b": [2], "c": (3,), 4: "d"}
kept = []
for p in d.items():
    kept.append(p)
print(kept)
print([p for p in d.items()], list(d.items()) == kept)
it = iter(d.items())
first = next(it)
second = next(it)
print(first, second, first is second)
h = [hash(p) for p in {1: 2, 3: 4}.items()]
print(h == [hash((1, 2)), hash((3, 4))])
s = set()
for p in {1: 2, 3: 4, 5: 6}.items():
    s.add(p)
print(sorted(s))
for k, v in d.items():
    print(k, v)
x = None
for p in d.items():
    if x is None:
        x = p
print(x)
