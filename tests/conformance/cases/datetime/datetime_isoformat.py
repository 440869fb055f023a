# datetime isoformat (sep, timespec), str, fromisoformat round trips and errors
from datetime import datetime, timezone, timedelta

D = datetime(2020, 1, 2, 3, 4, 5, 123456)
A = D.replace(tzinfo=timezone(timedelta(hours=5, minutes=30)))
for ts in ["auto", "hours", "minutes", "seconds", "milliseconds", "microseconds"]:
    print(ts, D.isoformat(timespec=ts), A.isoformat(" ", ts), D.replace(microsecond=0).isoformat(timespec=ts))
print(D.isoformat(), D.isoformat(" "), D.isoformat(sep="x"), D.isoformat("é"), str(A))
print(datetime(2020, 1, 1, tzinfo=timezone(timedelta(seconds=-3661, microseconds=5))).isoformat())
print(datetime(2020, 1, 1, tzinfo=timezone(timedelta(seconds=30))).isoformat())
for s in ["2020-01-02T03:04:05.123456+05:30", "2020-01-02", "2020-01-02T03", "2020-01-02 03:04",
          "2020-01-02T03:04:05Z", "2020-01-02T03:04:05+00:00", "2020-01-02T03:04:05-0800",
          "20200102T030405", "2020-01-02T03:04:05,5", "2020-W01-1T10:00", "2020-01-02T03:04:05.1234567",
          "2011-11-04T00:05:23+04:00:30", "2020-01-02T24:00:00"]:
    try:
        print(s, repr(datetime.fromisoformat(s)))
    except ValueError as e:
        print(s, "ValueError", e)
for d in [D, A, datetime(1, 1, 1), datetime.max, datetime(2020, 1, 1, tzinfo=timezone.utc)]:
    print(datetime.fromisoformat(d.isoformat()) == d, datetime.fromisoformat(str(d)) == d)
print(datetime.fromisoformat("2020-01-02T03:04:05Z").tzinfo is timezone.utc)
tests = [
    lambda: datetime.fromisoformat("2020-01-02X"),
    lambda: datetime.fromisoformat("2020-13-02"),
    lambda: datetime.fromisoformat("2020-01-02T25:00"),
    lambda: datetime.fromisoformat("garbage"),
    lambda: datetime.fromisoformat(""),
    lambda: datetime.fromisoformat(5),
    lambda: datetime.fromisoformat("2020-01-02T03:04:05+24:00"),
    lambda: D.isoformat(5),
    lambda: D.isoformat("ab"),
    lambda: D.isoformat("T", "bad"),
    lambda: D.isoformat("T", 5),
]
for f in tests:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
