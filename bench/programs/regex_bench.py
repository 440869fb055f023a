# re: parsing log lines.
import re
lines = ["2026-12-%02d 10:%02d:%02d GET /api/v1/items/%d 200 %dms" % (i % 28 + 1, i % 60, i % 60, i, i % 500)
         for i in range(100000)]
pat = re.compile(r"^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d) (GET|POST) (\S+) (\d{3}) (\d+)ms$")
slow = 0
paths = 0
for line in lines:
    m = pat.match(line)
    if m and int(m.group(10)) > 400:
        slow += 1
    paths += len(re.findall(r"/\w+", line))
print(slow, paths, re.sub(r"\d+", "#", lines[123]))
