# dataclasses: frozen, order, unsafe_hash and the __hash__ rules, frozen inheritance
from dataclasses import dataclass, field, FrozenInstanceError, replace


@dataclass(frozen=True)
class FP:
    x: int
    y: int = 0


p = FP(1, 2)
print(p, hash(p) == hash((1, 2)), {p: 1}[FP(1, 2)])
for attempt in ("p.x = 5", "p.z = 1", "del p.x"):
    try:
        exec(attempt)
    except FrozenInstanceError as e:
        print(type(e).__name__, e, isinstance(e, AttributeError))
print(replace(p, x=9))


@dataclass(order=True)
class Version:
    major: int
    minor: int = 0
    label: str = field(default="", compare=False)


vs = [Version(1, 2, "b"), Version(0, 9), Version(1, 0, "a"), Version(1, 2, "a")]
print(sorted(vs))
print(Version(1) < Version(1, 1), Version(2) >= Version(1, 9), Version(1, 2, "x") == Version(1, 2, "y"))
try:
    Version(1) < 3
except TypeError as e:
    print(type(e).__name__, e)
print(Version(1).__lt__(3))

try:
    @dataclass(order=True, eq=False)
    class Bad:
        x: int
except ValueError as e:
    print(type(e).__name__, e)

try:
    @dataclass(order=True)
    class Bad2:
        x: int
        def __lt__(self, other):
            return True
except TypeError as e:
    print(type(e).__name__, e)


@dataclass(unsafe_hash=True)
class UH:
    a: int
    b: list = field(default_factory=list, hash=False)


print(hash(UH(3)) == hash((3,)), UH(3, [1]))

try:
    @dataclass(unsafe_hash=True)
    class UH2:
        a: int
        def __hash__(self):
            return 1
except TypeError as e:
    print(type(e).__name__, e)


@dataclass
class KeepHash:
    a: int
    def __hash__(self):
        return 42


print(hash(KeepHash(1)))


@dataclass(eq=False)
class NoEq:
    a: int


n1 = NoEq(1)
print(n1 == NoEq(1), n1 == n1, hash(n1) == hash(n1))


@dataclass(frozen=True)
class FBase:
    a: int


try:
    @dataclass
    class Child(FBase):
        b: int
except TypeError as e:
    print(type(e).__name__, e)


@dataclass
class NBase:
    a: int


try:
    @dataclass(frozen=True)
    class Child2(NBase):
        b: int
except TypeError as e:
    print(type(e).__name__, e)


@dataclass(frozen=True)
class FChild(FBase):
    b: int = 2


print(FChild(1), hash(FChild(1)) == hash((1, 2)))


class Plain(FP):
    pass


pl = Plain(1)
try:
    pl.extra = 1
except FrozenInstanceError as e:
    print(type(e).__name__, e)
