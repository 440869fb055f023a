class A:
    @classmethod
    def make(cls):
        return f"A.make({cls.__name__})"
    def hello(self):
        return "A"
class B(A):
    @classmethod
    def make(cls):
        return "B+" + super().make()
    def hello(self):
        return "B" + super(B, self).hello()
print(B.make(), B().hello())
class Base:
    def __init__(self, **kw):
        self.kw = kw
class Mixin:
    def __init__(self, **kw):
        print("mixin init")
        super().__init__(**kw)
class Both(Mixin, Base):
    pass
print(Both(x=1).kw, [c.__name__ for c in Both.__mro__])
