# JSONDecoder / JSONEncoder used directly: argument types, attributes,
# raw_decode positions with non-ASCII text, the json.decoder/json.encoder
# submodules.
import json
import json.decoder
import json.encoder

d = json.JSONDecoder()
for v in (5, b'[]', None, bytearray(b'1')):
    for f in (d.decode, d.raw_decode):
        try:
            f(v)
        except TypeError as e:
            print(type(e).__name__, e)
print(d.decode('[1]'), d.decode(' {"\u00e9": "\u4e2d"} '))
text = '\u4e2d\u6587 {"a": "\u00e9"} \U0001F600 [2]'
obj, end = d.raw_decode(text, 3)
print(obj, end, repr(text[end:]))
obj, end = d.raw_decode(text, text.index('['))
print(obj, end, end == len(text))
try:
    d.raw_decode(text, 0)
except json.JSONDecodeError as e:
    print(e, e.pos)
try:
    d.decode('\u4e2d\u6587 [1]')
except json.JSONDecodeError as e:
    print(e, e.pos, e.colno)
try:
    json.loads('["\u4e2d\u6587", 1,\n "\U0001F600" x]')
except json.JSONDecodeError as e:
    print(e, e.pos, e.lineno, e.colno)
print(json.decoder.JSONDecoder is json.JSONDecoder, json.encoder.JSONEncoder is json.JSONEncoder)
print(json.JSONDecoder.__module__, json.JSONEncoder.__module__, json.JSONDecodeError.__name__)
print(json.decoder.scanstring('"\\u00e9x" rest', 1))
try:
    json.decoder.scanstring('"bad \\q"', 1)
except json.JSONDecodeError as e:
    print(e)
dec = json.JSONDecoder(parse_float=str, parse_int=lambda s: int(s) * 10, strict=False)
print(dec.decode('[1, 2.50, "a\tb"]'))
enc = json.JSONEncoder(sort_keys=True, indent="  ", separators=(",", ": "))
print(enc.encode({"b": [1, {"d": 2, "c": 3}], "a": None}))
print("".join(enc.iterencode({"x": [1.0, float("inf")]})))
enc.indent = None
print(enc.encode({"b": 1, "a": 2}))
print(sorted(json.__all__))
