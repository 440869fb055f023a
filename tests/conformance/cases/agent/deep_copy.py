# Agent-style: snapshotting nested config/state with copy, including cycles.
import copy

class Node:
    def __init__(self, name, children=None):
        self.name = name
        self.children = children or []
        self.parent = None
        for c in self.children:
            c.parent = self
    def walk(self, depth=0):
        yield depth, self
        for c in self.children:
            yield from c.walk(depth + 1)
    def __repr__(self):
        return f"Node({self.name!r}, {len(self.children)} children)"

class Tracked:
    copies = 0
    def __init__(self, value):
        self.value = value
    def __copy__(self):
        Tracked.copies += 1
        return Tracked(self.value)
    def __deepcopy__(self, memo):
        Tracked.copies += 10
        return Tracked(copy.deepcopy(self.value, memo))

config = {"db": {"host": "localhost", "ports": [5432, 5433]}, "features": {"beta", "x"}, "tags": ("a", ["b"])}
shallow = copy.copy(config)
deep = copy.deepcopy(config)
config["db"]["ports"].append(9999)
config["tags"][1].append("c")
print(shallow["db"]["ports"], deep["db"]["ports"])
print(shallow["tags"], deep["tags"], deep["tags"] is config["tags"])
print(deep["features"] == config["features"], deep["features"] is config["features"])

cyc = [1, 2]
cyc.append(cyc)
d = {"self": None, "list": cyc}
d["self"] = d
dc = copy.deepcopy(d)
print(dc["self"] is dc, dc["list"][2] is dc["list"], dc["list"] is not cyc, dc["list"][:2])
print(repr(cyc), repr(dc["list"]))

tree = Node("root", [Node("a", [Node("a1"), Node("a2")]), Node("b")])
t2 = copy.deepcopy(tree)
t2.children[0].children[1].name = "a2-renamed"
print([(d, n.name) for d, n in tree.walk()])
print([(d, n.name) for d, n in t2.walk()])
print(t2.children[0].parent is t2, t2.children[0].parent is tree, tree.children[0].children[1].name)

shared = [0]
pair = [shared, shared]
pc = copy.deepcopy(pair)
print(pc[0] is pc[1], pc[0] is shared)

t = Tracked([1, [2, 3]])
t_shallow, t_deep = copy.copy(t), copy.deepcopy(t)
t.value[1].append(4)
print(Tracked.copies, t_shallow.value, t_deep.value)

memo = {}
a = [[1], [2]]
b = copy.deepcopy(a, memo)
print(b, id(a) in memo, len(memo) >= 3)
frozen = (1, "two", 3.0, None, (4, 5))
print(copy.deepcopy(frozen) is frozen, copy.copy(frozen) is frozen)
mixed = (1, [2])
print(copy.deepcopy(mixed) is mixed, copy.deepcopy(mixed) == mixed)

class Settings:
    def __init__(self, **kw):
        self.__dict__.update(kw)
    def __eq__(self, o):
        return vars(self) == vars(o)
s = Settings(debug=True, paths=["/tmp"], limits={"cpu": 2})
s2 = copy.deepcopy(s)
s2.paths.append("/var")
print(s == s2, s.paths, s2.paths, sorted(vars(s2)))
print(copy.copy(range(3)), copy.deepcopy(b"xy"), copy.copy({1: [2]}))
history = []
state = {"step": 0, "items": []}
for i in range(3):
    state["step"] = i
    state["items"].append(i * i)
    history.append(copy.deepcopy(state))
print(history)
