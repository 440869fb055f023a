# format() of str subclasses with an empty spec goes through str(), as
# CPython's str.__format__ does; a spec formats the text itself.
class Tag(str):
    def __str__(self):
        return f"<{str.__str__(self)}>"


t = Tag("b")
print(f"{t}", f"{t!s}", f"{t!r}", f"{t:>5}", format(t), format(t, ""), "{}".format(t), "%s" % t)
print(str(t), repr(t), t.upper(), type(t.upper()).__name__, t + "x", [t])


class Plain(str):
    pass


p = Plain("q")
print(f"{p}", format(p), type(format(p)).__name__, f"{p:*^5}", type(f"{p}").__name__)


class Money(float):
    def __str__(self):
        return f"${float(self):.2f}"


m = Money(3.5)
print(f"{m}", format(m), f"{m:.1f}", str(m), repr(m), "%s" % m)
