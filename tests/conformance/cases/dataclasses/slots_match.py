# dataclasses: slots, match, make_dataclass, generics, nested asdict, descriptors
from dataclasses import dataclass, field, fields, make_dataclass, asdict, astuple, FrozenInstanceError
from typing import Generic, TypeVar, List, Optional, NamedTuple
import dataclasses


@dataclass(slots=True)
class S:
    a: int
    b: str = "x"


s = S(1)
print(s, S.__slots__)


@dataclass(slots=True, frozen=True)
class FS:
    a: int


fs = FS(2)
print(fs, hash(fs) == hash((2,)))
try:
    fs.a = 3
except FrozenInstanceError as e:
    print(type(e).__name__, e)


@dataclass
class Cmd:
    verb: str
    target: Optional[str] = None


for c in [Cmd("go", "north"), Cmd("look"), Cmd("take", "lamp")]:
    match c:
        case Cmd("go", where):
            print("going", where)
        case Cmd(verb="look"):
            print("looking")
        case Cmd(v, t):
            print("other", v, t)

Pt = make_dataclass("Pt", [("x", int), "z", ("y", int, field(default=5))])
p = Pt(1, z=3)
print(p, [f.name for f in fields(Pt)], Pt.__name__)
P2 = make_dataclass("P2", [("q", int)], frozen=True, namespace={"double": lambda self: self.q * 2})
print(P2(4).double(), P2(4))
try:
    make_dataclass("Bad", [("x", int), ("x", str)])
except TypeError as e:
    print(type(e).__name__, e)

T = TypeVar("T")


@dataclass
class Box(Generic[T]):
    item: T
    history: List[T] = field(default_factory=list)


b = Box[int](3)
print(b, Box.__parameters__)


class Coord(NamedTuple):
    x: int
    y: int


@dataclass
class Shape:
    name: str
    points: List[Coord]
    attrs: dict


sh = Shape("tri", [Coord(0, 0), Coord(1, 0)], {"k": (1, [2])})
d = asdict(sh)
print(d, type(d["points"][0]).__name__)
print(astuple(sh))
print(asdict(sh, dict_factory=lambda kv: sorted(kv)))


@dataclass
class Base:
    x: int

    def __post_init__(self):
        print("base post_init", self.x)


@dataclass
class Derived(Base):
    y: int = 0

    def __post_init__(self):
        super().__post_init__()
        print("derived post_init", self.y)


Derived(1, 2)
f = fields(Derived)[1]
print(f.name, f.type, f.default, f.init, f.compare, f.hash, f.kw_only)
print(dataclasses.MISSING is not None, repr(dataclasses.KW_ONLY).startswith("<dataclasses"))
print(dataclasses.InitVar[int], dataclasses.InitVar[List[int]])


class Desc:
    def __set_name__(self, owner, name):
        self.name = "_" + name

    def __get__(self, obj, typ=None):
        if obj is None:
            return 7
        return getattr(obj, self.name, 7)

    def __set__(self, obj, value):
        setattr(obj, self.name, value * 10)


@dataclass
class UsesDesc:
    v: int = Desc()


print(UsesDesc().v, UsesDesc(2).v)
