# A pure annotation makes a name local in a function (issue #21).
x = 'g'
def a():
    x: int
    return 'ok'
print(a())
def b():
    (x): int
    return x
print(b())
def c():
    x: int = 5
    return x
print(c())
class K:
    y: int
    z: str = 'z'
print(K.__annotations__, hasattr(K, 'y'), K.z)
def d():
    x: int
    def inner():
        return x
    try:
        return inner()
    except NameError as e:
        return type(e).__name__ + ': ' + str(e)
print(d())
def e():
    x: int
    x = 3
    return x, e.__code__.co_varnames
print(e())
