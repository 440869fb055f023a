a = [x for x in y]
b = [x for x in y if x if z]
c = [x * y for x in a for y in b]
d = {k: v for k, v in items}
e = {x for x in y}
f = (x for x in y)
g = [x for x, in y]
h = [[y for y in x] for x in z]
i = [x for x in (1, 2)]
j = [y := f(x) for x in data if y]
l = [x async for x in y]
m = [await x for x in y]
n = [x for (a, b) in c]
o = [x for [a, *b] in c]
p = [x for a.b in c]
q = [x for a[0] in c]
