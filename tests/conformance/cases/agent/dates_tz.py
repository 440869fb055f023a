# Agent-style: scheduling with datetime arithmetic, timezones, strftime/strptime.
from datetime import datetime, date, time, timedelta, timezone

UTC = timezone.utc
IST = timezone(timedelta(hours=5, minutes=30), "IST")
PST = timezone(timedelta(hours=-8))

meeting = datetime(2024, 3, 10, 15, 0, tzinfo=UTC)
for tz in (UTC, IST, PST):
    local = meeting.astimezone(tz)
    print(f"{local:%Y-%m-%d %H:%M %Z} offset={local.utcoffset()} {local.isoformat()} {local.tzname()}")
print(repr(IST), repr(PST), str(PST), PST.utcoffset(None))

start = date(2024, 1, 29)
def add_months(d, n):
    y, m = divmod(d.month - 1 + n, 12)
    y, m = d.year + y, m + 1
    mdays = [31, 29 if y % 4 == 0 and (y % 100 or y % 400 == 0) else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
    return d.replace(year=y, month=m, day=min(d.day, mdays))
print([add_months(start, i).isoformat() for i in range(0, 13, 3)], add_months(date(2023, 12, 31), 2))

def business_days(a, b):
    n = 0
    d = a
    while d < b:
        if d.weekday() < 5:
            n += 1
        d += timedelta(days=1)
    return n
print(business_days(date(2024, 3, 1), date(2024, 4, 1)), date(2024, 3, 1).strftime("%A %d %B %Y, week %W, day %j"))
print(date(2024, 12, 30).isocalendar(), date(2024, 12, 30).isoweekday(), date.fromisocalendar(2025, 1, 1))

stamps = ["2024-03-10 08:15:00", "2024-03-10T21:05:30", "10/03/2024 23:59", "2024-02-30 00:00:00", "March 5, 2024"]
fmts = ["%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S", "%d/%m/%Y %H:%M", "%B %d, %Y"]
for s in stamps:
    for f in fmts:
        try:
            dt = datetime.strptime(s, f)
        except ValueError:
            continue
        print(f"{s!r:>24} -> {dt!r}")
        break
    else:
        print(f"{s!r:>24} -> unparseable")
try:
    datetime.strptime("2024-02-30", "%Y-%m-%d")
except ValueError as e:
    print("ValueError:", e)
try:
    datetime.strptime("2024/01/01", "%Y-%m-%d")
except ValueError as e:
    print("ValueError:", e)

d1 = datetime.fromisoformat("2024-03-10T08:00:00+01:00")
d2 = datetime.fromisoformat("2024-03-11T06:30:15.250000")
print(d1, d1.utcoffset(), d2, d2.tzinfo, d2.replace(tzinfo=UTC) - d1)
delta = d2.replace(tzinfo=UTC) - d1
print(delta.days, delta.seconds, delta.microseconds, delta.total_seconds(), str(-delta), repr(delta))
print(timedelta(days=1.5, minutes=-30), timedelta(weeks=2) // timedelta(days=3), timedelta(hours=5) / 2, timedelta(seconds=1) * 3.5)
print(abs(timedelta(hours=-3)), timedelta(hours=25) % timedelta(days=1), divmod(timedelta(hours=50), timedelta(days=1)))
shifts = [(time(9, 0), time(17, 30)), (time(22, 0), time(6, 0)), (time(12, 15), time(12, 45))]
for a, b in shifts:
    da, db = datetime.combine(date(2024, 1, 1), a), datetime.combine(date(2024, 1, 1), b)
    if db <= da:
        db += timedelta(days=1)
    print(f"{a:%H:%M}-{b.strftime('%I:%M %p')} {db - da} {(db - da).total_seconds() / 3600:.2f}h {a.isoformat(timespec='minutes')}")
print(time(23, 59, 59, 999999).isoformat(), time(1, 2).replace(second=3), time.fromisoformat("04:05:06.5"))
print(datetime(2024, 1, 1, tzinfo=UTC).timestamp(), datetime.fromtimestamp(0, tz=UTC), datetime.utcfromtimestamp(86400 * 365))
print(datetime(2024, 3, 10, 12).strftime("%y%m%d-%H%M%S %% %a %b %p %I"), datetime.min, datetime.max.isoformat())
print(sorted([date(2024, 5, 1), date(2023, 12, 25), date(2024, 1, 1)]), max(d1, d2.replace(tzinfo=IST)))
print(date.fromordinal(738000), date(2024, 3, 10).toordinal(), (date(2025, 1, 1) - date(2024, 1, 1)).days)
try:
    print(d1 < d2)
except TypeError as e:
    print("TypeError:", e)
print(datetime(2024, 3, 10, 15, tzinfo=IST) == datetime(2024, 3, 10, 9, 30, tzinfo=UTC), d1 == d2)
print(f"{date(2024, 7, 4):%d.%m.%Y} {datetime(2024, 7, 4, 9, 5):%H:%M} {date(2024, 7, 4)!s:>12}|")
