# json.loads errors: JSONDecodeError messages, msg/doc/pos/lineno/colno.
import json

bad = [
    '', ' ', '[', '{', '[1,', '[1 2]', '{"a" 1}', '{"a": 1,}', '{1: 2}', "{'a': 1}",
    '[1,]', '"abc', '"\\x"', '"\\u12"', '"\\u12g4"', '"a\nb"', '"tab\there"', 'tru', 'nul',
    'True', '[1] [2]', '1 2', '{"a":1}}', '-', '-x', '01', '1.', '.5', '1e', '1e+', '+1',
    '[\n  1,\n  2\n  3\n]', '{\n"a": 1,\n"b" 2\n}', '\n\n   x', 'nan', 'inf', '-NaN', '"\\ud800\\u"',
    '["caf\u00e9", x]', '\u00e9', '[1,\n\u4e2d]', '{"a": [1, 2, }', '[{]', '{"a"', '{"a":', '[1, 2',
    '\ufeff[1]', '[1]\x00', '"\x7f"', '"\x1f"', '[-]', '[0x10]', '[1e5.5]', '"\\"', '"\\u"',
]
for doc in bad:
    try:
        print('OK?', repr(json.loads(doc)))
    except json.JSONDecodeError as e:
        print(repr(doc), '|', e, '|', repr(e.msg), e.pos, e.lineno, e.colno, e.doc == doc)
try:
    json.loads('[1, x]')
except ValueError as e:
    print(type(e).__name__, isinstance(e, ValueError), e.args)
e = json.JSONDecodeError("Custom", "ab\ncd\nef", 7)
print(e, e.msg, e.pos, e.lineno, e.colno, e.args)
print(e.__reduce__()[1])
print(json.JSONDecodeError.__mro__[1].__name__, json.JSONDecodeError.__module__)
print(json.JSONDecodeError is json.decoder.JSONDecodeError)
for v in (None, 1, 1.5, [], {}, object()):
    try:
        json.loads(v)
    except TypeError as e:
        print(type(e).__name__, e)
