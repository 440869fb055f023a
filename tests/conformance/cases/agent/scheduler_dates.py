# Agent-style: schedule recurring tasks with datetime arithmetic.
from datetime import datetime, date, timedelta, timezone

start = datetime(2024, 1, 29, 9, 30)
tasks = [("backup", timedelta(days=1)), ("report", timedelta(weeks=1)), ("rotate", timedelta(hours=36))]
end = start + timedelta(days=8)
events = []
for name, every in tasks:
    t = start
    while t < end:
        events.append((t, name))
        t += every
events.sort()
for t, name in events[:12]:
    print(f"{t:%a %Y-%m-%d %H:%M} {name}")
print(len(events), events[-1][0].isoformat())
d = date(2024, 2, 28)
print(d + timedelta(days=1), (date(2024, 3, 1) - d).days, d.weekday(), d.isoweekday(), d.strftime("%d/%m/%y %j"))
month_ends = []
for m in range(1, 13):
    nxt = date(2024 + m // 12, m % 12 + 1, 1)
    month_ends.append((nxt - timedelta(days=1)).day)
print(month_ends)
dt = datetime(2024, 7, 4, 12, 0, tzinfo=timezone.utc)
print(dt, dt.astimezone(timezone(timedelta(hours=-5))), dt.timestamp())
print(datetime.fromisoformat("2024-02-29T23:59:59"), datetime.strptime("03/15/24 14:05", "%m/%d/%y %H:%M"))
delta = datetime(2024, 12, 25) - datetime(2024, 11, 1, 6)
print(delta, delta.days, delta.seconds, delta.total_seconds(), str(timedelta(seconds=3725)), repr(timedelta(hours=-1)))
ages = {"ana": date(1990, 5, 17), "bo": date(2001, 12, 31)}
today = date(2024, 6, 1)
for n, b in sorted(ages.items(), key=lambda kv: kv[1]):
    years = today.year - b.year - ((today.month, today.day) < (b.month, b.day))
    print(f"{n:<4}{b:%b %d, %Y} age {years}")
print(max(ages.values()) - min(ages.values()), date.fromisoformat("2024-01-01").replace(day=31))
