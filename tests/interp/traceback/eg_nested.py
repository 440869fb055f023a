# Nested exception groups: boxes, margins, chained members, notes.
def fail(n):
    raise ValueError(f"bad {n}")


def collect(ns):
    errors = []
    for n in ns:
        try:
            fail(n)
        except ValueError as e:
            errors.append(e)
    return errors


def cause():
    try:
        {}["k"]
    except KeyError as e:
        raise TypeError("wrapped") from e


errs = collect([1, 2])
try:
    cause()
except TypeError as t:
    errs.append(t)
inner = ExceptionGroup("inner", collect([3]) + [OSError(2, "nope")])
inner.add_note("inner note\nsecond line")
errs.append(inner)
outer = ExceptionGroup("outer", errs)
outer.add_note("outer note")
raise outer
