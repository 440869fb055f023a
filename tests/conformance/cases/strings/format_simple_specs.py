# format() and f-strings of small ints and strs with [[fill]align][width][d|s]
# specs (box formats these without a __format__ call) and the specs next
# to them that take the general path.
vals = [0, 7, -42, 123456789, -9223372036854775808, 9223372036854775807, "ab", "", "h\u00e9llo", "\u4e2d\u6587"]
specs = ['<05', '05', '>5', '^6', '=6', 'x^7', 'd', '>5d', '', '5', '<5', '*^7', 's', '5s', '^1', '=', '<', '>0', '10', '\u00e9^9', '+5', ',', '_d', '.2', '#x', 'x', '0<5', '=^5', '<<5', '>>6', '3d', '3s']
for v in vals:
    for s in specs:
        try:
            r = format(v, s)
            r2 = f"{v:{s}}"
            assert r == r2
            print(repr(v), repr(s), repr(r))
        except Exception as e:
            print(repr(v), repr(s), type(e).__name__, e)
print(f"{True:>5}", f"{False:d}", format(True, "^7"))
