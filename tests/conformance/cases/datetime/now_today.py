# now()/today()/utcnow(): types and awareness only (never the values)
import datetime as dt

n = dt.datetime.now()
print(type(n).__name__, n.tzinfo, n.year >= 2024)
u = dt.datetime.utcnow()
print(type(u).__name__, u.tzinfo, abs((u - n).total_seconds()) < 5)
a = dt.datetime.now(dt.timezone.utc)
print(type(a).__name__, a.tzinfo, abs((a.replace(tzinfo=None) - n).total_seconds()) < 5)
z = dt.timezone(dt.timedelta(hours=5, minutes=30), "IST")
b = dt.datetime.now(z)
print(b.tzinfo, b.tzname(), b.utcoffset(), abs((b - a).total_seconds()) < 5)
print(abs((b.replace(tzinfo=None) - n).total_seconds() - 19800) < 5)
b2 = dt.datetime.now(tz=dt.timezone(dt.timedelta(hours=-7)))
print(b2.tzname())
t = dt.date.today()
print(type(t).__name__, t == n.date() or t == dt.datetime.now().date())
tt = dt.datetime.today()
print(type(tt).__name__, tt.tzinfo, abs((tt - n).total_seconds()) < 5)
print(type(dt.datetime.now().date()).__name__, type(dt.datetime.now().time()).__name__)
for f in [lambda: dt.datetime.now(5), lambda: dt.datetime.now("UTC"), lambda: dt.date.today(1)]:
    try:
        f()
    except TypeError as e:
        print("TypeError", type(e).__name__)
