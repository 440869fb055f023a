# Agent-style: aggregate sales records by region and product, print a table.
from collections import defaultdict, Counter

raw = """2024-01-03,north,widget,3,19.99
2024-01-03,south,gadget,1,149.50
2024-01-04,north,gadget,2,149.50
2024-01-05,east,widget,10,18.75
2024-01-05,west,doohickey,7,4.25
2024-01-06,south,widget,4,19.99
2024-01-07,east,gadget,1,155.00
2024-01-07,north,doohickey,12,4.10
2024-01-08,west,widget,0,19.99
2024-01-09,south,doohickey,3,4.25"""

records = []
for line in raw.splitlines():
    date, region, product, qty, price = line.split(",")
    records.append({"date": date, "region": region, "product": product,
                    "qty": int(qty), "price": float(price)})

by_region = defaultdict(float)
by_product = Counter()
for r in records:
    by_region[r["region"]] += r["qty"] * r["price"]
    by_product[r["product"]] += r["qty"]

total = sum(by_region.values())
print(f"{'Region':<8}|{'Revenue':>12}|{'Share':>8}")
print("-" * 30)
for region, rev in sorted(by_region.items(), key=lambda kv: (-kv[1], kv[0])):
    print(f"{region:<8}|{rev:>12,.2f}|{rev / total:>8.1%}")
print("-" * 30)
print(f"{'total':<8}|{total:>12,.2f}|{1:>8.0%}")
print()
for product, qty in by_product.most_common():
    bar = "#" * (qty // 2)
    print(f"{product:>10} {qty:3d} {bar}")
best = max(records, key=lambda r: r["qty"] * r["price"])
print("best sale:", best)
zero = [r["date"] for r in records if not r["qty"]]
print("zero-qty days:", zero)
avg_price = {p: round(sum(r["price"] for r in records if r["product"] == p) /
                      sum(1 for r in records if r["product"] == p), 3)
             for p in sorted(by_product)}
print(avg_price)
print(f"{total=:.3f} {len(records)=}")
print("{:*^30}".format(" done "))
