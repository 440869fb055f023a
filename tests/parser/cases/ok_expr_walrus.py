if (n := len(a)) > 10:
    pass
while chunk := f.read():
    pass
x = [y := 1, y ** 2]
print(z := 5)
(w := 3)
f(a, (b := 2))
def g(x=(y := 1)): pass
