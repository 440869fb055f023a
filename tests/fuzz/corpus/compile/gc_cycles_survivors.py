# Objects reachable only through cycles held by live objects are never
# collected; suspended generators and closures keep working after the
# collector has run many times.
class Box:
    def __init__(self, v):
        self.v = v
        self.me = self

def churn(n):
    for i in range(n):
        a = [i]
        a.append(a)
        b = Box(a)

def counter():
    count = 0
    def inc():
        nonlocal count
        count += 1
        return count
    inc.self = inc
    return inc

inc = counter()

def gen():
    state = {"n": 0}
    state["loop"] = state
    while True:
        state["n"] += 1
        yield state["n"]

g = gen()
keep = Box("kept")
tree = {"children": []}
for i in range(10):
    child = {"parent": tree, "i": i, "children": []}
    tree["children"].append(child)

results = []
for round_ in range(20):
    churn(20000)
    results.append((inc(), next(g)))
print(results[-1])
print(keep.v, keep.me is keep)
print([c["i"] for c in tree["children"]], all(c["parent"] is tree for c in tree["children"]))

# a cycle through an exception's __context__ and a traceback
def fail():
    try:
        1 / 0
    except ZeroDivisionError as e:
        raise KeyError("k") from e

errs = []
for i in range(1000):
    try:
        fail()
    except KeyError as e:
        e.again = e
        if i % 250 == 0:
            errs.append(e)
churn(50000)
print(len(errs), [type(e.__cause__).__name__ for e in errs], str(errs[0]))

# class attribute holding an instance of the class (class <-> instance cycle)
def make_classes(n):
    last = None
    for i in range(n):
        class Singleton:
            instance = None
        Singleton.instance = Singleton()
        last = Singleton
    return last

S = make_classes(5000)
churn(30000)
print(type(S.instance) is S, S.__name__)
