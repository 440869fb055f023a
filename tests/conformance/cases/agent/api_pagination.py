# Agent-style: simulate paginated API results, dedupe, and summarise.
import json
from itertools import islice, chain


def fake_api(page, per_page=4):
    data = [{"id": i, "name": f"user{i:02d}", "active": i % 3 != 0, "score": (i * 37) % 100}
            for i in range(1, 15)]
    start = (page - 1) * per_page
    chunk = data[start:start + per_page]
    nxt = page + 1 if start + per_page < len(data) else None
    return json.dumps({"page": page, "items": chunk, "next": nxt})


def fetch_all():
    page = 1
    while page is not None:
        body = json.loads(fake_api(page))
        yield from body["items"]
        page = body["next"]


users = list(fetch_all())
print(len(users), users[0], users[-1]["name"])
active = [u for u in users if u["active"]]
print(f"active {len(active)}/{len(users)} ({len(active) / len(users):.0%})")
ranked = sorted(active, key=lambda u: (-u["score"], u["id"]))
for pos, u in enumerate(ranked[:5], start=1):
    print(f"{pos}. {u['name']:<8} {u['score']:>3}")
print(list(islice((u["id"] for u in users if u["score"] > 50), 3)))
seen, dupes = set(), []
for u in chain(users[:3], users[:2], users[10:]):
    if u["id"] in seen:
        dupes.append(u["id"])
    seen.add(u["id"])
print(sorted(seen), dupes)
buckets = {}
for u in users:
    buckets.setdefault(u["score"] // 25 * 25, []).append(u["id"])
for lo in sorted(buckets):
    print(f"{lo:>2}-{lo + 24:<3} {buckets[lo]}")
summary = {"count": len(users), "mean": sum(u["score"] for u in users) / len(users),
           "top": ranked[0]["name"], "ids": [u["id"] for u in users if not u["active"]]}
print(json.dumps(summary, indent=1))
print(json.dumps(users[:2], sort_keys=True, indent=None))
