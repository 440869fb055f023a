s = "héllo wörld"
print(len(s), s[1], s[-1], s[2:5], s[::2], s[::-1])
for i in range(len(s)):
    print(s[i], end="")
print()
print(s.upper(), s.encode('utf-8'), "é" in s, ord("é"), chr(233), chr(0x1F600))
print(repr("a'b"), repr('a"b'), repr("tab\there"), repr("\x00\u200b"))
print("abc" * 3, "abc" < "abd", "B" < "a", str(123), str(None), str(1.5))
