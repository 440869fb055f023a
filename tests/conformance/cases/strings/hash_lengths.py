# hash() of strs of every length around the 8-byte words SipHash takes:
# a str hashes as its canonical form (latin-1, UTF-16-LE or UTF-32-LE
# bytes by its widest character), so these equalities hold whatever the
# hash seed (the goldens' CPython runs isolated, with a random one).
def canon(s):
    m = max(map(ord, s), default=0)
    return s.encode("latin-1" if m < 256 else "utf-16-le" if m < 65536 else "utf-32-le")
for s in ["", "a", "ab", "abcdefg", "abcdefgh", "abcdefghi", "x" * 15, "x" * 16, "x" * 17,
          "\u00e9", "\u00e9abcdefgh", "\u4e2dabc", "\U0001f600" * 3, "k1", "k22", "k333"]:
    print(repr(s), hash(s) == hash(canon(s)), hash(s) == hash(s[:len(s)] + ""), hash(s) == hash("".join(list(s))))
print(hash("") == 0, hash(b"") == 0)
print(len({"alpha", "beta", "gamma", "delta", "k1", "k22", "k333", "x" * 9} | {"alpha", "k1"}))
