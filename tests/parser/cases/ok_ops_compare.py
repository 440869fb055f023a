a = x < y
b = x < y < z
c = x == y != z
d = x is y
e = x is not y
f = x in y
g = x not in y
h = a <= b >= c > d
i = not x == y
j = x < y and y < z or not w
