import a.b.c as d, e
from . import x
from ..m import (a, b as c,)
assert x, "m"
raise
return
@dec
@dec2(1)
def f() -> int: ...
