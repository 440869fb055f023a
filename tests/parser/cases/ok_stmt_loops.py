for x in y:
    pass
for x, y in z:
    pass
for (x, y) in z:
    pass
for [x, y] in z:
    pass
for x in y, z:
    pass
for x in y:
    pass
else:
    pass
while x:
    pass
else:
    pass
for x.a in y: pass
for x[0] in y: pass
for *a, b in c: pass
for x in range(10) if y else z: pass
