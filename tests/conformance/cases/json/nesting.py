# json.loads: deep nesting is refused with RecursionError, not a crash;
# moderate nesting works.
import json

for depth in (10, 200, 500):
    doc = "[" * depth + "]" * depth
    v = json.loads(doc)
    n = 0
    while v:
        v = v[0]
        n += 1
    print(depth, n)
    doc = '{"a":' * depth + '1' + '}' * depth
    v = json.loads(doc)
    print(type(v).__name__)
for doc in ("[" * 100000, "[" * 100000 + "]" * 100000, '{"a":' * 100000):
    try:
        json.loads(doc)
    except RecursionError as e:
        print(type(e).__name__, e)
    except json.JSONDecodeError as e:
        print("decode error", e.msg)
print(json.loads("[" * 50 + "1" + "]" * 50, object_hook=None) is not None)
print("still alive")
