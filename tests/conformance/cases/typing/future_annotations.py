# typing: from __future__ import annotations (annotations kept as text) with dataclasses and get_type_hints
from __future__ import annotations
from dataclasses import dataclass, field
from typing import Optional, get_type_hints, ClassVar
import dataclasses

@dataclass
class Node:
    value: int
    next: Optional[Node] = None
    children: list[Node] = field(default_factory=list)
    count: ClassVar[int] = 0
    iv: dataclasses.InitVar[int] = 0

    def __post_init__(self, iv):
        pass

    def link(self, other: Node) -> Node:
        self.next = other
        return self

    def multi(self, x: dict[
            str, int]) -> None:
        pass

print(Node.__annotations__)
print(Node.link.__annotations__, Node.multi.__annotations__)
n = Node(1).link(Node(2))
print(n, [f.name for f in dataclasses.fields(Node)])
print(get_type_hints(Node.link))
print(get_type_hints(Node))
print(Node.__doc__)
def f(a: int, *args: int, b: Undefined = 1, **kw: list[int]) -> Missing: pass
print(f.__annotations__)
x: SomeName = 3
print(__annotations__)
