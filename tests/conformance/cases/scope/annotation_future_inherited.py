# from __future__ import annotations reaches code compiled by exec(), eval()
# and compile() unless dont_inherit is true, and refuses yield, await and :=
# inside an annotation (a lambda or comprehension inside opens its own scope).
from __future__ import annotations

ns = {}
exec("def f(x: undefined_a) -> undefined_b: pass", ns)
print(ns['f'].__annotations__)
exec(compile("def g(x: list [ int ]): pass", "<s>", "exec"), ns)
print(ns['g'].__annotations__)
try:
    exec(compile("def h(x: undefined_c): pass", "<s>", "exec", dont_inherit=True), ns)
except NameError as e:
    print("dont_inherit:", e)
exec(compile("def k(x: int | None): pass", "<s>", "exec", 0x1000000, True), ns)
print(ns['k'].__annotations__)
try:
    compile("x", "<s>", "eval", 4)
except ValueError as e:
    print(e)

refused = [
    "x: (y := 1) = 2",
    "def f(x: (yield)): pass",
    "def g():\n    def f(x: (yield)): pass",
    "class C:\n    x: (yield)",
    "async def g():\n    def f() -> (await x): pass",
    "def f(x: (y := 1)): pass",
    "x: [(yield) for a in b]",
    "x: (lambda: (yield))",
    "x: [(y := 1) for a in b]",
    "def f():\n    x: (yield from z)",
]
for src in refused:
    try:
        compile(src, "<s>", "exec")
        print(repr(src), "compiles")
    except SyntaxError as e:
        print(repr(src), "->", e.msg, e.lineno, e.offset)
    try:
        compile(src, "<s>", "exec", dont_inherit=True)
        print("  without the future import: compiles")
    except SyntaxError as e:
        print("  without the future import:", e.msg)
