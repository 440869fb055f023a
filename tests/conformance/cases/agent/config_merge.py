# Agent-style: deep-merge configuration dicts and dump them as JSON.
import json
import copy

defaults = {
    "server": {"host": "0.0.0.0", "port": 8080, "tls": {"enabled": False, "cert": None}},
    "logging": {"level": "INFO", "handlers": ["console"]},
    "features": {"beta": False},
    "retries": 3,
}
override = json.loads("""
{"server": {"port": 9443, "tls": {"enabled": true, "cert": "/etc/cert.pem"}},
 "logging": {"handlers": ["console", "file"]},
 "features": {"beta": true, "dark_mode": true},
 "timeout": 2.5}
""")


def deep_merge(base, extra, path=""):
    out = copy.deepcopy(base)
    for key, value in extra.items():
        here = f"{path}.{key}" if path else key
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = deep_merge(out[key], value, here)
        else:
            if key in out and out[key] != value:
                print(f"override {here}: {out[key]!r} -> {value!r}")
            elif key not in out:
                print(f"add {here} = {value!r}")
            out[key] = value
    return out


merged = deep_merge(defaults, override)
print(json.dumps(merged, indent=2, sort_keys=True))
print(json.dumps(merged, separators=(",", ":")))
print(defaults["server"]["tls"], merged is not defaults)


def flatten(d, prefix=""):
    for k, v in d.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict):
            yield from flatten(v, key + ".")
        else:
            yield key, v


for k, v in sorted(flatten(merged)):
    print(f"{k:<24} {type(v).__name__:<8} {v}")
try:
    json.loads('{"a": 1,}')
except json.JSONDecodeError as e:
    print("JSONDecodeError:", e)
print(json.dumps({"t": (1, 2), "u": "é", "n": None, "f": 1e100, "i": 10**20}))
print(json.dumps("é\n", ensure_ascii=False), json.loads('"\\u00e9"'))
