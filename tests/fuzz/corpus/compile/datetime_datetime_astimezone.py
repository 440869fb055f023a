# astimezone: naive values are UTC here (the spec's local time), fixed offsets, utc
from datetime import datetime, timezone, timedelta

D = datetime(2020, 1, 1, 12, 30, 15, 500)
A = D.replace(tzinfo=timezone(timedelta(hours=2)))
est = timezone(timedelta(hours=-5), "EST")
print(repr(D.astimezone()))
print(repr(A.astimezone()))
print(repr(A.astimezone(timezone.utc)))
print(repr(D.astimezone(est)), D.astimezone(est).tzname())
print(repr(A.astimezone(est)), A.astimezone(est) == A)
print(A.astimezone(A.tzinfo) is A)
print(repr(datetime(2020, 1, 1, tzinfo=est).astimezone(timezone(timedelta(hours=14)))))
print(repr(D.astimezone(tz=timezone.utc)))
print(repr(datetime(1, 1, 1, 1, tzinfo=timezone.utc).astimezone(timezone(timedelta(hours=-1)))))
for f in [lambda: D.astimezone(5), lambda: datetime(1, 1, 1, tzinfo=timezone.utc).astimezone(timezone(timedelta(hours=-1))),
          lambda: datetime.max.replace(tzinfo=timezone.utc).astimezone(timezone(timedelta(hours=1)))]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
