# sorted()/list.sort() call key even for a one-item list: its side effects
# happen and its exceptions propagate, as in CPython.
calls = []
print(sorted([5], key=lambda x: calls.append(x) or x), calls)
print(sorted([], key=lambda x: calls.append(x)), calls)
items = ["only"]
items.sort(key=lambda s: calls.append(("sort", s)) or len(s), reverse=True)
print(items, calls)
records = [{"name": "a"}]
try:
    sorted(records, key=lambda r: r["score"])
except KeyError as e:
    print("KeyError:", e)
try:
    [object()].sort(key=lambda o: o.missing)
except AttributeError as e:
    print("AttributeError:", e)
print(sorted([3], key=None), sorted((7,), key=abs, reverse=True), sorted("z", key=str.upper))
print(min([4], key=lambda x: calls.append(("min", x)) or x), max([4], key=lambda x: -x), calls[-1])
