# Agent-style: CLI-ish script with main(), argv handling and sys.exit(main()).
import sys
import json

USAGE = "usage: tool.py [--json] COMMAND [ARGS...]"

class UsageError(Exception):
    pass

def parse_args(argv):
    opts = {"json": False, "verbose": 0}
    rest = []
    it = iter(argv)
    for a in it:
        if a == "--json":
            opts["json"] = True
        elif a.startswith("-v"):
            opts["verbose"] += a.count("v")
        elif a.startswith("--limit="):
            _, _, val = a.partition("=")
            if not val.isdigit():
                raise UsageError(f"bad --limit value {val!r}")
            opts["limit"] = int(val)
        elif a == "--":
            rest.extend(it)
        elif a.startswith("-"):
            raise UsageError(f"unknown option {a}")
        else:
            rest.append(a)
    if not rest:
        raise UsageError("missing COMMAND")
    return opts, rest[0], rest[1:]

def cmd_sum(args, opts):
    nums = [float(a) for a in args]
    total = sum(nums)
    return {"count": len(nums), "total": total, "mean": total / len(nums) if nums else None}

def cmd_words(args, opts):
    text = " ".join(args)
    words = text.split()
    return {"words": len(words), "unique": len(set(w.lower() for w in words)), "longest": max(words, key=len, default="")}

COMMANDS = {"sum": cmd_sum, "words": cmd_words}

def main(argv):
    try:
        opts, cmd, args = parse_args(argv)
        if cmd not in COMMANDS:
            raise UsageError(f"unknown command {cmd!r} (choose from {', '.join(sorted(COMMANDS))})")
        result = COMMANDS[cmd](args, opts)
    except UsageError as e:
        print(f"error: {e}\n{USAGE}", file=sys.stderr)
        return 2
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    if opts["json"]:
        print(json.dumps(result, sort_keys=True))
    else:
        for k, v in result.items():
            print(f"{k:>8}: {v}")
    return 0

runs = [
    ["sum", "1", "2.5", "3"],
    ["--json", "sum", "10", "-5"],
    ["words", "The", "cat", "the", "HAT", "sat"],
    ["--json", "-vv", "words"],
    ["--limit=x", "sum"],
    ["--bogus"],
    [],
    ["fly", "away"],
    ["sum", "1", "two"],
    ["--json", "--", "sum", "7"],
]
codes = []
for argv in runs:
    code = main(argv)
    codes.append(code)
    print(f"argv={argv} -> exit {code}")
print(codes, type(sys.argv).__name__, len(sys.argv) >= 1)
try:
    sys.exit(3)
except SystemExit as e:
    print("SystemExit code", e.code, repr(e), e.args)
try:
    sys.exit()
except SystemExit as e:
    print("bare exit code", e.code)
try:
    raise SystemExit("message", 2)
except SystemExit as e:
    print(e.code, str(e))
if __name__ == "__main__":
    sys.exit(main(["sum"]) + max(codes))
