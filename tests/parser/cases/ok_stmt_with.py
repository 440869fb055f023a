with a:
    pass
with a as b:
    pass
with a as b, c as d:
    pass
with a, b:
    pass
with (a, b):
    pass
with (a as b, c):
    pass
with (a as b,
      c as d,):
    pass
with (a, b) as c:
    pass
with (a):
    pass
with a as (b, c):
    pass
with a as b.c, d as e[0]:
    pass
with (yield):
    pass
with f(a) as b: pass
