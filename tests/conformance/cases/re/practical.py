# re: typical script uses: a tokenizer on lastgroup, log parsing, scanning
# with pos, cleaning text, parsing key=value pairs.
import re

TOKEN = re.compile(r"""
    (?P<NUMBER>\d+(?:\.\d*)?)
  | (?P<NAME>[A-Za-z_]\w*)
  | (?P<OP>[-+*/=()])
  | (?P<SKIP>[ \t]+)
  | (?P<MISMATCH>.)
""", re.VERBOSE)

def tokenize(code):
    out = []
    for m in TOKEN.finditer(code):
        kind = m.lastgroup
        if kind == "SKIP":
            continue
        out.append((kind, m.group(), m.start()))
    return out

print(tokenize("x = 3.5 * (y + 42) $"))

# scanning with match(s, pos)
scanner = re.compile(r"\s*(\w+|\S)")
s = "let  total=sum(a, b);"
pos, parts = 0, []
while True:
    m = scanner.match(s, pos)
    if not m:
        break
    parts.append(m.group(1))
    pos = m.end()
print(parts, pos, len(s))

# log lines
logs = """2024-01-05 12:00:01 INFO  server started port=8080
2024-01-05 12:00:07 WARN  slow request path=/api/items ms=1234
2024-01-05 12:01:00 ERROR db timeout host=db1 retry=3
not a log line
2024-01-05 12:02:30 INFO  request path=/health ms=2"""
line_re = re.compile(r"^(?P<date>\S+) (?P<time>\S+) (?P<level>[A-Z]+)\s+(?P<msg>.*?)((?: \w+=\S+)*)$", re.M)
for m in line_re.finditer(logs):
    kv = dict(re.findall(r"(\w+)=(\S+)", m.group(5)))
    print(m.group("level"), repr(m.group("msg")), kv)
print(len(re.findall(r"^\d{4}-", logs, re.M)), re.findall(r"ms=(\d+)", logs), re.search(r"ERROR.*", logs).group())
counts = {}
for level in re.findall(r"\b(INFO|WARN|ERROR)\b", logs):
    counts[level] = counts.get(level, 0) + 1
print(sorted(counts.items()))

# cleaning text
text = "  Hello,   World!!  This is   <b>bold</b> &amp; more...  "
print(re.sub(r"<[^>]+>", "", text), re.sub(r"\s+", " ", text).strip(), re.sub(r"[^\w\s]", "", text).split())
print(re.sub(r"(\w+)@(\w+)\.com", r"\1 at \2", "mail bob@example.com now"), re.sub(r"([.!?])\1+", r"\1", "Hi!!! ok...?"))
slug = re.sub(r"[^a-z0-9]+", "-", "Hello, World: Box 2.0!".lower()).strip("-")
print(slug, re.split(r"(?<=[.!?])\s+", "One. Two! Three? Four"))
print(re.findall(r"\b[A-Z][a-z]+\b", "Alice met Bob and CAROL in Paris"), re.findall(r"\$\d+(?:\.\d\d)?", "$5, $3.50 and $100"))
print(re.match(r"(\d{3})-(\d{4})", "555-1234").groups(), bool(re.fullmatch(r"[\w.]+@\w+\.\w{2,}", "a.b@c.de")))
print(re.sub(r"(?i)hello", "bye", "Hello HELLO hello"), re.findall(r"(\w+)=(\"[^\"]*\"|\S+)", 'a=1 b="x y" c=z'))
print([int(x) for x in re.findall(r"-?\d+", "t=-5, u=10, v=+3")], re.sub(r"\d", lambda m: str(9 - int(m.group())), "2024"))
