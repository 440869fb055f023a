x = 1if y else 2
z = [0x1for x in y]
w = 1or 2
v = 1and 2
u = 1in y
t = 1is y
