x = [i*2 for i in y if i > 0]
d = {k: v for k, v in z}
s = {a for a in b}
g = (x for x in y)
f(x for x in y)
