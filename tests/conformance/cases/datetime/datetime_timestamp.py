# timestamps: timestamp(), fromtimestamp (naive = UTC here), utcfromtimestamp, rounding
from datetime import datetime, timezone, timedelta, date

print(datetime(2020, 1, 1).timestamp(), datetime(1970, 1, 1).timestamp(), datetime(1969, 12, 31, 23, 59, 59, 500000).timestamp())
print(datetime(2020, 1, 1, 12, 30, 15, 500).timestamp())
print(datetime(2020, 1, 1, tzinfo=timezone(timedelta(hours=2))).timestamp())
print(datetime(2020, 1, 1, tzinfo=timezone.utc).timestamp(), datetime(9999, 12, 31, 23, 59, 59, 999999, timezone.utc).timestamp())
for ts in [0, 1, -1, 1.5, -1.5, 1e9, 1700000000.123456, 1.5e9 + 0.0000005, 1.5e9 + 0.0000015, -1.0000005, 253402300799]:
    print(ts, repr(datetime.fromtimestamp(ts)), repr(datetime.utcfromtimestamp(ts)))
print(repr(datetime.fromtimestamp(0, timezone.utc)), repr(datetime.fromtimestamp(0, tz=timezone(timedelta(hours=-8), "PST"))))
print(repr(datetime.fromtimestamp(86400 * 365, timezone(timedelta(hours=9)))))
for d in [datetime(2000, 1, 1, 0, 0, 0, 1), datetime(1960, 6, 1, 12)]:
    print(datetime.fromtimestamp(d.timestamp()) == d)
print(repr(date.fromtimestamp(1e9)))
tests = [
    lambda: datetime.fromtimestamp(1e12),
    lambda: datetime.fromtimestamp(-1e12),
    lambda: datetime.fromtimestamp(1e20),
    lambda: datetime.fromtimestamp(float("nan")),
    lambda: datetime.fromtimestamp(float("inf")),
    lambda: datetime.fromtimestamp("1"),
    lambda: datetime.fromtimestamp(0, 5),
    lambda: datetime.utcfromtimestamp(1e12),
    lambda: datetime.fromtimestamp(),
]
for f in tests:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
