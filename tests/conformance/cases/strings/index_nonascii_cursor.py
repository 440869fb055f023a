# Indexing non-ASCII strs: forwards, backwards, random order, several strs
# interleaved (more than the interpreter keeps cursors for), strs freed and
# new ones made in their place, a str grown in place while being indexed,
# a str subclass, and slices and iteration that go through the same offsets.
words = ["héllo wörld", "ŝtrange €uro", "日本語のテキスト", "a😀b😀c😀d", "ÄÖÜäöüß", "ωmega"]
for w in words:
    print(w, len(w), [w[i] for i in range(len(w))])
    print([w[i] for i in range(len(w) - 1, -1, -1)])
    print([w[-i] for i in range(1, len(w) + 1)])

# interleaved: six strs, index i of each in turn
rows = []
for i in range(12):
    rows.append("".join(w[i % len(w)] for w in words))
print(rows)

# random-ish order over one long str
s = "".join(chr(0xe0 + (i * 7) % 31) + chr(0x3b1 + i % 20) + "x" for i in range(300))
order = [(i * 389) % len(s) for i in range(len(s))]
print(sum(ord(s[i]) * (k + 1) for k, i in enumerate(order)))
print(s[100], s[899], s[-1], s[450], s[0], s[451])

# strs freed and replaced by new ones while indexing
acc = []
for k in range(200):
    t = "é" * (k % 7) + str(k) + "ü" * (k % 5)
    acc.append(t[len(t) // 2] + t[-1] + t[0])
    del t
print("".join(acc))

# grown in place (the interpreter may append without copying)
g = "ä"
out = []
for k in range(100):
    g += "ö" if k % 3 else "z"
    out.append(g[k // 2])
    out.append(g[-1])
print("".join(out), len(g))

class S(str):
    pass

u = S("ünïcödé text ☃ here")
print([u[i] for i in range(0, len(u), 2)], u[5:12], u[::-3])
del u
v = S("ascii only now")
print(v[3], v[-2])

# slices and find go through offsets too
t = "ħello ŵorld ħello ŵorld"
print(t[3:9], t[-8:-2], t.find("ŵ", 10), t.index("ħ", 1), t[t.find("ŵ"):][:5])
print([t[i:i + 3] for i in range(0, len(t), 4)])
