# Agent-style: enum-free state machine for an order workflow, with match.
class TransitionError(Exception):
    pass

TRANSITIONS = {
    "new": {"pay": "paid", "cancel": "cancelled"},
    "paid": {"ship": "shipped", "refund": "refunded"},
    "shipped": {"deliver": "delivered", "lose": "lost"},
    "lost": {"refund": "refunded"},
}
FINAL = {"delivered", "cancelled", "refunded"}

class Order:
    _next_id = 100

    def __init__(self, items):
        Order._next_id += 1
        self.id = Order._next_id
        self.items = dict(items)
        self.state = "new"
        self.history = [("new", None)]

    def fire(self, event):
        allowed = TRANSITIONS.get(self.state, {})
        if event not in allowed:
            raise TransitionError(f"order {self.id}: cannot {event!r} when {self.state}")
        self.state = allowed[event]
        self.history.append((self.state, event))
        return self

    @property
    def total(self):
        return sum(q * p for q, p in self.items.values())

    def __repr__(self):
        return f"Order(id={self.id}, state={self.state!r}, total={self.total:.2f})"

def handle(order, cmd):
    match cmd:
        case {"op": "event", "name": str(name)}:
            order.fire(name)
            return f"-> {order.state}"
        case {"op": "add", "sku": sku, "qty": int(q), "price": float(p)} if q > 0:
            old = order.items.get(sku, (0, p))[0]
            order.items[sku] = (old + q, p)
            return f"+{q} {sku}"
        case {"op": "add"}:
            return "bad add"
        case ["batch", *events]:
            return [handle(order, {"op": "event", "name": e}) for e in events]
        case ("query", "history"):
            return " > ".join(s for s, _ in order.history)
        case str() as s if s.startswith("#"):
            return None
        case _:
            raise ValueError(f"unknown command {cmd!r}")

o = Order({"pen": (2, 1.25)})
cmds = [
    {"op": "add", "sku": "ink", "qty": 3, "price": 4.0},
    {"op": "add", "sku": "pen", "qty": 1, "price": 1.25},
    {"op": "add", "sku": "pen", "qty": 0, "price": 1.25},
    {"op": "add", "sku": "x", "qty": "2", "price": 1.0},
    "# comment",
    {"op": "event", "name": "pay"},
    ["batch", "ship", "lose"],
    ("query", "history"),
    {"op": "event", "name": "ship"},
    {"op": "event", "name": "refund"},
    42,
]
for c in cmds:
    try:
        print(repr(handle(o, c)))
    except TransitionError as e:
        print("TransitionError:", e)
    except ValueError as e:
        print("ValueError:", e.args[0])
print(o, o.state in FINAL, o.items)
print(o.history)

orders = [Order([("a", (1, 10.0))]) for _ in range(4)]
paths = [["pay", "ship", "deliver"], ["cancel"], ["pay", "refund", "ship"], ["pay", "ship"]]
for order, path in zip(orders, paths):
    try:
        for ev in path:
            order.fire(ev)
    except TransitionError as e:
        print(e)
summary = {}
for order in orders:
    summary.setdefault("final" if order.state in FINAL else "open", []).append(order.id)
print(summary, [repr(x) for x in orders])
