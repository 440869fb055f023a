# datetime strftime/__format__/ctime/timetuple/utctimetuple
from datetime import datetime, timezone, timedelta

D = datetime(2021, 3, 7, 14, 5, 9, 42)
A = D.replace(tzinfo=timezone(timedelta(hours=-3, minutes=-30), "NST"))
for fmt in ["%Y-%m-%d %H:%M:%S", "%f", "%z|%Z", "%c", "%x %X", "%I:%M %p", "%a %A %b %B", "%j %U %W",
            "%G-W%V-%u", "%s", "%%f %%z", "%e|%k|%l", "%-H:%-M", "%10Y", "%Ey %Od"]:
    print(repr(fmt), repr(D.strftime(fmt)), repr(A.strftime(fmt)))
print(datetime(2020, 1, 1, tzinfo=timezone.utc).strftime("%z %Z"))
print(datetime(2020, 1, 1, tzinfo=timezone(timedelta(seconds=5, microseconds=7))).strftime("%z"))
print(format(D, "%d.%m.%Y %H:%M"), format(D, ""), f"{A:%Y %Z}", "{0:%H}".format(D))
print(D.ctime(), A.ctime(), datetime(5, 1, 1).ctime())
print(D.timetuple())
print(A.timetuple())
print(A.utctimetuple())
print(D.utctimetuple())
tt = D.timetuple()
print(tt.tm_hour, tt.tm_min, tt.tm_sec, tt.tm_wday, tt.tm_yday, len(tt))
for f in [lambda: D.strftime(5), lambda: format(D, 5), lambda: D.strftime()]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
