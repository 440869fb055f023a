# __class__ assignment in a loop: lookups cached for the old class must
# not be used for the object's new class.
class A:
    def who(self):
        return "A"

    tag = "a"


class B:
    def who(self):
        return "B"

    tag = "b"


x = A()
seen = []
for i in range(6):
    seen.append((x.who(), x.tag, type(x).__name__))
    x.__class__ = B if i % 2 == 0 else A
print(seen)
