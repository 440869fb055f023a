# typing: get_type_hints with forward references, cast, overload, NewType, Literal, Final
import typing
from typing import (Annotated, Any, ClassVar, Final, List, Literal, NewType,
                    Optional, TYPE_CHECKING, Union, cast, final, get_type_hints,
                    no_type_check, overload, Dict, Tuple, NoReturn, Self)

if TYPE_CHECKING:
    import does_not_exist

print(TYPE_CHECKING)


class Node:
    count: "ClassVar[int]" = 0
    value: "int"
    next: "Optional[Node]" = None
    meta: "Annotated[str, 'doc']" = ""

    def link(self, other: "Node") -> "Self":
        self.next = other
        return self


print(Node.__annotations__)
print(get_type_hints(Node))
print(get_type_hints(Node, include_extras=True)["meta"])
print(get_type_hints(Node.link))


def f(a: int, b: "List[str]" = None, *args: float, c: Dict[str, int], **kw: Any) -> None:
    pass


print(get_type_hints(f))


class Child(Node):
    extra: "list[int]"
    tag: int | None


print(get_type_hints(Child))


def g(x: "Undefined") -> int:
    return 1


try:
    get_type_hints(g)
except NameError as e:
    print(type(e).__name__, e)

print(cast(int, "not an int"), cast("List[int]", [1]))


@overload
def parse(x: int) -> int: ...
@overload
def parse(x: str) -> str: ...
def parse(x):
    return x


print(parse(3), parse("s"))
print(len(typing.get_overloads(parse)))


@overload
def only(x: int) -> int: ...


try:
    only(1)
except NotImplementedError as e:
    print(type(e).__name__, str(e)[:40])


@no_type_check
def loose(x: "whatever") -> "nothing":
    return x


print(loose(1), loose.__no_type_check__, get_type_hints(loose))


@final
class Leaf:
    pass


print(Leaf.__final__)

UserId = NewType("UserId", int)
uid = UserId(42)
print(UserId, uid, type(uid).__name__, UserId.__supertype__, UserId.__name__)
try:
    class Sub(UserId):
        pass
except TypeError as e:
    print(type(e).__name__, e)

MAX: Final = 10
Mode = Literal["r", "w"]


def open_it(mode: Mode) -> Literal[True]:
    return True


print(open_it("r"), typing.get_args(Mode), typing.get_origin(Mode) is Literal)
print(typing.get_args(Final[int]), typing.get_origin(ClassVar[int]) is ClassVar)


def stop() -> NoReturn:
    raise SystemExit


print(get_type_hints(stop))
try:
    typing.assert_never(5)
except AssertionError as e:
    print(type(e).__name__, e)
print(typing.assert_type(3, int), typing.AnyStr.__constraints__)
print(Tuple[int, str].__args__, Union[int, str].__args__, Optional[int] == Union[int, None])
print(typing.Text is str, typing.Hashable, typing.Deque[int], typing.DefaultDict[str, int])
