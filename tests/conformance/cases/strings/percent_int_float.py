# printf-style % with a float where an integer is required: %x, %o, %X and
# %c refuse it, %d %i %u truncate it; the same rules in bytes %.


class F(float):
    pass


class Idx:
    def __index__(self):
        return 11


for value in (3.0, -2.5, F(4.5), 7, True, Idx(), 'a', None):
    for fmt in ('%x', '%o', '%X', '%#x', '%c', '%d', '%i', '%u', '%5.1f', '%e'):
        for kind in (str, bytes):
            f = fmt if kind is str else fmt.encode()
            try:
                r = f % value
            except Exception as e:
                r = '%s: %s' % (type(e).__name__, e)
            print(kind.__name__, fmt, type(value).__name__, repr(r))
for spec in ('%x', '%d'):
    try:
        print(spec % float('nan'))
    except Exception as e:
        print(type(e).__name__, e)
print('%x %o %X' % (255, 8, 255), '%d' % 9.99, '%i' % -9.99)
