# dataclasses: init/repr/eq, field defaults and factories, asdict/astuple/replace, errors
from dataclasses import dataclass, field, fields, asdict, astuple, replace, is_dataclass


@dataclass
class Point:
    x: int
    y: int = 0


p = Point(1, 2)
print(p)
print(repr(Point(3)))
print(p == Point(1, 2), p == Point(2, 1), p != Point(1, 2))
print(p == (1, 2))
print(Point.__eq__(p, (1, 2)))
print(Point.__hash__)
try:
    hash(p)
except TypeError as e:
    print(type(e).__name__, e)
print(Point.__match_args__)
print([f.name for f in fields(p)], [f.type for f in fields(Point)])
print(asdict(p), astuple(p))
print(replace(p, y=5), p)
print(is_dataclass(p), is_dataclass(Point), is_dataclass(3), is_dataclass(int))
p.x = 10
print(p)


@dataclass
class Inventory:
    name: str
    items: list = field(default_factory=list)
    tags: dict = field(default_factory=dict, repr=False)
    count: int = field(default=0, compare=False)


a = Inventory("a")
b = Inventory("a")
a.items.append(1)
print(a, b, a.items is b.items)
print(Inventory("z", [1], {}, 5) == Inventory("z", [1], {"k": 1}, 7))
print(Inventory("z", count=3))


@dataclass
class Empty:
    pass


print(Empty(), Empty() == Empty())


@dataclass
class Node:
    value: int
    children: list = field(default_factory=list)


n = Node(1, [Node(2), Node(3, [Node(4)])])
print(n)
print(asdict(n))
print(astuple(n))

for bad in [lambda: Point(), lambda: Point(1, 2, 3), lambda: Point(1, z=3),
            lambda: Point(1, x=2)]:
    try:
        bad()
    except TypeError as e:
        print(type(e).__name__, e)

try:
    asdict(Point)
except TypeError as e:
    print(type(e).__name__, e)
try:
    astuple(3)
except TypeError as e:
    print(type(e).__name__, e)
try:
    replace(3, x=1)
except TypeError as e:
    print(type(e).__name__, e)
try:
    fields(3)
except TypeError as e:
    print(type(e).__name__, e)
try:
    replace(p, z=1)
except TypeError as e:
    print(type(e).__name__, e)


@dataclass
class Rec:
    name: str
    other: object = None


r = Rec("a")
r.other = r
print(r)
print(Point.__init__.__qualname__, Point.__repr__.__name__)
print(Point.__dataclass_params__)
print(Point.__doc__)
print(sorted(Point.__dataclass_fields__))
