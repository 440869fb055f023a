# json.dumps: default=, JSONEncoder subclasses, unserializable objects.
import json


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y


def enc(o):
    if isinstance(o, Point):
        return {"x": o.x, "y": o.y}
    if isinstance(o, set):
        return sorted(o)
    raise TypeError(f"cannot encode {type(o).__name__}")


print(json.dumps([Point(1, 2), {3, 1, 2}], default=enc))
print(json.dumps({"p": Point(0, Point(5, 6))}, default=enc, indent=2))
try:
    json.dumps(object(), default=enc)
except TypeError as e:
    print(type(e).__name__, e)
for bad in ({1, 2}, b"bytes", 1j, Point(1, 2), object, len):
    try:
        json.dumps(bad)
    except TypeError as e:
        print(type(e).__name__, e)
try:
    json.dumps({"a": [1, {"b": {1, 2}}]})
except TypeError as e:
    print(type(e).__name__, e)


class SetEncoder(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, (set, frozenset)):
            return {"__set__": sorted(o)}
        return super().default(o)


print(json.dumps({"s": {2, 1}}, cls=SetEncoder))
print(SetEncoder(sort_keys=True, indent=1).encode({"b": frozenset([3]), "a": 1}))
print(''.join(SetEncoder().iterencode([{1}])))
try:
    SetEncoder().encode(Point(1, 1))
except TypeError as e:
    print(type(e).__name__, e)


class Upper(json.JSONEncoder):
    def encode(self, o):
        return super().encode(o).upper()


print(json.dumps({"a": "b"}, cls=Upper))
e = json.JSONEncoder()
print(e.item_separator, e.key_separator, e.indent, e.sort_keys, e.skipkeys)
e = json.JSONEncoder(indent=2)
print(repr(e.item_separator), repr(e.key_separator))
e = json.JSONEncoder(separators=(";", "="))
print(e.encode({"a": [1, 2]}), e.encode("str"), e.encode(5))
try:
    json.JSONEncoder(True)
except TypeError as e:
    print(type(e).__name__, e)
try:
    json.JSONEncoder().default(3)
except TypeError as e:
    print(type(e).__name__, e)


def returns_self(o):
    return o


class Loop:
    pass


try:
    json.dumps(Loop(), default=returns_self)
except ValueError as e:
    print(type(e).__name__, e)
print(json.dumps(Loop(), default=lambda o: "loop"))
