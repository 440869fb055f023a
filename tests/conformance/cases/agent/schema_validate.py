# Agent-style: a small JSON-schema-like validator with a custom exception tree.
import json

class ValidationError(Exception):
    def __init__(self, path, message):
        super().__init__(f"{'/'.join(map(str, path)) or '<root>'}: {message}")
        self.path = list(path)
        self.message = message

class TypeMismatch(ValidationError):
    pass

class MissingField(ValidationError):
    pass

TYPES = {"string": str, "integer": int, "number": (int, float), "boolean": bool,
         "array": list, "object": dict, "null": type(None)}

def validate(value, schema, path=()):
    errors = []
    t = schema.get("type")
    if t is not None:
        py = TYPES[t]
        ok = isinstance(value, py) and not (t in ("integer", "number") and isinstance(value, bool))
        if not ok:
            errors.append(TypeMismatch(path, f"expected {t}, got {type(value).__name__}"))
            return errors
    if "enum" in schema and value not in schema["enum"]:
        errors.append(ValidationError(path, f"{value!r} not one of {schema['enum']}"))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            errors.append(ValidationError(path, f"{value} < minimum {schema['minimum']}"))
        if "maximum" in schema and value > schema["maximum"]:
            errors.append(ValidationError(path, f"{value} > maximum {schema['maximum']}"))
    if isinstance(value, str) and len(value) < schema.get("minLength", 0):
        errors.append(ValidationError(path, f"shorter than {schema['minLength']}"))
    if isinstance(value, dict):
        for req in schema.get("required", []):
            if req not in value:
                errors.append(MissingField(path + (req,), "required"))
        for k, sub in schema.get("properties", {}).items():
            if k in value:
                errors.extend(validate(value[k], sub, path + (k,)))
        extra = set(value) - set(schema.get("properties", {}))
        if extra and schema.get("additionalProperties") is False:
            errors.append(ValidationError(path, f"unexpected {sorted(extra)}"))
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            errors.extend(validate(item, schema["items"], path + (i,)))
    return errors

SCHEMA = json.loads("""
{"type": "object", "required": ["name", "version", "deps"], "additionalProperties": false,
 "properties": {
   "name": {"type": "string", "minLength": 3},
   "version": {"type": "string"},
   "private": {"type": "boolean"},
   "port": {"type": "integer", "minimum": 1024, "maximum": 65535},
   "ratio": {"type": "number"},
   "deps": {"type": "array", "items": {"type": "object", "required": ["pkg"],
            "properties": {"pkg": {"type": "string"}, "pin": {"enum": ["exact", "minor", "any"]}}}}
 }}
""")

DOCS = [
    '{"name": "box", "version": "1.0", "deps": []}',
    '{"name": "x", "version": 2, "port": 80, "deps": [{"pkg": "a", "pin": "loose"}, {}], "extra": 1}',
    '{"name": "svc", "version": "0.1", "port": true, "ratio": 1, "private": 0, "deps": [{"pkg": 5}]}',
    '{"name": "big", "version": "9", "port": 70000, "ratio": 0.5, "deps": "none"}',
    '{"name": "trail", "deps": [1, 2,]}',
    '[1, 2, 3]',
]

for i, doc in enumerate(DOCS):
    try:
        data = json.loads(doc)
    except json.JSONDecodeError as e:
        print(f"doc {i}: bad JSON: {e.msg} at line {e.lineno} col {e.colno} (pos {e.pos})")
        continue
    errs = validate(data, SCHEMA)
    if not errs:
        print(f"doc {i}: valid ({len(data)} keys)")
        continue
    print(f"doc {i}: {len(errs)} error(s)")
    for e in sorted(errs, key=lambda e: (type(e).__name__, str(e))):
        print(f"  [{type(e).__name__}] {e}")
    kinds = {type(e).__name__ for e in errs}
    print("  kinds:", sorted(kinds), "first args:", errs[0].args)
    assert all(isinstance(e, ValidationError) for e in errs)

try:
    raise MissingField(("a", 0, "b"), "required")
except ValidationError as e:
    print(repr(e), e.path, e.message, isinstance(e, Exception))
