# Agent-style: hand-rolled text wrapping, justification and a boxed banner.
import re

TEXT = """The quick brown fox jumps over the lazy dog. Pack my box with five dozen
liquor jugs!\tHow vexingly quick daft zebras jump; the five boxing wizards
jump quickly.   Sphinx of black quartz, judge my vow."""

def wrap(text, width):
    words = text.split()
    lines, cur = [], []
    for w in words:
        if cur and len(" ".join(cur + [w])) > width:
            lines.append(cur)
            cur = []
        cur.append(w)
    if cur:
        lines.append(cur)
    return lines

def justify(words, width):
    if len(words) == 1:
        return words[0].ljust(width)
    gaps = len(words) - 1
    spaces = width - sum(map(len, words))
    q, r = divmod(spaces, gaps)
    out = ""
    for i, w in enumerate(words[:-1]):
        out += w + " " * (q + (1 if i < r else 0))
    return out + words[-1]

for width in (30, 44):
    lines = wrap(TEXT, width)
    print(f"--- width {width}: {len(lines)} lines")
    for i, ws in enumerate(lines):
        last = i == len(lines) - 1
        body = " ".join(ws).ljust(width) if last else justify(ws, width)
        print(f"|{body}|")

def banner(msg, width=40, fill="*"):
    inner = width - 4
    top = fill * width
    rows = [top]
    for ws in wrap(msg, inner):
        rows.append(f"{fill} {' '.join(ws).center(inner)} {fill}")
    rows.append(top)
    return "\n".join(rows)
print(banner("Deployment finished successfully in 3 regions with 0 errors", 36))
print(banner("ok", 10, "#"))

print("tab\tseparated\tvalues".expandtabs(), "|", "a\tbb\tccc".expandtabs(4), "|", "x\ty".expandtabs(1))
print("  padded  ".strip(), "xxhixx".strip("x"), "  left".lstrip(), "right  ".rstrip(), "www.example.com".removeprefix("www.").removesuffix(".com"))
print("42".zfill(6), "-42".zfill(6), "+7".zfill(4), "abc".zfill(2), "title case words here".title(), "MiXeD".swapcase())
print("a,b,,c".split(","), "a,b,,c".split(",", 1), "a b  c".split(), "a,b,c".rsplit(",", 1), "".split(","), "".split())
print("line1\nline2\r\nline3\rline4".splitlines(), "x\n\ny\n".splitlines(True))
print("key=value=more".partition("="), "key=value=more".rpartition("="), "novalue".partition("="))
table = str.maketrans({"a": "4", "e": "3", "o": None})
print("hello world, apples and oranges".translate(table), "abc".translate(str.maketrans("abc", "xyz", "")), "banana".translate(str.maketrans("", "", "an")))
print("Hello".center(11, "-"), "Hello".ljust(8, ".") + "|", "Hello".rjust(8, "_"), "{:^9}|{:*<6}|{:>+7.2f}".format("mid", "L", 3.14159))
print("ab" * 3, "-".join(["x", "y", "z"]), "".join(reversed("stressed")), "abcdef"[::2], "abcdef"[-2:], "abcdef"[4:1:-1])
print("Mississippi".count("ss"), "Mississippi".find("ss"), "Mississippi".rfind("ss"), "Mississippi".index("pp"), "Mississippi".find("zz"))
print("hello".startswith(("he", "x")), "hello".endswith("lo", 0, 5), "Hello World".istitle(), "abc123".isalnum(), "   ".isspace(), "ABC".isupper())
print("ß".casefold() == "ss", "Straße".casefold(), "İstanbul".lower().casefold() == "i̇stanbul")
words = re.findall(r"[a-z']+", TEXT.lower())
freq = {}
for w in words:
    freq[w] = freq.get(w, 0) + 1
top = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:6]
print(top, len(words), len(set(words)))
print(max(words, key=len), min(words, key=len), sorted(set(w[0] for w in words)))
print(" ".join(w.capitalize() for w in "the end of the text".split()), "snake_case_name".replace("_", " ").title().replace(" ", ""))
camel = "parseHTTPResponseCode"
print(re.sub(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", camel).lower())
