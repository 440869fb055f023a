# Agent-style: dataclasses with typing hints, enums by hand, grouping and JSON.
from dataclasses import dataclass, field, asdict, replace
from typing import Optional, List, Dict
from collections import namedtuple, OrderedDict, ChainMap
import json

Status = namedtuple("Status", "code label")
OPEN, DONE = Status(0, "open"), Status(1, "done")


@dataclass(frozen=True)
class Ticket:
    id: int
    title: str
    status: Status = OPEN
    tags: tuple = ()
    owner: Optional[str] = None

    @property
    def short(self) -> str:
        return self.title if len(self.title) <= 12 else self.title[:11] + "…"


@dataclass
class Board:
    name: str
    tickets: List[Ticket] = field(default_factory=list)

    def add(self, *ts: Ticket) -> "Board":
        self.tickets.extend(ts)
        return self

    def by_owner(self) -> Dict[str, List[int]]:
        out: Dict[str, List[int]] = {}
        for t in self.tickets:
            out.setdefault(t.owner or "-", []).append(t.id)
        return dict(sorted(out.items()))


b = Board("ops").add(Ticket(1, "Rotate TLS certificates", tags=("sec",), owner="ana"),
                     Ticket(2, "Fix flaky test", DONE, ("ci",)),
                     Ticket(3, "Upgrade the database cluster", owner="bo"))
print(b.tickets[0])
print([t.short for t in b.tickets])
print(b.by_owner())
t2 = replace(b.tickets[1], status=OPEN, owner="cy")
print(t2, t2 == b.tickets[1], hash(t2) == hash(replace(t2)))
try:
    t2.title = "x"
except Exception as e:
    print(type(e).__name__, e)
print(json.dumps(asdict(b), indent=1)[:160])
print(Status._fields, OPEN._asdict(), DONE._replace(label="closed"), OPEN < DONE, max(OPEN, DONE).label)
od = OrderedDict(zip("cab", range(3)))
od.move_to_end("c")
print(od, list(od), od.popitem(last=False))
cm = ChainMap({"a": 1}, {"a": 2, "b": 3})
print(cm["a"], cm["b"], len(cm), sorted(cm.items()))
counts = {s.label: sum(t.status == s for t in b.tickets) for s in (OPEN, DONE)}
print(counts, f"{counts['open'] / len(b.tickets):.1%} open")
