a, *b = c
*a, b = c
a, *b, c = d
[a, *b] = c
(*a,) = b
for a, *b in c: pass
x = *a, *b
return_ = [*a]
print(*a, sep="")
def f(): return *a, b
def g(): yield *a, b
for x in *a, *b: pass
