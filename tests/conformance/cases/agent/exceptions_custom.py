class AppError(Exception):
    pass
class ValidationError(AppError):
    def __init__(self, field, msg):
        super().__init__(f"{field}: {msg}")
        self.field = field
def validate(d):
    if "name" not in d:
        raise ValidationError("name", "required")
    if not isinstance(d.get("age"), int):
        raise ValidationError("age", "must be int")
    return True
for d in [{"name": "a", "age": 3}, {"age": 1}, {"name": "b", "age": "x"}]:
    try:
        print(validate(d))
    except AppError as e:
        print(type(e).__name__, e, e.field, isinstance(e, Exception))
