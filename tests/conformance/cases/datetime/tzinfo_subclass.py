# user tzinfo subclasses: utcoffset/dst/tzname are called, fromutc default, errors
from datetime import tzinfo, timedelta, datetime, time, timezone

calls = []


class EST(tzinfo):
    def utcoffset(self, dt):
        calls.append(("utcoffset", type(dt).__name__))
        return timedelta(hours=-5)

    def dst(self, dt):
        calls.append(("dst", type(dt).__name__))
        return timedelta(0)

    def tzname(self, dt):
        return "EST"

    def __repr__(self):
        return "EST()"


class DSTZone(tzinfo):
    def utcoffset(self, dt):
        return timedelta(hours=1) + self.dst(dt)

    def dst(self, dt):
        if dt is not None and 4 <= dt.month <= 9:
            return timedelta(hours=1)
        return timedelta(0)

    def tzname(self, dt):
        return "S" if self.dst(dt) else "W"


e = EST()
x = datetime(2020, 1, 1, 12, tzinfo=e)
print(repr(x), x, x.utcoffset(), x.dst(), x.tzname())
print(x.isoformat(), x.strftime("%H:%M %z %Z"))
print(calls)
print(repr(x.astimezone(timezone.utc)), repr(datetime(2020, 1, 1, tzinfo=timezone.utc).astimezone(e)))
print(x.timestamp(), x.timetuple().tm_isdst, x.utctimetuple())
t = time(1, tzinfo=e)
print(repr(t), t.utcoffset(), t.tzname(), t.isoformat())
z = DSTZone()
for m in (1, 6):
    d = datetime(2021, m, 1, 12, tzinfo=z)
    print(d, d.tzname(), d.dst(), d.utcoffset(), d.astimezone(timezone.utc))
u = datetime(2021, 7, 1, 10, tzinfo=timezone.utc)
print(u.astimezone(z), u.astimezone(z).tzname())
print(z.fromutc(datetime(2021, 7, 1, 10, tzinfo=z)))
n = datetime.now(z)
print(type(n).__name__, n.tzinfo is z)


class Bad(tzinfo):
    def utcoffset(self, dt):
        return 5

    def tzname(self, dt):
        return 7


class Big(tzinfo):
    def utcoffset(self, dt):
        return timedelta(days=1)


tests = [
    lambda: tzinfo().utcoffset(None),
    lambda: tzinfo().dst(None),
    lambda: tzinfo().tzname(None),
    lambda: datetime(2020, 1, 1, tzinfo=tzinfo()).utcoffset(),
    lambda: datetime(2020, 1, 1, tzinfo=Bad()).utcoffset(),
    lambda: datetime(2020, 1, 1, tzinfo=Bad()).tzname(),
    lambda: datetime(2020, 1, 1, tzinfo=Big()).utcoffset(),
    lambda: datetime(2020, 1, 1, tzinfo=Bad()) < datetime(2020, 1, 1, tzinfo=timezone.utc),
    lambda: e.fromutc(datetime(2020, 1, 1)),
    lambda: e.fromutc(1),
    lambda: repr(e.fromutc(datetime(2020, 1, 1, tzinfo=e))),
]
for f in tests:
    try:
        print(repr(f()))
    except Exception as ex:
        print(type(ex).__name__, ex)
print(isinstance(e, tzinfo), repr(tzinfo), type(tzinfo()).__name__)
