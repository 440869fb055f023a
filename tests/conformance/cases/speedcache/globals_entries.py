# Global names read through their entry in the globals dict (vm.c:
# global_cached): module-level loops that store globals while functions
# read them, a global deleted so the builtin shows through, a builtin
# shadowed later, the same code run with other globals, and LOAD_NAME at
# module level.
N = 1


def read():
    return N, len("ab")


out = []
for i in range(6):
    N = i * 10
    out.append(read())
    if i == 2:
        len = lambda s: -1
    if i == 4:
        del len
print(out)


def uses_len():
    return len([1, 2, 3])


vals = []
for i in range(4):
    vals.append(uses_len())
    if i == 0:
        globals()["len"] = lambda s: "shadow"
    if i == 2:
        del globals()["len"]
print(vals)

src = compile("def g():\n    return X\n", "<s>", "exec")
ga, gb = {"X": "a"}, {"X": "b"}
exec(src, ga)
exec(src, gb)
print([ga["g"](), gb["g"](), ga["g"]()])
ga["X"] = "a2"
del gb["X"]
try:
    print(ga["g"](), gb["g"]())
except NameError as e:
    print("NameError", e)

# many globals added while a reader runs: the dict grows, entries move
def reader():
    return target


target = "first"
seen = []
for i in range(40):
    globals()["filler%d" % i] = i
    if i % 10 == 0:
        seen.append(reader())
        target = i
print(seen, reader())

code = "total = 0\nfor k in range(5):\n    total = total + k\n    last = total\n"
ns = {}
exec(code, ns)
print(ns["total"], ns["last"])
loc = {}
exec("y = 2\nz = y + 1", {}, loc)
print(sorted(loc.items()))
