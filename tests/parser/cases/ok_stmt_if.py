if a:
    pass
if a:
    pass
else:
    pass
if a:
    pass
elif b:
    pass
elif c:
    pass
else:
    pass
if a: pass
if a: x; y
if a: x
else: y
