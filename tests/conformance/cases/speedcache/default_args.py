# Positional calls that leave trailing parameters to their defaults take
# the exact-argument frame path (vm.c: call_is_exact, fill_defaults): from
# CALL, from a class call's __init__, from C (sorted keys, map), with
# cells, positional-only parameters, shared mutable defaults, defaults
# replaced later, and the errors when too few are passed.
def f(a, b=2, c=3):
    return (a, b, c)


print([f(1), f(1, 20), f(1, 20, 30)])


def acc(x, into=[]):
    into.append(x)
    return len(into)


print([acc(i) for i in range(4)])


class Task:
    def __init__(self, name, priority=0, tags=()):
        self.name = name
        self.priority = priority
        self.tags = tags


ts = [Task("a"), Task("b", 5), Task("c", 1, ("x",))]
print([(t.name, t.priority, t.tags) for t in ts])


def key(t, scale=10):
    return -t.priority * scale


print([t.name for t in sorted(ts, key=key)], list(map(f, [7, 8])))


def captured(n, step=1):
    def inc():
        nonlocal n
        n += step
        return n
    return inc


g = captured(5)
print([g() for _ in range(3)], captured(0, 10)())


def po(a, b=1, /, c=2):
    return a + b + c


print(po(1), po(1, 2), po(1, 2, 3))
f.__defaults__ = (200, 300)
print(f(1), f(1, 2))
f.__defaults__ = None
try:
    f(1)
except TypeError as e:
    print(e)
try:
    Task()
except TypeError as e:
    print(e)


def gen(n, k=2):
    for i in range(n):
        yield i * k


print(list(gen(3)), list(gen(3, 5)))


class Point:
    def __init__(self, x=0, y=0):
        self.x, self.y = x, y

    def moved(self, dx=1, dy=1):
        return Point(self.x + dx, self.y + dy)


p = Point()
for i in range(5):
    p = p.moved() if i % 2 else p.moved(2)
print(p.x, p.y)
