# List operations: append, index, slice, sort, reverse.
xs = []
for i in range(300000):
    xs.append((i * 7919) % 100003)
ys = sorted(xs)
zs = xs[::2]
zs.reverse()
s = 0
for i in range(len(ys)):
    s += ys[i]
print(s, ys[:5], zs[:3], xs.index(7919), len(xs[1000:2000]))
