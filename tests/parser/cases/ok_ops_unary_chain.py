a = - - - x
b = not not x
c = ~-+x
d = -x ** -y
e = await_ = 1
