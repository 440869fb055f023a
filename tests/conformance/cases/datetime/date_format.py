# date text forms: isoformat, str, strftime, __format__, ctime, timetuple
from datetime import date

d = date(2023, 7, 4)
print(d.isoformat(), str(d), repr(d), d.ctime())
print(date(5, 1, 1).isoformat(), date(5, 1, 1).ctime(), date(2020, 12, 25).ctime())
for fmt in ["%Y-%m-%d", "%d/%m/%y", "%A %B %d %Y", "%a %b %e", "%j %U %W %V %G %u %w",
            "%H:%M:%S.%f", "%z|%Z|", "%%Y %%", "%C %g %D %F", "%x %X %c", "%p %I", "",
            "%-d %-m", "plain text", "%Y%m%dT%H%M%S", "%h %n%t|", "%s"]:
    try:
        print(repr(fmt), repr(d.strftime(fmt)))
    except Exception as e:
        print(repr(fmt), type(e).__name__, e)
print(format(d, ""), format(d, "%d.%m.%Y"), f"{d}", f"{d:%Y/%m}", "{:%B}".format(d))
print(d.timetuple())
tt = d.timetuple()
print(tt.tm_year, tt.tm_yday, tt.tm_wday, tt.tm_isdst, tt[0:3])
print(date(2020, 12, 31).timetuple().tm_yday)
print(date(1900, 1, 1).strftime("%Y %a"), date(1, 1, 1).strftime("%Y|%4Y|%a"))
for f in [lambda: d.strftime(5), lambda: d.isoformat(1), lambda: format(d, 5), lambda: d.strftime()]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
