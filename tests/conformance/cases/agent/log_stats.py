# Agent-style: access-log analysis with named groups, Counter, time buckets.
import re
from collections import Counter, defaultdict
from datetime import datetime, timedelta

LINES = r'''
192.168.1.10 - - [10/Oct/2023:13:55:36 +0000] "GET /index.html HTTP/1.1" 200 2326 0.012
192.168.1.11 - bob [10/Oct/2023:13:55:40 +0000] "POST /api/login HTTP/1.1" 401 128 0.200
10.0.0.5 - - [10/Oct/2023:13:56:01 +0000] "GET /api/items?page=2 HTTP/1.1" 200 5120 0.090
192.168.1.10 - - [10/Oct/2023:13:57:12 +0000] "GET /favicon.ico HTTP/1.1" 404 0 0.001
10.0.0.5 - alice [10/Oct/2023:14:01:59 +0000] "DELETE /api/items/9 HTTP/1.1" 204 0 0.045
172.16.0.1 - - [10/Oct/2023:14:02:00 +0000] "GET /api/items HTTP/1.1" 500 61 1.502
garbage
10.0.0.5 - alice [10/Oct/2023:14:15:30 +0000] "PUT /api/items/9 HTTP/1.1" 200 77 0.300
'''.strip().splitlines()

LOG_RE = re.compile(
    r'(?P<ip>\d{1,3}(?:\.\d{1,3}){3}) - (?P<user>\S+) \[(?P<ts>[^\]]+)\] '
    r'"(?P<method>[A-Z]+) (?P<path>[^ ?"]+)(?:\?(?P<query>[^ "]*))? HTTP/(?P<ver>[\d.]+)" '
    r'(?P<status>\d{3}) (?P<size>\d+) (?P<secs>[\d.]+)'
)

entries = []
for raw in LINES:
    m = LOG_RE.fullmatch(raw)
    if m is None:
        print("skip:", repr(raw))
        continue
    d = m.groupdict()
    d["ts"] = datetime.strptime(d["ts"], "%d/%b/%Y:%H:%M:%S %z")
    d["status"] = int(d["status"])
    d["size"] = int(d["size"])
    d["secs"] = float(d["secs"])
    entries.append(d)

print(len(entries), "parsed")
print(entries[2]["query"], entries[0]["query"], entries[1]["user"])
status = Counter(e["status"] for e in entries)
print(status.most_common(2))
classes = Counter(f"{e['status'] // 100}xx" for e in entries)
print(sorted(classes.items()))
ips = Counter(e["ip"] for e in entries)
for ip, n in ips.most_common():
    print(f"{ip:<15} {n:>3} {'#' * n}")

buckets = defaultdict(list)
for e in entries:
    t = e["ts"]
    start = t.replace(minute=t.minute - t.minute % 5, second=0)
    buckets[start].append(e)
for start in sorted(buckets):
    es = buckets[start]
    end = start + timedelta(minutes=5)
    avg = sum(e["secs"] for e in es) / len(es)
    print(f"{start:%H:%M}-{end:%H:%M} n={len(es)} avg={avg * 1000:.1f}ms bytes={sum(e['size'] for e in es):,}")

span = entries[-1]["ts"] - entries[0]["ts"]
print(span, span.total_seconds(), entries[0]["ts"].isoformat())
users = {e["user"] for e in entries if e["user"] != "-"}
print(sorted(users))
paths = Counter(re.sub(r"/\d+$", "/{id}", e["path"]) for e in entries)
print(paths.most_common(3))
slowest = max(entries, key=lambda e: e["secs"])
print("slowest:", slowest["method"], slowest["path"], slowest["status"], slowest["ts"].strftime("%Y-%m-%d %I:%M %p %Z"))
errs = [e for e in entries if e["status"] >= 400]
print(", ".join("{method} {path} -> {status}".format(**e) for e in errs))
print(LOG_RE.groupindex["status"], LOG_RE.pattern.count("(?P<"))
