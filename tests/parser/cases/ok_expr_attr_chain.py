a.b.c.d
a.b().c[0].d
(a).b
(a + b).c
"s".join(x)
1 .real
1.0.real
x = a.b.c = 1
