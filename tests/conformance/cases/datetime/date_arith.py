# date arithmetic with timedelta, differences, comparisons and hashing
from datetime import date, timedelta, datetime

d = date(2020, 1, 31)
print(d + timedelta(1), timedelta(days=30) + d, d - timedelta(31), d + timedelta(hours=25))
print(d - timedelta(hours=25), d + timedelta(hours=-1), d - timedelta(seconds=1))
print(repr(date(2020, 3, 1) - date(2020, 2, 1)), repr(date(2019, 1, 1) - date(2020, 1, 1)))
print(d - d, repr(date.max - date.min))
print(date(2020, 1, 1) < date(2020, 1, 2), date(2020, 1, 1) == date(2020, 1, 1))
print(date(2019, 12, 31) > date(2020, 1, 1), date(2020, 5, 1) >= date(2020, 5, 1), date(2020, 5, 1) != date(2020, 5, 2))
print(sorted([date(2020, 5, 1), date(2019, 1, 1), date(2020, 1, 1)]))
print(max(date(2020, 5, 1), date(2021, 1, 1)), min([date(2020, 5, 1), date(2021, 1, 1)]))
print(hash(date(2020, 1, 1)) == hash(date(2020, 1, 1)), len({date(2020, 1, 1), date(2020, 1, 1), date(2020, 1, 2)}))
print({date(2020, 1, 1): 5}[date(2020, 1, 1)])
x = date(2020, 2, 28)
x += timedelta(days=1)
print(x)
x -= timedelta(weeks=1)
print(x)
days = [date(2024, 1, 1) + timedelta(days=i) for i in range(0, 366, 30)]
print([str(k) for k in days])
print(date(2020, 1, 1) == datetime(2020, 1, 1), datetime(2020, 1, 1) == date(2020, 1, 1))
print(date(2020, 1, 1) != datetime(2020, 1, 1))
tests = [
    lambda: date.max + timedelta(1),
    lambda: date.min - timedelta(1),
    lambda: date(1, 1, 1) - timedelta(1),
    lambda: d + 1,
    lambda: 1 + d,
    lambda: d - 1,
    lambda: d + d,
    lambda: timedelta(1) - d,
    lambda: d - datetime(2020, 1, 1),
    lambda: d < 1,
    lambda: d < datetime(2020, 1, 1),
    lambda: datetime(2020, 1, 1) < d,
    lambda: d * 2,
    lambda: d + timedelta.max,
]
for f in tests:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
print(d == 5, d != "x")
