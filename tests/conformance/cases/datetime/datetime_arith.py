# datetime arithmetic: with timedelta, differences, naive/aware rules, comparisons
from datetime import datetime, date, timedelta, timezone

D = datetime(2020, 2, 28, 23, 59, 59, 999999)
print(repr(D + timedelta(microseconds=1)), repr(timedelta(days=1) + D), repr(D - timedelta(days=59)))
print(repr(D + timedelta(hours=-24, seconds=1)), repr(D - timedelta(weeks=1, microseconds=-1)))
print(repr(D - datetime(2020, 1, 1)), repr(datetime(2020, 1, 1) - D))
est = timezone(timedelta(hours=-5), "EST")
A = datetime(2020, 1, 1, 12, tzinfo=est)
B = datetime(2020, 1, 1, 17, tzinfo=timezone.utc)
print(repr(A - B), A == B, A < B, A <= B, hash(A) == hash(B))
print(repr(A + timedelta(hours=1)), repr(A - timedelta(days=400)))
print(repr(datetime(2020, 1, 2, tzinfo=est) - A))
C = datetime(2020, 1, 1, 18, tzinfo=timezone(timedelta(hours=1)))
print(sorted([C, A, B]) == [A, B, C] or sorted([C, A, B]), C > A, C - A)
print(datetime(2020, 1, 1) == datetime(2020, 1, 1, tzinfo=timezone.utc))
print(datetime(2020, 1, 1) != datetime(2020, 1, 1, tzinfo=timezone.utc))
print(datetime(2020, 1, 1) < datetime(2020, 1, 1, 0, 0, 0, 1), datetime(2020, 1, 1, fold=1) == datetime(2020, 1, 1))
print(len({datetime(2020, 1, 1), datetime(2020, 1, 1, fold=1), datetime(2020, 1, 1, 0, 0, 1)}))
x = datetime(2020, 1, 1)
x += timedelta(days=31, hours=5)
print(x)
x -= timedelta(minutes=90)
print(x)
steps = [datetime(2024, 2, 27) + timedelta(hours=12 * i) for i in range(6)]
print([s.isoformat() for s in steps])
print(datetime(2020, 1, 1) == date(2020, 1, 1), date(2020, 1, 1) == datetime(2020, 1, 1))
tests = [
    lambda: datetime.max + timedelta(microseconds=1),
    lambda: datetime.min - timedelta(microseconds=1),
    lambda: datetime(2020, 1, 1) - datetime(2020, 1, 1, tzinfo=timezone.utc),
    lambda: datetime(2020, 1, 1) < datetime(2020, 1, 1, tzinfo=timezone.utc),
    lambda: datetime(2020, 1, 1) < date(2020, 1, 1),
    lambda: date(2020, 1, 1) < datetime(2020, 1, 1),
    lambda: datetime(2020, 1, 1) - date(2020, 1, 1),
    lambda: date(2020, 1, 1) - datetime(2020, 1, 1),
    lambda: datetime(2020, 1, 1) + datetime(2020, 1, 1),
    lambda: datetime(2020, 1, 1) + 1,
    lambda: datetime(2020, 1, 1) < 1,
    lambda: timedelta(1) - datetime(2020, 1, 1),
]
for f in tests:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
