#!/usr/bin/env python3.11
"""tests/interp/traceback_regen.py -- writes the goldens of
tests/interp/traceback.sh: the full stderr of CPython 3.11 for each
tests/interp/traceback/NAME.py, as NAME.err.

Run it with /usr/bin/python3.11 only.  A case runs from its directory;
CPython prints the script's absolute path, which is cut back to the bare
file name (box-run is given the bare name).  NAME_c.py is run as
`-c SOURCE` instead.  Usage: traceback_regen.py [NAME.py ...]
"""
import os
import subprocess
import sys

if sys.version_info[:2] != (3, 11):
    sys.exit("traceback_regen.py: run with python3.11")
here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "traceback")
names = sys.argv[1:] or sorted(n for n in os.listdir(here) if n.endswith(".py"))
for name in names:
    name = os.path.basename(name)
    path = os.path.join(here, name)
    with open(path, encoding="utf-8") as f:
        source = f.read()
    if name.endswith("_c.py"):
        argv = [sys.executable, "-c", source.rstrip("\n")]
    else:
        argv = [sys.executable, path]
    r = subprocess.run(argv, cwd=here, capture_output=True, env={"PATH": "/usr/bin:/bin"})
    err = r.stderr.replace(os.fsencode(here + os.sep), b"")
    with open(path[:-3] + ".err", "wb") as f:
        f.write(err)
    print(f"{name}: exit {r.returncode}, {len(err)} bytes")
