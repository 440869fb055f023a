@d
def f(): pass
@d
@e(1)
@f.g.h
class C: pass
@a[0]
def f(): pass
@(lambda f: f)
def f(): pass
@x if y else z
def f(): pass
@d
async def f(): pass
@a := b
def f(): pass
