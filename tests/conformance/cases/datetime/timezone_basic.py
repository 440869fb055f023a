# timezone: fixed offsets, utc, names, repr/str, equality, errors
from datetime import timezone, timedelta, datetime, tzinfo, UTC

print(repr(timezone.utc), str(timezone.utc), timezone.utc is UTC, timezone(timedelta(0)) is timezone.utc)
for off in [timedelta(hours=1), timedelta(hours=-1), timedelta(hours=5, minutes=30), timedelta(seconds=-3605),
            timedelta(microseconds=1), timedelta(hours=23, minutes=59), timedelta(0)]:
    z = timezone(off)
    print(repr(z), str(z), z.tzname(None), z.utcoffset(None), z.dst(None))
n = timezone(timedelta(hours=-5), "EST")
print(repr(n), str(n), n.tzname(None), repr(timezone(timedelta(0), "Z")), repr(timezone(offset=timedelta(hours=3), name="X'Y")))
print(timezone.min, timezone.max, repr(timezone.min), repr(timezone.max))
print(timezone(timedelta(hours=1)) == timezone(timedelta(hours=1), "other"), timezone(timedelta(hours=1)) != timezone.utc)
print(hash(timezone(timedelta(hours=2))) == hash(timezone(timedelta(hours=2), "x")))
print(isinstance(timezone.utc, tzinfo), issubclass(timezone, tzinfo))
dt = datetime(2020, 6, 1, 12, tzinfo=n)
print(n.utcoffset(dt), n.tzname(dt), n.dst(dt), repr(n.fromutc(dt)))
print(timezone.utc.fromutc(datetime(2020, 1, 1, tzinfo=timezone.utc)))
print(timezone(timedelta(hours=1)) == 1, {timezone.utc: 1}[timezone(timedelta(0))])
tests = [
    lambda: timezone(timedelta(days=1)),
    lambda: timezone(timedelta(hours=-24)),
    lambda: timezone(timedelta(hours=24, microseconds=-1)),
    lambda: timezone(5),
    lambda: timezone(timedelta(hours=1), 5),
    lambda: timezone(),
    lambda: timezone(timedelta(0), "a", "b"),
    lambda: n.utcoffset(5),
    lambda: n.tzname("x"),
    lambda: n.fromutc(5),
    lambda: n.fromutc(datetime(2020, 1, 1)),
    lambda: timezone.utc < timezone.utc,
]
for f in tests:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
try:
    class Sub(timezone):
        pass
except TypeError as e:
    print("TypeError", e)
