# json.dumps: every basic type, nesting, the default separators.
import json

print(json.dumps(None), json.dumps(True), json.dumps(False))
print(json.dumps(0), json.dumps(-17), json.dumps(2 ** 64), json.dumps(-(10 ** 30)))
print(json.dumps(1.5), json.dumps(0.1), json.dumps(-0.0), json.dumps(1e16), json.dumps(1e-7))
print(json.dumps(123456789.123456789), json.dumps(1e308), json.dumps(5e-324))
print(json.dumps(float('nan')), json.dumps(float('inf')), json.dumps(float('-inf')))
print(json.dumps("plain"), json.dumps(""), json.dumps('quote " and \\ backslash'))
print(json.dumps([]), json.dumps({}), json.dumps(()), json.dumps([[]]), json.dumps([{}]))
print(json.dumps([1, "two", 3.0, None, True, [False]]))
print(json.dumps((1, (2, 3))))
print(json.dumps({"a": 1, "b": [1, 2, {"c": None}], "d": {"e": {}}}))
print(json.dumps({"z": 1, "a": 2, "m": 3}))
d = {}
d["x"] = 1
d["y"] = 2
del d["x"]
d["x"] = 3
print(json.dumps(d))
print(json.dumps([1, 2, 3] * 3))
print(json.dumps({"nested": [[[[[[1]]]]]]}))
print(type(json.dumps(1)).__name__)
print(json.dumps([1e22, 1e21, 1e-5, 1e-4, 123e-20, 2.5e-3]))
print(json.dumps([0.30000000000000004, 1/3, 2/3, 100.0, 1e15 + 0.3]))
