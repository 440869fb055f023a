# typing: TypeVar, user generics (Generic[T], substitution), Protocol and runtime_checkable
from typing import (TypeVar, Generic, Protocol, runtime_checkable, Iterator,
                    Optional, List, Dict, Union, Any, Callable, Sequence,
                    get_origin, get_args, SupportsInt, SupportsFloat)

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")
N = TypeVar("N", int, float)
B = TypeVar("B", bound=str)
Co = TypeVar("Co", covariant=True)
Contra = TypeVar("Contra", contravariant=True)
print(T, N, B, Co, Contra, N.__constraints__, B.__bound__, Co.__covariant__)
print(T | None, Optional[T], List[T])


class Stack(Generic[T]):
    def __init__(self) -> None:
        self.items: List[T] = []

    def push(self, item: T) -> None:
        self.items.append(item)

    def pop(self) -> T:
        return self.items.pop()

    def __iter__(self) -> Iterator[T]:
        return iter(self.items)


s = Stack[int]()
s.push(1)
s.push(2)
print(s.pop(), list(s), Stack[int], Stack.__parameters__)
print(s.__orig_class__, isinstance(s, Stack), type(s).__name__)
print(get_origin(Stack[str]), get_args(Stack[str]))
print(Stack.__mro__)


class Pair(Generic[K, V]):
    def __init__(self, k: K, v: V):
        self.k, self.v = k, v


print(Pair[str, int], Pair.__parameters__)
try:
    Pair[int]
except TypeError as e:
    print(type(e).__name__, e)


class IntStack(Stack[int]):
    pass


print(IntStack.__parameters__, IntStack.__orig_bases__, IntStack().items)


class Mapped(Dict[K, V]):
    pass


print(Mapped.__mro__[1], Mapped.__parameters__)
m = Mapped()
m["a"] = 1
print(m)

Alias = Dict[str, List[T]]
print(Alias[int], Alias.__parameters__)
print(Callable[[T], V][int, str])
print(Union[T, int][str])

try:
    class Bad(Generic[T], Generic[K]):
        pass
except TypeError as e:
    print(type(e).__name__, e)
try:
    class Bad2(Stack[K], Generic[T]):
        pass
except TypeError as e:
    print(type(e).__name__, e)


@runtime_checkable
class Closable(Protocol):
    def close(self) -> None: ...


class HasName(Protocol):
    name: str


class File:
    def close(self):
        pass


class Rock:
    pass


print(isinstance(File(), Closable), isinstance(Rock(), Closable), issubclass(File, Closable))
try:
    isinstance(File(), HasName)
except TypeError as e:
    print(type(e).__name__, e)
try:
    Closable()
except TypeError as e:
    print(type(e).__name__, e)


class Impl(Closable):
    def __init__(self, x):
        self.x = x


i = Impl(5)
print(i.x, isinstance(i, Closable))


@runtime_checkable
class Sized2(Protocol[T]):
    def __len__(self) -> int: ...


print(isinstance([1], Sized2), isinstance(3, Sized2), Sized2[int])
print(isinstance(3, SupportsInt), isinstance("x", SupportsInt), isinstance(2.5, SupportsFloat))


@runtime_checkable
class WithAttr(Protocol):
    label: str


class Labelled:
    label = "x"


print(isinstance(Labelled(), WithAttr), isinstance(Rock(), WithAttr))
try:
    issubclass(Labelled, WithAttr)
except TypeError as e:
    print(type(e).__name__, e)


def first(xs: Sequence[T]) -> T:
    return xs[0]


print(first([3, 4]), first.__annotations__)
