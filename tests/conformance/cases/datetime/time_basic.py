# time: construction, fold, tzinfo, isoformat/timespec, strftime, replace, comparisons
from datetime import time, timezone, timedelta

t = time(1, 2, 3, 4, tzinfo=timezone.utc)
print(repr(t), str(t), t.hour, t.minute, t.second, t.microsecond, t.tzinfo, t.fold)
print(repr(time()), repr(time(12)), repr(time(12, 30)), repr(time(12, 30, 5)), repr(time(1, 2, 3, fold=1)))
print(repr(time(1, tzinfo=timezone(timedelta(hours=-3), "X"))))
for ts in ["auto", "hours", "minutes", "seconds", "milliseconds", "microseconds"]:
    print(ts, time(7, 8, 9, 123456).isoformat(ts), time(7, 8, 9).isoformat(timespec=ts), t.isoformat(ts))
print(t.utcoffset(), t.tzname(), t.dst(), time(1).utcoffset(), time(1).tzname(), time(1).dst())
print(repr(t.replace(hour=5, tzinfo=None)), repr(t.replace(fold=1)), repr(t.replace(microsecond=0)))
print(t.strftime("%H %M %S %f %z %Z %p %I"), time(13, 5).strftime("%Y-%m-%d %j %a %I%p"))
print(format(t, "%H"), format(t, ""), f"{time(9, 5):%H.%M}")
print(time.min, time.max, repr(time.resolution))
print(bool(time()), bool(time(1)))
print(time(1) < time(2), time(1, 0) == time(1), time(23, 59) > time(0, 1), time(5) != time(5))
print(time(1, tzinfo=timezone.utc) == time(2, tzinfo=timezone(timedelta(hours=1))))
print(time(1, tzinfo=timezone.utc) < time(1, 30, tzinfo=timezone(timedelta(hours=1))))
print(time(1) == time(1, tzinfo=timezone.utc), time(1) != time(1, tzinfo=timezone.utc))
print(hash(time(1)) == hash(time(1, fold=1)), hash(time(1, tzinfo=timezone.utc)) == hash(time(2, tzinfo=timezone(timedelta(hours=1)))))
print(repr(time.fromisoformat("01:02:03.5+01:00")), repr(time.fromisoformat("10:20")), repr(time.fromisoformat("102030")))
print(repr(time.fromisoformat("01:02:03Z")), repr(time.fromisoformat("01:02:03.123456789")))
print(sorted([time(5), time(1, 30), time(1, 15)]))
tests = [
    lambda: time(24),
    lambda: time(-1),
    lambda: time(0, 60),
    lambda: time(0, 0, 60),
    lambda: time(0, 0, 0, 1000000),
    lambda: time(fold=2),
    lambda: time(1, 2, 3, 4, None, 0),
    lambda: time(tzinfo=1),
    lambda: time(x=1),
    lambda: time("1"),
    lambda: t.isoformat("bad"),
    lambda: t.isoformat(5),
    lambda: time.fromisoformat("25:00"),
    lambda: time.fromisoformat("1:00"),
    lambda: time.fromisoformat(""),
    lambda: time(1) < time(1, tzinfo=timezone.utc),
    lambda: time(1) + timedelta(1),
    lambda: time(1) < 1,
    lambda: t.replace(hour=24),
    lambda: t.strftime(1),
]
for f in tests:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
