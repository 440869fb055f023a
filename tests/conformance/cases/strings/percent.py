print("%d %i %u" % (1, -2, 3), "%5d|%-5d|%05d" % (42, 42, 42), "%+d %+d" % (5, -5))
print("%.2f %10.3f %-10.1f|" % (3.14159, 2.5, 1.0), "%e %E %g %G" % (1234.5, 0.000123, 0.0001, 1e20))
print("%x %X %o %#x %#o" % (255, 255, 8, 255, 8), "%c%c" % (65, "b"), "%%", "%s %r" % ("s", "r"))
print("%(name)s is %(age)d" % {"name": "Ann", "age": 30}, "%s" % [1, 2], "%s" % (1,))
for bad in [("%d", "x"), ("%d %d", (1,)), ("%d", (1, 2)), ("%z", 1)]:
    try:
        bad[0] % bad[1]
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
