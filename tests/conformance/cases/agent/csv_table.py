# Agent-style: parse CSV-ish text by hand, aggregate, print aligned tables.
from collections import defaultdict, OrderedDict
import math

RAW = """\
region, product ,units,price,date
North,Widget,12,3.50,2024-01-05
South, Gadget,7,12.00,2024-01-06
North,Gadget,3,12.00,2024-01-09
East,Widget,,3.50,2024-01-10
West,Gizmo,20,0.99,2024-02-01
South,Widget,5,3.5,2024-02-03
North,Gizmo,bad,0.99,2024-02-04
East,Gadget,9,11.75,2024-02-11
"""

def parse(text):
    lines = [l for l in text.splitlines() if l.strip()]
    header = [h.strip().lower() for h in lines[0].split(",")]
    rows, errors = [], []
    for n, line in enumerate(lines[1:], start=2):
        cells = [c.strip() for c in line.split(",")]
        rec = dict(zip(header, cells))
        try:
            rec["units"] = int(rec["units"]) if rec["units"] else 0
            rec["price"] = float(rec["price"])
        except ValueError as e:
            errors.append((n, str(e)))
            continue
        rows.append(rec)
    return header, rows, errors

header, rows, errors = parse(RAW)
print("columns:", header)
print(f"{len(rows)} rows, {len(errors)} errors")
for n, msg in errors:
    print(f"  line {n}: {msg}")

by_region = defaultdict(float)
by_product = OrderedDict()
for r in rows:
    revenue = r["units"] * r["price"]
    by_region[r["region"]] += revenue
    by_product.setdefault(r["product"], []).append(revenue)

w = max(len(k) for k in by_region) + 2
print("{:<{w}}|{:>10}|{:>6}".format("Region", "Revenue", "Share", w=w))
print("-" * w + "+" + "-" * 10 + "+" + "-" * 6)
total = sum(by_region.values())
for region, rev in sorted(by_region.items(), key=lambda kv: (-kv[1], kv[0])):
    print("{:<{w}}|{:>10,.2f}|{:>5.1%}".format(region, rev, rev / total, w=w))
print("{:<{w}}|{:>10,.2f}|".format("TOTAL", total, w=w))

print()
for product, revs in by_product.items():
    mean = sum(revs) / len(revs)
    var = sum((x - mean) ** 2 for x in revs) / len(revs)
    print(f"{product:^10}|n={len(revs)}|mean={mean:8.3f}|sd={math.sqrt(var):.4f}")

months = defaultdict(lambda: defaultdict(int))
for r in rows:
    y, m, d = r["date"].split("-")
    months[f"{y}-{m}"][r["product"]] += r["units"]
products = sorted({r["product"] for r in rows})
print(" " * 8 + "".join(p.rjust(8) for p in products))
for month in sorted(months):
    print(month.ljust(8) + "".join(str(months[month].get(p, "-")).rjust(8) for p in products))
print("%-8s %5d %7.2f" % ("sum", sum(r["units"] for r in rows), total))
print("%(a)s=%(b)05.1f" % {"a": "avg", "b": total / len(rows)})
print(repr(rows[0]))
