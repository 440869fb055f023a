for i, j in x:
    break
else:
    continue
while x:
    x -= 1
with a as b, c:
    pass
