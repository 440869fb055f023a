# json.loads: every value type, whitespace, numbers, strings and escapes.
import json

docs = [
    'null', 'true', 'false', '0', '-0', '17', '-17', '1.5', '-1.5e3', '1E2', '1e-2', '2.5E+2',
    '123456789012345678901234567890', '-98765432109876543210', '1.0', '0.1', '1e400', '-1e400',
    '"abc"', '""', '"\\u00e9\\n\\t\\"\\\\\\/\\b\\f\\r"', '"\\ud83d\\ude00"', '"\\ud800"',
    '"\\udc00\\ud800"', '"\\uD83D\\uDE00"', '"caf\u00e9 \u4e2d"',
    '[]', '{}', '[1, [2, [3, []]]]', '{"a": {"b": {"c": []}}}',
    ' \t\n\r[ 1 , 2 ]\n ', '{"a":1,"a":2}', '{"b": 1, "a": 2, "b": 3}',
    'NaN', 'Infinity', '-Infinity', '[NaN, Infinity, -Infinity]',
    '12345678901234567', '999999999999999999', '-999999999999999999', '1000000000000000000',
]
for d in docs:
    v = json.loads(d)
    print(repr(d), '->', repr(v), type(v).__name__)
print(json.loads('"\\ud83d\\ude00"') == "\U0001F600")
print(len(json.loads('"\\ud83d\\ude00"')), len(json.loads('"\\ud83dx"')))
big = json.loads('[' + ','.join(str(i) for i in range(1000)) + ']')
print(sum(big), len(big))
print(json.loads('{"k": [1, {"k": [2]}]}')["k"][1]["k"])
print(json.loads(json.dumps({"round": [1.1, "trip", None, {"x": -2}]})))
print(json.loads('{"\u00e9": "\u00e9"}'), json.loads('"\\u00E9"'))
r = json.loads('[-0.0, 0e0, 1E-0]')
print(r, [str(x) for x in r])
