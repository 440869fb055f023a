x = 1
def f():
    global x
    x = 2
f()
print(x)
del x
try:
    print(x)
except NameError as e:
    print(e)
l = [1, 2, 3, 4]
del l[1]
del l[-1:]
print(l)
d = {'a': 1, 'b': 2}
del d['a']
print(d)
