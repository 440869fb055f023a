def f(a: int, b: str = "x") -> bool:
    return True
print(f.__annotations__)
x: int = 5
y: list
print(__annotations__)
class C:
    a: int
    b: str = "s"
print(C.__annotations__, C.b)
