# Agent-style: validate records with a custom exception hierarchy.
class ValidationError(Exception):
    def __init__(self, field, message):
        super().__init__(f"{field}: {message}")
        self.field = field


class MissingField(ValidationError):
    def __init__(self, field):
        super().__init__(field, "is required")


class BadValue(ValidationError):
    pass


def validate(rec):
    for f in ("id", "email", "age"):
        if f not in rec:
            raise MissingField(f)
    if "@" not in rec["email"]:
        raise BadValue("email", f"{rec['email']!r} is not an address")
    try:
        age = int(rec["age"])
    except (TypeError, ValueError) as e:
        raise BadValue("age", "not a number") from e
    if not 0 < age < 150:
        raise BadValue("age", f"{age} out of range")
    return {**rec, "age": age}


records = [
    {"id": 1, "email": "a@x.org", "age": "34"},
    {"id": 2, "email": "bx.org", "age": 20},
    {"id": 3, "age": 5},
    {"id": 4, "email": "d@x.org", "age": "old"},
    {"id": 5, "email": "e@x.org", "age": 200},
    {"id": 6, "email": "f@x.org", "age": None},
]
ok, problems = [], {}
for rec in records:
    try:
        ok.append(validate(rec))
    except MissingField as e:
        problems[rec["id"]] = ("missing", e.field, str(e))
    except ValidationError as e:
        cause = type(e.__cause__).__name__ if e.__cause__ else None
        problems[rec["id"]] = ("invalid", e.field, str(e), cause)
    finally:
        pass
print(ok)
for k, v in problems.items():
    print(k, v)
print(isinstance(MissingField("x"), ValidationError), MissingField("x").args, repr(BadValue("f", "m")))
try:
    try:
        {}["key"]
    except KeyError as e:
        raise RuntimeError("lookup failed") from None
except RuntimeError as e:
    print(e, e.__cause__, e.__suppress_context__, type(e.__context__).__name__)
for exc in (BadValue("a", "x"), MissingField("b"), KeyError("k")):
    try:
        raise exc
    except MissingField as e:
        print("missing:", e, e.args)
    except (ValidationError, LookupError) as e:
        print("other:", type(e).__name__, e)
errs = sorted(problems, key=lambda i: problems[i][1])
print(errs)
validate({"id": 9, "email": "z@z", "age": "-1"})
