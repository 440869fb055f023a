# json.dumps options: indent, separators, sort_keys, skipkeys, allow_nan.
import json

doc = {"b": [1, 2, {"x": None, "a": []}], "a": {"z": {}, "y": [True]}, "c": "s"}
for indent in (None, 0, 2, 4, -1, "", "\t", "--"):
    print(repr(indent))
    print(json.dumps(doc, indent=indent))
print(json.dumps(doc, sort_keys=True))
print(json.dumps(doc, indent=1, sort_keys=True))
print(json.dumps(doc, separators=(",", ":")))
print(json.dumps(doc, separators=(" , ", " : "), indent=2))
print(json.dumps([1, 2], indent=3, separators=("|", "=")))
print(json.dumps({1: "int", 2.5: "float", True: "t", False: "f", None: "n"}))
print(json.dumps({1: "a", "1": "b"}))
print(json.dumps({float("nan"): 1, float("inf"): 2, -0.0: 3}))
print(json.dumps({2 ** 70: 1, 1e100: 2}))
try:
    json.dumps({(1, 2): 3})
except TypeError as e:
    print(type(e).__name__, e)
print(json.dumps({(1, 2): 3, "ok": 1}, skipkeys=True))
print(json.dumps({(1, 2): 3}, skipkeys=True))
print(json.dumps({(1, 2): 3}, skipkeys=True, indent=2))
print(json.dumps({(1, 2): 3, "a": 1, frozenset(): 2, "b": 2}, skipkeys=True, indent=2))
for v in (float("nan"), float("inf"), float("-inf")):
    for ind in (None, 2):
        try:
            json.dumps([v], allow_nan=False, indent=ind)
        except ValueError as e:
            print(type(e).__name__, e)
try:
    json.dumps({float("nan"): 1}, allow_nan=False)
except ValueError as e:
    print(type(e).__name__, e)
print(json.dumps([1.5], allow_nan=False))
try:
    json.dumps({"b": 1, 2: 3}, sort_keys=True)
except TypeError as e:
    print(type(e).__name__, e)
print(json.dumps({"b": 1, "a": 2, "c": {"z": 1, "y": 2}}, sort_keys=True, indent=2))
print(json.dumps({3: 1, 1: 2, 2: 3}, sort_keys=True))
print(json.dumps([], indent=2), json.dumps({}, indent=2), json.dumps([[]], indent=2))
try:
    json.dumps([1], indent=2.5)
except TypeError as e:
    print(type(e).__name__, e)
try:
    json.dumps([1], bogus=1)
except TypeError as e:
    print(type(e).__name__, e)
