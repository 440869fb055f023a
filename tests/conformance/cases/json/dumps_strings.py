# json.dumps string escaping, with and without ensure_ascii.
import json

samples = [
    "caf\u00e9", "\u4e2d\u6587", "emoji \U0001F600", "tab\there", "nl\nand\rcr",
    "\x00\x01\x1f\x7f", "\b\f", "slash / stays", "del \x7f", "\u2028\u2029",
    "\ud800 lone", "pair \ud83d\ude00 as escapes", "\uffff", "\U0010ffff",
    "<script>&amp;</script>", "'single'",
]
for s in samples:
    print(json.dumps(s))
    print(json.dumps(s, ensure_ascii=False).encode("utf-8", "surrogatepass"))
print(json.dumps({"k\u00e9y": "v\u00e4l"}))
print(json.dumps({"k\u00e9y": "v\u00e4l"}, ensure_ascii=False))
print(json.dumps(["\n"], ensure_ascii=False))
from json import encoder
print(encoder.encode_basestring("a\"b\u00e9"), encoder.encode_basestring_ascii("a\"b\u00e9"))
print(json.encoder.py_encode_basestring_ascii("x\U0001F600"))
try:
    encoder.encode_basestring_ascii(3)
except TypeError as e:
    print(type(e).__name__, e)
