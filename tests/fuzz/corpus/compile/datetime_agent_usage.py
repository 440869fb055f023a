# typical script usage: parse timestamps, bucket by day/week, durations, formatting
from datetime import datetime, date, timedelta, timezone
from collections import defaultdict

log = """2024-03-01T08:15:00Z login alice
2024-03-01T09:45:30Z logout alice
2024-03-02T23:59:59+02:00 login bob
2024-03-03T01:00:00+02:00 logout bob
2024-03-10T12:00:00-05:00 login carol
2024-03-10T20:30:15-05:00 logout carol"""

events = []
for line in log.splitlines():
    ts, kind, user = line.split()
    events.append((datetime.fromisoformat(ts.replace("Z", "+00:00")), kind, user))

sessions = {}
open_at = {}
for when, kind, user in events:
    if kind == "login":
        open_at[user] = when
    else:
        sessions[user] = when - open_at.pop(user)
for user in sorted(sessions):
    d = sessions[user]
    print(f"{user:6} {str(d):>10} {d.total_seconds() / 3600:.2f}h")

by_day = defaultdict(int)
for when, kind, user in events:
    by_day[when.astimezone(timezone.utc).date().isoformat()] += 1
print(sorted(by_day.items()))

by_week = defaultdict(list)
for when, _, user in events:
    y, w, _ = when.isocalendar()
    by_week[f"{y}-W{w:02d}"].append(user)
print(sorted(by_week.items()))

start = date(2024, 1, 29)
print([(start + timedelta(weeks=i)).strftime("%b %d") for i in range(5)])
deadline = datetime(2024, 12, 31, 17, 0)
ref = datetime(2024, 11, 15, 9, 30)
left = deadline - ref
print(left, left.days, left.seconds // 3600, (left.seconds // 60) % 60)
business = sum(1 for i in range((deadline.date() - ref.date()).days)
               if (ref.date() + timedelta(i)).weekday() < 5)
print("business days", business)
print(datetime.strptime("15/11/2024 09:30", "%d/%m/%Y %H:%M") == ref)
print(ref.strftime("%A, %d %B %Y at %I:%M %p"), ref.isoformat(timespec="minutes"))
ages = [date(2024, 6, 1).year - date(y, m, d).year - ((6, 1) < (m, d)) for y, m, d in [(1990, 5, 31), (1990, 6, 2), (2000, 6, 1)]]
print(ages)
month_ends = []
for m in range(1, 13):
    nxt = date(2024 + m // 12, m % 12 + 1, 1)
    month_ends.append((nxt - timedelta(days=1)).day)
print(month_ends)
print(max(events)[0].isoformat(), min(e[0] for e in events).isoformat())
