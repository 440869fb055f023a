# UnicodeError subclasses: encoding/object/start/end/reason attributes and
# the str() CPython builds from them (also after they are changed).
for data in [b"caf\xe9", b"\xff\xfeab", b"ok\xc3"]:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as e:
        print(e.encoding, e.object, e.start, e.end, e.reason)
        print(str(e))
        print(repr(e), e.args == (e.encoding, e.object, e.start, e.end, e.reason))
for text in ["naïve", "a\u20acb", "x\U0001F600"]:
    try:
        text.encode("ascii")
    except UnicodeEncodeError as e:
        print(e.encoding, repr(e.object), e.start, e.end, e.reason, "|", e)
e = UnicodeDecodeError("utf-8", b"ab\xff", 0, 3, "bad run")
print(e, "|", e.start, e.end)
e = UnicodeEncodeError("ascii", "\u20ac\u20ac", 0, 2, "two")
print(e)
e = UnicodeEncodeError("latin-1", "\U0001F600", 0, 1, "astral")
print(e)
e = UnicodeTranslateError("a\xe9", 1, 2, "nope")
print(e, "|", e.encoding, e.object, e.start, e.end, e.reason)
try:
    "é".encode("ascii")
except UnicodeError as e:
    e.reason = "changed"
    e.start = 0
    print(e, isinstance(e, ValueError))
