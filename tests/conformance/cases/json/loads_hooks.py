# json.loads hooks: object_hook, object_pairs_hook, parse_float, parse_int,
# parse_constant, strict, cls.
import json

doc = '{"a": 1, "b": [1.5, 2, {"c": 3}], "d": {"e": NaN}}'
print(json.loads(doc, object_hook=lambda d: sorted(d.items())))
print(json.loads(doc, object_pairs_hook=lambda p: p))
print(json.loads(doc, object_pairs_hook=lambda p: tuple(k for k, v in p), object_hook=len))
print(json.loads(doc, parse_float=lambda s: "F" + s, parse_int=lambda s: "I" + s))
print(json.loads(doc, parse_constant=lambda s: "C" + s))
print(json.loads('[1e1000, 1.0]', parse_float=str))
print(json.loads('[123456789012345678901234567890]', parse_int=float))
print(json.loads('{"x": 1}', object_hook=lambda d: None))
print(json.loads('[{"a": 1}, {"b": 2}]', object_hook=lambda d: list(d)))
print(json.loads('{"a": {"b": {}}}', object_pairs_hook=list))
print(json.loads('{"b": 1, "a": 2, "b": 3}', object_pairs_hook=list))


def bad_hook(d):
    raise KeyError("hook failed")


try:
    json.loads('[{"a": 1}]', object_hook=bad_hook)
except KeyError as e:
    print(type(e).__name__, e)
try:
    json.loads('[1.5]', parse_float=int)
except ValueError as e:
    print(type(e).__name__, e)
try:
    json.loads('"a\tb"')
except json.JSONDecodeError as e:
    print(e)
print(repr(json.loads('"a\tb\nc\x00"', strict=False)))
print(json.loads('{"a\x01": "\x1f"}', strict=False))


def upper_keys(d):
    return {k.upper(): v for k, v in d.items()}


class MyDecoder(json.JSONDecoder):
    def __init__(self, **kw):
        super().__init__(object_hook=upper_keys, **kw)


print(json.loads('{"a": {"b": 1}}', cls=MyDecoder))
print(json.loads('[1.25]', cls=MyDecoder, parse_float=lambda s: s + "!"))
dec = json.JSONDecoder()
print(dec.decode('  [1, 2]  '))
print(dec.raw_decode('[1, 2] trailing'))
print(dec.raw_decode('{"a": 1}xyz'))
print(dec.raw_decode('xx"str"yy', 2))
print(dec.raw_decode('caf\u00e9 [1] rest', 5))
for args in (('  [1]',), ('[1]', 5), ('[1]', -1), ('',)):
    try:
        print(dec.raw_decode(*args))
    except (ValueError, json.JSONDecodeError) as e:
        print(type(e).__name__, e)
try:
    dec.decode('[1] x')
except json.JSONDecodeError as e:
    print(e)
print(dec.strict, dec.object_hook, dec.parse_float is float, dec.parse_int is int)
try:
    json.loads('[]', cls=json.JSONDecoder, bogus=1)
except TypeError as e:
    print(type(e).__name__, e)


class Counting(json.JSONDecoder):
    def raw_decode(self, s, idx=0):
        obj, end = super().raw_decode(s, idx)
        return ("wrapped", obj), end


print(json.loads(' [1] ', cls=Counting))
print(json.decoder.scanstring('"abc\\n" tail', 1))
print(json.decoder.scanstring('x"caf\u00e9"', 2))
try:
    json.decoder.scanstring('"abc', 1)
except json.JSONDecodeError as e:
    print(e)
