# dataclasses: __post_init__, InitVar, ClassVar, KW_ONLY, inheritance, field errors
from dataclasses import dataclass, field, fields, InitVar, KW_ONLY, replace, asdict
from typing import ClassVar
import typing


@dataclass
class Celsius:
    c: float
    f: float = field(init=False)
    scale: InitVar[int] = 1

    def __post_init__(self, scale):
        self.f = self.c * 9 / 5 + 32
        self.c *= scale


t = Celsius(100)
print(t, Celsius(10, 2))
print([f.name for f in fields(t)], Celsius.__match_args__)
try:
    replace(t, f=3.0)
except ValueError as e:
    print(type(e).__name__, e)
print(replace(t, c=0))


@dataclass
class NeedsIV:
    a: int
    b: InitVar[int]

    def __post_init__(self, b):
        self.a += b


try:
    replace(NeedsIV(1, 2), a=3)
except ValueError as e:
    print(type(e).__name__, e)
print(replace(NeedsIV(1, 2), b=5))


@dataclass
class Counter:
    total: ClassVar[int] = 0
    other: typing.ClassVar[str] = "x"
    name: str = "n"

    def __post_init__(self):
        Counter.total += 1


Counter(); Counter("q")
print(Counter.total, [f.name for f in fields(Counter)], Counter())


@dataclass
class KW:
    a: int
    _: KW_ONLY
    b: int = 1
    c: int


print(KW(1, c=3), KW.__match_args__)
try:
    KW(1, 2, 3)
except TypeError as e:
    print(type(e).__name__, e)


@dataclass(kw_only=True)
class AllKW:
    x: int
    y: int = 2
    z: int = field(default=3, kw_only=False)


print(AllKW(9, x=1), AllKW.__match_args__)


@dataclass
class Base:
    x: int
    y: int = 0


@dataclass
class Derived(Base):
    z: int = 5
    x: int = 10


print(Derived(), Derived(1, 2, 3), [f.name for f in fields(Derived)])

try:
    @dataclass
    class Bad(Base):
        w: int
except TypeError as e:
    print(type(e).__name__, e)

try:
    @dataclass
    class NoAnn:
        x: int
        y = field(default=1)
except TypeError as e:
    print(type(e).__name__, e)

try:
    field(default=1, default_factory=list)
except ValueError as e:
    print(type(e).__name__, e)

for mut in ([], {}, set()):
    try:
        @dataclass
        class M:
            v: object = mut
    except ValueError as e:
        print(type(e).__name__, e)

try:
    @dataclass
    class TwoKW:
        a: int
        _: KW_ONLY
        b: int = 0
        __: KW_ONLY
except TypeError as e:
    print(type(e).__name__, e)


@dataclass
class WithMeta:
    a: int = field(default=0, metadata={"unit": "m"}, repr=False)
    b: str = "s"


f0 = fields(WithMeta)[0]
print(WithMeta(), f0.metadata["unit"], dict(f0.metadata), f0.default, f0.repr, f0.kw_only)
print(fields(WithMeta)[1].metadata)


@dataclass
class SelfField:
    self: int
    other: int = 0


print(SelfField(1, 2), SelfField(self=3))


@dataclass
class Deep:
    items: dict
    pairs: list
    tup: tuple


d = Deep({"a": [1, 2]}, [(1, 2), [3]], (Base(1), Base(2, 3)))
out = asdict(d)
print(out, type(out["pairs"][0]).__name__)
print(out["items"]["a"] is d.items["a"])


@dataclass(init=False)
class NoInit:
    a: int = 1

    def __init__(self, v):
        self.a = v * 2


print(NoInit(4))


@dataclass(repr=False)
class NoRepr:
    a: int


print(repr(NoRepr(1)).startswith("<"))
print(Celsius.__doc__, KW.__doc__, AllKW.__doc__)
