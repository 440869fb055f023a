a = []
a.append(a)
print(a, [a, a])
d = {}
d[1] = d
d[2] = [d]
print(d)
x = None
for i in range(50000):
    x = (x,)
del x
def deep(n):
    return deep(n + 1)
try:
    deep(0)
except RecursionError as e:
    print("recursion:", e)
print("still alive")
