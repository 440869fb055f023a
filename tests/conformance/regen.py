#!/usr/bin/env python3
"""tests/conformance/regen.py -- regenerate the golden .out files of the
conformance cases with CPython 3.11 (run it with /usr/bin/python3.11).

Each golden holds the case's stdout; when the exit status is not 0 it is
followed by "# exit: N" and the last line of stderr.  Pass case paths to
regenerate only those; by default every cases/*/*.py is done."""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "cases")


def golden(path):
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8")
    p = subprocess.run([sys.executable, "-I", "-S", os.path.basename(path)],
                       cwd=os.path.dirname(path), capture_output=True, env=env, timeout=60)
    out = p.stdout
    if p.returncode != 0:
        err = p.stderr.decode("utf-8", "replace").rstrip("\n").split("\n")
        out += b"# exit: %d\n" % p.returncode
        out += (err[-1] + "\n").encode() if err and err[-1] else b"\n"
    return out


def main(argv):
    if sys.version_info[:2] != (3, 11):
        sys.exit("regen.py must run under CPython 3.11")
    paths = argv[1:]
    if not paths:
        for area in sorted(os.listdir(CASES)):
            d = os.path.join(CASES, area)
            if os.path.isdir(d):
                paths += [os.path.join(d, f) for f in sorted(os.listdir(d)) if f.endswith(".py")]
    for path in paths:
        path = os.path.abspath(path)
        with open(path[:-3] + ".out", "wb") as f:
            f.write(golden(path))


if __name__ == "__main__":
    main(sys.argv)
