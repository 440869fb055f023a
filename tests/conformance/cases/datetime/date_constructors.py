# date alternate constructors: fromordinal, fromisoformat, fromisocalendar, fromtimestamp
from datetime import date

print(date.fromordinal(1), date.fromordinal(737790), date.fromordinal(3652059))
print(date.fromtimestamp(0), date.fromtimestamp(1e9), date.fromtimestamp(1700000000.9), date.fromtimestamp(-86401))
for s in ["2020-01-02", "20200102", "2020-W01-1", "2020W017", "2020-W53-7", "0001-01-01", "9999-12-31"]:
    print(s, date.fromisoformat(s))
print(date.fromisocalendar(2020, 1, 1), date.fromisocalendar(2020, 53, 7), date.fromisocalendar(2021, 52, 5))
print(date.fromisocalendar(year=2015, week=10, day=3))
for d in [date(2020, 1, 1), date(2021, 6, 15), date(2027, 12, 31)]:
    print(date.fromisocalendar(*d.isocalendar()) == d, date.fromordinal(d.toordinal()) == d,
          date.fromisoformat(d.isoformat()) == d)
tests = [
    lambda: date.fromordinal(0),
    lambda: date.fromordinal(-5),
    lambda: date.fromordinal(3652060),
    lambda: date.fromordinal("a"),
    lambda: date.fromordinal(1.5),
    lambda: date.fromisoformat("2020-1-2"),
    lambda: date.fromisoformat("2020-13-01"),
    lambda: date.fromisoformat("2020-02-30"),
    lambda: date.fromisoformat(""),
    lambda: date.fromisoformat("2020-01-02T00:00"),
    lambda: date.fromisoformat(20200102),
    lambda: date.fromisoformat("0000-01-01"),
    lambda: date.fromisocalendar(2020, 54, 1),
    lambda: date.fromisocalendar(2021, 53, 1),
    lambda: date.fromisocalendar(2020, 1, 8),
    lambda: date.fromisocalendar(2020, 0, 1),
    lambda: date.fromisocalendar(10000, 1, 1),
    lambda: date.fromtimestamp(float("nan")),
    lambda: date.fromtimestamp(1e20),
    lambda: date.fromtimestamp(1e15),
    lambda: date.fromtimestamp("x"),
]
for f in tests:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
