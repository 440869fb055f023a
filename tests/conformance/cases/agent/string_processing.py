s = "Hello, World! Hello, Python!"
print(s.count("Hello"), s.replace("Hello", "Bye", 1), s.lower().split("!"))
print("".join(reversed(s)), s[::2], s.title(), s.swapcase()[:5])
vowels = sum(1 for c in s.lower() if c in "aeiou")
print(vowels, {c: s.count(c) for c in "lo"}, sorted(set(s.lower()) - set(" ,!")))
csv = "name,age\nann,30\nbob,25"
rows = [line.split(",") for line in csv.splitlines()]
hdr, *data = rows
print([dict(zip(hdr, r)) for r in data])
print("%-5s|%5s|" % ("ab", "cd"), "{:*^10}".format("mid"), f"{42:#b}", f"{255:08x}")
print(str(3.0), str(1e-10), repr(0.1 + 0.7), 5 / 2, 10 / 5, 2 ** 62, -2 ** 63)
