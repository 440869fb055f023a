class A:
    def __eq__(self, o):
        return NotImplemented
    def __add__(self, o):
        return NotImplemented
class B:
    def __radd__(self, o):
        return "B.radd"
print(A() + B())
print(A() == A())
try:
    A() + 1
except TypeError as e:
    print(e)
try:
    A() < A()
except TypeError as e:
    print(e)
