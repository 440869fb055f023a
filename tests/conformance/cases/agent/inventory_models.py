# Agent-style: classes with __repr__/__eq__/ordering/hash, sorting, sets.
from functools import total_ordering
from dataclasses import dataclass, field


@total_ordering
class Version:
    def __init__(self, text):
        self.parts = tuple(int(p) for p in text.split("."))

    def __repr__(self):
        return f"Version({'.'.join(map(str, self.parts))!r})"

    def __eq__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return self.parts == other.parts

    def __lt__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return self.parts < other.parts

    def __hash__(self):
        return hash(self.parts)


@dataclass(order=True)
class Item:
    sort_key: tuple = field(init=False, repr=False)
    name: str
    qty: int = 0
    tags: list = field(default_factory=list)

    def __post_init__(self):
        self.sort_key = (-self.qty, self.name)


vs = [Version(v) for v in ["1.10.0", "1.2.3", "1.2.10", "0.9", "1.2.3"]]
print(sorted(vs))
print(max(vs), min(vs), len(set(vs)), Version("1.2.3") in vs)
print(Version("2.0") > Version("1.99.99"), Version("1.0") >= Version("1.0"), Version("1.0") != "1.0")
try:
    Version("1.0") < "1.0"
except TypeError as e:
    print("TypeError:", e)
items = [Item("bolt", 40, ["metal"]), Item("nut", 40), Item("gear", 3, ["metal", "big"]), Item("belt")]
for it in sorted(items):
    print(it)
print(Item("x", 1) == Item("x", 1), Item("x", 1) < Item("a", 0))
low = [i.name for i in items if i.qty < 5]
print(f"restock: {', '.join(low) or 'nothing'}")
by_tag = {}
for i in items:
    for t in i.tags or ["untagged"]:
        by_tag.setdefault(t, []).append(i.name)
print(by_tag)
print(sorted(items, key=lambda i: (len(i.tags), i.name), reverse=True)[0].name)
