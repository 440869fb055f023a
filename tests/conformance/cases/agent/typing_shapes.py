# Agent-style: typing constructs used in a small geometry/report module.
from typing import (NamedTuple, TypedDict, Optional, Protocol, Generic, TypeVar,
                    Literal, Union, cast, get_type_hints, Callable, Iterator, Dict, List, Tuple)
import math

T = TypeVar("T")
Unit = Literal["cm", "in"]

class Dim(NamedTuple):
    w: float
    h: float
    unit: Unit = "cm"

    def area(self) -> float:
        return self.w * self.h

class ShapeInfo(TypedDict):
    name: str
    sides: int
    regular: bool

class HasArea(Protocol):
    def area(self) -> float: ...

class Circle:
    def __init__(self, r: float) -> None:
        self.r = r
    def area(self) -> float:
        return math.pi * self.r ** 2

class Stack(Generic[T]):
    def __init__(self) -> None:
        self.items: List[T] = []
    def push(self, item: T) -> "Stack[T]":
        self.items.append(item)
        return self
    def pop(self) -> Optional[T]:
        return self.items.pop() if self.items else None
    def __iter__(self) -> Iterator[T]:
        return reversed(self.items)
    def __len__(self) -> int:
        return len(self.items)

def total_area(shapes: List[HasArea]) -> float:
    return sum(s.area() for s in shapes)

def convert(d: Dim, to: Unit) -> Dim:
    if d.unit == to:
        return d
    f = 2.54 if to == "cm" else 1 / 2.54
    return d._replace(w=round(d.w * f, 3), h=round(d.h * f, 3), unit=to)

def describe(x: Union[int, str, None]) -> str:
    if x is None:
        return "nothing"
    return f"int {x:+d}" if isinstance(x, int) else f"str {x!r}"

d = Dim(10, 4)
print(d, d.area(), d._fields, d._asdict())
print(convert(d, "in"), convert(Dim(1, 2, "in"), "cm"))
w, h, unit = d
print(w, h, unit, d[0], d.unit, len(d), Dim._field_defaults)
info: ShapeInfo = {"name": "square", "sides": 4, "regular": True}
print(info, type(info).__name__, ShapeInfo.__required_keys__ == frozenset({"name", "sides", "regular"}))
print(f"{total_area([d, Circle(1), Dim(2, 3)]):.4f}")
s: Stack[int] = Stack()
s.push(1).push(2).push(3)
print(list(s), len(s), s.pop(), s.pop(), s.pop(), s.pop())
print(describe(5), describe("a"), describe(None))
n = cast(int, "not really")
print(n, cast("List[int]", [1]))
hints = get_type_hints(convert)
print(sorted(hints), hints["return"] is Dim)
print(get_type_hints(Dim))
print(get_type_hints(ShapeInfo))
handler: Callable[[int], str] = lambda v: str(v * 2)
table: Dict[str, Tuple[int, ...]] = {"a": (1, 2), "b": ()}
print(handler(21), table)
print(Optional[int], Union[int, str], List[int], Dict[str, int], Literal["a", "b"])
print(Optional[int] == Union[int, None], Unit.__args__)
