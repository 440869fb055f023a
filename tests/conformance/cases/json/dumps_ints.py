# json.dumps of ints as values and as dict keys: zero, signs, the int64
# edges and just past them, big ints, bools (true/false, not 1/0), and an
# int subclass.
import json

vals = [0, 1, -1, 9, 10, -10, 99, 100, 12345, -98765, 2**31, -2**31, 2**53 + 1,
        2**63 - 1, -2**63, 2**63, -2**63 - 1, 2**64, 10**30, -10**30, True, False]
print(json.dumps(vals))
print(json.dumps({v: v for v in vals if not isinstance(v, bool)}))
print(json.dumps({True: 1, False: 0, 7: [7, -7]}, sort_keys=False))
print(json.dumps([{"id": i, "n": -i * 1000003} for i in range(-3, 4)], separators=(",", ":")))

class MyInt(int):
    def __repr__(self):
        return "MyInt!"
    __str__ = __repr__

print(json.dumps([MyInt(5), MyInt(-12)]), json.dumps({MyInt(3): MyInt(4)}))
print(json.dumps(list(range(-5, 200, 17)), indent=1)[:80])
