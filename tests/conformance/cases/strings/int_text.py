# The decimal text of ints through str(), %d with widths, format specs and
# json.dumps: every digit count, the int64 edges, signs, bool.
import json
vals = [0, 1, -1, 9, 10, 11, 99, 100, 101, 999, 1000, 1001, 9999, 10000, 12345, 99999, 100000, 123456789, 2**63-1, -2**63, -9, -10, -99, -100, 1099, 10**18, 10**18 - 1, -10**18]
for v in vals:
    print(str(v), "%d" % v, "%5d|%-5d|%05d" % (v, v, v), f"{v:>6}", f"{v:=8}", json.dumps(v), json.dumps({v: v}))
print(str(True), str(-0), str(int("-0")), str(7), str(object=8))
