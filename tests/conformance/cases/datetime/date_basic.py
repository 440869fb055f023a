# date construction, attributes, calendar methods and constructor errors
from datetime import date, MINYEAR, MAXYEAR

d = date(2024, 2, 29)
print(d, repr(d), d.year, d.month, d.day)
print(d.toordinal(), d.weekday(), d.isoweekday())
print(d.isocalendar(), d.isocalendar().year, d.isocalendar().week, d.isocalendar().weekday)
print(d.isocalendar()[1], tuple(d.isocalendar()), type(d.isocalendar()))
y, w, wd = date(2021, 1, 3).isocalendar()
print(y, w, wd)
for args in [(2020, 12, 31), (2021, 1, 1), (2018, 12, 31), (2016, 1, 3), (1, 1, 1), (9999, 12, 31)]:
    x = date(*args)
    print(x, x.toordinal(), x.weekday(), x.isocalendar())
print(date(year=2020, month=5, day=17), date(2020, day=1, month=3))
print(MINYEAR, MAXYEAR, date.min, date.max, repr(date.resolution))
print(d.replace(), d.replace(year=2023, day=28), d.replace(month=3), repr(d.replace(2000)))
print(date.__module__, date.__name__, repr(date), date.__qualname__)
tests = [
    lambda: date(2020, 13, 1),
    lambda: date(2020, 0, 1),
    lambda: date(0, 1, 1),
    lambda: date(10000, 1, 1),
    lambda: date(2021, 2, 29),
    lambda: date(2020, 4, 31),
    lambda: date(2020, 1, 0),
    lambda: date("a", 1, 1),
    lambda: date(2020.0, 1, 1),
    lambda: date(),
    lambda: date(2020),
    lambda: date(2020, 1, 1, 1),
    lambda: date(2020, 1, 1, year=3),
    lambda: date(x=1),
    lambda: date(2**40, 1, 1),
    lambda: d.replace(month=13),
    lambda: d.replace(year=2023),
    lambda: d.replace(x=1),
    lambda: d.replace(2021, 1, 1, 1),
    lambda: d.year_,
]
for f in tests:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
try:
    d.year = 5
except AttributeError as e:
    print("AttributeError")
