# Descriptor cases of the attribute caches: a Python descriptor class that
# gains __set__ later (becomes a data descriptor), a descriptor added later
# on a base class, class-level defaults shadowed by instance attributes,
# classmethods and staticmethods through instances, and methods of builtin
# types looked up on subclasses that override them later.
class Desc:
    def __get__(self, obj, cls):
        return "desc"


class H:
    d = Desc()


h = H()
h.__dict__["d"] = "instance"
dl = []
for i in range(5):
    dl.append(h.d)
    if i == 1:
        Desc.__set__ = lambda self, obj, value: None
    if i == 3:
        del Desc.__set__
print(dl)


class Root:
    pass


class Mid(Root):
    pass


class Leaf(Mid):
    def __init__(self):
        self.val = "instance"


leaf = Leaf()
rl = []
for i in range(6):
    rl.append(leaf.val)
    if i == 1:
        Root.val = property(lambda self: "root property")
    if i == 2:
        Mid.val = "mid plain value"
    if i == 3:
        del Root.val
    if i == 4:
        del Mid.val
print(rl)


class Defaults:
    count = 0
    label = "default"

    @classmethod
    def make(cls):
        return cls.__name__

    @staticmethod
    def helper(x):
        return x * 2


objs = [Defaults() for _ in range(3)]
objs[1].count = 5
results = []
for i in range(3):
    for o in objs:
        results.append((o.count, o.label, o.make(), o.helper(i)))
        o.count += 1
    if i == 1:
        Defaults.label = "changed"
print(results)


class L(list):
    pass


lst = L()
ll = []
for i in range(5):
    lst.append(i)
    ll.append(len(lst))
    if i == 1:
        L.append = lambda self, x: list.append(self, x * 100)
    if i == 3:
        del L.append
print(ll, lst)

words = []
for w in ["a", "b", "c"]:
    words.append(w.upper())
    words.append(" ".join([w, w]))
print(words)
