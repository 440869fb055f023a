class Item:
    def __init__(self, name, price, qty):
        self.name, self.price, self.qty = name, price, qty
    @property
    def total(self):
        return self.price * self.qty
    def __repr__(self):
        return f"Item({self.name!r}, {self.price}, {self.qty})"
items = [Item("apple", 0.5, 10), Item("pear", 0.75, 4), Item("melon", 3.0, 1)]
by_total = sorted(items, key=lambda i: i.total, reverse=True)
print(by_total)
report = {i.name: round(i.total, 2) for i in items}
print(report, sum(report.values()))
print(f"{'name':<8}|{'total':>8}")
for i in items:
    print(f"{i.name:<8}|{i.total:>8.2f}")
cheap = [i.name for i in items if i.price < 1]
print(", ".join(cheap) or "none")
