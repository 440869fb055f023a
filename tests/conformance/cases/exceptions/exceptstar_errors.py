# except* errors: the run-time TypeErrors and the compile-time SyntaxErrors.
def shape(e):
    if e is None:
        return None
    if isinstance(e, BaseExceptionGroup):
        return (type(e).__name__, e.message, [shape(x) for x in e.exceptions])
    return repr(e)


for clause in ("ExceptionGroup", "BaseExceptionGroup", "(ValueError, ExceptionGroup)",
               "int", "(ValueError, 1)", "'ValueError'"):
    src = f"try:\n    raise ExceptionGroup('g', [ValueError(1)])\nexcept* {clause}:\n    pass\n"
    try:
        exec(src)
    except Exception as e:
        print(clause, "->", type(e).__name__ + ":", e, "| context:", shape(e.__context__))

sources = {
    "break": "for i in range(3):\n    try:\n        pass\n    except* ValueError:\n        break\n",
    "continue": "for i in range(3):\n    try:\n        pass\n    except* ValueError:\n        continue\n",
    "return": "def f():\n    try:\n        pass\n    except* ValueError:\n        return 1\n",
    "bare return": "def f():\n    try:\n        pass\n    except* ValueError:\n        return\n",
    "break outside loop": "try:\n    pass\nexcept* ValueError:\n    break\n",
    "nested try": "def f():\n    try:\n        pass\n    except* ValueError:\n        try:\n            pass\n        finally:\n            return 2\n",
    "mixed": "try:\n    pass\nexcept ValueError:\n    pass\nexcept* TypeError:\n    pass\n",
    "mixed 2": "try:\n    pass\nexcept* ValueError:\n    pass\nexcept TypeError:\n    pass\n",
    "bare except*": "try:\n    pass\nexcept*:\n    pass\n",
    "loop in clause": "try:\n    pass\nexcept* ValueError:\n    for i in []:\n        break\n",
    "function in clause": "try:\n    pass\nexcept* ValueError:\n    def g():\n        return 1\n",
}
for name, src in sources.items():
    try:
        compile(src, "<" + name + ">", "exec")
    except SyntaxError as e:
        print(name, "->", e.msg, e.lineno, e.offset)
    else:
        print(name, "-> compiles")
