# Agent-style: build and serialise a JSON report with custom encoders.
import json
from datetime import datetime, date, timezone, timedelta
from dataclasses import dataclass, asdict
from collections import OrderedDict

@dataclass
class Metric:
    name: str
    value: float
    unit: str

class ReportEncoder(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, (datetime, date)):
            return o.isoformat()
        if isinstance(o, set):
            return sorted(o)
        if isinstance(o, Metric):
            return asdict(o)
        if isinstance(o, timedelta):
            return o.total_seconds()
        return super().default(o)

report = {
    "generated": datetime(2024, 3, 1, 12, 30, tzinfo=timezone.utc),
    "window": timedelta(hours=1, minutes=30),
    "day": date(2024, 3, 1),
    "hosts": {"web-2", "web-1"},
    "metrics": [Metric("cpu", 0.734, "ratio"), Metric("latency_p99", 212.5, "ms")],
    "ok": True, "notes": None, "ratio": 1e-7, "big": 10 ** 20, "neg": -0.0,
    "name": "Ünïcode ☃ \"quoted\"\n",
}
print(json.dumps(report, cls=ReportEncoder))
print(json.dumps(report, cls=ReportEncoder, indent=2, sort_keys=True, ensure_ascii=False))
print(json.dumps({"b": 1, "a": [1, {"z": None}]}, indent="\t", separators=(",", ": ")))
print(json.dumps([1, 2, [3, []], {}], indent=0))
print(json.dumps({"x": "é☃😀"}), json.dumps({"x": "é☃😀"}, ensure_ascii=False))
print(json.dumps({1: "int", 2.5: "float", True: "bool", None: "none"}))
print(json.dumps(OrderedDict([("z", 1), ("a", 2)])), json.dumps((1, 2)), json.dumps("\u0000\t\x7f"))
print(json.dumps(float("inf")), json.dumps([float("nan")]))
try:
    json.dumps({"t": {1, 2}})
except TypeError as e:
    print("TypeError:", e)
try:
    json.dumps([float("inf")], allow_nan=False)
except ValueError as e:
    print("ValueError:", e)
try:
    json.dumps({(1, 2): 3})
except TypeError as e:
    print("TypeError:", e)
print(json.dumps({(1, 2): 3, "k": 1}, skipkeys=True))
print(json.dumps(report["metrics"], default=lambda o: o.__dict__))

text = json.dumps(report, cls=ReportEncoder)
back = json.loads(text)
print(sorted(back), back["hosts"], back["window"], type(back["big"]).__name__, back["neg"])
print(json.loads('{"a": 1, "a": 2}'), json.loads("[1.0, 1e3, -0, 0.5e-2]"), json.loads('"\\ud83d\\ude00"'))
print(json.loads("NaN"), json.loads('{"x": Infinity}'), json.loads(" 42 "))
print(json.loads('{"p": 1.5}', parse_float=lambda s: f"<{s}>"), json.loads('[1, 2]', parse_int=lambda s: int(s) * 10))
print(json.loads('{"a": {"b": 2}}', object_hook=lambda d: {k.upper(): v for k, v in d.items()}))
print(json.loads('[["k", 1], ["j", 2]]'), json.loads('{"k": 1, "j": 2}', object_pairs_hook=list))
for bad in ['{"a": 1,}', "[1, 2", "{'a': 1}", '{"a" 1}', "", "[1] x", '"abc', "01", '{"a": tru}']:
    try:
        json.loads(bad)
    except json.JSONDecodeError as e:
        print(f"{bad!r:>12} -> {e.msg} (line {e.lineno}, col {e.colno}, pos {e.pos}) | {e}")
print(issubclass(json.JSONDecodeError, ValueError))
enc = json.JSONEncoder(sort_keys=True, indent=1)
print(enc.encode({"b": [1], "a": "x"}))
print(json.JSONDecoder().decode('{"n": [true, false, null]}'), json.JSONDecoder().raw_decode('{"a": 1} tail'))
