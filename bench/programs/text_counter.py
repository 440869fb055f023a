# Text parsing with re and Counter: log lines split into fields, words
# counted, the most common reported.
import re
from collections import Counter

levels = ["INFO", "WARN", "ERROR", "DEBUG"]
words = ["alpha", "beta", "gamma", "delta", "request", "timeout", "user",
         "cache", "miss", "hit", "disk", "full", "retry", "ok"]
lines = []
for i in range(50000):
    msg = " ".join(words[(i * k) % len(words)] for k in range(1, 6))
    lines.append("2026-12-%02d 12:%02d:%02d [%s] svc%d: %s id=%d"
                 % (1 + i % 28, i % 60, (i * 7) % 60, levels[i % 4], i % 9, msg, i))
text = "\n".join(lines)

line_re = re.compile(r"^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d) \[(\w+)\] (\w+): (.*) id=(\d+)$")
level_count = Counter()
service_count = Counter()
word_count = Counter()
for line in text.splitlines():
    m = line_re.match(line)
    if not m:
        continue
    level_count[m.group(3)] += 1
    service_count[m.group(4)] += 1
    word_count.update(re.findall(r"[a-z]+", m.group(5)))
ids = [int(x) for x in re.findall(r"id=(\d+)", text)]
print(level_count.most_common(2), service_count.most_common(3))
print(word_count.most_common(5), sum(ids) % 1000003)
