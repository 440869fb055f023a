def run(cmd):
    match cmd.split():
        case ["go", direction]:
            return f"going {direction}"
        case ["pick", "up", *items] if items:
            return f"picking {', '.join(items)}"
        case ["quit" | "exit"]:
            return "bye"
        case []:
            return "empty"
        case [verb, *_]:
            return f"unknown verb {verb!r}"
for c in ["go north", "pick up sword shield", "pick up", "quit", "exit", "", "dance now"]:
    print(run(c))
def kind(v):
    match v:
        case True:
            return "true"
        case bool():
            return "bool"
        case int() | float() as num:
            return f"number {num}"
        case (x, y):
            return f"tuple2 {x} {y}"
        case {"k": [1, *rest]}:
            return f"nested {rest}"
        case _:
            return "?"
print([kind(v) for v in [True, False, 3, 2.5, (1, 2), [3, 4], {"k": [1, 2, 3]}, {"k": [2]}, "s"]])
