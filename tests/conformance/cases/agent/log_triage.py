# Agent-style: parse a service log, count levels, find slow requests.
import re
from collections import Counter, defaultdict

LOG = """\
2024-03-01T10:00:01Z INFO  api    GET /users 200 12ms
2024-03-01T10:00:02Z WARN  api    GET /users/7 404 3ms
2024-03-01T10:00:02Z INFO  worker job=42 started
2024-03-01T10:00:05Z ERROR api    POST /orders 500 1203ms
2024-03-01T10:00:06Z INFO  api    GET /health 200 1ms
2024-03-01T10:00:09Z ERROR worker job=42 failed: timeout after 30s
2024-03-01T10:00:10Z INFO  api    GET /users 200 15ms
2024-03-01T10:00:11Z DEBUG api    cache hit ratio=0.93
2024-03-01T10:00:12Z INFO  api    POST /orders 201 340ms
malformed line here
"""

pat = re.compile(r"^(?P<ts>\S+)\s+(?P<level>[A-Z]+)\s+(?P<svc>\w+)\s+(?P<msg>.*)$")
req = re.compile(r"(?P<method>GET|POST|PUT|DELETE) (?P<path>\S+) (?P<status>\d{3}) (?P<ms>\d+)ms")
levels = Counter()
per_svc = defaultdict(list)
slow = []
bad = 0
for lineno, line in enumerate(LOG.splitlines(), 1):
    m = pat.match(line)
    if not m:
        bad += 1
        print(f"line {lineno}: cannot parse {line!r}")
        continue
    levels[m["level"]] += 1
    per_svc[m.group("svc")].append(m.group("level"))
    r = req.search(m["msg"])
    if r and int(r["ms"]) > 100:
        slow.append((int(r["ms"]), r["method"], r["path"], int(r["status"])))

print(dict(levels))
print(sorted(levels.items(), key=lambda kv: kv[1], reverse=True))
for svc, lv in sorted(per_svc.items()):
    print(f"{svc:>8}: {len(lv)} lines, errors={lv.count('ERROR')}, levels={sorted(set(lv))}")
for ms, method, path, status in sorted(slow, reverse=True):
    print(f"SLOW {method:<5}{path:<12}{status} {ms:>6,}ms")
print("bad lines:", bad)
errors = [l.split(None, 3)[3] for l in LOG.splitlines() if " ERROR " in l]
print(errors)
jobs = re.findall(r"job=(\d+) (\w+)", LOG)
print(jobs, re.sub(r"\d+ms", "<t>", LOG.splitlines()[0]))
print(re.split(r"\s+", "a  b\tc\n d"), "ratio=0.93".partition("="))
