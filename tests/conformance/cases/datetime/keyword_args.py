# keyword arguments of constructors and methods, and their argument-count errors
import datetime as d
D = d.datetime(2020, 1, 1)
T = d.time(1)
for f in [lambda: D.replace(1,2,3,4,5,6,7,None,0), lambda: D.replace(x=1), lambda: D.replace(fold=2), lambda: D.replace(tzinfo=5),
          lambda: T.replace(1,2,3,4,None,0), lambda: T.replace(x=1), lambda: T.replace(tzinfo=5), lambda: d.time(1,2,3,4,None,0),
          lambda: d.datetime(2020, 1, 1, 1, 2, 3, 4, None, fold=1), lambda: D.replace(year=2020.5), lambda: D.astimezone(tz=None).tzname(),
          lambda: d.datetime.now(tz=None).tzinfo, lambda: d.datetime.combine(date=d.date(2020,1,1), time=d.time(2)),
          lambda: d.date.fromisocalendar(year=2020, week=1, day=1), lambda: d.timezone(offset=d.timedelta(0)) is d.timezone.utc,
          lambda: D.isoformat(sep=' ', timespec='hours'), lambda: D.strftime(format='%Y'), lambda: d.date(2020,1,1).strftime(format='%Y'),
          lambda: d.datetime.fromtimestamp(timestamp=0, tz=d.timezone.utc), lambda: d.datetime.strptime('2020', format='%Y'),
          lambda: d.date(2020,1,1).replace(year=2021, month=2, day=3),
          lambda: d.datetime.strptime('x'), lambda: d.datetime.strptime('1', '%d', 3)]:
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__, e)
