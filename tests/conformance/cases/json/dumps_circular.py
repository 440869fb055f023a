# json.dumps: circular references, check_circular=False, deep nesting.
import json

a = [1]
a.append(a)
try:
    json.dumps(a)
except ValueError as e:
    print(type(e).__name__, e)
d = {"k": 1}
d["self"] = d
try:
    json.dumps(d)
except ValueError as e:
    print(type(e).__name__, e)
try:
    json.dumps({"x": [d]}, indent=2)
except ValueError as e:
    print(type(e).__name__, e)
try:
    json.dumps(a, check_circular=False)
except RecursionError as e:
    print(type(e).__name__)
shared = [1, 2]
print(json.dumps([shared, shared, {"s": shared}]))
deep = []
cur = deep
for i in range(100):
    cur.append([])
    cur = cur[0]
print(len(json.dumps(deep)))
x = []
for i in range(100000):
    x = [x]
try:
    json.dumps(x)
except RecursionError as e:
    print(type(e).__name__, e)
y = {}
for i in range(100000):
    y = {"k": y}
try:
    json.dumps(y)
except RecursionError as e:
    print(type(e).__name__, e)
print("still alive")
