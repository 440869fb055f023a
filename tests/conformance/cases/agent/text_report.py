# Agent-style: string methods, alignment, wrapping by hand, templating.
text = """The quick brown fox jumps over the lazy dog.  The dog sleeps;
the fox RUNS away!   Foxes are quick, dogs are lazy?"""

words = [w.strip(".,;!?").lower() for w in text.split()]
print(len(words), words[:6])
freq = {}
for w in words:
    freq[w] = freq.get(w, 0) + 1
top = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
for w, n in top:
    print(f"{w!r:>10} {n:>2} {'*' * n}")
print(text.title().splitlines()[0])
print(text.upper().count("THE"), text.find("dog"), text.rfind("dog"), text.index("fox"))
print(" ".join(text.split()).capitalize()[:40])
print("|".join(s.center(9, ".") for s in ["a", "bb", "ccc"]))


def wrap(s, width):
    lines, cur = [], ""
    for w in s.split():
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    if cur:
        lines.append(cur)
    return lines


for line in wrap(text, 22):
    print(f"| {line:<22} |")
tmpl = "Dear {name}, your order #{order:05d} of {total:,.2f} {cur} ships {when}."
print(tmpl.format(name="Ana", order=42, total=1234.5, cur="EUR", when="today"))
print(tmpl.format_map({"name": "Bo", "order": 7, "total": 9.999, "cur": "USD", "when": "soon"}))
print("%-6s|%6.2f|%03d|%x|%r" % ("ab", 3.14159, 7, 255, "q"))
print("a,b,,c".split(","), "a b  c".split(), "  pad  ".strip(), "x".zfill(4), "-5".zfill(4))
print("snake_case_name".replace("_", " ").title().replace(" ", ""), "CamelCase".swapcase())
print("résumé".upper(), "ß".upper(), "Straße".casefold(), len("naïve"), "naïve".encode())
print("tab\tsep".expandtabs(8), repr("quote's"), ascii("é"), "abc"[::-1], "x" in "xyz")
print(f"{'left':<10}|{'right':>10}|{'mid':^10}|", f"{3.5:+08.2f}", f"{12345678:_}", f"{0.000123:.2e}", f"{255:#x} {255:#o} {255:#b}")
print(str.maketrans("abc", "xyz"), "aabbcc".translate(str.maketrans("abc", "xyz", "c")))
print("line1\nline2\r\nline3".splitlines(), "a-b-c".rsplit("-", 1), "k=v=w".split("=", 1))
print(all(w.isalpha() for w in ["abc", "déf"]), "123".isdigit(), "12.5".isdecimal(), " ".isspace(), "Title Case".istitle())
