print("{} + {} = {}".format(1, 2, 3), "{a}-{b}".format(a=1, b=2), "{0[1]} {1[x]}".format([5, 6], {'x': 7}))
class P:
    name = "pname"
print("{0.name} {0.name!r} {1!s:>5}".format(P(), 3))
print("{:>{w}}|{:<{w}}|".format("r", "l", w=4), "{:.{p}f}".format(3.14159, p=2))
print("{{}} {}".format("x"), "{:,.2f}".format(1234567.891), "{:e}".format(0.00012))
for bad in ["{", "}", "{0} {}", "{} {0}", "{x}", "{:d}"]:
    try:
        bad.format(1.5)
    except (ValueError, IndexError, KeyError) as e:
        print(type(e).__name__, e)
