a = x and y
b = x or y
c = x and y and z
d = x or y or z
e = x and y or z and w
f = not x and not y
g = (x or y) and z
