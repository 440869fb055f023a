# Agent-style: typed inventory service with Protocol, Generic repository, TypedDict I/O.
from __future__ import annotations
from typing import Protocol, TypeVar, Generic, TypedDict, NamedTuple, Iterable, Callable, Optional, runtime_checkable, get_type_hints
from dataclasses import dataclass, field
from collections import defaultdict
import json

class ItemDict(TypedDict, total=False):
    sku: str
    name: str
    qty: int
    price: float
    tags: list

class Movement(NamedTuple):
    sku: str
    delta: int
    reason: str = "adjust"

@runtime_checkable
class Identified(Protocol):
    @property
    def key(self) -> str: ...

K = TypeVar("K")
T = TypeVar("T", bound="Identified")

@dataclass
class Item:
    sku: str
    name: str
    qty: int = 0
    price: float = 0.0
    tags: set[str] = field(default_factory=set)

    @property
    def key(self) -> str:
        return self.sku

    @property
    def value(self) -> float:
        return round(self.qty * self.price, 2)

    @classmethod
    def from_dict(cls, d: ItemDict) -> "Item":
        missing = {"sku", "name"} - d.keys()
        if missing:
            raise KeyError(f"missing fields: {sorted(missing)}")
        return cls(d["sku"], d["name"], int(d.get("qty", 0)), float(d.get("price", 0)), set(d.get("tags", [])))

class Repo(Generic[T]):
    def __init__(self) -> None:
        self._items: dict[str, T] = {}

    def add(self, item: T) -> None:
        if not isinstance(item, Identified):
            raise TypeError(f"{type(item).__name__} has no key")
        if item.key in self._items:
            raise ValueError(f"duplicate key {item.key!r}")
        self._items[item.key] = item

    def get(self, key: str) -> Optional[T]:
        return self._items.get(key)

    def find(self, pred: Callable[[T], bool]) -> list[T]:
        return [i for i in self._items.values() if pred(i)]

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self):
        return iter(sorted(self._items.values(), key=lambda i: i.key))

RAW = json.loads("""[
 {"sku": "A-1", "name": "bolt", "qty": 120, "price": 0.05, "tags": ["metal", "small"]},
 {"sku": "A-2", "name": "nut", "qty": "80", "price": "0.03", "tags": ["metal"]},
 {"sku": "B-7", "name": "hinge", "qty": 4, "price": 3.5},
 {"name": "orphan"},
 {"sku": "A-1", "name": "dup bolt"},
 {"sku": "C-3", "name": "glue", "qty": 0, "price": 4.25, "tags": ["liquid"]}
]""")
repo: Repo[Item] = Repo()
for rec in RAW:
    try:
        repo.add(Item.from_dict(rec))
    except (KeyError, ValueError) as e:
        print(f"rejected {rec.get('name')!r}: {type(e).__name__}: {e}")
try:
    repo.add(42)
except TypeError as e:
    print("TypeError:", e)
print(len(repo), [i.sku for i in repo], isinstance(repo.get("A-1"), Identified), isinstance("x", Identified))

moves = [Movement("A-1", -20, "sale"), Movement("B-7", +6), Movement("C-3", -1, "sale"), Movement("Z-9", 5), Movement("A-2", -80, "sale")]
ledger: defaultdict[str, list[Movement]] = defaultdict(list)
for m in moves:
    item = repo.get(m.sku)
    if item is None:
        print(f"unknown sku {m.sku}")
        continue
    if item.qty + m.delta < 0:
        print(f"insufficient stock for {m.sku}: have {item.qty}, need {-m.delta}")
        continue
    item.qty += m.delta
    ledger[m.reason].append(m)
print({k: [(m.sku, m.delta) for m in v] for k, v in ledger.items()})
print(f"{'SKU':<5}{'NAME':<8}{'QTY':>5}{'PRICE':>8}{'VALUE':>9}  TAGS")
for i in repo:
    print(f"{i.sku:<5}{i.name:<8}{i.qty:>5}{i.price:>8.2f}{i.value:>9.2f}  {','.join(sorted(i.tags)) or '-'}")
print("total value:", sum(i.value for i in repo), "out of stock:", [i.sku for i in repo.find(lambda i: i.qty == 0)])
by_tag: dict[str, list[str]] = {}
for i in repo:
    for t in sorted(i.tags):
        by_tag.setdefault(t, []).append(i.sku)
print(by_tag)
print(get_type_hints(Item)["tags"], get_type_hints(Movement), ItemDict.__total__, sorted(ItemDict.__optional_keys__))
print(Movement._fields, Movement("X", 1)._replace(delta=2), Movement._field_defaults)
print(Item.__annotations__)
