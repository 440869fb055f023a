# pseudo-random differential sweep (own LCG, no random module): timedelta,
# date and datetime arithmetic, text forms and round trips
from datetime import date, datetime, timedelta, timezone

state = 20240601


def R(a, b):
    global state
    state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
    return a + (state >> 11) % (b - a + 1)


def U(a, b):
    return a + (b - a) * (R(0, 2**40) / 2**40)


for i in range(250):
    td = timedelta(days=R(-10**6, 10**6), seconds=R(-10**6, 10**6), microseconds=R(-10**7, 10**7))
    td2 = timedelta(days=R(-100, 100), seconds=R(-10**5, 10**5), microseconds=R(-10**6, 10**6)) or timedelta(1)
    k = R(-1000, 1000) or 1
    f = U(-1000, 1000)
    print(repr(td), str(td), repr(td * k), repr(td * f), repr(td / k), repr(td / f), repr(td // k))
    print(td / td2, td // td2, repr(td % td2), td.total_seconds(), repr(-td), repr(abs(td)))
    d = date(R(1, 9999), R(1, 12), R(1, 28))
    dd = timedelta(days=R(-400000, 400000))
    try:
        print(d + dd, repr(d - dd))
    except OverflowError as e:
        print("OverflowError", e)
    print(d.toordinal(), d.weekday(), d.isocalendar(), d.strftime("%a %b %d %j %U %W %V %G %u %w %y %C"))
    offs = [None, timezone.utc, timezone(timedelta(minutes=R(-1439, 1439))),
            timezone(timedelta(seconds=R(-86399, 86399), microseconds=R(0, 999999)), "N")]
    dt = datetime(R(2, 9998), R(1, 12), R(1, 28), R(0, 23), R(0, 59), R(0, 59), R(0, 999999), offs[R(0, 3)])
    spec = ["auto", "hours", "minutes", "seconds", "milliseconds", "microseconds"][R(0, 5)]
    print(repr(dt), str(dt), dt.isoformat(timespec=spec), dt.strftime("%Y-%m-%d %H:%M:%S.%f %z %Z %I %p"))
    print(dt.timestamp(), datetime.fromisoformat(dt.isoformat()) == dt, repr(dt + td2), repr(dt.astimezone(timezone.utc)))
    ts = U(-6e10, 2.5e11)
    print(repr(datetime.utcfromtimestamp(ts)), repr(datetime.fromtimestamp(ts, timezone.utc)))
