# Records as dataclasses: construction through the generated __init__,
# field-wise __eq__, frozen __hash__ as dict keys, replace(), sorting by
# attribute keys, grouping -- the way an agent processes tabular data.
from dataclasses import dataclass, replace, field


@dataclass(frozen=True)
class Key:
    region: str
    product: str


@dataclass
class Sale:
    key: Key
    quantity: int
    price: float
    tags: list = field(default_factory=list)

    def total(self):
        return self.quantity * self.price


regions = ["north", "south", "east", "west"]
products = ["apple", "pear", "plum", "fig", "kiwi", "lime"]
keys = [Key(r, p) for r in regions for p in products]

sales = []
for i in range(40000):
    k = keys[(i * 7) % len(keys)]
    sales.append(Sale(Key(k.region, k.product), i % 13 + 1, (i % 97) * 0.25))

totals = {}
for s in sales:
    totals[s.key] = totals.get(s.key, 0.0) + s.total()

discounted = [replace(s, price=s.price * 0.9) for s in sales[:15000]]
same = sum(1 for a, b in zip(sales, sales[1:]) if a == b)
ordered = sorted(sales, key=lambda s: (s.key.region, s.key.product, s.quantity))
by_price = sorted(discounted, key=lambda s: s.price, reverse=True)
print(len(totals), round(sum(totals.values()), 2), same)
print(ordered[0].key, ordered[-1].quantity, round(by_price[0].price, 2))
