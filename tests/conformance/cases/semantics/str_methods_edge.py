# str methods: corner cases agents hit
s = "  Hello, World!  "
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()), repr(s.strip(" !H")))
print("a,b,,c".split(","), "a,b,,c".split(",", 1), "a,b,,c".rsplit(",", 1))
print("  a  b  ".split(), "".split(), "".split(","), "abc".split("abc"))
print("a\nb\r\nc\rd".splitlines(), "a\nb\n".splitlines(True), "".splitlines())
print("hello".partition("l"), "hello".rpartition("l"), "hello".partition("z"), "hello".rpartition("z"))
print("abc".center(9, "*"), "abc".ljust(6, "-"), "abc".rjust(6), "abc".center(2))
print("42".zfill(5), "-42".zfill(5), "+7".zfill(4), "abc".zfill(5))
print("Hello World".swapcase(), "hello world".title(), "they're bill's".title(), "hELLO".capitalize())
print("abcabc".find("c"), "abcabc".rfind("c"), "abcabc".find("c", 3), "abcabc".find("z"), "abc".find(""))
print("abcabc".count("bc"), "aaaa".count("aa"), "abc".count(""), "".count(""))
print("hello".replace("l", "L"), "hello".replace("l", "L", 1), "abc".replace("", "-"))
print("abc".startswith(("x", "a")), "abc".endswith("bc", 0, 3), "abc".startswith("b", 1))
print("a-b-c".join(["1", "2"]), ", ".join(map(str, [1, 2, 3])), "".join([]))
try:
    ", ".join([1, 2])
except TypeError as e:
    print("TypeError", e)
print("abc".isalpha(), "ab1".isalnum(), "123".isdigit(), "1.5".isdecimal(), " \t".isspace(), "".isspace())
print("Hello".isupper(), "HELLO".isupper(), "hello1".islower(), "Title Case".istitle(), "_x1".isidentifier(), "1x".isidentifier())
print("ß".upper(), "ǅ".lower(), "İ".lower(), len("İ".lower()), "ﬁ".upper())
print("tab\there".expandtabs(), "a\tbc\td".expandtabs(4))
print("hello world".removeprefix("hello "), "file.txt".removesuffix(".txt"), "x".removeprefix("y"))
print("abc" * 3, 3 * "ab", "abc" * 0, "abc" * -1)
print("%s and %r" % ("a", "b"), "%5.2f|%-5d|%05d" % (3.14159, 42, 42), "%x %X %o %e" % (255, 255, 8, 12345.678))
print("%(name)s is %(age)d" % {"name": "Ann", "age": 30}, "%%", "%c" % 65, "%10s|" % "hi")
try:
    "%d" % "x"
except TypeError as e:
    print("TypeError", e)
try:
    "%s %s" % ("a",)
except TypeError as e:
    print("TypeError", e)
try:
    "abc".index("z")
except ValueError as e:
    print("ValueError", e)
print("abc"[::-1], "abcdef"[1:5:2], "abc"[-1], "abc"[5:], "abc"[-10:2])
try:
    "abc"[3]
except IndexError as e:
    print("IndexError", e)
print(str.maketrans("abc", "xyz"), "abcabc".translate(str.maketrans("abc", "xyz", "c")))
print(ord("€"), chr(8364), "€".encode(), "caf\u00e9".encode("latin-1"), "x".encode("ascii"))
try:
    "café".encode("ascii")
except UnicodeEncodeError as e:
    print("UnicodeEncodeError", e)
print("café".encode("ascii", "replace"), "café".encode("ascii", "ignore"), "café".encode("ascii", "xmlcharrefreplace"))
print(b"caf\xc3\xa9".decode(), b"\xff".decode("utf-8", "replace"), b"abc".decode("ascii"))
try:
    b"\xff".decode()
except UnicodeDecodeError as e:
    print("UnicodeDecodeError", e)
print(sorted(["b", "A", "a", "B"]), sorted(["b", "A", "a", "B"], key=str.lower), min("hello"), max("hello"))
print("a" < "b", "Z" < "a", "abc" < "abd", "ab" < "abc", "" < "a")
print(repr("quote'here"), repr('dq"here'), repr("both'\""), repr("\n\t\\"), repr("\x00\x7f\u200b"))
