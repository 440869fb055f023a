#!/usr/bin/env python3.11
"""regen.py -- writes the golden outputs tests/parser/cases/*.out from
CPython 3.11: ast.dump(ast.parse(src)) for each cases/*.py, or the caught
error as "<Type>: <msg> (<lineno>, <offset>)".  Files named *.pos.py are
dumped with include_attributes=True (positions); *.eval.py and
*.single.py are parsed in 'eval' and 'single' mode.  For the error cases
(e_*.py) it also writes e_*.tb: the SyntaxError exactly as the interpreter
prints it when uncaught (file/line header, source line, carets, message).

Run: /usr/bin/python3.11 tests/parser/regen.py
"""
import ast
import pathlib
import subprocess
import sys

if sys.version_info[:2] != (3, 11):
    sys.exit("regen.py must run under CPython 3.11")


def expected(path: pathlib.Path) -> str:
    src = path.read_bytes().decode("utf-8")
    mode = "exec"
    if path.name.endswith(".eval.py"):
        mode = "eval"
    elif path.name.endswith(".single.py"):
        mode = "single"
    try:
        tree = ast.parse(src, mode=mode)
    except SyntaxError as e:
        return f"{type(e).__name__}: {e.msg} ({e.lineno}, {e.offset})\n"
    except (MemoryError, RecursionError, ValueError) as e:
        return f"{type(e).__name__}: {e} (0, 0)\n"
    attrs = path.name.endswith(".pos.py")
    return ast.dump(tree, include_attributes=attrs) + "\n"


def uncaught(path: pathlib.Path) -> str:
    """What `python3.11 FILE` prints for a file with a SyntaxError."""
    run = subprocess.run([sys.executable, str(path)], capture_output=True,
                         text=True, encoding="utf-8", errors="replace")
    return run.stderr.replace(f'"{path}"', '"<unknown>"')


def main() -> None:
    cases = pathlib.Path(__file__).resolve().parent / "cases"
    n = 0
    for path in sorted(cases.glob("*.py")):
        out = path.with_suffix(".out")
        text = expected(path)
        out.write_text(text, encoding="utf-8")
        n += 1
        if path.name.startswith("e_") and text.startswith(("SyntaxError", "IndentationError", "TabError")):
            path.with_suffix(".tb").write_text(uncaught(path), encoding="utf-8")
    print(f"regen: wrote {n} goldens")


if __name__ == "__main__":
    main()
