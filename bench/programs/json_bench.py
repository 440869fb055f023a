# json: dumps and loads of a large document.
import json
doc = {"users": [{"id": i, "name": "user%d" % i, "score": i * 1.5, "tags": ["a", "b", "c"],
                  "active": i % 2 == 0, "meta": None} for i in range(20000)]}
total = 0
for _ in range(5):
    s = json.dumps(doc)
    back = json.loads(s)
    total += len(s) + len(back["users"])
print(total, json.dumps(back["users"][7], sort_keys=True))
