# json.dump / json.load on duck-typed file objects.
import json


class Sink:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)
        return len(s)

    def text(self):
        return "".join(self.parts)


class Source:
    def __init__(self, text):
        self.text = text
        self.reads = 0

    def read(self):
        self.reads += 1
        return self.text


s = Sink()
json.dump({"a": [1, 2, {"b": None}], "c": "d\u00e9"}, s)
print(s.text())
s = Sink()
json.dump([1, {"z": 1, "a": 2}], s, indent=2, sort_keys=True)
print(s.text())
s = Sink()
json.dump({"x": 1.5}, s, separators=(",", ":"), ensure_ascii=False)
print(s.text(), all(isinstance(p, str) for p in s.parts))
src = Source('{"a": [1, 2, 3], "b": {"c": true}}')
print(json.load(src), src.reads)
print(json.load(Source(b'[1, 2]')))
print(json.load(Source('{"a": 1}'), object_pairs_hook=list))
try:
    json.load(Source('[1,'))
except json.JSONDecodeError as e:
    print(e)
try:
    json.dump({1}, Sink())
except TypeError as e:
    print(type(e).__name__, e)
try:
    json.dump([float("nan")], Sink(), allow_nan=False)
except ValueError as e:
    print(type(e).__name__, e)
try:
    json.load(object())
except AttributeError as e:
    print(type(e).__name__)
try:
    json.dump([1], object())
except AttributeError as e:
    print(type(e).__name__)
