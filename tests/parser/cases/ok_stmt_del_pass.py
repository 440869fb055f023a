del x
del x, y
del x.y, z[0]
del (x, y)
del [x, y]
del (x)
del x,
pass
