# f-strings and format specs
x, y, name = 3.14159, 42, "box"
print(f"{x:.2f} {x:10.3f}| {x:<10.1f}| {x:^10.2f}| {x:+.1e} {x:%} {x:.0%}")
print(f"{y:5d}|{y:<5d}|{y:^5d}|{y:05d}|{y:+d}|{-y:+d}|{y: d}|{y:x}|{y:#x}|{y:#o}|{y:#b}|{y:X}")
print(f"{1234567:,}|{1234567:_}|{1234567.891:,.2f}|{0xdeadbeef:_x}|{1234567:,d}")
print(f"{name!r} {name!s} {name!a} {'é'!a} {name:>8} {name:*^9} {name:.2}")
print(f"{y=}", f"{x = :.2f}", f"{name=!r}", f"{1+1=}")
print(f"{'nested ' + f'{y}'}", f"{{literal}}", f"{y:{'>'}{8}}", f"{x:{4}.{2}f}")
w, p = 10, 3
print(f"{x:{w}.{p}}", f"{x:{w}.{p}f}|")
print(f"{3:3}", f"{'s':3}|", f"{True}", f"{None!r}", f"{[1, 2]}", f"{ {'a': 1}['a'] }")
print(f"{1e20:.3g} {1e-5:g} {123456789.0:g} {0.0001:g} {1.5:g} {100.0:g} {1e16:g}")
print(f"{2.5:.0f} {3.5:.0f} {-0.0:.1f} {float('inf'):f} {float('nan'):F} {1e300*1e10:+}")
print(f"{12.0:e}", f"{0.1 + 0.2}", f"{1/3}", f"{2/3:.15f}", f"{1e22}", f"{1e15}", f"{123456789012345678.0}")
print(format(255, "08b"), format(3.0, ""), format(-3, "n"), format(1234, ","), format("x", "<3") + "|")
print("{} {} {}".format(1, "a", 2.5), "{1} {0} {1}".format("a", "b"), "{n} {n!r}".format(n="v"))
print("{0[1]} {0[key]}".format({1: "one", "key": "k"}), "{.real}".format(3), "{:>{w}}".format("r", w=4))
print("{:.3s}|{:^7.2f}|{:+08.2f}".format("abcdef", 2.5, -3.14159))
try:
    "{} {}".format(1)
except IndexError as e:
    print("IndexError", e)
try:
    "{x}".format(y=1)
except KeyError as e:
    print("KeyError", e)
try:
    f"{y:.2s}"
except ValueError as e:
    print("ValueError", e)
try:
    format("abc", "d")
except ValueError as e:
    print("ValueError", e)
try:
    "{:,s}".format("a")
except ValueError as e:
    print("ValueError", e)
class P:
    def __format__(self, spec):
        return f"P<{spec}>"
print(f"{P():xyz}", format(P(), ""), "{:abc}".format(P()))
print(f"{'a' if y > 1 else 'b'}", f"{(lambda v: v * 2)(4)}", f"{y!r:>5}")
print(f"""multi
{name}""")
