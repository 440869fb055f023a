# fromtimestamp / utcfromtimestamp / date.fromtimestamp at and beyond the range ends
import datetime as d

for v in [10**15, -10**15, 10**18, 2**63, 2**64, -2**63, 1e18, 1e19, -62135596800, -62135596801,
          -62135596800.5, -62135510400, -62135596799, 253402300799, 253402300799.9999999,
          253402300800, True, 0.9999995, -0.0000005]:
    for f in (d.datetime.fromtimestamp, d.datetime.utcfromtimestamp, d.date.fromtimestamp):
        try:
            print(repr(f(v)))
        except Exception as e:
            print(type(e).__name__, e)
