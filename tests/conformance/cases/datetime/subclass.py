# subclassing date, datetime, time and timedelta in Python
from datetime import date, datetime, time, timedelta, timezone


class MyDate(date):
    def double_year(self):
        return self.year * 2

    def __repr__(self):
        return f"MyDate<{self.isoformat()}>"


class Stamp(datetime):
    label = "stamp"

    def day_start(self):
        return self.replace(hour=0, minute=0, second=0, microsecond=0)


class Holiday(date):
    def __new__(cls, y, m, d, name="?"):
        self = super().__new__(cls, y, m, d)
        self.name = name
        return self


class Dur(timedelta):
    def hours(self):
        return self.total_seconds() / 3600


class T(time):
    pass


m = MyDate(2020, 1, 31)
print(m, repr(m), m.double_year(), isinstance(m, date), type(m).__name__)
print(repr(m + timedelta(1)), type(m - timedelta(1)).__name__, repr(m - date(2020, 1, 1)))
print(repr(m.replace(day=1)), type(MyDate.fromordinal(100)).__name__, type(MyDate.fromisoformat("2020-02-02")).__name__)
print(type(MyDate.today()).__name__, type(MyDate.fromisocalendar(2020, 2, 2)).__name__)
print(m == date(2020, 1, 31), m < date(2020, 2, 1), hash(m) == hash(date(2020, 1, 31)))
s = Stamp(2021, 5, 6, 7, 8, 9)
print(s, repr(s), s.label, repr(s.day_start()), type(s + timedelta(hours=1)).__name__)
print(type(Stamp.now()).__name__, type(Stamp.fromtimestamp(0)).__name__, type(Stamp.strptime("2020", "%Y")).__name__)
print(type(Stamp.combine(date(2020, 1, 1), time(1))).__name__, type(Stamp.fromisoformat("2020-01-01")).__name__)
print(repr(s.astimezone(timezone.utc)), type(s.astimezone(timezone.utc)).__name__)
print(s.date(), type(s.date()).__name__, s.time(), s - datetime(2021, 5, 6))
h = Holiday(2020, 12, 25, "Christmas")
print(h, h.name, repr(h), type(h + timedelta(1)).__name__)
d = Dur(hours=36)
print(d, repr(d), d.hours(), type(d + timedelta(1)).__name__, type(-d).__name__)
t = T(1, 2)
print(repr(t), type(t.replace(hour=3)).__name__, t.isoformat())
s.extra = 5
print(s.extra)
