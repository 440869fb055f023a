# Agent-style: dataclass models for a task tracker.
from dataclasses import dataclass, field, asdict, astuple, replace, fields, FrozenInstanceError
from datetime import date
from typing import List, Optional
import json

@dataclass(order=True)
class Priority:
    level: int
    label: str = field(compare=False, default="normal")

@dataclass
class Task:
    title: str
    priority: Priority
    due: Optional[date] = None
    tags: List[str] = field(default_factory=list)
    done: bool = False
    _slug: str = field(init=False, repr=False, default="")

    def __post_init__(self):
        if not self.title.strip():
            raise ValueError("empty title")
        self._slug = "-".join(self.title.lower().split())

    @property
    def slug(self):
        return self._slug

@dataclass(frozen=True)
class Point:
    x: float
    y: float
    def __add__(self, other):
        return Point(self.x + other.x, self.y + other.y)

HIGH, MID, LOW = Priority(1, "high"), Priority(2), Priority(3, "low")
tasks = [
    Task("Write report", MID, date(2024, 5, 1), ["work"]),
    Task("Fix  bug 42", HIGH, date(2024, 4, 20), ["work", "urgent"]),
    Task("Buy milk", LOW),
    Task("Plan trip", MID, date(2024, 6, 15), ["home"]),
]
print(tasks[0])
print(tasks[1].slug, tasks[2].tags is not tasks[3].tags)
for t in sorted(tasks, key=lambda t: (t.priority, t.due or date.max)):
    print(f"{t.priority.level} {t.priority.label:<7} {t.title:<14} {t.due.isoformat() if t.due else '-':>10} {','.join(t.tags)}")
print(Priority(2, "x") == Priority(2, "y"), Priority(1) < Priority(2), max(HIGH, LOW))

tasks[2] = replace(tasks[2], done=True, tags=["errand"])
print(tasks[2])
d = asdict(tasks[1])
print(d)
print(json.dumps(d, default=str, sort_keys=True))
print(astuple(Priority(5, "five")))
print([f.name for f in fields(Task)], [f.name for f in fields(Task) if f.init])

try:
    Task("   ", LOW)
except ValueError as e:
    print("rejected:", e)

p = Point(1.5, 2)
q = p + Point(0.5, -1)
print(p, q, p == Point(1.5, 2.0), hash(p) == hash(Point(1.5, 2.0)))
try:
    p.x = 10
except FrozenInstanceError as e:
    print(type(e).__name__, e)
print({Point(0, 0), Point(0, 0), Point(1, 0)} == {Point(1, 0), Point(0, 0)})

open_by_tag = {}
for t in tasks:
    if t.done:
        continue
    for tag in t.tags or ["untagged"]:
        open_by_tag.setdefault(tag, []).append(t.title)
print(open_by_tag)
print(sum(1 for t in tasks if t.done), "done of", len(tasks))
