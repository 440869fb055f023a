#!/usr/bin/env python3.11
"""tests/interp/finalizer_regen.py -- writes the goldens of
tests/interp/finalizer.sh: CPython 3.11's stdout (NAME.out) and stderr
(NAME.err) for each tests/interp/finalizer/NAME.py.

Run it with /usr/bin/python3.11 only.  A case runs from its directory; the
script's absolute path is cut back to the bare file name (box-run is given
the bare name) and object addresses are written as 0x? (they differ from
run to run).  Usage: finalizer_regen.py [NAME.py ...]
"""
import os
import re
import subprocess
import sys

if sys.version_info[:2] != (3, 11):
    sys.exit("finalizer_regen.py: run with python3.11")
here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "finalizer")
names = sys.argv[1:] or sorted(n for n in os.listdir(here) if n.endswith(".py"))
for name in names:
    name = os.path.basename(name)
    path = os.path.join(here, name)
    r = subprocess.run([sys.executable, path], cwd=here, capture_output=True,
                       env={"PATH": "/usr/bin:/bin"})
    if r.returncode != 0:
        sys.exit(f"{name}: status {r.returncode}")
    err = r.stderr.replace(os.fsencode(here + os.sep), b"")
    err = re.sub(rb"0x[0-9a-f]+", b"0x?", err)
    with open(path[:-3] + ".out", "wb") as f:
        f.write(r.stdout)
    with open(path[:-3] + ".err", "wb") as f:
        f.write(err)
    print(f"wrote {name[:-3]}.out, .err")
