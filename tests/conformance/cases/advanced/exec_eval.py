g = {"x": 10}
exec("y = x * 2\ndef f(a):\n    return a + y", g)
print(g["y"], g["f"](1), eval("x + y", g), eval("[i for i in range(3)]"))
loc = {}
exec("z = 5", {}, loc)
print(loc)
code = compile("1 + 2", "<expr>", "eval")
print(eval(code))
try:
    eval("1 +")
except SyntaxError as e:
    print("SyntaxError", e.msg)
def scope():
    a = 1
    return eval("a + 1")
print(scope())
