a = [x for x in y if x]
b = {k: v for k, v in z}
c = lambda x, y=1: x
d = x if y else z
e = not a and b or c
f = a < b <= c
g = -x ** 2
h = {1: 2, **d}
i = {1, 2}
j = a[1:2, ::3]
k = *a, b
