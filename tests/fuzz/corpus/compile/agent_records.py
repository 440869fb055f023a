rows = [
    {"id": 1, "dept": "eng", "salary": 120},
    {"id": 2, "dept": "ops", "salary": 90},
    {"id": 3, "dept": "eng", "salary": 100},
    {"id": 4, "dept": "hr", "salary": 70},
]
by_dept = {}
for r in rows:
    by_dept.setdefault(r["dept"], []).append(r)
for dept, rs in sorted(by_dept.items()):
    avg = sum(r["salary"] for r in rs) / len(rs)
    print(dept, len(rs), f"{avg:.1f}", [r["id"] for r in rs])
try:
    rows[0]["name"]
except KeyError as e:
    print("missing key", e)
ids = {r["id"] for r in rows if r["salary"] > 80}
print(ids, max(rows, key=lambda r: r["salary"])["id"])
