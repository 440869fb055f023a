# str length and isascii of results built by upper, %, join from ASCII,
# multi-byte, astral and lone-surrogate text (lengths counted 8 bytes at a time).
tests = ["", "a", "abcdefgh", "abcdefghi", "é", "aé", "日本語テキスト", "😀x" * 9, "a" * 7 + "é" + "b" * 9,
         "\udc80", "x\ud800y" * 5, "ÿ" * 17, "mixé日😀" * 11]
for t in tests:
    u = t.upper() + t
    s = "%s|%s" % (t, t)
    j = "".join([t, "12345678", t])
    print(len(t), len(u), len(s), len(j), s.isascii(), j.isascii(), repr(j[-3:]) if j else "")
