# datetime: construction, attributes, repr/str, replace, date()/time()/timetz(), errors
from datetime import datetime, date, time, timezone, timedelta

D = datetime(2020, 1, 1, 12, 30, 15, 500)
A = D.replace(tzinfo=timezone(timedelta(hours=2)))
print(D, repr(D), A, repr(A))
print(D.year, D.month, D.day, D.hour, D.minute, D.second, D.microsecond, D.tzinfo, D.fold, A.tzinfo)
print(repr(datetime(2020, 5, 17)), repr(datetime(2020, 5, 17, 1)), repr(datetime(2020, 5, 17, 1, 2, 3)))
print(repr(datetime(2020, 1, 1, 1, 2, 3, 4, timezone.utc, fold=1)))
print(repr(datetime(year=2021, month=2, day=3, hour=4, minute=5, second=6, microsecond=7)))
print(isinstance(D, date), isinstance(D, datetime), issubclass(datetime, date))
print(repr(D.date()), repr(D.time()), repr(A.time()), repr(A.timetz()))
print(repr(D.replace(year=2021)), repr(D.replace(tzinfo=timezone.utc)), repr(A.replace(tzinfo=None)))
print(repr(D.replace(fold=1)), repr(D.replace(hour=0, minute=0, second=0, microsecond=0)))
print(D.toordinal(), D.weekday(), D.isoweekday(), D.isocalendar())
print(datetime.min, datetime.max, repr(datetime.resolution))
print(repr(datetime.combine(date(2020, 1, 1), time(1, tzinfo=timezone.utc))))
print(repr(datetime.combine(date(2020, 1, 1), time(1), tzinfo=timezone.utc)))
print(repr(datetime.combine(D, time(5))), repr(datetime.combine(date(2020, 1, 1), time(1, fold=1))))
print(repr(datetime.fromordinal(5)), repr(datetime.fromisocalendar(2020, 1, 1)))
print(type(datetime.fromordinal(5)).__name__)
tests = [
    lambda: datetime(2020),
    lambda: datetime(2020, 1),
    lambda: datetime(2020, 13, 1),
    lambda: datetime(2020, 1, 32),
    lambda: datetime(2020, 1, 1, 24),
    lambda: datetime(2020, 1, 1, 0, 60),
    lambda: datetime(2020, 1, 1, 0, 0, 60),
    lambda: datetime(2020, 1, 1, 0, 0, 0, 10**6),
    lambda: datetime(2020, 1, 1, fold=2),
    lambda: datetime(2020, 1, 1, 1, 2, 3, 4, None, 1),
    lambda: datetime(2020, 1, 1, tzinfo=1),
    lambda: datetime(2020, 1, 1, tzinfo=timezone),
    lambda: datetime("2020", 1, 1),
    lambda: datetime(2020, 1, 1, 1.5),
    lambda: datetime(2020, 1, 1, x=1),
    lambda: datetime.combine(1, time()),
    lambda: datetime.combine(date(2020, 1, 1), 1),
    lambda: datetime.combine(date(2020, 1, 1), time(), tzinfo=5),
    lambda: D.replace(month=2, day=30),
    lambda: D.replace(bad=1),
    lambda: datetime.fromordinal(0),
]
for f in tests:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
