class A: pass
r = repr(A())
print(r.startswith("<__main__.A object at 0x"), r.endswith(">"))
print(repr(A), str(A), A.__module__)
class B:
    def __str__(self): return "B-str"
print(str(B()), repr(B()).startswith("<__main__.B"), f"{B()}", "%s" % B())
class C:
    def __repr__(self): return "C-repr"
print(str(C()), [C()], {1: C()}, (C(),))
